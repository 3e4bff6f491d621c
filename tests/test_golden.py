"""Golden transcripts: four seeded games, played by a plain rule-of-thumb player, must print
exactly the text stored in tests/golden/. Any change to the deal, the rules, the settlement or
the wording of the transcript shows up here as a diff to read.

After an intended change, regenerate the files and read the diff before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from bourre_lessons import Card, Rank, Rules, beats, parse_card, winning_card
from bourre_lessons.game import Game

GOLDEN = Path(__file__).parent / "golden"


def strength(card: Card, trump) -> tuple[int, int]:
    """Trumps above every side card, then by rank."""
    return (card.suit == trump, card.rank)


def rule_of_thumb(game: Game) -> str:
    """A predictable player, so the transcripts read like a sensible table.

    Declare: play with a trump or an ace, otherwise pass. Draw: keep trumps, aces and kings,
    throw the rest, lowest first, as many as the table allows. Lead: the strongest card
    allowed. Follow: the cheapest allowed card that takes the lead in the trick; if none can,
    the weakest allowed card. Every choice is one of the actions the engine lists.
    """
    actions = game.legal_actions()
    if game.phase in ("settled",):
        return "deal"
    player = game.to_act
    trump = game.trump_card.suit
    hand = game.cards_of(player)
    if game.phase == "declare":
        strong = any(c.suit == trump or c.rank == Rank.ACE for c in hand)
        return "play" if strong or "pass" not in actions else "pass"
    if game.phase == "draw":
        throw = sorted(
            (c for c in hand if c.suit != trump and c.rank < Rank.KING),
            key=lambda c: strength(c, trump),
        )
        while throw:
            choice = "discard " + " ".join(c.code for c in sorted(throw))
            if choice in actions:
                return choice
            throw.pop()  # over the draw limit: keep the strongest of them
        return "keep"
    cards = [parse_card(a) for a in actions if not a.startswith(("accept", "correct"))]
    trick = game.current_trick
    if not trick.plays:
        return max(cards, key=lambda c: strength(c, trump)).code
    best = winning_card(trick.cards, trump)
    winners = [c for c in cards if beats(c, best, trump)]
    pool = winners or cards
    return min(pool, key=lambda c: strength(c, trump)).code


def play_out(rules: Rules, players: int, seed: int, hands: int) -> str:
    game = Game(rules, players, seed=seed)
    while len(game.history) < hands:
        game.apply(rule_of_thumb(game))
    return game.transcript()


CASES = {
    "pagat_5p_seed1": (Rules.preset("pagat"), 5, 1, 2),
    "glimne_4p_seed7": (Rules.preset("glimne"), 4, 7, 2),
    "wikipedia_7p_seed3": (Rules.preset("wikipedia"), 7, 3, 1),
    "pagat_8p_restock": (Rules.preset("pagat"), 8, 2, 2),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name):
    text = play_out(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; create it with UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            text.splitlines(keepends=True),
            fromfile=f"golden/{name}.txt",
            tofile="this run",
        )
        pytest.fail(
            "the transcript differs from the golden file (if the change is intended, rerun "
            "with UPDATE_GOLDEN=1 and read the diff):\n" + "".join(diff),
            pytrace=False,
        )


def test_the_restock_case_restocks():
    """The eight-player case exists to show pagat's restock; make sure it still does."""
    assert "The stock is empty" in play_out(*CASES["pagat_8p_restock"])


def test_the_policy_only_plays_listed_actions():
    """The transcripts are made of actions the engine lists, never a deliberate renege."""
    game = Game(Rules.preset("glimne"), 4, seed=7)
    while len(game.history) < 2:
        action = rule_of_thumb(game)
        assert action in game.legal_actions()
        game.apply(action)
