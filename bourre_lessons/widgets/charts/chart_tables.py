"""A chart's numbers as a readable table, where matplotlib is missing (the course in the browser).

`chart_or_table(tabulate)` decorates a function that draws a chart: where matplotlib (or
NumPy, which the charts use) cannot be imported it returns `tabulate(...)` of the same
arguments instead, a `ChartTable` that a notebook shows as an HTML table (and prints as
aligned text), with the same figures and their 95% intervals where the chart draws them.
The tables of the variant lab and of the advisor are here.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...browser import has_module
from ...text import ReadsAsText

__all__ = [
    "ChartTable",
    "advice_choices_table",
    "advice_seats_table",
    "advice_widths_table",
    "chart_or_table",
    "charts_drawn",
    "disagreement_sizes_table",
    "disagreements_table",
    "sweep_table",
]

NOTE = "The chart's numbers as a table: drawing it needs matplotlib, which this site lacks."


def charts_drawn() -> bool:
    """True when charts can be drawn here (matplotlib and NumPy import)."""
    return has_module("matplotlib") and has_module("numpy")


@dataclass(frozen=True)
class ChartTable(ReadsAsText):
    """A chart's title, column heads and rows of text, shown as a table."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def to_text(self) -> str:
        """The title, then the columns aligned (the first to the left, the others right)."""
        cells = [self.columns, *self.rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.columns))]
        lines = [self.title]
        for row in cells:
            first, *rest = row
            lines.append(
                f"{first:<{widths[0]}}"
                + "".join(f"  {c:>{w}}" for c, w in zip(rest, widths[1:], strict=True))
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in self.rows
        )
        return (
            f"<table class='bourre-chart-table'><caption><b>{html.escape(self.title)}</b>"
            f"<br><i>{html.escape(NOTE)}</i></caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>"
        )


def chart_or_table(tabulate: Callable[..., ChartTable]) -> Callable[[Callable], Callable]:
    """Decorate a chart: where it cannot be drawn, return `tabulate` of the same arguments."""

    def wrap(draw: Callable) -> Callable:
        @functools.wraps(draw)
        def drawn(*args: Any, **kwargs: Any) -> Any:
            if not charts_drawn():
                return tabulate(*args, **kwargs)
            return draw(*args, **kwargs)

        return drawn

    return wrap


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _ci(e: Any, form: str) -> str:
    return f"{e.value:{form}} ({e.low:{form}} to {e.high:{form}})"


# --- the variant lab ----------------------------------------------------------------------------


def sweep_table(data: Any, which: str = "all") -> ChartTable:
    """The sweep's figures, one row a variant: `which` is 'pot', 'bourre', 'seats', 'rather'
    or 'all'."""
    names = data.names
    pots = [float(sum(p) / len(p)) for p in data.pot]
    intervals = getattr(data, "pot_interval", None)
    bourre = getattr(data, "bourre_interval", None)
    title = (
        f"{data.sessions} sessions of {data.hands} hands, {data.players} players, {data.bots} bots"
    )
    if which == "pot":
        marks = sorted({1, *range(10, data.hands + 1, 10), data.hands})
        columns = ("variant", "mean pot (95% CI)", *(f"hand {h}" for h in marks))
        rows = [
            (
                name,
                _ci(intervals[i], ".2f") if intervals else f"{pots[i]:.2f}",
                *(f"{float(data.pot[i][h - 1]):.2f}" for h in marks),
            )
            for i, name in enumerate(names)
        ]
        return ChartTable(f"The pot by hand of the session · {title}", columns, tuple(rows))
    if which == "bourre":
        rows = [
            (name, _ci(bourre[i], ".1%") if bourre else _pct(float(data.bourre_rate[i])))
            for i, name in enumerate(names)
        ]
        return ChartTable(
            f"Bourré rate · {title}", ("variant", "bourré rate (95% CI)"), tuple(rows)
        )
    if which == "seats":
        n = data.players
        seats = [f"seat {s + 1}" + (" (dealer)" if s == n - 1 else "") for s in range(n)]
        rows = [
            (name, *(_pct(float(w)) for w in data.win_by_seat[i])) for i, name in enumerate(names)
        ]
        return ChartTable(
            f"Share of hands won by seat, counted from the dealer's left · {title}",
            ("variant", *seats),
            tuple(rows),
        )
    if which == "rather":
        rows = [(name, _pct(float(data.rather_pass[i]))) for i, name in enumerate(names)]
        return ChartTable(
            f"Plays that cost more than passing · {title}", ("variant", "rather pass"), tuple(rows)
        )
    columns = ("variant", "mean pot", "bourré rate", "split rate", "rather pass")
    rows = [
        (
            name,
            f"{pots[i]:.2f}",
            _pct(float(data.bourre_rate[i])),
            _pct(float(data.split_rate[i])),
            _pct(float(data.rather_pass[i])),
        )
        for i, name in enumerate(names)
    ]
    return ChartTable(f"The sweep · {title}", columns, tuple(rows))


def disagreements_table(data: Any) -> ChartTable:
    """Each rule that refused a card another rulebook allows, with its share of decisions."""
    rows = [
        (rule, data.concepts.get(rule, ""), f"{share:.2%}", f"{data.by_rule[rule]:,}")
        for rule, share in data.rule_shares().items()
    ]
    rows.append(("any", "the books differ", f"{data.share:.2%}", f"{data.differing:,}"))
    return ChartTable(
        f"Where the rulebooks disagree: {data.hands:,} hands, {data.players} players, "
        f"{data.decisions:,} card decisions",
        ("rule", "concept", "share of decisions", "decisions"),
        tuple(rows),
    )


def disagreement_sizes_table(by_size: Mapping[int, Any], most: int = 4) -> ChartTable:
    """The share of decisions where the books differ at each table size, with the largest
    rules' shares."""
    rows = []
    for players, data in by_size.items():
        top = list(data.rule_shares().items())[:most]
        interval = data.interval() if hasattr(data, "interval") else None
        differ = _ci(interval, ".1%") if interval else f"{data.share:.1%}"
        rows.append(
            (
                f"{players} players",
                f"{data.decisions:,}",
                differ,
                ", ".join(f"{rule} {share:.1%}" for rule, share in top),
            )
        )
    return ChartTable(
        "Where the rulebooks disagree, by table size",
        ("table", "decisions", "books differ (95% CI)", "largest rules"),
        tuple(rows),
    )


# --- the advisor ---------------------------------------------------------------------------------


def _better(a: Any) -> str:
    from ...sim.advisor import better_choice

    return better_choice(a)


def advice_choices_table(advices: Mapping[str, Any]) -> ChartTable:
    """For each labelled hand: the chips of playing and of passing with their intervals."""
    rows = [
        (
            label,
            f"{a.win.value:.0%}",
            f"{a.bourre.value:.0%}",
            _ci(a.chips_play, "+.2f"),
            _ci(a.chips_pass, "+.2f"),
            _better(a),
        )
        for label, a in advices.items()
    ]
    deals = sorted({a.deals for a in advices.values()})
    return ChartTable(
        f"Expected chips if you play and if you pass ({' or '.join(f'{d:,}' for d in deals)} deals each)",
        ("hand", "take the pot", "bourré", "play (95% CI)", "pass (95% CI)", "better"),
        tuple(rows),
    )


def advice_seats_table(by_rulebook: Mapping[str, Sequence[Any]]) -> ChartTable:
    """Each rulebook and seat: the chips of playing and of passing with their intervals."""
    rows = [
        (name, f"seat {a.seat}", _ci(a.chips_play, "+.2f"), _ci(a.chips_pass, "+.2f"), _better(a))
        for name, seats in by_rulebook.items()
        for a in seats
    ]
    return ChartTable(
        "The same hand from every seat",
        ("rulebook", "seat", "play (95% CI)", "pass (95% CI)", "better"),
        tuple(rows),
    )


def advice_widths_table(advices: Sequence[Any]) -> ChartTable:
    """How wide the interval of playing's chips is for each number of deals."""
    rows = [
        (
            f"{a.deals:,}",
            _ci(a.chips_play, "+.3f"),
            f"{a.chips_play.high - a.chips_play.low:.3f}",
        )
        for a in advices
    ]
    return ChartTable(
        "The 95% interval narrows as the deals grow",
        ("deals", "play (95% CI)", "width"),
        tuple(rows),
    )
