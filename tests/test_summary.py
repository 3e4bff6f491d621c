"""simulate(..., summary=True): the counts equal those of the kept hands, whatever the rules,
the chunking or the executor; tallies add exactly and associatively; memory does not grow
with the hands; the figures read off a summary match the ones read off the arrays."""

from __future__ import annotations

import dataclasses
import itertools
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest
from test_simulate import VARIANTS

from bourre_lessons.rules import PRESETS
from bourre_lessons.sim import runs
from bourre_lessons.sim.advisor import mean_interval, wilson
from bourre_lessons.sim.simulation import CHUNK_HANDS, simulate
from bourre_lessons.sim.summary import POT_SIZES, SimulationSummary, Tally

pagat, glimne = PRESETS["pagat"], PRESETS["glimne"]


def _assert_same_session(summary: SimulationSummary, kept) -> None:
    """The summary counts exactly the kept hands, and ends with the same chips."""
    assert summary.tally == kept.summarize().tally
    assert np.array_equal(summary.bankrolls, kept.bankrolls)
    assert summary.pot == (int(kept.pot_after[-1]) if kept.hands else 0)
    assert summary.chips == kept.chips == kept.players * kept.bankroll


@pytest.mark.parametrize(("case", "rules", "players"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_the_summary_counts_the_same_hands_as_the_kept_arrays(case, rules, players) -> None:
    """Two chunks and a bit, every rule switch that moves chips: the counts are identical, and
    the compiled count equals one written with plain NumPy reductions."""
    hands = 2 * CHUNK_HANDS + 77
    kept = simulate(hands, players, rules, "random", seed=11)
    summary = simulate(hands, players, rules, "random", seed=11, summary=True)
    _assert_same_session(summary, kept)
    assert summary.tally == _numpy_tally(kept, rules.pays_second_ante)


def _numpy_tally(r, second_ante: bool) -> Tally:
    """The tally of a kept run, counted with NumPy reductions over the arrays."""
    n = r.players
    won = np.nonzero(r.winner >= 0)[0]
    winners = r.winner[won].astype(np.int64)
    gain = np.zeros(r.payments.shape, dtype=np.int64)
    gain[won, winners] = r.taken[won]
    cost = gain - r.payments - (r.played & second_ante)
    position = (np.arange(n)[None, :] - r.dealer[:, None].astype(np.int64) - 1) % n
    edges = 2 ** np.arange(POT_SIZES - 1, dtype=np.int64)
    tricks = np.array([np.bincount(r.tricks[r.played[:, p], p], minlength=6) for p in range(n)])
    return Tally(
        players=n,
        hands=r.hands,
        splits=int(r.split.sum()),
        all_passed=int(r.all_passed.sum()),
        pot_sum=int(r.pot_played.sum()),
        pot_max=int(r.pot_played.max()),
        last_pot=int(r.pot_after[-1]),
        played=r.played.sum(axis=0),
        bourred=r.bourred.sum(axis=0),
        wins=np.bincount(winners, minlength=n),
        antes=r.antes.sum(axis=0, dtype=np.int64),
        payments=r.payments.sum(axis=0),
        taken=gain.sum(axis=0),
        net=r.net.sum(axis=0),
        rather_pass=(r.played & (cost < 0)).sum(axis=0),
        wins_by_position=np.bincount(position[won, winners], minlength=n),
        played_by_position=np.bincount(position[r.played], minlength=n),
        net_squares=tuple(int(x) for x in (r.net.astype(object) ** 2).sum(axis=0)),
        tricks_taken=tricks,
        pot_sizes=np.bincount(np.searchsorted(edges, r.pot_played, side="right"), minlength=64),
    )


@pytest.mark.parametrize("chunk", [1, 2, 3, 7])
@pytest.mark.parametrize(
    "rules",
    [
        pagat,
        dataclasses.replace(glimne, pot_limit=4),
        dataclasses.replace(pagat, second_ante=True, ante_skip="bourred_and_tied"),
        dataclasses.replace(PRESETS["wikipedia"], dealer_antes_for_all=True),
    ],
    ids=["pagat", "glimne limit 4", "skip bourréd and tied", "dealer antes"],
)
def test_tiny_chunks_carry_the_pot_and_the_skipped_antes_across(monkeypatch, rules, chunk) -> None:
    """Chunks of 1 to 7 hands: most end before the pot is emptied, so the pot and the ante
    skips carried from chunk to chunk decide every count."""
    monkeypatch.setattr(runs, "CHUNK_HANDS", chunk)
    kept = simulate(400, 5, rules, "random", seed=chunk)
    summary = simulate(400, 5, rules, "random", seed=chunk, summary=True)
    assert kept.pot_after.max() > 0  # a pot to carry, and (where the rules say so) skipped antes
    assert rules.ante_skip == "none" or (kept.antes == 0).any()
    _assert_same_session(summary, kept)


def test_tallies_add_exactly_and_associatively() -> None:
    """Cut a session's hands anywhere: the pieces' tallies add up to the whole, in any grouping."""
    r = simulate(5000, 5, glimne, "random", seed=3)
    cuts = [0, 1, 1234, 1235, 4000, 5000]
    pieces = [
        Tally.of_hands(_rows(r, a, b), r.tricks[a:b], 5, glimne.pays_second_ante)
        for a, b in itertools.pairwise(cuts)
    ]
    whole = r.summarize().tally
    left = pieces[0]
    for piece in pieces[1:]:
        left = left + piece
    right = pieces[-1]
    for piece in reversed(pieces[:-1]):
        right = piece + right
    assert left == whole and right == whole
    assert (pieces[0] + pieces[1]) + pieces[2] == pieces[0] + (pieces[1] + pieces[2])
    assert whole + Tally.empty(5) == whole == Tally.empty(5) + whole
    assert pieces[1] + pieces[2] != pieces[2] + pieces[1]  # order matters: the last pot
    assert whole.hands == 5000 and whole.pot_sizes.sum() == 5000


def _rows(r, a: int, b: int):
    """Hands a .. b-1 of a result, with the attributes a Tally reads."""
    names = ("dealer", "winner", "split", "all_passed", "pot_played", "pot_after", "taken")
    names += ("antes", "payments", "played", "bourred")
    return type("Rows", (), {n: getattr(r, n)[a:b] for n in names})


def test_the_figures_of_a_summary_match_the_arrays() -> None:
    """Win rates, bourré rate, mean pot, chips per hand and win share with their intervals,
    and the text summary, all computed the old way from the arrays."""
    r = simulate(20_000, 5, pagat, "heuristic", seed=5)
    s = simulate(20_000, 5, pagat, "heuristic", seed=5, summary=True)
    assert np.array_equal(s.win_rate_by_seat(), r.win_rate_by_seat())
    assert s.bourre_rate() == r.bourre_rate()
    assert s.mean_pot() == pytest.approx(float(r.pot_played.mean()), rel=1e-12)
    for seat in range(5):
        expected = mean_interval(r.net[:, seat])
        got = s.chips_per_hand(seat)
        assert (got.value, got.low, got.high) == pytest.approx(
            (expected.value, expected.low, expected.high), rel=1e-9
        )
        assert s.win_share(seat) == wilson(int((r.winner == seat).sum()), r.hands)
        assert r.chips_per_hand(seat) == got and r.win_share(seat) == s.win_share(seat)
    assert r.mean_pot() == s.mean_pot() and r.summarize() == s
    assert s.tally.tricks_taken[0].sum() == r.played[:, 0].sum()
    assert s.tally.tricks_taken[0, 0] == r.bourred[:, 0].sum()
    lines = s.summary().splitlines()
    assert f"mean pot at the end of play: {r.pot_played.mean():.2f}" == lines[1]
    assert (
        f"split pots: {r.split.mean():.1%}, everyone passed: {r.all_passed.mean():.1%}" in lines[2]
    )
    assert lines[3] == "bankrolls: " + " ".join(str(int(b)) for b in r.bankrolls)


def test_the_pot_histogram_buckets_by_powers_of_two() -> None:
    """Bucket 0 holds empty pots, bucket b the pots from 2**(b-1) to 2**b - 1."""
    r = simulate(3000, 5, glimne, "random", seed=8)
    sizes = r.summarize().tally.pot_sizes
    assert sizes.shape == (POT_SIZES,)
    for b in range(12):
        low, high = (0, 0) if b == 0 else (2 ** (b - 1), 2**b - 1)
        assert sizes[b] == ((r.pot_played >= low) & (r.pot_played <= high)).sum(), b


def test_a_tally_survives_json_and_bad_json_is_refused() -> None:
    """to_json / from_json give back the same counts; a wrong shape is named."""
    tally = simulate(2000, 4, glimne, "random", seed=1, summary=True).tally
    assert Tally.from_json(tally.to_json()) == tally
    broken = tally.to_json() | {"wins": [1, 2]}
    with pytest.raises(ValueError, match="one count per seat"):
        Tally.from_json(broken)
    with pytest.raises(ValueError, match="not a tally"):
        Tally.from_json({"players": 4})


def test_huge_chip_swings_keep_their_squares_exact() -> None:
    """Past int64's safe range the sums of squares are summed in Python integers, still exact
    (3e9 squared twice would wrap an int64)."""
    big = 3 * 10**9
    rows = type(
        "Rows",
        (),
        {
            "dealer": np.array([0, 1], dtype=np.int8),
            "winner": np.array([0, -1], dtype=np.int8),
            "split": np.array([False, True]),
            "all_passed": np.array([False, False]),
            "pot_played": np.array([big, 4], dtype=np.int64),
            "pot_after": np.array([0, 4], dtype=np.int64),
            "taken": np.array([big, 0], dtype=np.int64),
            "antes": np.ones((2, 2), dtype=np.int8),
            "payments": np.zeros((2, 2), dtype=np.int64),
            "played": np.ones((2, 2), dtype=bool),
            "bourred": np.zeros((2, 2), dtype=bool),
        },
    )
    rows.taken = np.array([big, big], dtype=np.int64)
    rows.winner = np.array([0, 0], dtype=np.int8)
    tally = Tally.of_hands(rows, np.full((2, 2), 2, dtype=np.int8), 2, False)
    assert tally.net_squares == (2 * (big - 1) ** 2, 1 + 1)
    assert tally.net[0] == 2 * (big - 1) and tally.wins[0] == 2
    assert tally.pot_sizes[big.bit_length()] == 1


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_any_executor_counts_the_same_summary(pool) -> None:
    """Threads or processes: the chunks come home in any order, the counts are the serial ones."""
    hands = 3 * CHUNK_HANDS + 5
    serial = simulate(hands, 6, glimne, "random", seed=21, summary=True)
    with pool(max_workers=2) as executor:
        parallel = simulate(hands, 6, glimne, "random", seed=21, summary=True, executor=executor)
    assert parallel == serial


def _peak_bytes(hands: int, summary: bool) -> int:
    tracemalloc.start()
    try:
        simulate(hands, 5, pagat, "random", seed=2, summary=summary)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_summary_memory_does_not_grow_with_the_hands() -> None:
    """Twenty times the hands: the summary's peak stays put, the kept arrays' grows with them."""
    few, many = 2 * CHUNK_HANDS, 40 * CHUNK_HANDS
    summary_few, summary_many = _peak_bytes(few, True), _peak_bytes(many, True)
    kept_few, kept_many = _peak_bytes(few, False), _peak_bytes(many, False)
    assert summary_many < 1.3 * summary_few
    assert kept_many > 10 * kept_few
    assert summary_many < kept_many / 10
