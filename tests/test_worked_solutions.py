"""Set 3's worked solutions agree with the engine's `play.explain` under every switch of `Rules`.

The switches are derived, not listed (tests/rule_switches.py): every field of `Rules` whose
flip changes the engine's legal cards on these positions is a play switch, and the worked
solution is compared with `explain` under every combination of their values, on positions from
hands played under each preset. Every other field, at each of its values, must leave the
engine's legal cards as they are under every preset, so no switch escapes the comparison. A new
play switch enters the product by itself.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import lru_cache

import pytest
from rule_switches import combinations, every_switch, play_switches, switch_values

from bourre_lessons import Rules, explain, legal_plays
from bourre_lessons.exercises import CORE_RULES, engine_answer, worked_solutions
from bourre_lessons.rules import SOURCES
from bourre_lessons.sim.positions import played_hand

PER_PRESET = 400  # positions taken from hands played under each preset


@lru_cache(maxsize=1)
def positions() -> tuple:
    """Card decisions from hands played under each preset, fixed by the seed."""
    rng = random.Random("worked-solutions")
    found: list = []
    for preset in SOURCES:
        mine: list = []
        while len(mine) < PER_PRESET:
            mine += played_hand(rng, Rules.preset(preset))
        found += mine[:PER_PRESET]
    return tuple(found)


def by_explain(situation, rules: Rules) -> set:
    """The cards `play.explain` allows: the engine's one decision."""
    return {card for card in situation.hand if explain(situation, card, rules).legal}


SWITCHES = play_switches(positions())
COMBINATIONS = [
    tuple(getattr(rules, name) for name in SWITCHES) for rules in combinations(SWITCHES)
]


def test_the_play_switches_are_found():
    """The derivation finds the switches that change the legal cards (it can fail: positions
    that never meet a cinch or a trumped trick would leave those switches out)."""
    assert "cinch" in SWITCHES and "trump_when_cannot_win" in SWITCHES
    assert len(COMBINATIONS) == len(list(itertools.product(*map(switch_values, SWITCHES))))
    assert len(COMBINATIONS) >= 2 ** len(SWITCHES)


@pytest.mark.parametrize(
    "values",
    COMBINATIONS,
    ids=lambda v: ",".join(f"{k}={x}" for k, x in zip(SWITCHES, v, strict=True)),
)
def test_full_legal_plays_agrees_with_explain(values):
    """Under every combination of the play switches, on every position."""
    rules = replace(Rules(), **dict(zip(SWITCHES, values, strict=True)))
    for situation in positions():
        mine = worked_solutions.full_legal_plays(situation, rules)
        assert mine == by_explain(situation, rules), (situation, rules.differences(Rules()))


@pytest.mark.parametrize("trump_when_cannot_win", [False, True])
def test_the_base_solutions_agree_with_the_engine(trump_when_cannot_win):
    """The four base rules (no known-top, lead-trump or cinch rule): `my_legal_plays` is the
    engine's legal set, and each `must_*` is the engine's answer."""
    rules = replace(CORE_RULES, trump_when_cannot_win=trump_when_cannot_win)
    solutions = {
        "must_follow": lambda s: worked_solutions.must_follow(s),
        "must_beat": lambda s: worked_solutions.must_beat(s),
        "must_trump": lambda s: worked_solutions.must_trump(s, rules),
    }
    for situation in positions():
        assert worked_solutions.my_legal_plays(situation, rules) == by_explain(situation, rules)
        for kind, solution in solutions.items():
            assert solution(situation) == engine_answer(kind, situation, rules), (kind, situation)


OTHER = [(name, value) for name, value in every_switch() if name not in SWITCHES]


@pytest.mark.parametrize("name, value", OTHER, ids=lambda x: str(x))
def test_every_other_switch_leaves_the_legal_cards_alone(name, value):
    """A field play.py does not read changes no legal set, so the product above covers every
    switch of `Rules`."""
    for preset in SOURCES:
        base = Rules.preset(preset)
        try:
            changed = replace(base, **{name: value})
        except ValueError:
            continue  # a value this preset cannot take with its other fields (min > max)
        for situation in positions()[::4]:
            assert legal_plays(situation, changed) == legal_plays(situation, base)
