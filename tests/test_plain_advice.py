"""The advisor's plain-Python deals (the course in the browser) agree with the compiled core.

`advise` plays its deals in the compiled core on a full install and through the readable
`Game` where NumPy or Numba is missing (`advisor._deal_out`, `plain_advice.deal_out`). Both are
asked the same questions on fixed seeds; each figure may differ by at most `WIDEN` times the
root of the sum of the two 95% half-widths (see tests/test_plain_simulation.py).
"""

from __future__ import annotations

import math

import pytest

from bourre_lessons import Rules
from bourre_lessons.sim import plain_advice
from bourre_lessons.sim.advisor import AdviceRun, PlayOrPassQuestion, advise
from bourre_lessons.sim.estimates import Estimate, mean_interval, wilson

WIDEN = 1.5


def agree(a: Estimate, b: Estimate) -> bool:
    spread = math.hypot((a.high - a.low) / 2, (b.high - b.low) / 2)
    return abs(a.value - b.value) <= WIDEN * spread + 1e-9


QUESTIONS = [
    ("SA SK H4 D7 C2", "S7", 1, "pagat", None),
    ("S5 S3 HK D7 C2", "S7", 1, "pagat", None),
    ("S8 HA HK D7 C2", "S8", 5, "glimne", None),
    ("S8 HA HK D7 C2", "S4", 4, "pagat", "pass pass play"),
    ("HA DA H4 D7 C2", "S7", 3, "wikipedia", None),
]


@pytest.mark.parametrize(("hand", "turned", "seat", "book", "heard"), QUESTIONS)
def test_plain_advice_agrees_with_the_compiled_advice(hand, turned, seat, book, heard):
    """Take the pot, bourréd, split and the chips of playing and of passing."""
    rules = Rules.preset(book)
    fast = advise(hand, turned, seat, rules=rules, deals=20_000, seed=2, heard=heard)
    question = PlayOrPassQuestion(hand, turned, seat, 5, rules)
    you = seat % 5
    words = None if heard is None else tuple(w == "play" for w in heard.split())
    draws = () if heard is None else (-1,) * len(words)
    run = AdviceRun(deals=2000, seed=2)
    for forced, name in [(1, "chips_play"), (0, "chips_pass")]:
        found, kept, tried = plain_advice.deal_out(question, you, run, forced, words, draws)
        assert kept == plain_advice.MOST_DEALS and tried >= kept
        assert agree(mean_interval(found["chips"]), getattr(fast, name)), (name, fast)
        if forced:
            for key in ("win", "bourre", "split"):
                mine = wilson(sum(found[key]), kept)
                assert agree(mine, getattr(fast, key)), (key, mine, getattr(fast, key))


def test_plain_deals_keep_what_was_heard():
    """Kept deals agree with the words heard: the seat before you said play in every one."""
    question = PlayOrPassQuestion("S8 HA HK D7 C2", "S4", 3, 5, Rules())
    run = AdviceRun(deals=40, seed=1)
    found, kept, tried = plain_advice.deal_out(question, 3, run, 1, (False, True), (-1, -1))
    assert kept == 40 and tried > kept


def test_plain_deals_say_when_nothing_agrees():
    question = PlayOrPassQuestion("SA SK SQ SJ ST", "S2", 2, 5, Rules())
    run = AdviceRun(deals=1, seed=1)
    with pytest.raises(ValueError, match="none of .* deals agreed with what was heard"):
        plain_advice.deal_out(question, 2, run, 1, (True,), (5,))
