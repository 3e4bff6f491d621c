"""simulate(): reproducible, chips conserved, money moved as settle() says, executors, and the
same distributions as the readable Game driven by the same bots."""

from __future__ import annotations

import dataclasses
import functools
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from bourre_lessons.cards import Card
from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.settle import settle
from bourre_lessons.sim.bots import Bot, HeuristicBot, RandomBot, SeatView
from bourre_lessons.sim.simulation import CHUNK_HANDS, SimulationResult, simulate

ARRAYS = [f.name for f in dataclasses.fields(SimulationResult) if f.name != "rules"]

pagat, glimne, wikipedia = PRESETS["pagat"], PRESETS["glimne"], PRESETS["wikipedia"]
VARIANTS = [
    ("pagat", pagat, 5),
    ("pagat 8 players", pagat, 8),
    ("pagat 2 players", pagat, 2),
    ("glimne", glimne, 6),
    ("wikipedia 7 players", wikipedia, 7),
    ("pot limit 3", dataclasses.replace(pagat, pot_limit=3), 5),
    ("glimne pot limit 4", dataclasses.replace(glimne, pot_limit=4), 5),
    ("glimne, payment to the next pot", dataclasses.replace(glimne, bourre_paid_to="next_pot"), 5),
    ("pagat, payment to the winner", dataclasses.replace(pagat, bourre_paid_to="winner"), 5),
    ("glimne cinch variant", dataclasses.replace(glimne, cinch="strict"), 6),
    ("dealer antes for all", dataclasses.replace(wikipedia, dealer_antes_for_all=True), 5),
    ("double ante", dataclasses.replace(pagat, double_ante=True), 5),
    (
        "second ante, skip bourréd",
        dataclasses.replace(pagat, second_ante=True, ante_skip="bourred"),
        5,
    ),
    ("no ante skip", dataclasses.replace(pagat, ante_skip="none"), 5),
    ("restock folded first", dataclasses.replace(pagat, restock="folded_then_discards"), 8),
    ("draw limit 2", dataclasses.replace(pagat, max_discards=2), 6),
    (
        "ace leads, no lone win",
        dataclasses.replace(pagat, dealer_ace_leads=True, lone_player_wins=False),
        5,
    ),
    (
        "dealer keeps trump card",
        dataclasses.replace(glimne, dealer_may_discard_trump_card=False),
        4,
    ),
    ("separate card, nobody", dataclasses.replace(pagat, separate_trump_card="nobody"), 8),
    ("separate card, dealer", dataclasses.replace(glimne, separate_trump_card="dealer"), 6),
    ("cinch off", dataclasses.replace(glimne, cinch="off"), 5),
]


def _assert_same(a: SimulationResult, b: SimulationResult) -> None:
    for name in ARRAYS:
        x, y = getattr(a, name), getattr(b, name)
        if isinstance(x, np.ndarray):
            assert np.array_equal(x, y), name
        else:
            assert x == y, name


def test_same_seed_same_result_and_another_seed_differs() -> None:
    """A run is fixed by its seed."""
    a = simulate(3000, 5, glimne, "random", seed=9)
    b = simulate(3000, 5, glimne, "random", seed=9)
    _assert_same(a, b)
    c = simulate(3000, 5, glimne, "random", seed=10)
    assert not np.array_equal(a.tricks, c.tricks)


@pytest.mark.parametrize(("label", "rules", "players"), VARIANTS, ids=[v[0] for v in VARIANTS])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_chips_are_conserved_and_each_hand_adds_up(
    label: str, rules: Rules, players: int, bots: str
) -> None:
    """Bankrolls plus pot never change; every hand's tricks, pot and payments add up."""
    r = simulate(2500, players, rules, bots, seed=3)
    total = players * r.bankroll
    assert r.chips == total
    history = r.bankroll_history()
    assert np.all(history[1:].sum(axis=1) + r.pot_after == total)
    played_any = r.played.any(axis=1)
    assert np.all(r.tricks.sum(axis=1)[played_any] == 5)
    assert np.all(r.tricks[~r.played] == 0)
    assert np.all(r.pot_before[1:] == r.pot_after[:-1])
    assert np.all(r.pot_after == r.pot_played - r.taken + r.payments.sum(axis=1))
    assert np.array_equal(r.bourred, r.played & (r.tricks == 0))
    assert np.all((r.winner >= 0) | r.split | r.all_passed)
    if rules.pot_limit is not None:  # wikipedia: the limit caps a payment, not the take
        assert r.payments.max() <= rules.pot_limit
    won = r.winner >= 0
    if rules.bourre_paid_to == "winner":  # glimne: the winner takes the pot and the payments
        assert np.all(r.taken[won] == r.pot_played[won] + r.payments.sum(axis=1)[won])
    else:
        assert np.all(r.taken[won] == r.pot_played[won])


@pytest.mark.parametrize(
    ("label", "rules", "players"), VARIANTS[:12], ids=[v[0] for v in VARIANTS[:12]]
)
def test_money_follows_settle_hand_by_hand(label: str, rules: Rules, players: int) -> None:
    """Each hand's winner, take, payments and next antes are what settle() decides."""
    r = simulate(600, players, rules, "random", seed=5)
    skips: frozenset = frozenset()
    for h in range(r.hands):
        dealer = h % players
        owing = [p for p in range(players) if p not in skips]
        base = np.zeros(players, dtype=np.int64)
        if rules.dealer_antes_for_all:
            base[dealer] = len(owing)
        else:
            base[owing] = 1
        second = r.played[h] & (rules.second_ante or rules.double_ante)
        if _dealer_took_it_alone(r, h, rules):
            second[dealer] = False  # the dealer never declared, so no second ante
        assert np.array_equal(r.antes[h], base + second), f"hand {h}"
        if r.all_passed[h]:
            skips = frozenset()
            continue
        tricks = {p: int(r.tricks[h, p]) for p in range(players) if r.played[h, p]}
        s = settle(int(r.pot_played[h]), tricks, rules)
        assert (s.winner if s.winner is not None else -1) == r.winner[h]
        assert s.taken == r.taken[h] and s.pot_carried == r.pot_after[h]
        assert {p: r.payments[h, p] for p in range(players) if r.payments[h, p]} == dict(s.payments)
        skips = frozenset(s.skips_next_ante)


def _dealer_took_it_alone(r: SimulationResult, h: int, rules: Rules) -> bool:
    """pagat: everyone but the dealer passed, so the dealer took the pot without declaring."""
    return rules.lone_player_wins and r.played[h].sum() == 1 and r.played[h, h % r.players]


def test_thread_and_process_pools_give_the_serial_result() -> None:
    """executor=: chunks with derived seeds, so the parallel run equals the serial one."""
    hands = 2 * CHUNK_HANDS + 1234
    serial = simulate(hands, 5, glimne, "random", seed=21)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = simulate(hands, 5, glimne, "random", seed=21, executor=pool)
    _assert_same(serial, parallel)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = simulate(hands, 5, glimne, "random", seed=21, executor=pool)
    _assert_same(serial, threaded)


def test_bad_arguments_are_refused_with_a_reason() -> None:
    """Clear errors for hands, players, bots, engine."""
    with pytest.raises(ValueError, match="hands must be a whole number"):
        simulate(-1)
    with pytest.raises(ValueError, match="outside the wikipedia rules' range"):
        simulate(10, 8, wikipedia)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(10, 5, bots="clever")
    with pytest.raises(ValueError, match="engine must be"):
        simulate(10, engine="turbo")
    with pytest.raises(ValueError, match="fast engine runs only"):
        simulate(10, bots=_Stubborn(), engine="fast")
    with (
        pytest.raises(ValueError, match="executor= needs the fast engine"),
        ThreadPoolExecutor(1) as pool,
    ):
        simulate(10, bots=_Stubborn(), executor=pool)


def test_zero_hands_is_an_empty_result() -> None:
    """simulate(0) returns empty arrays and the untouched bankrolls."""
    r = simulate(0, 4)
    assert r.hands == 0 and r.tricks.shape == (0, 4) and r.chips == 400


class _Stubborn(Bot):
    """Always plays; discards nothing; plays its lowest legal card."""

    name = "stubborn"

    def declare(self, view: SeatView) -> bool:
        return True

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        return ()

    def play(self, view: SeatView, legal: frozenset[Card]) -> Card:
        return min(legal, key=lambda c: c.rank)


def test_a_bot_of_your_own_runs_through_the_readable_engine() -> None:
    """Any Bot subclass: simulate falls back to Game, and the chips still add up."""
    r = simulate(40, 4, pagat, [_Stubborn(), "random", "heuristic", RandomBot(seed=1)], seed=2)
    assert r.engine == "readable" and r.chips == 400
    assert r.played[:, 0].all()  # the stubborn seat plays every hand
    assert r.bots == ("stubborn", "random", "heuristic", "random")


# --- the fast core against the readable Game: same distributions -------------------------------

CRITICAL_CHI2 = {
    1: 15.14,
    2: 18.42,
    3: 21.11,
    4: 23.51,
    5: 25.74,
    6: 27.86,
    7: 29.88,
    8: 31.83,
}
"""Chi-square critical values at p = 0.0001 by degrees of freedom (standard tables): with
twenty statistics checked, a false alarm stays below one run in five hundred."""


def _chi_square(observed: np.ndarray, reference: np.ndarray) -> tuple[float, int]:
    """Goodness of fit of `observed` counts to the shares of `reference` (bins with fewer than
    five expected are pooled into their neighbour)."""
    expected_share = reference / reference.sum()
    expected = expected_share * observed.sum()
    obs, exp = [], []
    o_acc = e_acc = 0.0
    for o, e in zip(observed, expected, strict=True):
        o_acc, e_acc = o_acc + o, e_acc + e
        if e_acc >= 5:
            obs.append(o_acc)
            exp.append(e_acc)
            o_acc = e_acc = 0.0
    if e_acc:
        obs[-1] += o_acc
        exp[-1] += e_acc
    o, e = np.array(obs), np.array(exp)
    return float(((o - e) ** 2 / e).sum()), len(o) - 1


def _features(r: SimulationResult, pot_edges: np.ndarray) -> dict[str, np.ndarray]:
    """Counts per category: players in, tricks per player, outcome, bourrés, pot size."""
    n = r.players
    position = (r.winner.astype(int) - r.dealer.astype(int) - 1) % n
    outcome = np.where(r.all_passed, n + 1, np.where(r.split, n, position))
    return {
        "players in": np.bincount(r.played.sum(axis=1), minlength=n + 1),
        "tricks per player": np.bincount(r.tricks[r.played], minlength=6),
        "outcome": np.bincount(outcome, minlength=n + 2),
        "bourrés": np.bincount(np.minimum(r.bourred.sum(axis=1), 2), minlength=3),
        "pot at the end of play": np.bincount(
            np.searchsorted(pot_edges, r.pot_played), minlength=len(pot_edges) + 1
        ),
    }


SWITCHED = dataclasses.replace(
    pagat,
    separate_trump_card="dealer",
    dealer_ace_leads=True,
    restock="folded_then_discards",
    max_discards=3,
    lone_player_wins=False,
    second_ante=True,
    pot_limit=6,
)
"""Many flow and money switches at once, away from every preset."""

DISTRIBUTION_CASES = {
    "glimne-random": (glimne, 5, "random", 2000),
    "pagat-6-random": (pagat, 6, "random", 1000),
    "pagat-heuristic": (pagat, 5, "heuristic", 1000),
    "switched-8-random": (SWITCHED, 8, "random", 800),
}


@functools.cache
def _readable_run(case: str) -> SimulationResult:
    rules, players, bots, hands = DISTRIBUTION_CASES[case]
    return simulate(hands, players, rules, bots, seed=1, engine="readable")


def _fast_sessions(rules: Rules, players: int, bots: str, hands: int) -> list[SimulationResult]:
    """About 200,000 fast-core hands as sessions as long as the readable one (the pot of a
    session drifts with its length under a pot limit, so lengths must match)."""
    return [simulate(hands, players, rules, bots, seed=1000 + i) for i in range(200_000 // hands)]


def _distribution_misfits(
    fast: list[SimulationResult], slow: SimulationResult
) -> dict[str, tuple[float, int]]:
    """Chi-square statistic and degrees of freedom of each statistic that fails at p = 0.0001."""
    pots = np.concatenate([r.pot_played for r in fast])
    edges = np.unique(np.quantile(pots, [0.2, 0.4, 0.6, 0.8]))
    reference = {}
    for r in fast:
        for name, counts in _features(r, edges).items():
            reference[name] = reference.get(name, 0) + counts
    observed = _features(slow, edges)
    misfits = {}
    for name in reference:
        statistic, dof = _chi_square(observed[name], reference[name])
        assert dof >= 1, name
        if statistic >= CRITICAL_CHI2[dof]:
            misfits[name] = (round(statistic, 1), dof)
    return misfits


@pytest.mark.parametrize("case", sorted(DISTRIBUTION_CASES))
def test_fast_core_and_readable_game_agree_in_distribution(case: str) -> None:
    """Chi-square (p = 0.0001) on five per-hand statistics: fast core vs Game + the same bots."""
    rules, players, bots, hands = DISTRIBUTION_CASES[case]
    slow = _readable_run(case)
    fast = _fast_sessions(rules, players, bots, hands)
    assert slow.engine == "readable" and fast[0].engine == "fast"
    assert _distribution_misfits(fast, slow) == {}


def test_the_distribution_check_notices_a_different_rule() -> None:
    """The same check rejects a fast run under other rules (it has power, not just luck)."""
    changed = dataclasses.replace(glimne, second_ante=False, ante_skip="bourred")
    fast = _fast_sessions(changed, 5, "random", DISTRIBUTION_CASES["glimne-random"][3])
    misfits = _distribution_misfits(fast, _readable_run("glimne-random"))
    assert "pot at the end of play" in misfits


def test_heuristic_bots_beat_random_bots() -> None:
    """One heuristic seat among random bots wins chips over many hands."""
    r = simulate(50_000, 5, pagat, [HeuristicBot()] + ["random"] * 4, seed=4)
    assert r.net[:, 0].sum() > 0 > r.net[:, 1:].sum()


def test_simultaneous_declaration_removes_the_dealer_alone_shortcut() -> None:
    """pagat: with everyone else out the dealer takes the pot, so no hand is passed out; when
    play or pass is declared at once (pagat's variant) the dealer may pass too."""
    usual = simulate(3000, 3, pagat, "random", seed=4)
    assert not usual.all_passed.any()
    blind = simulate(
        3000, 3, dataclasses.replace(pagat, simultaneous_declaration=True), "random", seed=4
    )
    assert blind.all_passed.any()
    assert blind.chips == 3 * blind.bankroll
