"""Text that is no action (`UnreadableAction`) against an action that breaks a rule or is not
possible now (`IllegalAction`): which input raises which, and what the message says.

Both are `GameError`s (so `ValueError`s); an unreadable action is also an `IllegalAction`,
so code that catches `IllegalAction` catches every refused action.
"""

from __future__ import annotations

import pytest

from bourre_lessons import (
    DECK,
    Game,
    GameError,
    IllegalAction,
    IllegalPlay,
    Rules,
    UnreadableAction,
    parse_card,
)

PAGAT = Rules.preset("pagat")
GLIMNE = Rules.preset("glimne")


def at(phase: str, rules: Rules = PAGAT, players: int = 4, seed: int = 12) -> Game:
    """Everyone plays, keeps and plays the first legal card until `phase`."""
    game = Game(rules, players, seed)
    while game.phase != phase:
        game.apply(game.legal_actions()[0])
    return game


def refused(game: Game, action: object) -> GameError:
    """The error `action` raises; the game must be unchanged afterwards."""
    before = (game.transcript(), list(game.actions), game.legal_actions())
    with pytest.raises(GameError) as caught:
        game.apply(action)  # type: ignore[arg-type]
    assert (game.transcript(), list(game.actions), game.legal_actions()) == before
    return caught.value


def test_the_error_classes():
    assert issubclass(UnreadableAction, IllegalAction)
    assert issubclass(IllegalPlay, IllegalAction)
    assert issubclass(IllegalAction, GameError)
    assert issubclass(GameError, ValueError)
    assert not issubclass(IllegalPlay, UnreadableAction)


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("Z9", ["'Z9'", "neither an action word", "nor a card", "accepted forms"]),
        ("hello there", ["'hello there'", "nor a card"]),
        ("play now", ["'play' takes nothing after it"]),
        ("", ["must be text"]),
        ("   ", ["must be text"]),
        (42, ["must be text", "42"]),
        (None, ["must be text", "None"]),
        ("correct Z9", ["cannot read the correction 'Z9'"]),
        ("renege", ["'renege' needs a card after it"]),
        ("renege H7 H8", ["'renege' takes one card", "'H7 H8'"]),
        ("take keep", ["'take' goes with 'discard'"]),
        ("out-of-turn Q", ["'Q' is not a seat", "A, B, C, D"]),
    ],
)
def test_text_that_is_no_action_is_unreadable(action, words):
    """Unreadable whatever the position: the message says what could not be read and what
    the player to act may say now."""
    error = refused(at("declare"), action)
    assert isinstance(error, UnreadableAction)
    message = str(error)
    for word in [*words, "B must declare now", "'play' or 'pass'"]:
        assert word in message, (word, message)
    assert error.alternatives == ("play", "pass")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("H7", ["'H7' is not a declaration", "'play' or 'pass'"]),
        ("keep", ["'keep' is not a declaration"]),
        ("deal", ["'deal' is not a declaration"]),
        ("discard S2", ["'discard S2' is not a declaration"]),
        ("accept", ["only follows a renege"]),
        ("correct H4", ["only follows a renege"]),
    ],
)
def test_a_readable_action_at_the_wrong_time_is_illegal(action, words):
    error = refused(at("declare"), action)
    assert type(error) is IllegalAction
    for word in words:
        assert word in str(error)


def test_the_draw_tells_a_misread_discard_from_a_forbidden_one():
    game = at("draw")
    held = game.cards_of(game.to_act)
    stranger = next(c for c in DECK if c not in held)
    for action in ("discard Z9", f"discard {held[0].code} {held[0].code}", "keep S2"):
        error = refused(game, action)
        assert isinstance(error, UnreadableAction), action
        assert "'keep'" in str(error) and "must draw now" in str(error)
    not_held = refused(game, f"discard {stranger.code}")
    assert type(not_held) is IllegalAction and not_held.rule_id == "hand"
    assert "does not hold" in str(not_held)
    wrong_phase = refused(game, "play")
    assert type(wrong_phase) is IllegalAction and "is not a draw" in str(wrong_phase)
    no_variant = refused(game, f"take discard {held[0].code}")
    assert type(no_variant) is IllegalAction and no_variant.rule_id == "pagat-separate-trump"


def test_discard_with_no_cards_is_keep():
    """Throwing nothing away is standing pat: stored as 'keep'."""
    game = at("draw")
    player = game.to_act
    held = game.cards_of(player)
    game.apply("discard")
    assert game.actions[-1] == "keep"
    assert game.cards_of(player) == held


def test_the_play_tells_a_misread_card_from_a_broken_rule():
    game = at("play")
    held = game.cards_of(game.to_act)
    legal = game.legal_actions()
    stranger = next(c for c in DECK if c not in held)
    unreadable = refused(game, "Z9")
    assert isinstance(unreadable, UnreadableAction)
    assert f"must play a card now, one of {', '.join(legal)}" in str(unreadable)
    assert unreadable.alternatives == tuple(legal)
    for action in ("renege Z9", "renege H7 H8"):
        assert isinstance(refused(game, action), UnreadableAction), action
    not_held = refused(game, stranger.code)
    assert type(not_held) is IllegalAction and not_held.rule_id == "hand"
    no_renege = refused(game, f"renege {legal[0]}")
    assert type(no_renege) is IllegalAction and "breaks no rule" in str(no_renege)
    assert type(refused(game, "keep")) is IllegalAction


FOLLOW = {
    "B": "SK H2 H3 H4 H5",
    "C": "S2 D2 D3 D4 D5",
    "D": "H6 H7 H8 H9 HT",
    "A": "C2 C3 C4 C5 C6",
}
"""Clubs are trumps; B leads the king of spades, and C, holding one spade, must follow."""


def c_to_follow(rules: Rules) -> Game:
    """Everyone plays and keeps; B leads K♠; C to play, who must play 2♠."""
    keep = ["play", "keep"] * 4 if rules.draws_in_turn else ["play"] * 4 + ["keep"] * 4
    game = Game(rules, 4, deal=FOLLOW).play(*keep, "SK")
    assert game.to_act == "C" and game.legal_actions() == ["S2"]
    return game


def test_a_card_against_the_play_rules_is_an_illegal_play():
    """Following suit (docs/rules.md: `follow`, glimne-whist under glimne): "du måste följa färgen
    på utspelskortet om möjligt" -- "you must follow the suit of the led card if possible"
    (glimne). The card is readable and held, but not allowed."""
    error = refused(c_to_follow(GLIMNE), "D2")
    assert type(error) is IllegalPlay
    assert not isinstance(error, UnreadableAction)
    assert error.verdict.card.code == "D2" and not error.verdict.legal
    assert error.rule_id == "glimne-whist" and error.alternatives == ("S2",)


def test_after_the_hand_a_misread_deal_is_unreadable():
    game = at("settled", PAGAT, 3, 2)
    error = refused(game, "deal now")
    assert isinstance(error, UnreadableAction) and "'deal'" in str(error)
    wrong = refused(game, "H7")
    assert type(wrong) is IllegalAction and "only action now is 'deal'" in str(wrong)


def test_an_open_renege_tells_a_misread_correction_from_a_wrong_one():
    """pagat (reneges): a renege may be corrected with a legal card before the next player
    plays; a correction that cannot be read is not the same as one that breaks a rule."""
    game = c_to_follow(PAGAT).apply("renege D2")
    assert game.pending_renege is not None
    for action in ("accept H2", "correct Z9", "correct"):
        error = refused(game, action)
        assert isinstance(error, UnreadableAction), action
        message = str(error)
        assert "C may correct the renege" in message and "'accept'" in message, message
        assert "one of S2, or let D play on" in message, message
    wrong = refused(game, "correct D3")
    assert type(wrong) is IllegalPlay and wrong.alternatives == ("correct S2",)
    game.apply("correct S2")
    assert game.current_trick.plays[-1] == ("C", parse_card("S2"))
    assert parse_card("D2") in game.cards_of("C")
