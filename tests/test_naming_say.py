"""laws 45C4a in the Say boxes: a card named in full is played, so an illegal one is a renege
under the chosen rulebook (the scenes' Say box and the table's); words that name no card are
still "say it again" (laws 46B4)."""

from __future__ import annotations

import pytest

from bourre_lessons import DECK, legal_plays, parse_card
from bourre_lessons.play import cite
from bourre_lessons.scenes import show
from bourre_lessons.widgets.table.table import YOU, TableWidget


def feedback_text(w) -> str:
    return "".join(o.get("text", "") for o in w.output.outputs)


def glimne_5(preset: str):
    """glimne 5's position (S4 SJ DK after H6 S6 H2, spades trump): the S4 may not be played."""
    w = show("glimne-5", preset=preset).to_turn()
    assert w.your_turn
    return w


# --- the scenes' Say box ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "rule", "words"),
    [
        ("pagat", "pagat-renege", "correct it before the next player plays"),
        ("glimne", "renege penalty", "the card stands"),
        ("wikipedia", "renege penalty", "the card stands"),
    ],
)
def test_scene_say_box_an_illegal_named_card_is_a_renege(preset, rule, words):
    """laws 45C4a: "Et kort er spillet, hvis en spiller nævner eller på anden måde angiver det
    som det kort, spilleren har i sinde at spille" (A card is played if a player names or
    otherwise designates it as the card the player intends to play). In the scene, "spar fire"
    names the S4, which the overtrump rule forbids: the card is on the table and the feedback
    names the renege rule of the rulebook, not "say it again"."""
    w = glimne_5(preset)
    w.say_box.value = "spar fire"
    text = feedback_text(w)
    assert text.startswith("✘ You said “spar fire”")
    assert f"[{cite(rule)}]" in text and words in text
    assert "say it again" not in text
    assert w.played == parse_card("S4")
    assert "You played 4♠." in w.to_text()


def test_scene_say_box_pagat_renege_is_corrected_with_try_again():
    """laws 45C4a with pagat's correction: the renege may be put right before the next player
    plays; in a scene, Try again takes the card back and the right one can be said."""
    w = glimne_5("pagat")
    w.say("S4")
    assert "Press Try again to correct it." in feedback_text(w)
    w.retry_button.click()
    w.say("SJ")
    assert feedback_text(w).startswith("✔") and w.played == parse_card("SJ")


def test_scene_say_box_switching_rulebook_restates_the_renege():
    """laws 45C4a: the renege outcome follows the rulebook chosen after the words were said."""
    w = glimne_5("pagat")
    w.say("S4")
    assert "[pagat renege]" in feedback_text(w)
    w.set_rulebook("glimne")
    assert "[renege penalty]" in feedback_text(w) and w.played == parse_card("S4")


@pytest.mark.parametrize("words", ["the nine of hearts", "H9"])
def test_scene_say_box_a_card_not_held_is_still_say_again(words):
    """laws 46B4: "Hvis spilfører anmoder om et kort, som ikke findes på bordet, er anmodningen
    ugyldig" (a request for a card that is not there is invalid): nothing is played."""
    w = glimne_5("glimne")
    w.say(words)
    text = feedback_text(w)
    assert "[laws 46B4]" in text and "Nothing is played: say it again." in text
    assert w.played is None


# --- the table's Say box ------------------------------------------------------------------------


def to_my_card_with_an_illegal_one(t: TableWidget):
    """Play on (you: play, keep, first legal card) until you must play to a trick while holding
    a card the rules forbid. Returns (legal cards, a forbidden card)."""
    game = t.game
    for _ in range(80):
        if game.phase == "settled":
            break
        if game.to_act != YOU:
            t.advance()
        elif game.phase == "declare":
            t.declare(True)
        elif game.phase == "draw":
            t.discard()
        else:
            s = game.situation(YOU)
            legal = legal_plays(s, t.rules)
            bad = sorted(c for c in s.hand if c not in legal)
            if bad and not s.is_lead:
                return legal, bad[0]
            t.click(min(legal))
    raise AssertionError("no position with a forbidden card was reached")


def table(rules: str, seed: int) -> TableWidget:
    return TableWidget(rules=rules, players=3, seed=seed, bots="heuristic")


def test_table_say_an_illegal_card_under_pagat_is_a_renege_to_correct():
    """laws 45C4a with pagat's renege rule: naming a forbidden card plays it (the game records
    'renege'), the trick waits for a correction; naming a legal card then corrects it, and the
    game marks you as having corrected a renege (no win this pot, no bourré, out next deal)."""
    t = table("pagat", 0)
    legal, bad = to_my_card_with_an_illegal_one(t)
    said = t.say(bad.name)
    assert said.startswith("✘ You said")
    assert "[pagat renege]" in said and "say it again" not in said
    assert t.game.actions[-1] == f"renege {bad.code}"
    assert t.game.pending_renege == (YOU, bad)
    fix = min(legal)
    assert t.say(fix.code).startswith("✔")
    assert t.game.actions[-1] == f"correct {fix.code}"
    assert t.game.pending_renege is None and YOU in t.game.hand_record.corrected


def test_table_say_a_forbidden_correction_is_refused():
    """pagat's correction must be a card you may play: saying another forbidden card changes
    nothing and says so (seed 2: three of your cards are forbidden)."""
    t = table("pagat", 2)
    legal, bad = to_my_card_with_an_illegal_one(t)
    t.say(bad.code)
    actions = list(t.game.actions)
    others = [c for c in t.game.cards_of(YOU) if c not in legal]
    assert others, "the position should hold a second forbidden card"
    said = t.say(others[0].code)
    assert "may not be played either" in said and t.game.actions == actions
    assert t.game.pending_renege == (YOU, bad)


def test_table_say_an_illegal_card_under_glimne_stands_and_pays():
    """laws 45C4a with glimne's penalty ("Samma straff ... tilldöms också en spelare som brutit
    mot någon av de ovanstående reglerna": the same penalty is given to a player who broke any
    rule above): the card stands, the game records you as a reneger, nothing waits."""
    t = table("glimne", 2)
    _legal, bad = to_my_card_with_an_illegal_one(t)
    said = t.say(bad.code)
    assert "[renege penalty]" in said and "the card stands" in said
    assert t.game.actions[-1] == f"renege {bad.code}"
    assert t.game.pending_renege is None and YOU in t.game.hand_record.renegers


def test_table_say_a_legal_card_in_words_plays_it():
    """laws 45C4a: a legal card named in full is simply played."""
    t = table("glimne", 2)
    legal, _bad = to_my_card_with_an_illegal_one(t)
    card = max(legal)
    said = t.say(card.name)
    assert said.startswith("✔") and t.game.actions[-1] == card.code


@pytest.mark.parametrize("missing", [False, True])
def test_table_say_words_naming_no_card_change_nothing(missing):
    """laws 46B4 (a card not held: "er anmodningen ugyldig", the request is invalid) and
    unreadable words: nothing is played, say it again."""
    t = table("glimne", 2)
    to_my_card_with_an_illegal_one(t)
    actions = list(t.game.actions)
    absent = next(c for c in DECK if c not in t.game.cards_of(YOU))
    said = t.say(absent.name if missing else "xyzzy")
    assert said.startswith("✘") and t.game.actions == actions
    if missing:
        assert "[laws 46B4]" in said and "Nothing is played: say it again." in said
    else:
        assert "not understood: 'xyzzy'" in said


def test_table_say_box_reads_and_empties():
    """The table's Say box: typing words (what leaving the box does) says them once."""
    t = table("glimne", 2)
    legal, _bad = to_my_card_with_an_illegal_one(t)
    card = max(legal)
    t.say_box.value = card.code
    assert t.say_box.value == "" and t.game.actions[-1] == card.code
    assert "bourre-say" in t.say_box._dom_classes


def test_table_say_out_of_turn_plays_nothing():
    """A card can be said only when it is your turn to play one."""
    t = table("pagat", 0)
    actions = list(t.game.actions)
    said = t.say("the king")
    assert said.startswith("✘ Say a card when it is your turn") and t.game.actions == actions
