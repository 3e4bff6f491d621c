"""The house-rules workbench (issue 29 §2): flip a switch and the house file and the changed list
follow; Measure fills a table with the number of hands; Stop keeps what was measured; a bad house
file changes nothing and says why; the hand where it mattered really differs; nothing is
measured before Measure."""

from __future__ import annotations

from dataclasses import fields
from datetime import UTC, datetime

import pytest

from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.widgets.workbench import Workbench, workbench
from bourre_lessons.widgets.workbench.bench_core import (
    example_houses,
    groups,
    load_house,
    paired_deal,
)
from bourre_lessons.widgets.workbench.bench_hand import find_mattered_hand
from bourre_lessons.widgets.workbench.bench_words import SWITCH_WORDS

SMALL = 600
"""Hands for a test measurement: three chunks of 200."""


def small_bench(**options) -> Workbench:
    """A workbench that measures in the caller's thread, a few hundred hands in chunks of 200."""
    return Workbench(background=False, hands=SMALL, chunk_hands=200, **options)


def test_nothing_is_measured_before_measure_is_pressed() -> None:
    bench = workbench()
    assert bench.comparison is None
    assert "Nothing measured yet" in bench.results.to_text()
    assert bench.mattered_button.disabled and bench.mattered is None
    assert "%" not in bench.results.to_text()  # no rate, no interval, before the try


def test_every_switch_shows_once_with_its_meaning_and_where_each_source_stands() -> None:
    switches = {f.name for f in fields(Rules)} - {"source"}
    shown = [name for _title, names in groups() for name in names]
    assert sorted(shown) == sorted(switches)
    assert set(SWITCH_WORDS) == switches
    text = workbench().panel.to_text()
    assert "Trump anyway (trump_when_cannot_win): no" in text
    assert "glimne yes [glimne 6]; wikipedia no [wikipedia 2]; pagat yes [pagat 2]" in text


def test_each_citation_in_the_panel_opens_its_quotation() -> None:
    bench = workbench()
    stances = bench.panel.stances["trump_when_cannot_win"].value
    assert "data-rule='glimne-6'" in stances and "data-rule='wikipedia-2'" in stances
    assert "bourre-source-quote" in stances  # the quotation is in the chip, one click away


def test_flipping_a_switch_moves_the_house_file_and_the_changed_list() -> None:
    bench = workbench()
    assert "trump_when_cannot_win" not in bench.files.text_area.value
    assert "Nothing changed yet" in bench.changed_text()
    bench.flip("trump_when_cannot_win", True)
    assert "trump_when_cannot_win = true" in bench.files.text_area.value
    assert "Trump anyway (trump_when_cannot_win): yes instead of no" in bench.changed_text()
    assert "bourre-switch-changed" in bench.panel.rows["trump_when_cannot_win"]._dom_classes
    assert load_house(bench.files.text_area.value).rules == bench.house.rules
    bench.panel.controls["trump_when_cannot_win"].value = False  # a click back
    assert "Nothing changed yet" in bench.changed_text()
    assert "trump_when_cannot_win" not in bench.files.text_area.value


def test_a_click_on_a_menu_changes_the_rules() -> None:
    bench = workbench()
    bench.panel.controls["pot_limit"].value = 20
    assert bench.house.rules.pot_limit == 20
    assert "pot_limit = 20" in bench.files.text_area.value


def test_a_bad_value_from_code_is_refused_and_changes_nothing() -> None:
    bench = workbench()
    with pytest.raises(ValueError, match="cinch"):
        bench.flip("cinch", "always")
    assert bench.house.rules == PRESETS["wikipedia"]


def test_measure_fills_the_table_with_the_hands_and_an_interval() -> None:
    bench = small_bench()
    bench.flip("trump_when_cannot_win", True)
    bench.measure()
    comparison = bench.comparison
    assert comparison is not None and comparison.hands == SMALL and not comparison.stopped
    bourre = comparison.measure("bourre_rate")
    assert bourre.ci95[0] <= bourre.difference <= bourre.ci95[1]
    table = bench.results.table_html.value
    assert "data-measure='bourre_rate'" in table and "95% CI" in table
    assert f"{SMALL:,} hands" in bench.results.to_text()
    assert bench.progress.value == SMALL and bench.progress.bar_style == "success"
    assert not bench.mattered_button.disabled
    assert bench.results.chart.value[:4] == b"\x89PNG"


def test_stop_keeps_what_was_measured() -> None:
    bench = small_bench()
    bench.flip("trump_when_cannot_win", True)
    heard = bench._heard

    def press_stop_after_the_first_chunk(partial) -> bool:
        going = heard(partial)
        bench.stop()
        return going

    bench._heard = press_stop_after_the_first_chunk
    bench.measure()
    comparison = bench.comparison
    assert comparison is not None and comparison.stopped
    assert 0 < comparison.hands < SMALL
    assert "stopped" in bench.results.to_text().lower()
    assert f"{comparison.hands:,} hands" in bench.results.to_text()
    assert bench.progress.bar_style == "warning"
    assert not bench.measure_button.disabled and bench.stop_button.disabled


def test_a_bad_house_file_says_why_and_changes_nothing() -> None:
    bench = workbench()
    bench.flip("pot_limit", 20)
    before = (bench.house, bench.files.text_area.value)
    bench.files.text_area.value = (
        'name = "broken"\nbase = "wikipedia"\n[switches]\ntrump_anyway = true\n'
    )
    said = bench.files.use_text()
    assert said.startswith("Could not load")
    assert "trump_anyway" in said
    assert (
        "trump_anyway" in bench.files.message.value
        and "bourre-house-error" in bench.files.message.value
    )
    assert bench.house == before[0]


def test_a_good_house_file_loads_every_switch() -> None:
    bench = workbench()
    text = 'name = "Friday table"\nbase = "glimne"\nplayers = 4\n[switches]\ncinch = "strict"\n'
    assert bench.load(text).startswith("Loaded")
    assert bench.house.name == "Friday table" and bench.panel.base == "glimne"
    assert bench.house.rules.cinch == "strict" and bench.players_menu.value == 4
    assert bench.base_menu.value == "glimne"
    assert "Changed from glimne: The cinch" in bench.changed_text()


def test_an_uploaded_file_is_read_like_text() -> None:
    bench = workbench()
    content = b'name = "up"\nbase = "pagat"\n[switches]\ndouble_ante = true\n'
    when = datetime(2026, 1, 1, tzinfo=UTC)
    upload = {"name": "up.toml", "type": "", "size": len(content), "last_modified": when}
    bench.files.upload.value = ({**upload, "content": memoryview(content)},)
    assert bench.house.rules.double_ante and bench.panel.base == "pagat"
    assert "Loaded" in bench.files.message.value


def test_save_writes_the_house_file(tmp_path) -> None:
    bench = workbench()
    bench.flip("pot_limit", 20)
    said = bench.files.save(tmp_path / "friday.toml")
    assert said.startswith("Saved")
    assert (
        load_house((tmp_path / "friday.toml").read_text(encoding="utf-8")).rules
        == bench.house.rules
    )


def test_the_hand_where_it_mattered_differs_between_the_rulebooks() -> None:
    wikipedia = PRESETS["wikipedia"]
    house = Rules(**{**wikipedia.__dict__, "trump_when_cannot_win": True})
    hand = find_mattered_hand(house, wikipedia, 5, 0)
    assert hand is not None and hand.step is not None
    assert hand.house != hand.against
    at = hand.game("house", hand.step)
    theirs = hand.against[hand.step]
    assert theirs not in at.legal_actions()  # the house's rules refuse the other book's card
    assert hand.game("against", hand.step).legal_actions() != at.legal_actions()


def test_the_hand_shown_after_measure_is_a_deal_of_the_run() -> None:
    bench = small_bench()
    bench.flip("trump_when_cannot_win", True)
    bench.measure()
    bench.show_mattered()
    hand = bench.mattered.hand
    assert hand.run_hand in bench.comparison.mattered
    dealt, turned, _dealer = paired_deal(hand.house_rules, 5, 0, hand.run_hand)
    first = hand.game("house", 0)
    seats = {frozenset(first.hand_record.dealt[p]) for p in first.players}
    assert seats == set(dealt)  # the same five cards in every seat
    assert first.hand_record.trump_card == turned
    assert hand.house != hand.against or hand.money_house != hand.money_against


def test_the_hand_view_steps_both_tables() -> None:
    bench = small_bench()
    bench.flip("trump_when_cannot_win", True)
    bench.measure()
    text = bench.show_mattered()
    view = bench.mattered
    assert view is not None and "Under my house:" in text and "Under wikipedia:" in text
    view.go(0)
    assert view.tables["house"].to_text() == view.tables["against"].to_text()  # same deal
    view.go(view.hand.step + 1)
    assert view.tables["house"].to_text() != view.tables["against"].to_text()


def test_play_it_opens_a_table_under_the_house_rules() -> None:
    bench = workbench()
    bench.flip("trump_when_cannot_win", True)
    bench.play_it()
    table = bench.play_box.children[-1]
    assert table.rules == bench.house.rules


def test_a_new_base_keeps_the_switches_flipped() -> None:
    bench = workbench()
    bench.flip("pot_limit", 20)
    bench.base_menu.value = "pagat"
    assert bench.house.rules.pot_limit == 20 and bench.panel.base == "pagat"
    assert bench.house.rules.ante_skip == PRESETS["pagat"].ante_skip


def test_the_present_page_builds_the_workbench() -> None:
    """present/workbench.ipynb, the workbench as a page beside the classroom app (served by
    Voila like present/classroom.ipynb): no stored outputs, its last expression a workbench."""
    import ast
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "present" / "workbench.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert all(not c["outputs"] for c in code)
    tree = ast.parse("\n".join("".join(c["source"]) for c in code))
    last = tree.body.pop()
    namespace: dict = {}
    exec(compile(tree, str(path), "exec"), namespace)
    page = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
    assert isinstance(page, Workbench) and page.comparison is None


def test_an_example_house_loads_from_the_menu() -> None:
    bench = workbench()
    key, house = next(iter(example_houses().items()))
    bench.example_menu.value = key
    assert bench.house.rules == house.rules and bench.panel.base == house.base
    assert "Loaded" in bench.files.message.value


def test_a_table_the_rules_refuse_is_said_not_raised() -> None:
    bench = workbench()
    bench.players_menu.value = 7
    bench.flip("max_players", 5)
    assert "7 players cannot sit at this table" in bench.changed_html.value
    assert bench.house.players is None
