"""The coach's plain-Python play-outs (the course in the browser) agree with the compiled core.

Where NumPy or Numba is missing, `coach.grade` plays every choice of a decision out through the
readable `Game` (`plain_hidden.choice_chips`) instead of the compiled `hidden.choice_chips`.
On the decisions of fixed hands (set 5's costly-decision hand, set 6's whole hand played by
the heuristic bot) each choice's chips, plain (200 worlds) against compiled (4,000 deals),
may differ by at most `WIDEN` times the root of the sum of their squared 95% half-widths.
"""

from __future__ import annotations

import math

import pytest

from bourre_lessons import Game, Rules
from bourre_lessons.exercises.costly_decision import _careless_hand
from bourre_lessons.sim import coach, plain_hidden
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.sim.decision_points import decision_points
from bourre_lessons.sim.estimates import Estimate, mean_interval
from bourre_lessons.sim.hidden import choice_chips

WIDEN = 1.5
TOP = 4
"""Choices compared at each decision: the compiled core's best few (a draw has up to 32)."""


def agree(a: Estimate, b: Estimate) -> bool:
    spread = math.hypot((a.high - a.low) / 2, (b.high - b.low) / 2)
    return abs(a.value - b.value) <= WIDEN * spread + 1e-9


def careless() -> Game:
    """Set 5's costly-decision hand of seed 0 (seat A careless, four players, pagat)."""
    return _careless_hand(Rules(), 4, 238531)


def by_the_bot() -> Game:
    """Set 6's whole hand of seed 0 played by the heuristic bot in every seat."""
    game = Game(Rules(), 4, 0)
    play_bots(game, HeuristicBot())
    return game


def graded_points(game: Game):
    found, _ = decision_points(game, "A")
    return [(i, p) for i, p in enumerate(found, start=1) if len(p.options) > 1]


@pytest.mark.parametrize("hand", [careless, by_the_bot], ids=["set-5", "set-6"])
def test_plain_choices_agree_with_the_compiled_ones(hand):
    apart = []
    for number, point in graded_points(hand()):
        fast = choice_chips(point, point.options, 4000, 0)
        plain = plain_hidden.choice_chips(point, point.options, 4000, 0)
        assert plain.used == plain_hidden.MOST_WORLDS
        theirs = [mean_interval(fast.chips[:, j]) for j in range(len(point.options))]
        mine = [mean_interval([row[j] for row in plain.chips]) for j in range(len(point.options))]
        best = sorted(range(len(theirs)), key=lambda j: -theirs[j].value)[:TOP]
        apart += [
            f"decision {number} {point.options[j]}: plain {mine[j]} vs compiled {theirs[j]}"
            for j in best
            if not agree(mine[j], theirs[j])
        ]
    assert apart == []


def test_the_plain_coach_finds_set_5s_costliest_decision(monkeypatch):
    """The review set 5 asks about: the same costliest decision as the compiled coach's."""
    game = careless()
    fast = coach.review(game, "A", deals=1000)
    monkeypatch.setattr(coach, "compiled", lambda: False)
    plain = coach.review(game, "A", deals=1000)
    assert fast.costliest is not None and plain.costliest is not None
    assert plain.costliest.number == fast.costliest.number
    assert plain.decisions[plain.costliest.number - 1].deals == plain_hidden.MOST_WORLDS


def test_plain_worlds_keep_what_the_seat_saw():
    """In every world, the seat holds its own cards and the trick on the table is the one
    it saw (the replay reached the decision)."""
    _, point = graded_points(careless())[-1]
    import random

    rng = random.Random(1)
    seen = 0
    for _ in range(30):
        world = plain_hidden._world(point, rng)
        if world is None:
            continue
        seen += 1
        assert world.to_act == point.seat
        assert set(world.cards_of(point.seat)) == set(point.hand)
        assert tuple(world.current_trick.plays if world.current_trick else ()) == point.trick
    assert seen > 0
