"""The chart drawn in plain Python (`charts.svg_chart`) and the numbers the tables hand it.

Where matplotlib is missing (the course in the browser) a chart's table carries its plotted
values as numbers, drawn as SVG above the table. The SVG is read back with xml.etree: every
check is on the picture's geometry or text against the numbers given, never against a copy of
the output. Each table that carries numbers is checked against the numbers its own rows print.
"""

from __future__ import annotations

import html
import math
import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest

from bourre_lessons import Game, Rules
from bourre_lessons.sim import plain_lab
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.sim.estimates import Estimate
from bourre_lessons.sim.house_measures import Measure
from bourre_lessons.widgets.charts import chart_tables as ct
from bourre_lessons.widgets.charts.chart_tables import DRAWN, NOTE, ChartTable
from bourre_lessons.widgets.charts.pot_chart import compare_pots
from bourre_lessons.widgets.charts.session_chart import bankrolls_table
from bourre_lessons.widgets.charts.svg_chart import (
    EMPTY,
    WIDTH,
    Bar,
    Panel,
    nice_ticks,
    svg_chart,
    tick_text,
)
from bourre_lessons.widgets.workbench.bench_plot import differences_table

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The SVG read as XML (a parse error fails the test)."""
    return ET.fromstring(svg)


def found(root: ET.Element, tag: str, kind: str) -> list[ET.Element]:
    """Every `tag` element of class `kind`, in document order."""
    return [e for e in root.iter(SVG + tag) if e.get("class") == kind]


def texts(root: ET.Element, kind: str) -> list[str]:
    """The text of every <text> of class `kind`."""
    return [e.text or "" for e in found(root, "text", kind)]


def x(element: ET.Element, name: str = "x") -> float:
    return float(element.get(name))


def one_panel(*bars: Bar, form: str = ".2f", points: bool = False) -> str:
    return svg_chart("A chart", [Panel("", "chips", bars, form, points=points)])


# --- the picture ---------------------------------------------------------------------------------


def test_the_chart_is_xml_with_a_title_for_screen_readers():
    root = parse(one_panel(Bar("pagat", 2.0), Bar("glimne", 3.0)))
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root.get("aria-label").startswith("A chart. 2 bars")
    assert root.find(SVG + "title").text == "A chart"
    assert float(root.get("width")) == WIDTH
    assert texts(root, "title") == ["A chart"]


def test_one_bar_per_item_its_length_in_proportion_to_its_value():
    root = parse(one_panel(Bar("a", 2.0), Bar("b", 5.0), Bar("c", 0.5)))
    bars = found(root, "rect", "bar")
    assert len(bars) == 3
    widths = [x(b, "width") for b in bars]
    assert widths[0] / widths[1] == pytest.approx(2.0 / 5.0, rel=1e-3)
    assert widths[2] / widths[1] == pytest.approx(0.5 / 5.0, rel=1e-3)
    zero = x(found(root, "line", "zero")[0], "x1")
    assert all(x(b) == pytest.approx(zero, abs=0.01) for b in bars)  # all start at zero
    assert texts(root, "label") == ["a", "b", "c"]


def test_the_whiskers_reach_from_low_to_high():
    root = parse(one_panel(Bar("a", 1.0, 0.5, 1.5), Bar("b", 4.0, 2.0, 4.5), Bar("c", 3.0)))
    bars = found(root, "rect", "bar")
    zero = x(found(root, "line", "zero")[0], "x1")
    per_chip = x(bars[1], "width") / 4.0
    whiskers = found(root, "g", "whisker")
    assert len(whiskers) == 2, "c has no interval and no whisker"
    for whisker, (low, high) in zip(whiskers, ((0.5, 1.5), (2.0, 4.5)), strict=True):
        line = whisker.find(SVG + "line")
        assert x(line, "x1") == pytest.approx(zero + low * per_chip, abs=0.02)
        assert x(line, "x2") == pytest.approx(zero + high * per_chip, abs=0.02)


def test_negative_values_lie_left_of_the_zero_line():
    root = parse(one_panel(Bar("less", -2.0, -3.0, -1.0), Bar("more", 3.0), form="+.2f"))
    less, more = found(root, "rect", "bar")
    zero = x(found(root, "line", "zero")[0], "x1")
    assert x(less) < zero and x(less) + x(less, "width") == pytest.approx(zero, abs=0.01)
    assert x(more) == pytest.approx(zero, abs=0.01) and x(more, "width") > 0
    assert x(less, "width") / x(more, "width") == pytest.approx(2 / 3, rel=1e-3)
    assert {"-2", "0", "+2"} <= set(texts(root, "tick"))
    assert texts(root, "value") == ["-2.00", "+3.00"]


def test_labels_and_title_are_escaped():
    svg = svg_chart("Chips <b>& more</b>", [Panel("A & B", "x < y", (Bar("hand <1> & co", 1.0),))])
    assert "<b>" not in svg and "<1>" not in svg and "& " not in svg
    root = parse(svg)
    assert texts(root, "title") == ["Chips <b>& more</b>"]
    assert texts(root, "label") == ["hand <1> & co"]
    assert texts(root, "heading") == ["A & B"] and texts(root, "axis-label") == ["x < y"]


@pytest.mark.parametrize("panels", [[], [Panel("", "chips", ())]])
def test_an_empty_chart_says_so(panels):
    root = parse(svg_chart("Nothing yet", panels))
    assert texts(root, "empty") == [EMPTY]
    assert found(root, "rect", "bar") == [] and found(root, "g", "row") == []


def test_points_are_drawn_instead_of_bars_when_asked():
    root = parse(one_panel(Bar("play", 0.4, 0.1, 0.7), Bar("pass", -0.5), points=True))
    assert found(root, "rect", "bar") == []
    play, fold = found(root, "circle", "point")
    assert x(fold, "cx") < x(found(root, "line", "zero")[0], "x1") < x(play, "cx")


def test_a_value_that_is_no_number_is_said_not_drawn():
    root = parse(one_panel(Bar("a", math.nan), Bar("b", 1.0, math.nan, 2.0)))
    assert texts(root, "value") == ["no value", "1.00"]
    assert len(found(root, "rect", "bar")) == 1 and found(root, "g", "whisker") == []


def test_panels_of_one_measure_share_a_scale_and_another_unit_gets_its_own():
    root = parse(
        svg_chart(
            "Three panels",
            [
                Panel("no limit", "pot", (Bar("pagat", 40.0),), ".0f"),
                Panel("limit", "pot", (Bar("pagat", 10.0),), ".0f"),
                Panel("rates", "share", (Bar("pagat", 0.2),), ".1%"),
            ],
        )
    )
    big, small, rate = (x(b, "width") for b in found(root, "rect", "bar"))
    assert small / big == pytest.approx(10 / 40, rel=1e-3)
    assert rate > small, "the share is drawn on its own scale, not as 0.2 chips"
    assert texts(root, "heading") == ["no limit", "limit", "rates"]


def test_long_labels_are_cut_and_everything_stays_inside_the_picture():
    label = "a rule with a very long name that would run over the bars " * 2
    root = parse(one_panel(Bar(label, 1.0), Bar("b", 2.0)))
    cut = texts(root, "label")[0]
    assert cut.endswith("…") and len(cut) < len(label)
    xs = [x(e) for e in root.iter(SVG + "text")] + [x(e) for e in found(root, "rect", "bar")]
    assert all(0 <= v <= WIDTH for v in xs)


def test_the_axis_has_round_ticks_in_the_tables_kind_of_number():
    assert nice_ticks(0, 0.237) == pytest.approx((0, 0.25, 0.05))
    assert nice_ticks(-2.5, 1.9) == pytest.approx((-3, 2, 1))
    assert nice_ticks(0, 0) == pytest.approx((-1, 1, 0.5))
    assert tick_text(0.2, ".1%", 0.05) == "20%"
    assert tick_text(0.005, ".2%", 0.005) == "0.5%"
    assert tick_text(0.5, "+.2f", 0.5) == "+0.5" and tick_text(0.0, "+.2f", 0.5) == "0.0"
    assert tick_text(2000.0, ",.0f", 1000) == "2,000"
    root = parse(one_panel(Bar("a", 0.237), form=".1%"))
    assert texts(root, "tick") == ["0%", "5%", "10%", "15%", "20%", "25%"]
    assert texts(root, "value") == ["23.7%"]


# --- the tables: the numbers drawn are the numbers printed ----------------------------------------

NUMBER = re.compile(r"[+-]?\d[\d,]*(?:\.\d+)?%?")


def numbers(cell: str) -> list[float]:
    """The numbers a cell prints, shares as fractions ('7.1%' is 0.071)."""
    return [
        float(t.rstrip("%").replace(",", "")) / (100 if t.endswith("%") else 1)
        for t in NUMBER.findall(cell)
    ]


def tolerance(cell: str) -> float:
    """Half a unit of the last digit the cell prints (of its first number)."""
    token = NUMBER.findall(cell)[0]
    places = len(token.rstrip("%").split(".")[1]) if "." in token else 0
    return 0.5 * 10.0**-places / (100 if token.endswith("%") else 1) + 1e-12


def agree(table: ChartTable, cells: list[str]) -> None:
    """Each bar of the table (panel by panel) holds the numbers of its cell: value, and low and
    high where the cell prints an interval; and the picture writes each value as the cell."""
    bars = [(bar, panel) for panel in table.panels for bar in panel.bars]
    assert len(bars) == len(cells) > 0, (len(bars), cells)
    for (bar, _panel), cell in zip(bars, cells, strict=True):
        drawn = [bar.value, bar.low, bar.high] if bar.has_interval else [bar.value]
        assert numbers(cell) == pytest.approx(drawn, abs=tolerance(cell)), (bar, cell)
    written = texts(parse(table.svg()), "value")
    assert [re.split(r" \(", c)[0] for c in cells] == written


def column(table: ChartTable, index: int) -> list[str]:
    return [row[index] for row in table.rows]


@pytest.fixture(scope="module")
def lab():
    """A small sweep in plain Python, as in the browser (with 95% intervals)."""
    variants = {name: Rules.preset(name) for name in ("glimne", "pagat")}
    return plain_lab.sweep(variants, hands=4, sessions=3, players=3, seed=2)


def test_a_table_that_cannot_agree_is_caught():
    """The check can fail: a bar one cent off its row, or a missing bar."""
    good = ChartTable("t", ("a", "b"), (("x", "1.25 (1.00 to 1.50)"),),
                      (Panel("", "chips", (Bar("x", 1.25, 1.0, 1.5),)),))  # fmt: skip
    agree(good, column(good, 1))
    off = ChartTable(good.title, good.columns, good.rows,
                     (Panel("", "chips", (Bar("x", 1.26, 1.0, 1.5),)),))  # fmt: skip
    with pytest.raises(AssertionError):
        agree(off, column(off, 1))
    with pytest.raises(AssertionError):
        agree(ChartTable("t", ("a", "b"), good.rows), column(good, 1))


def test_the_sweep_tables_draw_the_numbers_they_print(lab):
    pot, bourre, rather = (ct.sweep_table(lab, w) for w in ("pot", "bourre", "rather"))
    agree(pot, column(pot, 1))  # the mean pot with its interval
    agree(bourre, column(bourre, 1))
    agree(rather, column(rather, 1))
    seats = ct.sweep_table(lab, "seats")
    agree(seats, [cell for row in seats.rows for cell in row[1:]])
    assert [p.heading for p in seats.panels] == list(lab.names)
    every = ct.sweep_table(lab, "all")
    agree(every, [every.rows[v][m] for m in range(1, 5) for v in range(len(lab.names))])


def test_a_sweep_without_intervals_draws_bars_without_whiskers():
    """The compiled sweep gives no intervals; its bars have none (shapes as NumPy's, as lists)."""
    data = SimpleNamespace(
        names=("pagat", "glimne"), players=2, hands=3, sessions=5, bots="random",
        pot=[[1.0, 2.0, 4.0], [0.0, 1.0, 1.0]], bourre_rate=[0.25, 0.125],
        split_rate=[0.1, 0.0], win_by_seat=[[0.5, 0.5], [0.4, 0.6]], rather_pass=[0.3, 0.2],
    )  # fmt: skip
    pot, bourre = ct.sweep_table(data, "pot"), ct.sweep_table(data, "bourre")
    agree(pot, column(pot, 1))
    agree(bourre, column(bourre, 1))
    assert not any(b.has_interval for p in (*pot.panels, *bourre.panels) for b in p.bars)


def test_the_disagreement_tables_draw_the_shares_they_print():
    found = plain_lab.rulebook_disagreements(hands=30, players=4, seed=1)
    table = ct.disagreements_table(found)
    agree(table, column(table, 2))
    assert [b.label for b in table.panels[0].bars] == column(table, 0)
    by_size = {n: plain_lab.rulebook_disagreements(hands=12, players=n, seed=1) for n in (3, 4)}
    sizes = ct.disagreement_sizes_table(by_size)
    agree(sizes, column(sizes, 2))  # with the interval of the share where the books differ
    assert all(b.has_interval for b in sizes.panels[0].bars)


def advice(seat: int, play: Estimate, fold: Estimate, deals: int = 400, book: str = "pagat"):
    """What the advisor's tables read of an Advice."""
    return SimpleNamespace(
        seat=seat, chips_play=play, chips_pass=fold, win=Estimate(0.3, 0.2, 0.4),
        bourre=Estimate(0.1, 0.05, 0.15), deals=deals, rules=Rules.preset(book),
        must_play=False, recommendation="play" if play.value > fold.value else "pass",
    )  # fmt: skip


def test_the_advisor_tables_draw_play_and_pass_with_their_intervals():
    one = advice(1, Estimate(0.46, 0.30, 0.62), Estimate(-1.0, -1.0, -1.0))
    two = advice(2, Estimate(-0.1234, -0.5, 0.25), Estimate(-1.0, -1.0, -1.0), book="glimne")
    choices = ct.advice_choices_table({"HJ H4 SA": one, "SA SK": two})
    agree(choices, [row[i] for row in choices.rows for i in (3, 4)])
    assert choices.panels[0].points and "<circle" in choices.svg()
    seats = ct.advice_seats_table({"pagat": [one], "glimne": [two]})
    agree(seats, [row[i] for row in seats.rows for i in (2, 3)])
    assert [p.heading for p in seats.panels] == ["pagat", "glimne"]
    widths = ct.advice_widths_table([advice(1, Estimate(0.5, 0.1, 0.9), one.chips_pass, d)
                                     for d in (100, 1000)])  # fmt: skip
    agree(widths, column(widths, 1))


def test_the_pot_and_chips_tables_draw_their_last_column():
    comparison = compare_pots(hands=6, players=4, seed=1)
    pots = ct.pot_table(comparison)
    agree(pots, column(pots, -1))
    assert [p.heading for p in pots.panels] == list(comparison)
    game = Game(Rules.preset("pagat"), players=3, seed=2)
    for hand in range(2):
        play_bots(game, HeuristicBot())
        if hand == 0:
            game.apply("deal")
    chips = bankrolls_table(game)
    agree(chips, column(chips, -1))


def measure(name: str, unit: str, difference: float, low: float, high: float) -> Measure:
    return Measure(name, name, 0.0, 0.0, difference, (low, high), unit)


def test_the_workbench_draws_each_difference_in_its_own_unit():
    comparison = SimpleNamespace(
        house_name="my house", against_name="pagat", hands=2000,
        measures=[measure("bourre_rate", "rate", 0.0123, 0.004, 0.02),
                  measure("mean_pot", "chips", -1.5, -2.5, -0.5),
                  measure("split_rate", "rate", -0.001, -0.01, 0.008)],
    )  # fmt: skip
    table = differences_table(comparison)
    rates, chips = table.panels
    assert rates.unit == " pts" and chips.unit == ""
    by_label = {row[0]: f"{row[1]} ({row[2]})" for row in table.rows}
    agree(table, [by_label[b.label] for p in table.panels for b in p.bars])
    assert [b.pale for b in rates.bars] == [False, True], "pale where the interval crosses zero"


# --- what a notebook shows -----------------------------------------------------------------------


def test_the_drawn_chart_comes_above_the_table_and_the_text_stays_the_table(lab):
    table = ct.sweep_table(lab, "bourre")
    page = table._repr_html_()
    assert page.index("<svg") < page.index("<table class='bourre-chart-table'>")
    assert html.escape(DRAWN) in page and html.escape(NOTE) not in page
    assert "<svg" not in table.to_text() and table.to_text().splitlines()[0] == table.title
    deck = ct.deck_table()
    assert deck.panels == () and "<svg" not in deck._repr_html_()
    assert html.escape(NOTE) in deck._repr_html_()
