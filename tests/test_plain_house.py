"""The paired comparison in plain Python (`sim.plain_house`, the workbench's Measure in the
browser) against the compiled one (`sim.house_lab`).

The twin deals its hands through the readable `Game` (each session's two tables from the same
seed), the compiled core from its own random numbers, so the two play different deals of the
same game: they are held to each other IN DISTRIBUTION, as the other twins are
(tests/test_plain_simulation.py): each difference, and each share of hands, may differ by at
most `WIDEN` times the root of the sum of the two runs' squared 95% half-widths. What pairing
promises is checked exactly: a rulebook against itself differs by 0, swapping the two negates
every difference, the deal `paired_hand` gives is the one the run's tables dealt, and that
deal replayed on a fresh table plays the run's hand action for action.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from bourre_lessons.game import Game
from bourre_lessons.house import HouseRulesError, example_houses
from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.sim import backend, house_lab, plain_house
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.sim.estimates import wilson
from bourre_lessons.sim.fast.paired import PLAY_ENTRIES
from bourre_lessons.sim.fast.switches import SWITCH_FIELDS
from bourre_lessons.sim.plain_house import (
    MOST_HOUSE_HANDS,
    PLAY_SWITCHES,
    SESSION_HANDS,
    compare,
    paired_hand,
    session_seed,
)
from bourre_lessons.widgets.workbench import bench_core
from bourre_lessons.widgets.workbench.bench_deal import run_deal

WIDEN = 1.5
"""How many combined 95% half-widths two estimates of one figure may lie apart (as in
tests/test_plain_simulation.py)."""
WIKI = PRESETS["wikipedia"]
TRUMP_ANYWAY = dataclasses.replace(WIKI, trump_when_cannot_win=True)
HAND_SHARES = ("split_rate", "played_out_rate", "won_without_play_rate")


def half(ci95: tuple[float, float]) -> float:
    """Half the width of a 95% interval."""
    return (ci95[1] - ci95[0]) / 2


def agree(a: float, half_a: float, b: float, half_b: float) -> bool:
    """Two estimates lie within the tolerance their intervals give."""
    return abs(a - b) <= WIDEN * math.hypot(half_a, half_b)


def disagreements(plain: house_lab.Comparison, fast: house_lab.Comparison) -> list[str]:
    """Each difference (house minus against), and each share of hands under either rulebook,
    that the two simulators do not agree on."""
    found = []
    for m in plain.measures:
        f = fast.measure(m.name)
        if not agree(m.difference, half(m.ci95), f.difference, half(f.ci95)):
            found.append(
                f"{m.name}: difference {m.difference:+.4f} {m.ci95} vs {f.difference:+.4f} {f.ci95}"
            )
    for name in HAND_SHARES:
        for side in ("house", "against"):
            a, b = getattr(plain.measure(name), side), getattr(fast.measure(name), side)
            ea, eb = (
                wilson(round(a * plain.hands), plain.hands),
                wilson(round(b * fast.hands), fast.hands),
            )
            if not agree(ea.value, half((ea.low, ea.high)), eb.value, half((eb.low, eb.high))):
                found.append(f"{name} under {side}: {a:.4f} vs {b:.4f}")
    return found


def test_agreement_can_fail():
    """A difference far from the other's for their intervals is caught; a close one is not."""
    assert not agree(0.010, 0.002, 0.004, 0.001)
    assert agree(0.010, 0.004, 0.005, 0.001)
    plain = compare(TRUMP_ANYWAY, "wikipedia", hands=400)
    moved = dataclasses.replace(
        plain,
        measures=tuple(
            dataclasses.replace(m, difference=m.difference + 0.05) if m.name == "bourre_rate" else m
            for m in plain.measures
        ),
    )
    assert disagreements(plain, plain) == []
    assert [d.split(":")[0] for d in disagreements(moved, plain)] == ["bourre_rate"]


@pytest.mark.parametrize(
    ("house", "against", "players"),
    [
        (TRUMP_ANYWAY, "wikipedia", 5),
        (example_houses()["friday_table"], None, 5),
        ("glimne", "pagat", 4),
    ],
    ids=["trump anyway", "friday table", "glimne against pagat, 4 players"],
)
def test_the_twin_agrees_with_the_compiled_core_in_distribution(house, against, players):
    """Every measure's difference, and the shares of hands under both rulebooks: plain (2,000
    hands through `Game`) against compiled (40,000 hands)."""
    plain = compare(house, against, hands=MOST_HOUSE_HANDS, players=players, seed=3)
    fast = house_lab.compare(house, against, hands=40_000, players=players, seed=3)
    assert plain.names() == fast.names() and plain.notes == fast.notes
    assert (plain.house_name, plain.against_name) == (fast.house_name, fast.against_name)
    assert disagreements(plain, fast) == []


def test_the_twin_answers_for_house_lab_where_the_compiled_core_is_missing():
    assert backend.TWINS["bourre_lessons.sim.house_lab"] == "bourre_lessons.sim.plain_house"
    assert set(house_lab.__all__) <= set(plain_house.__all__)
    assert plain_house.Measure is house_lab.Measure
    assert plain_house.RulebookComparison is house_lab.RulebookComparison


def test_the_play_switches_are_the_ones_the_compiled_rules_read():
    assert set(PLAY_SWITCHES) == {SWITCH_FIELDS[i] for i in PLAY_ENTRIES}


@pytest.mark.parametrize(
    ("house", "against"),
    [("pagat", "pagat"), (dataclasses.replace(Rules(), renege="penalty"), "pagat")],
)
def test_a_rulebook_against_itself_differs_by_exactly_zero(house, against):
    result = compare(house, against, hands=400)
    assert result.hands == 400
    for m in result.measures:
        assert (m.difference, m.ci95, m.house) == (0.0, (0.0, 0.0), m.against), m


def test_swapping_the_rulebooks_negates_every_difference():
    a = compare(TRUMP_ANYWAY, "wikipedia", hands=400)
    b = compare("wikipedia", TRUMP_ANYWAY, hands=400)
    for m in a.measures:
        other = b.measure(m.name)
        assert (other.house, other.against) == (m.against, m.house), m.name
    c = compare(TRUMP_ANYWAY, "pagat", hands=400)
    for name in a.names():
        if name != "decisions_touched":
            assert a.measure(name).house == c.measure(name).house, name


def test_a_trump_anyway_changes_cards_and_a_money_switch_does_not():
    trump = compare(TRUMP_ANYWAY, "wikipedia", hands=600)
    assert trump.measure("decisions_touched").house > 0 and trump.mattered
    money = compare(dataclasses.replace(WIKI, pot_limit=5), "wikipedia", hands=600)
    assert money.measure("decisions_touched").house == 0
    assert money.measure("played_out_rate").difference == 0


def test_progress_reports_partial_results_and_stop_keeps_them():
    seen: list = []
    result = compare(TRUMP_ANYWAY, "wikipedia", hands=600, on_progress=seen.append)
    assert [c.hands for c in seen] == [200, 400, 600]
    assert seen[-1] == result and not result.stopped
    stopped = compare(TRUMP_ANYWAY, "wikipedia", hands=2000, on_progress=lambda c: c.hands < 400)
    assert stopped.stopped and stopped.hands == 400 and "stopped early" in stopped.to_text()
    assert stopped.measures == compare(TRUMP_ANYWAY, "wikipedia", hands=400).measures


def test_steps_are_the_partial_comparisons_and_a_part_session_counts():
    steps = list(plain_house.compare_steps("glimne", "pagat", hands=250))
    assert [s.hands for s in steps] == [200, 250]
    assert steps[-1] == compare("glimne", "pagat", hands=250)
    assert all(math.isfinite(m.ci95[0]) for m in steps[0].measures)


def test_the_sample_is_capped_and_the_note_says_so():
    """At most MOST_HOUSE_HANDS hands are played; the notes say how many of those asked."""
    asked = 10 * MOST_HOUSE_HANDS
    capped = next(plain_house.compare_steps(TRUMP_ANYWAY, "wikipedia", hands=asked))
    assert capped.hands == 2 * SESSION_HANDS
    note = f"plain Python in the browser: {MOST_HOUSE_HANDS:,} of the {asked:,} hands asked"
    assert any(n.startswith(note) for n in capped.notes)
    assert f"Note: {note}" in capped.to_text()
    whole = compare(TRUMP_ANYWAY, "wikipedia", hands=400)
    assert not any("plain Python" in n for n in whole.notes)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 8}, "seat 2 to 7"),
        ({"hands": 50}, "at least 200"),
        ({"chunk_hands": 250}, "multiple of 100"),
        ({"bots": "clever"}, "unknown bot"),
        ({"against": "wiki"}, "no such file"),
        ({"on_progress": 3}, "on_progress must be a function"),
    ],
)
def test_bad_arguments_are_refused_in_words_as_the_compiled_core_refuses_them(kwargs, words):
    args = {"against": "pagat", **kwargs}
    for run in (compare, house_lab.compare):
        with pytest.raises((ValueError, TypeError, HouseRulesError), match=words):
            run(TRUMP_ANYWAY, **args)


def test_the_json_form_is_the_compiled_ones():
    data = compare(example_houses()["friday_table"], hands=200).to_json_dict()
    fast = house_lab.compare(example_houses()["friday_table"], hands=200).to_json_dict()
    assert (data["hands"], data["players"]) == (200, 5)
    assert data["measures"].keys() == fast["measures"].keys()


def _run_table(rules: Rules, players: int, seed: int, hand: int) -> tuple[Game, tuple[str, ...]]:
    """The run's table of `rules` after hand number `hand`, and that hand's actions."""
    session, number = divmod(hand, SESSION_HANDS)
    table = Game(rules, players, session_seed(seed, session))
    bot = HeuristicBot()
    for k in range(number + 1):
        start = len(table.actions)
        play_bots(table, bot, deal=k > 0)
    return table, tuple(a for a in table.actions[start:] if a != "deal")


@pytest.mark.parametrize(("players", "hand"), [(5, 0), (5, 7), (4, SESSION_HANDS + 3), (7, 12)])
def test_paired_hand_is_the_deal_the_run_dealt(players, hand):
    table, _ = _run_table(WIKI, players, 2, hand)
    dealt = paired_hand(WIKI, players, 2, hand)
    rec = table.hand_record
    assert table.players[dealt.dealer] == rec.dealer and dealt.turned == rec.trump_card
    assert {p: frozenset(c) for p, c in rec.dealt.items()} == {
        table.players[i]: cards for i, cards in enumerate(dealt.hands)
    }
    assert plain_house.paired_deal(WIKI, players, 2, hand) == (
        dealt.hands,
        dealt.turned,
        dealt.dealer,
    )


def test_a_hand_where_the_rulebooks_parted_replays_action_for_action(monkeypatch):
    """The workbench's hand where it mattered in the browser: the run's deal (the twin's
    `paired_hand`, written out by `bench_deal.run_deal`) on a fresh table plays the run's own
    hand under both rulebooks."""
    monkeypatch.setattr(bench_core, "paired_hand", paired_hand, raising=False)
    result = compare(TRUMP_ANYWAY, "wikipedia", hands=200, seed=4)
    assert result.mattered
    for hand in result.mattered[:3]:
        for rules in (TRUMP_ANYWAY, WIKI):
            _, actions = _run_table(rules, 5, 4, hand)
            fresh = Game(rules, 5, 0, deal=dict(run_deal(TRUMP_ANYWAY, 5, 4, hand)))
            assert tuple(play_bots(fresh, HeuristicBot())) == actions, hand
