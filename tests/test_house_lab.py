"""The paired comparison (bourre_lessons.sim.house_lab, issue 29 section 1's measuring half).

"The same deals" is checked where it shows: a rulebook compared with itself differs by exactly
0 on every measure, the house's own figures do not depend on what it is compared with, and the
deal of hand i is the same under any rules.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path

import numpy as np
import pytest

from bourre_lessons.house import HouseRules, HouseRulesError, example_houses
from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.sim.estimates import wilson
from bourre_lessons.sim.fast import switches
from bourre_lessons.sim.fast.hand import LOG_COLUMNS
from bourre_lessons.sim.fast.paired import PLAY_ENTRIES
from bourre_lessons.sim.house_lab import (
    SESSION_HANDS,
    Comparison,
    PairedHand,
    compare,
    paired_deal,
    paired_hand,
)
from bourre_lessons.sim.simulation import simulate

LEGAL = importlib.import_module("bourre_lessons.sim.fast.legal")  # the package exports the function
WIKI = PRESETS["wikipedia"]
TRUMP_ANYWAY = dataclasses.replace(WIKI, trump_when_cannot_win=True)
REQUIRED = ("bourre_rate", "mean_pot", "split_rate", "played_out_rate")


@pytest.mark.parametrize(
    ("house", "against"),
    [
        ("wikipedia", "wikipedia"),
        (HouseRules("same", "glimne", PRESETS["glimne"]), "glimne"),
        (dataclasses.replace(Rules(), renege="penalty", out_of_turn_penalty=False), "pagat"),
    ],
)
def test_a_rulebook_compared_with_itself_differs_by_exactly_zero(house, against):
    result = compare(house, against, hands=1000, chunk_hands=500)
    assert result.hands == 1000
    for m in result.measures:
        assert m.difference == 0.0, m
        assert m.ci95 == (0.0, 0.0), m
        assert m.house == m.against, m


def test_switches_the_bots_never_exercise_are_named_in_the_notes():
    house = dataclasses.replace(Rules(), renege="penalty")
    result = compare(house, "pagat", hands=400)
    assert any(note.startswith("renege differs") for note in result.notes)
    assert "Note: renege differs" in result.to_text()
    seven = compare(dataclasses.replace(WIKI, max_discards_seven=None), "wikipedia", hands=400)
    assert any("seven or more players" in note for note in seven.notes)
    assert compare(TRUMP_ANYWAY, "wikipedia", hands=400).notes == ()


def test_the_house_figures_do_not_depend_on_what_they_are_compared_with():
    a = compare(TRUMP_ANYWAY, "wikipedia", hands=1000)
    b = compare(TRUMP_ANYWAY, "pagat", hands=1000)
    for name in a.names():
        if name != "decisions_touched":
            assert a.measure(name).house == b.measure(name).house, name


def test_swapping_the_rulebooks_negates_the_difference():
    a = compare(TRUMP_ANYWAY, "wikipedia", hands=1000)
    b = compare("wikipedia", TRUMP_ANYWAY, hands=1000)
    for m in a.measures:
        other = b.measure(m.name)
        assert other.house == m.against and other.against == m.house
        assert other.difference == pytest.approx(-m.difference, abs=1e-12)


def test_hand_i_is_dealt_the_same_under_any_rules():
    for hand in (0, 1, 57, 1999):
        deals = {paired_deal(PRESETS[name], 5, 3, hand) for name in ("glimne", "wikipedia")}
        assert len(deals) == 1
        hands, turned, dealer = deals.pop()
        assert all(len(h) == 5 for h in hands) and dealer == hand % 5
        assert len(set().union(*hands)) == 25
        assert turned in hands[dealer]  # the dealer's last card is turned for trump
    assert paired_deal(WIKI, 5, 3, 0) != paired_deal(WIKI, 5, 4, 0)
    assert paired_deal(WIKI, 5, 3, 0) != paired_deal(WIKI, 5, 3, 1)


STOCK_CASES = {
    "glimne": PRESETS["glimne"],
    "wikipedia": WIKI,
    "pagat (one round)": PRESETS["pagat"],
    "separate trump card, the dealer's": dataclasses.replace(
        Rules(), separate_trump_card="dealer", max_players=8
    ),
    "at most two discards": dataclasses.replace(PRESETS["glimne"], max_discards=2),
}


def run_first_hands(rules: Rules, players: int, seed: int, first: int, count: int):
    """Play paired hands first .. first + count - 1 in the compiled core with the heuristic
    bots, logging every card decision: (outcomes, log, log ends)."""
    from bourre_lessons.sim.bot_names import resolve_bots
    from bourre_lessons.sim.chunks import fast_seats
    from bourre_lessons.sim.fast import encode_rules
    from bourre_lessons.sim.fast.hand import new_log, new_outcomes
    from bourre_lessons.sim.fast.paired import play_paired_chunk
    from bourre_lessons.sim.house_lab import _run_seed

    outcomes = new_outcomes(count, players)
    log = new_log(count * 5 * players)
    ends = np.zeros(count, dtype=np.int64)
    seats = fast_seats(resolve_bots("heuristic", players))
    vector = encode_rules(rules, players)
    assert (
        play_paired_chunk(players, first, vector, seats, _run_seed(seed), outcomes, log, ends) == 0
    )
    return outcomes, log, ends


def drawn_by_seat(dealt: PairedHand, first_trick: list[int]) -> dict[int, frozenset] | None:
    """Each player's cards drawn, from the hands they held at their first card of the hand
    (the log's `hand` column): held less dealt (and less the turned card, which the dealer
    may take apart). None when a player who drew five cards cannot be told apart."""
    from bourre_lessons.sim.fast.bits import cards_of

    drawn, unknown = {}, []
    for mask in first_trick:
        held = frozenset(cards_of(mask))
        seats = [s for s, cards in enumerate(dealt.hands) if cards & held]
        if not seats:
            unknown.append(held)
            continue
        drawn[seats[0]] = held - dealt.hands[seats[0]] - {dealt.turned}
    return None if unknown else drawn


def stock_serves(stock: tuple, drawn: dict[int, frozenset], dealer: int, players: int) -> bool:
    """Whether `stock`, taken in order by the players in turn from the dealer's left, gives
    each exactly the cards it drew."""
    place = 0
    for i in range(1, players + 1):
        seat = (dealer + i) % players
        if seat in drawn:
            block = frozenset(stock[place : place + len(drawn[seat])])
            if block != drawn[seat]:
                return False
            place += len(drawn[seat])
    return True


@pytest.mark.parametrize("name", list(STOCK_CASES))
def test_paired_hand_gives_the_stock_in_the_order_the_compiled_run_drew_it(name):
    """Played in the compiled paired loop, each player's hand at its first card is its dealt
    hand, less its discards, plus the next cards of `paired_hand`'s stock in turn from the
    dealer's left; the same stock read backwards, or turned by one card, serves wrong cards."""
    rules, players, seed, first, count = STOCK_CASES[name], 5, 11, 300, 150
    outcomes, log, ends = run_first_hands(rules, players, seed, first, count)
    column = LOG_COLUMNS.index("hand")
    checked = wrong_reversed = wrong_turned = cards = 0
    for h in range(count):
        active = int((outcomes.declared[h] != 0).sum())
        start = int(ends[h - 1]) if h else 0
        if active < 2:
            continue
        dealt = paired_hand(rules, players, seed, first + h)
        rows = log.rows[start : start + active, column].tolist()
        drawn = drawn_by_seat(dealt, rows)
        if drawn is None:
            continue
        assert len(drawn) == active
        assert stock_serves(dealt.stock, drawn, dealt.dealer, players), f"hand {first + h}"
        if any(drawn.values()):
            wrong_reversed += not stock_serves(dealt.stock[::-1], drawn, dealt.dealer, players)
            turned = dealt.stock[1:] + dealt.stock[:1]
            wrong_turned += not stock_serves(turned, drawn, dealt.dealer, players)
        checked += 1
        cards += sum(len(d) for d in drawn.values())
    assert checked >= 50 and cards >= 100, (checked, cards)
    assert wrong_reversed > checked // 2 and wrong_turned > checked // 2


def test_paired_hand_is_paired_deal_with_the_rest_of_the_deck_as_stock():
    for name in ("glimne", "pagat"):
        dealt = paired_hand(PRESETS[name], 4, 3, 77)
        assert (dealt.hands, dealt.turned, dealt.dealer) == paired_deal(PRESETS[name], 4, 3, 77)
        assert len(dealt.stock) == len(set(dealt.stock)) == 52 - 20
        assert set(dealt.stock).isdisjoint(set().union(*dealt.hands))
    assert paired_hand(WIKI, 4, 3, 77).stock != paired_hand(WIKI, 4, 3, 78).stock


@pytest.mark.parametrize(
    ("args", "words"),
    [((WIKI, 9, 0, 0), "players"), ((WIKI, 5, -1, 0), "seed"), ((WIKI, 5, 0, 1.5), "hand")],
)
def test_paired_hand_refuses_bad_input_in_words(args, words):
    with pytest.raises(ValueError, match=words):
        paired_hand(*args)


def test_paired_hand_refuses_bots_whose_draw_order_it_cannot_know():
    with pytest.raises(ValueError, match="heuristic bots only"):
        paired_hand(WIKI, 4, 0, 5, bots="random")
    with pytest.raises(ValueError, match="heuristic bots only"):
        paired_hand(WIKI, 4, 0, 5, bots=["heuristic", "random", "heuristic", "heuristic"])
    assert paired_hand(WIKI, 4, 0, 5, bots="heuristic") == paired_hand(WIKI, 4, 0, 5)


def test_trump_anyway_raises_the_bourre_rate_and_touches_card_decisions():
    result = compare(example_houses()["trump_anyway"], hands=10_000)
    bourre = result.measure("bourre_rate")
    assert bourre.ci95[0] > 0 < bourre.difference
    assert result.measure("decisions_touched").house > 0
    assert result.mattered, "some hand must have gone otherwise"
    assert result.against_name == "wikipedia"


def test_a_money_switch_touches_no_card_decision_and_no_play():
    house = dataclasses.replace(WIKI, pot_limit=3)
    result = compare(house, "wikipedia", hands=2000)
    touched = result.measure("decisions_touched")
    assert touched.house == touched.against == touched.difference == 0.0
    for name in ("bourre_rate", "split_rate", "played_out_rate", "won_without_play_rate"):
        assert result.measure(name).difference == 0.0, name
    assert result.measure("pot_after_session").difference != 0.0


def test_pairing_measures_the_difference_more_tightly_than_two_separate_runs():
    result = compare(TRUMP_ANYWAY, "wikipedia", hands=10_000)
    bourre = result.measure("bourre_rate")
    paired_half = (bourre.ci95[1] - bourre.ci95[0]) / 2
    plays = 10_000 * 5 * 0.5  # fewer players play than this, so the separate interval is wider
    alone = wilson(round(bourre.against * plays), round(plays))
    separate_half = np.hypot(alone.high - alone.low, alone.high - alone.low) / 2
    assert paired_half < separate_half / 2


def test_the_paired_core_plays_the_game_simulate_plays():
    """Different random streams, same game: the bourré rates agree within their intervals."""
    paired = compare(WIKI, "pagat", hands=20_000).measure("bourre_rate").house
    run = simulate(20_000, 5, WIKI, "heuristic", seed=11)
    alone = wilson(int(run.bourred.sum()), int(run.played.sum()))
    half = (alone.high - alone.low) / 2
    assert abs(paired - alone.value) < 2.5 * half


def test_progress_reports_partial_results_and_can_stop():
    seen: list[Comparison] = []
    result = compare(
        TRUMP_ANYWAY, "wikipedia", hands=2000, chunk_hands=500, on_progress=seen.append
    )
    assert [c.hands for c in seen] == [500, 1000, 1500, 2000]
    assert seen[-1] == result and not result.stopped

    def stop_after_two(partial: Comparison) -> bool:
        return partial.hands < 1000

    stopped = compare(
        TRUMP_ANYWAY, "wikipedia", hands=5000, chunk_hands=500, on_progress=stop_after_two
    )
    assert stopped.stopped and stopped.hands == 1000
    assert "stopped early" in stopped.to_text()
    full = compare(TRUMP_ANYWAY, "wikipedia", hands=1000, chunk_hands=500)
    assert stopped.measures == full.measures


def test_the_json_form_is_exactly_the_issues():
    result = compare(example_houses()["friday_table"], hands=400)
    data = result.to_json_dict()
    assert set(data) == {"hands", "players", "measures"}
    assert (data["hands"], data["players"]) == (400, 5)
    for name in REQUIRED:
        assert name in data["measures"]
    for figures in data["measures"].values():
        assert set(figures) == {"house", "against", "difference", "ci95"}
        assert len(figures["ci95"]) == 2
        assert all(isinstance(v, float) for v in (*figures["ci95"], figures["house"]))
    assert 0 <= data["measures"]["bourre_rate"]["house"] < 1


def test_the_table_and_html_show_every_measure():
    result = compare(TRUMP_ANYWAY, "wikipedia", hands=400, players=4)
    text, page = result.to_text(), result._repr_html_()
    assert "400 hands" in text and "4 players" in text
    for m in result.measures:
        assert m.label in text
    assert page.count("<tr>") == len(result.measures) + 1
    assert [n for n in result.names() if n.startswith("seat_")] == [
        "seat_1_result",
        "seat_2_result",
        "seat_3_result",
    ]
    with pytest.raises(KeyError, match="bourre_rate"):
        result.measure("bourre")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 8, "against": "wikipedia"}, "seat 2 to 7"),
        ({"hands": 50}, "at least 200"),
        ({"chunk_hands": 250}, "multiple of 100"),
        ({"bots": "clever"}, "unknown bot"),
        ({"against": "wiki"}, "no such file"),
    ],
)
def test_bad_arguments_are_refused_in_words(kwargs, words):
    args = {"against": "pagat", **kwargs}
    with pytest.raises((ValueError, HouseRulesError), match=words):
        compare(TRUMP_ANYWAY, **args)


def test_the_session_is_a_whole_number_of_chunks():
    assert 2_000 % SESSION_HANDS == 0


def test_play_entries_are_every_entry_legal_reads():
    source = Path(LEGAL.__file__).read_text(encoding="utf-8")
    read = set(re.findall(r"rules\[([A-Z_]+)\]", source))
    assert {getattr(switches, name) for name in read} == set(PLAY_ENTRIES)


def test_both_runs_of_a_comparison_are_dealt_the_deals_paired_deal_gives():
    """The core's own record of each hand's turned card, under two rulebooks that draw
    differently, is the turned card `paired_deal` reports for that hand."""
    from bourre_lessons.sim.bot_names import resolve_bots
    from bourre_lessons.sim.chunks import fast_seats
    from bourre_lessons.sim.fast import encode_rules
    from bourre_lessons.sim.fast.bits import card_bit
    from bourre_lessons.sim.fast.hand import new_log, new_outcomes
    from bourre_lessons.sim.fast.paired import play_paired_chunk
    from bourre_lessons.sim.house_lab import _run_seed

    seats = fast_seats(resolve_bots("random", 4))
    turned = []
    for rules in (PRESETS["glimne"], dataclasses.replace(Rules(), max_discards=2)):
        outcomes = new_outcomes(300, 4)
        ends = np.zeros(300, dtype=np.int64)
        vector = encode_rules(rules, 4)
        error = play_paired_chunk(4, 100, vector, seats, _run_seed(9), outcomes, new_log(), ends)
        assert error == 0
        turned.append(outcomes.turned.astype(int).tolist())
    assert turned[0] == turned[1]
    expected = [card_bit(paired_deal(Rules(), 4, 9, 100 + h)[1]) for h in range(0, 300, 37)]
    assert turned[0][::37] == expected


def test_the_paired_core_agrees_with_simulate_on_hands_played_out_and_splits():
    paired = compare(Rules(), "wikipedia", hands=20_000)
    run = simulate(20_000, 5, Rules(), "heuristic", seed=5)
    in_hand = run.played.sum(axis=1)
    for name, hits in (
        ("played_out_rate", int((in_hand >= 2).sum())),
        ("split_rate", int(run.split.sum())),
        ("won_without_play_rate", int((in_hand == 1).sum())),
    ):
        alone = wilson(hits, 20_000)
        half = (alone.high - alone.low) / 2
        assert abs(paired.measure(name).house - alone.value) < 2.5 * half, name


def test_the_package_top_gives_the_house_rulebook_and_compare():
    """`from bourre_lessons import compare, load_house` (README, "Your own house rules"):
    the same functions as the modules', compare loaded on first use."""
    import bourre_lessons
    from bourre_lessons import house
    from bourre_lessons.sim import house_lab

    for name in ("HouseRules", "HouseRulesError", "load_house", "save_house", "example_houses"):
        assert getattr(bourre_lessons, name) is getattr(house, name)
    assert bourre_lessons.compare is house_lab.compare
    assert {"compare", "load_house"} <= set(bourre_lessons.__all__)
