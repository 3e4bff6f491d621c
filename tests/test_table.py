"""Headless tests of the table widget: whole hands against bots, driven from code."""

from __future__ import annotations

import json
import random
import re

import pytest

from bourre_lessons import Game, Rules
from bourre_lessons.cards import parse_card
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.widgets.table.card_table import CardTable
from bourre_lessons.widgets.table.table import YOU, TableWidget, hand_actions


def finish_hand(table: TableWidget, rng: random.Random) -> None:
    """Play the learner's seat with random legal choices, the bots with Continue."""
    while table.game.phase != "settled":
        if table.game.to_act != YOU:
            table.continue_button.click()
            continue
        phase = table.game.phase
        if phase == "declare":
            table.declare(rng.random() < 0.8 or table.game.legal_actions() == ["play"])
        elif phase == "draw":
            hand = table.game.cards_of(YOU)
            table.discard(*[c for c in hand[:2] if c != table.game.trump_card])
        else:
            table.click(rng.choice(table.game.legal_actions()))


def test_a_hand_played_through_the_widget_matches_the_engine():
    """The widget only forwards actions: replaying them in a bare Game gives the same transcript."""
    table = TableWidget("pagat", players=4, seed=11, bots="heuristic")
    finish_hand(table, random.Random(1))
    engine = Game(Rules.preset("pagat"), table.names, 11, actions=table.game.actions)
    assert engine.transcript() == table.game.transcript()
    assert "Settlement:" in table.to_text()
    assert sum(table.game.bankrolls.values()) + table.game.pot == 4 * 100


def test_bots_play_the_same_as_play_bots():
    """Continue moves one bot at a time; the result equals the bots acting in one go."""
    table = TableWidget("glimne", players=3, seed=5, bots="heuristic")
    table.advance_to_you()
    reference = Game(Rules.preset("glimne"), table.names, 5)
    play_bots(reference, {name: HeuristicBot() for name in table.names[1:]})
    assert reference.actions == table.game.actions


def test_an_illegal_click_changes_nothing_and_names_the_rule():
    table = TableWidget("glimne", players=4, seed=3)
    rng = random.Random(0)
    while not (table.game.phase == "play" and table.game.to_act == YOU):
        if table.game.phase == "settled":
            table.deal()
        elif table.game.to_act != YOU:
            table.advance()
        elif table.game.phase == "declare":
            table.declare(True)
        else:
            table.discard()
        assert rng is not None
    illegal = [c for c in table.game.cards_of(YOU) if c.code not in table.game.legal_actions()]
    if not illegal:
        pytest.skip("every card happens to be legal at this seed's first decision")
    before = (list(table.game.actions), table.game.transcript(), table.game.cards_of(YOU))
    message = table.click(illegal[0])
    assert message.startswith("✘") and "[glimne " in message
    assert (list(table.game.actions), table.game.transcript(), table.game.cards_of(YOU)) == before


def test_a_seed_shares_a_deal():
    first = TableWidget("wikipedia", players=5, seed=42)
    second = TableWidget("wikipedia", players=5, seed=42)
    assert first.game.cards_of(YOU) == second.game.cards_of(YOU)
    assert first.share == "TableWidget(rules='wikipedia', players=5, seed=42)"
    other = TableWidget("wikipedia", players=5, seed=43)
    assert other.game.transcript() != first.game.transcript()
    first.new_game(seed=43)
    assert first.game.transcript() == other.game.transcript()


def test_draw_selection_by_clicking_cards():
    table = TableWidget("pagat", players=3, seed=8)
    table.advance_to_you()
    if table.game.phase == "declare":
        table.declare(True)
        table.advance_to_you()
    assert table.game.phase == "draw" and table.game.to_act == YOU
    card = next(c for c in table.game.cards_of(YOU) if c != table.game.trump_card)
    table.click(card)
    chosen = [c for c in table.table.hand if c["lifted"]]
    assert [c["card"] for c in chosen] == [card.code]
    assert chosen[0]["label"].endswith("chosen to throw away")
    assert not table.discard_button.disabled
    table.discard_button.click()
    assert card not in table.game.cards_of(YOU)
    assert table.game.hand_record.discards[YOU] == (card,)


def test_renege_and_take_back_under_pagat():
    """pagat renege rule: a misplay corrected before the next player plays is replaced."""
    for seed in range(40):
        table = TableWidget("pagat", players=3, seed=seed)
        table.misplay.value = True
        while table.game.phase != "settled":
            if table.game.to_act != YOU:
                table.advance()
            elif table.game.phase == "declare":
                table.declare(True)
            elif table.game.phase == "draw":
                table.discard()
            else:
                legal = table.game.legal_actions()
                illegal = [c for c in table.game.cards_of(YOU) if c.code not in legal]
                if illegal:
                    break
                table.click(legal[0])
        else:
            continue
        message = table.click(illegal[0])
        assert "renege" in table.game.actions[-1] and message.startswith("✘")
        assert "That is a renege" in message
        assert "you reneged" in table.to_text()
        assert not table.accept_button.disabled
        table.click(legal[0])
        assert table.game.actions[-1] == f"correct {legal[0]}"
        assert YOU in table.game.hand_record.corrected
        return
    pytest.fail("no seed gave the learner a chance to renege")


def test_replay_steps_through_a_finished_hand():
    table = TableWidget("pagat", players=4, seed=2)
    finish_hand(table, random.Random(3))
    start, stop = hand_actions(table.game.actions, 1)
    assert (start, stop) == (0, len(table.game.actions))
    text = table.replay_hand(1, step=0)
    assert "replaying hand 1, step 0" in text and "Declared: nobody yet" in text
    assert "Last:" not in text and "Step" not in text
    step4 = table.replay_hand(1, step=4)
    shown = table.shown_game.transcript().splitlines()[-1]
    assert f"Step 4: {shown}" in step4
    assert "Last:" not in step4, "the live game's last action is not this step's"
    assert table.game.transcript().splitlines()[-1] not in step4.splitlines()[-1]
    table.replay_slider.value = stop
    assert table.shown_game.transcript() == table.game.transcript()
    table.deal()
    assert table.replaying is None
    assert hand_actions(table.game.actions, 2) == (stop + 1, stop + 1)
    with pytest.raises(ValueError, match="no hand 3"):
        hand_actions(table.game.actions, 3)


def test_transcript_prints_and_saves(tmp_path):
    table = TableWidget("pagat", players=3, seed=4)
    text = table.transcript()
    assert text.startswith("== Hand 1")
    assert table.feedback == text.rstrip("\n")
    saved = table.save_transcript(tmp_path / "hand.txt")
    assert saved.read_text(encoding="utf-8") == text.split("(Other players")[0]


CARD_IN_TEXT = re.compile(r"(?<![0-9])(?:10|[2-9JQKA])[♠♥♦♣]")
DRAWN_TRAITS = ("seats", "hand", "trick", "past", "trump", "status", "feedback")


def widget_strings(widget) -> list[str]:
    """Every value and description in a widget tree (what the browser can show), and the drawn
    table's synced values as JSON."""
    found = []
    for name in ("value", "description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            found.append(value)
    if isinstance(widget, CardTable):
        found += [json.dumps(getattr(widget, name), ensure_ascii=False) for name in DRAWN_TRAITS]
    for child in getattr(widget, "children", ()) or ():
        found += widget_strings(child)
    for output in getattr(widget, "outputs", ()) or ():
        found.append(str(output.get("text", "")))
    return found


def shown_cards(table: TableWidget, *more: str) -> set[str]:
    """Every card the learner can read anywhere: as a symbol ('10♠') in any text, or as a code
    ('ST') in the drawn table's card fields."""
    texts = [table.to_text(), *widget_strings(table), *more]
    found = set(CARD_IN_TEXT.findall("\n".join(texts)))
    for name in ("hand", "trick", "past", "trump"):
        found |= {str(parse_card(code)) for code in card_fields(getattr(table.table, name))}
    return found


def card_fields(value) -> list[str]:
    """The values of every "card" key in nested lists and dicts."""
    if isinstance(value, dict):
        own = [value["card"]] if isinstance(value.get("card"), str) else []
        return own + [c for v in value.values() for c in card_fields(v)]
    if isinstance(value, list):
        return [c for v in value for c in card_fields(v)]
    return []


def hidden_cards(table: TableWidget) -> set[str]:
    """The cards seat A may not know now: the other seats' unplayed cards and what they threw
    away, except the turned card (public) and cards that came to A's own hand."""
    game = table.game
    hand = game.hand_record
    secret = {c for seat in game.players if seat != YOU for c in game.cards_of(seat)}
    secret |= {c for seat, cards in hand.discards.items() if seat != YOU for c in cards}
    played = {c for trick in hand.tricks for c in trick.cards}
    played |= set(game.current_trick.cards) if game.current_trick else set()
    public = played | set(game.cards_of(YOU)) | {hand.trump_card}
    return {str(c) for c in secret - public}


def play_one_step(table: TableWidget, rng: random.Random) -> None:
    """One decision: a bot's through Continue, or the learner's (play, one card away, random)."""
    if table.game.to_act != YOU:
        table.continue_button.click()
    elif table.game.phase == "declare":
        table.declare(True)
    elif table.game.phase == "draw":
        table.discard(*table.game.cards_of(YOU)[:1])
    else:
        table.click(rng.choice(table.game.legal_actions()))


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_during_a_hand_nothing_shows_another_seats_cards(seed):
    """A card game hides the others' hands: the log, the transcript button, the text form and
    every widget string (the drawn table's values too) show only your cards, the turned card
    and cards played face up."""
    table = TableWidget("pagat", players=5, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while table.game.phase != "settled":
        said = table.transcript()
        leaked = sorted(shown_cards(table, said) & hidden_cards(table))
        assert not leaked, f"{leaked} shown during the hand (phase {table.game.phase})"
        checked += 1
        play_one_step(table, rng)
    assert checked > 10
    after = table.transcript()
    hand = table.game.hand_record
    for seat in table.names[1:]:
        dealt = " ".join(str(c) for c in hand.dealt[seat])
        assert f"{seat} is dealt {dealt}" in after, "after the hand the whole transcript shows"
    assert "is dealt 5 cards" not in after


def test_the_leak_check_finds_a_bots_card():
    """The check above can fail: a bot's card written in any widget is found."""
    table = TableWidget("pagat", players=4, seed=3)
    secret = sorted(hidden_cards(table))
    assert len(secret) >= 15  # three bots hold five cards each
    table.header.value += f" (B holds {secret[0]})"
    assert secret[0] in shown_cards(table) & hidden_cards(table)


def test_replaying_the_hand_in_play_shows_no_other_seats_cards():
    """Replay this hand in the middle of it: every step shows only what your seat may know;
    the replay of a finished hand shows everything."""
    table = TableWidget("pagat", players=4, seed=8)
    rng = random.Random(8)
    while not (table.game.phase == "play" and table.game.current_trick.plays):
        play_one_step(table, rng)
    steps = len(table.game.actions)
    for step in range(steps + 1):
        table.replay_hand(step=step)
        leaked = sorted(shown_cards(table) & hidden_cards(table))
        assert not leaked, f"replay step {step} shows {leaked}"
    while table.game.phase != "settled":
        play_one_step(table, rng)
    table.replay_hand(step=2)  # the deal and two declarations: every hand's line is there
    dealt = " ".join(str(c) for c in table.game.hand_record.dealt["B"])
    assert f"B is dealt {dealt}" in table.log_view.value


def test_a_transcript_saved_mid_hand_hides_the_other_seats_cards(tmp_path):
    table = TableWidget("pagat", players=3, seed=4)
    saved = table.save_transcript(tmp_path / "hand.txt").read_text(encoding="utf-8")
    mine = " ".join(str(c) for c in table.game.hand_record.dealt[YOU])
    assert "B is dealt 5 cards" in saved and f"A is dealt {mine}" in saved
    assert not set(CARD_IN_TEXT.findall(saved)) & hidden_cards(table)
    table.finish_hand()
    saved = table.save_transcript(tmp_path / "hand.txt").read_text(encoding="utf-8")
    assert saved == table.game.transcript(), "once the hand is over, the whole transcript"


def test_what_the_bots_did_is_told_as_the_table_saw_it():
    """advance_to_you returns the bots' moves as your seat saw them: declarations, draw counts
    and played cards by name; never the cards a bot threw away or drew."""
    table = TableWidget("pagat", players=5, seed=3)
    told = table.advance_to_you()
    table.declare(True)
    told += table.advance_to_you()
    table.discard()
    told += table.advance_to_you()
    text = "\n".join(told)
    assert "says play" in text or "says pass" in text
    assert re.search(r"throws away \d cards? and draws \d", text)
    assert not set(CARD_IN_TEXT.findall(text)) & hidden_cards(table)
    assert not re.search(r"\b(discard|keep) [SHDC]", text), "no engine codes"
    trick = table.game.current_trick
    for seat, card in trick.plays if trick else ():
        assert re.search(rf"{seat} (led|played) the {card.name} \({card}\)", text)


def live_trick(seed: int) -> TableWidget:
    """A table stopped in the tricks, with at least two cards on the table."""
    table = TableWidget("glimne", players=4, seed=seed)
    rng = random.Random(seed)
    while not (table.game.phase == "play" and len(table.game.current_trick.plays) >= 2):
        if table.game.phase == "settled":
            table.deal()
        play_one_step(table, rng)
    return table


@pytest.mark.parametrize("seed", [1, 6])
def test_the_trick_line_names_the_cards(seed):
    """The current trick in words a newcomer reads: who led or played which card, by name and
    symbol, in play order."""
    table = live_trick(seed)
    line = next(x for x in table.to_text().splitlines() if x.startswith("This trick:"))
    plays = table.game.current_trick.plays
    said = [
        f"{seat} {'led' if i == 0 else 'played'} the {card.name} ({card})"
        for i, (seat, card) in enumerate(plays)
    ]
    assert line == "This trick: " + "; ".join(said)


def test_the_last_card_played_is_told_by_name():
    table = live_trick(1)
    seat, card = table.game.current_trick.plays[-1]
    assert f"{seat} played the {card.name} ({card})" in table.feedback or (
        f"{seat} led the {card.name} ({card})" in table.feedback
    )
    assert not re.search(r"\b[A-H]: [SHDC][2-9TJQKA]\b", table.to_text()), "no 'C: CJ' codes"


def test_a_played_card_leaves_the_hand_on_screen():
    table = TableWidget("pagat", players=3, seed=8)
    rng = random.Random(8)
    while not (table.game.phase == "play" and table.game.to_act == YOU):
        play_one_step(table, rng)
    card = parse_card(table.game.legal_actions()[0])
    table.click(card)
    assert card.code not in [c["card"] for c in table.table.hand]
    hand_line = next(x for x in table.to_text().splitlines() if x.startswith("Your hand:"))
    assert str(card) not in hand_line.split()
    on_table = [c["card"] for c in table.table.trick] + card_fields(table.table.past)
    assert card.code in on_table


def test_draw_counts_show_once_the_draw_begins():
    """The draw is public as counts: who threw away how many (and drew as many). In two rounds
    (glimne) nothing is drawn before you, the dealer, declare; in pagat's one round (the
    course's reading) the players before you have drawn, and the table tells you how many."""
    heard = TableWidget("pagat", players=5, seed=3)
    heard.advance_to_you()
    record = heard.game.hand_record
    said = next(x for x in heard.to_text().splitlines() if x.startswith("Draw:"))
    assert record.discards and all(
        f"{seat} drew {len(record.drawn[seat])}" in said for seat in record.discards
    )
    table = TableWidget("glimne", players=5, seed=3)
    table.advance_to_you()
    assert not [x for x in table.to_text().splitlines() if x.startswith("Draw:")]
    table.declare(True)
    table.advance_to_you()
    table.discard(*table.game.cards_of(YOU)[:2])
    line = next(x for x in table.to_text().splitlines() if x.startswith("Draw:"))
    hand = table.game.hand_record
    assert hand.discards, "the draw has begun"
    for seat, thrown in hand.discards.items():
        assert (f"{seat} drew {len(hand.drawn[seat])}" if thrown else f"{seat} kept all") in line


def test_the_table_writes_no_emoji_or_rare_symbols():
    """The machine has no emoji font: every character shown is in a common system font
    (letters, punctuation, the four suits, ✔ ✘, arrows, the middle dot, dashes)."""
    table = TableWidget("pagat", players=4, seed=3)
    rng = random.Random(3)
    texts = []
    while table.game.phase != "settled":
        texts += [table.to_text(), *widget_strings(table)]
        play_one_step(table, rng)
    texts += [table.to_text(), *widget_strings(table), table.transcript()]
    allowed = set("♠♥♦♣✔✘→←·—–…“”‘’é»«")
    allowed.add("\u200b")  # ipywidgets' own empty placeholder of an HTML widget: invisible
    odd = {ch for ch in "".join(texts) if ord(ch) > 0x7E and ch not in allowed}
    assert not odd, f"characters outside the common fonts: {sorted(odd)}"


def test_bad_table_options_are_refused():
    with pytest.raises(ValueError, match="unknown preset 'hoyle'"):
        TableWidget("hoyle")
    with pytest.raises(ValueError, match="size must be one of"):
        TableWidget(size="giant")
    with pytest.raises(ValueError, match="seats 2 to 8"):
        TableWidget(players=9)
    table = TableWidget(players=3, seed=1)
    assert "cannot be used now" in table.click("SA") or "cannot be used now" in table.click("HA")


def test_the_drawn_table_shows_what_the_game_says():
    """The drawn table shows the pot, chips, your hand and the face-up tricks of the game on
    screen, live and replayed."""
    table = TableWidget("pagat", players=4, seed=3)
    finish_hand(table, random.Random(3))
    for replay_step in (None, 4):
        if replay_step is not None:
            table.replay_hand(step=replay_step)
        game, drawn = table.shown_game, table.table
        assert drawn.pot == game.pot
        seats = game.hand_record.seats
        assert [s["chips"] for s in drawn.seats] == [game.bankrolls[p] for p in seats]
        mine = game.cards_of(YOU) if YOU in game.hand_record.seats else ()
        assert [c["card"] for c in drawn.hand] == [c.code for c in mine]
        tricks = [[c["card"] for c in t["cards"]] for t in drawn.past]
        if drawn.trick and all(c.get("done") for c in drawn.trick):  # the last one, finished
            tricks.append([c["card"] for c in drawn.trick])
        assert tricks == [[c.code for c in t.cards] for t in game.hand_record.tricks]
    assert drawn.status == ""  # no status line while a hand is replayed
    assert not any(c["enabled"] for c in drawn.hand)


def test_a_refused_say_keeps_the_heard_words_and_the_engine_verdict():
    """What the words designated leads the message, then the engine's refusal; nothing moves."""
    table = TableWidget("pagat", players=3, seed=1)
    before = list(table.game.actions)
    message = table._act("SA", heard=("You said “the ace”: test", "laws-45C4a"))
    assert message.startswith("✘ You said “the ace”: test [laws 45C4a]\n✘ ")
    assert table.said["rule_id"] == "laws-45C4a", "the clause reaches the callout as data"
    assert table.game.actions == before and table.feedback == message


def test_the_table_reviews_with_the_coachs_own_number_of_deals():
    """The table keeps the coach's default beside it so that it loads without NumPy."""
    from bourre_lessons.sim.coach import DEALS
    from bourre_lessons.widgets.table.table import REVIEW_DEALS

    assert REVIEW_DEALS == DEALS


def test_your_seat_is_drawn_with_the_letter_the_transcript_uses():
    """The transcript says 'A is dealt ...': the table draws 'You · A', so the learner can
    tell that A is them."""
    from bourre_lessons.widgets.table.table import YOU

    table = TableWidget("pagat", players=4, seed=11)
    mine = next(seat for seat in table.table.seats if seat["you"])
    others = [seat for seat in table.table.seats if not seat["you"]]
    assert mine["seat"] == YOU and mine["name"] == YOU
    assert mine["label"].startswith(f"you, seat {YOU}")
    assert f"{YOU} is dealt" in table.log_view.value
    assert all(seat["name"] == f"player {seat['seat']}" for seat in others)
