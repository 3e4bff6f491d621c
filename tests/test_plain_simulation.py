"""The plain-Python simulator (the course in the browser) agrees with the compiled core.

Where NumPy or Numba is missing, `sim.backend` answers `simulation`, `variant_lab`,
`variant_effects` (and `advisor` inside `advise`) with plain-Python twins that play through
the readable `Game`. They are held to the compiled core IN DISTRIBUTION, on fixed seeds: for
each figure, the two estimates may differ by at most `WIDEN` times the root of the sum of their
squared 95% half-widths (a difference of about three standard errors), so the tolerance comes
from the intervals of the two runs, never from a number written here.
"""

from __future__ import annotations

import math
import subprocess
import sys
from dataclasses import replace

import pytest

from bourre_lessons import Rules
from bourre_lessons.sim import plain_effects, plain_lab, plain_simulation
from bourre_lessons.sim.estimates import Estimate, wilson
from bourre_lessons.sim.simulation import simulate
from bourre_lessons.sim.variant_effects import COLUMNS, variant_effects
from bourre_lessons.sim.variant_lab import rulebook_disagreements, sweep

WIDEN = 1.5
"""How many combined 95% half-widths two estimates of one figure may lie apart (1.5 x 1.96:
about three standard errors of their difference)."""


def half(e: Estimate) -> float:
    """Half the width of a 95% interval."""
    return (e.high - e.low) / 2


def agree(a: Estimate, b: Estimate) -> bool:
    """The two estimates differ by no more than the tolerance their intervals give."""
    return abs(a.value - b.value) <= WIDEN * math.hypot(half(a), half(b))


def test_agreement_can_fail():
    """Two figures far apart for their intervals do not agree; close ones do."""
    assert not agree(Estimate(0.10, 0.09, 0.11), Estimate(0.20, 0.19, 0.21))
    assert agree(Estimate(0.10, 0.09, 0.11), Estimate(0.11, 0.10, 0.12))


RULE_SETS = {
    "pagat": Rules.preset("pagat"),
    "glimne": Rules.preset("glimne"),
    "wikipedia": Rules.preset("wikipedia"),
    "pagat, double ante": replace(Rules.preset("pagat"), double_ante=True),
}


@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_variant_figures_agree_with_the_compiled_core(bots):
    """Seats playing, hands played out, pot taken, mean pot, bourré rate, dealer's wins and
    chips: every figure of every rule set, plain (2,000 hands) against compiled (60,000).
    Random bots under the double ante grow pots that carry for far longer than a block of
    the batch means (40 hands), so that interval is too narrow to test with: heuristic only."""
    books = RULE_SETS if bots == "heuristic" else dict(list(RULE_SETS.items())[:3])
    plain = plain_effects.variant_effects(books, hands=2000, bots=bots, seed=11)
    fast = variant_effects(books, hands=60_000, bots=bots, seed=11)
    assert plain.hands == 2000 and plain.asked == 2000
    apart = [
        f"{name} {column}: plain {p.figure(column)} vs compiled {f.figure(column)}"
        for name in books
        for p, f in [(plain.row(name), fast.row(name))]
        for column in COLUMNS
        if not agree(p.figure(column), f.figure(column))
    ]
    assert apart == []


def test_a_plain_session_agrees_with_a_compiled_one():
    """simulate: the bourré rate and each seat's chips a hand (heuristic bots, pagat)."""
    plain = plain_simulation.simulate(2000, seed=3)
    fast = simulate(40_000, seed=3)

    def bourre(run) -> Estimate:
        t = run.summarize().tally
        return wilson(int(sum(t.bourred)), int(sum(t.played)))

    assert agree(bourre(plain), bourre(fast)), (bourre(plain), bourre(fast))
    for seat in range(5):
        assert agree(plain.chips_per_hand(seat), fast.chips_per_hand(seat)), seat
    assert plain.chips == 5 * 100  # chips are conserved: bankrolls plus the pot


def test_a_plain_session_is_fixed_by_its_seed_and_says_when_it_was_cut():
    a = plain_simulation.simulate(30, seed=4, bots="random")
    b = plain_simulation.simulate(30, seed=4, bots="random")
    assert a.rows == b.rows
    assert plain_simulation.simulate(30, seed=5, bots="random").rows != a.rows
    cut = plain_simulation.simulate(50, seed=4, most=20)
    assert cut.hands == 20 and "20 of the 50 hands asked" in cut.summary()
    assert "of the" not in a.summary()


def test_a_plain_session_refuses_bad_input_clearly():
    with pytest.raises(ValueError, match="hands must be a whole number"):
        plain_simulation.simulate(-1)
    with pytest.raises(ValueError, match="outside the pagat rules' range"):
        plain_simulation.simulate(10, players=9)


def test_the_plain_sweep_agrees_with_the_compiled_sweep():
    """Mean pot and bourré rate of each rulebook: the plain sweep's intervals (40 sessions)
    against the compiled sweep of 200 sessions (its own spread is a fifth as wide, taken as
    the plain interval shrunk by the root of five)."""
    books = {name: RULE_SETS[name] for name in ("glimne", "wikipedia", "pagat")}
    plain = plain_lab.sweep(books, hands=50, sessions=200, seed=8)
    fast = sweep(books, hands=50, sessions=200, seed=8)
    assert plain.sessions == plain_lab.MOST_SWEEP_HANDS // 50 and plain.asked == 200
    for i, name in enumerate(books):
        for mine, theirs in (
            (plain.pot_interval[i], float(fast.pot[i].mean())),
            (plain.bourre_interval[i], float(fast.bourre_rate[i])),
        ):
            spread = half(mine) / math.sqrt(5)
            other = Estimate(theirs, theirs - spread, theirs + spread)
            assert agree(mine, other), (name, mine, theirs)
    assert "95% intervals" in plain.to_text() and "of the 200 sessions" in plain.to_text()


@pytest.mark.parametrize("drive", ["pagat", "glimne", "wikipedia"])
def test_the_plain_rulebook_comparison_agrees_with_the_compiled_one(drive):
    """The share of card decisions where the three books differ, and the rules behind it,
    under each book as the one the hands are played by (a lone player's tricks, which the
    compiled core does not play, are not counted by either)."""
    plain = plain_lab.rulebook_disagreements(hands=3000, bots="heuristic", seed=8, drive=drive)
    fast = rulebook_disagreements(hands=20_000, bots="heuristic", seed=8, drive=drive)
    assert plain.hands == plain_lab.MOST_LAB_HANDS and plain.asked == 3000
    theirs = wilson(fast.differing, fast.decisions)
    assert agree(plain.interval(), theirs), (plain.interval(), theirs)
    assert set(plain.by_rule) <= set(fast.by_rule)
    assert plain.concepts.items() <= fast.concepts.items()


def test_plain_for_fun_odds_agree_with_the_compiled_ones():
    terms = plain_effects.ForFunTerms(hands=30)
    plain = plain_effects.for_fun_odds(500, terms)
    from bourre_lessons.sim.variant_effects import ForFunTerms, for_fun_odds

    fast = for_fun_odds(500, ForFunTerms(hands=30))
    assert plain.sessions == plain_effects.MOST_SESSIONS and plain.asked == 500
    assert agree(plain.hands_played, fast.hands_played)
    assert agree(plain.winning_chips, fast.winning_chips)
    assert "of the 500 sessions asked" in plain.to_text()


BLOCKED = "import sys; sys.modules['numpy'] = None; sys.modules['numba'] = None; "


def run_without_numpy(code: str) -> str:
    """Run `code` in a fresh Python where NumPy and Numba cannot be imported."""
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED + code], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_without_numpy_the_public_modules_are_the_plain_twins():
    """The names the lessons import answer with the plain twins, and a lesson's call runs."""
    out = run_without_numpy(
        "from bourre_lessons.sim.simulation import simulate, SimulationResult\n"
        "from bourre_lessons.sim.variant_lab import sweep, rulebook_disagreements\n"
        "from bourre_lessons.sim.variant_effects import variant_effects\n"
        "from bourre_lessons.sim import report, simulation, variant_lab, variant_effects as ve\n"
        "print(simulation.__name__, variant_lab.__name__, ve.__name__)\n"
        "r = simulate(20_000, seed=5)\n"
        "print(r.engine, r.hands, report.seat_record(r))\n"
        "print('numpy' in sys.modules and sys.modules['numpy'] is not None)\n"
    )
    names, record, loaded = out.strip().splitlines()
    assert names.split() == [
        "bourre_lessons.sim.plain_simulation",
        "bourre_lessons.sim.plain_lab",
        "bourre_lessons.sim.plain_effects",
    ]
    assert record.startswith(f"plain {plain_simulation.MOST_HANDS} over")
    assert loaded == "False"


def test_with_numpy_the_public_modules_are_the_compiled_ones():
    from bourre_lessons.sim import backend

    assert backend.compiled()
    assert simulate.__module__ == "bourre_lessons.sim.simulation"
    assert not any(type(f).__name__ == "_TwinFinder" for f in sys.meta_path)


def test_the_plain_order_effect_agrees_with_the_compiled_one():
    """Seats that play and hands played out, in one round and in two (heuristic bots)."""
    from bourre_lessons.sim import plain_order
    from bourre_lessons.sim.order_effect import order_effect

    plain = plain_order.order_effect(hands=400_000, seed=2)
    fast = order_effect(hands=60_000, seed=2)
    assert plain.hands == plain_order.MOST_ORDER_HANDS and plain.asked == 400_000
    for i in (0, 1):
        assert agree(plain.seats_playing[i], fast.seats_playing[i]), i
        assert agree(plain.played_out[i], fast.played_out[i]), i
    assert "of the 400,000 hands asked" in plain.to_text()
