"""A chart's numbers as a readable table, where matplotlib is missing (the course in the browser).

`chart_or_table(tabulate)` decorates a function that draws a chart: where matplotlib (or
NumPy, which the charts use) cannot be imported it returns `tabulate(...)` of the same
arguments instead, a `ChartTable` that a notebook shows as an HTML table (and prints as
aligned text), with the same figures and their 95% intervals where the chart draws them.
Where the chart is one of values (with intervals or not), the table also carries them as
numbers (`panels` of `svg_chart.Bar`), and the notebook shows them drawn above the table by
`svg_chart`, in plain Python; the table stays, with the exact numbers, for screen readers too.
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
from .chart_style import ANY_RULE, PASS_COLOUR, rulebook_colour
from .svg_chart import Bar, Panel, svg_chart

__all__ = [
    "ChartTable",
    "advice_choices_table",
    "advice_seats_table",
    "advice_widths_table",
    "chart_or_table",
    "charts_drawn",
    "deck_table",
    "disagreement_sizes_table",
    "disagreements_table",
    "pot_table",
    "sweep_table",
]

NOTE = "The chart's numbers as a table: drawing it needs matplotlib, which this site lacks."
DRAWN = (
    "Drawn in plain Python, because matplotlib is missing here; the table gives the exact numbers."
)


def charts_drawn() -> bool:
    """True when charts can be drawn here (matplotlib and NumPy import)."""
    return has_module("matplotlib") and has_module("numpy")


@dataclass(frozen=True)
class ChartTable(ReadsAsText):
    """A chart's title, column heads and rows of text, shown as a table; `panels` hold the
    plotted values as numbers, drawn above the table where there are any."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    panels: tuple[Panel, ...] = ()

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

    def svg(self) -> str:
        """The chart drawn as SVG from `panels` ('' when the table carries no numbers to draw)."""
        return svg_chart(self.title, self.panels) if self.panels else ""

    def _repr_html_(self) -> str:
        """The drawn chart, if any, above the table of the numbers."""
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in self.rows
        )
        drawn = self.svg()
        picture = f"<div class='bourre-chart-drawn'>{drawn}</div>" if drawn else ""
        note = DRAWN if drawn else NOTE
        return (
            f"{picture}<table class='bourre-chart-table'><caption><b>"
            f"{html.escape(self.title)}</b><br><i>{html.escape(note)}</i></caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
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


def _bar(label: str, e: Any, colour: str) -> Bar:
    """A bar for an estimate (value, low, high), or for a plain number."""
    if hasattr(e, "low"):
        return Bar(label, float(e.value), float(e.low), float(e.high), colour)
    return Bar(label, float(e), colour=colour)


# --- the variant lab ----------------------------------------------------------------------------

SHARE = "share"
"""The axis of every share in the sweep's page of four (they share one scale)."""


def sweep_table(data: Any, which: str = "all") -> ChartTable:
    """The sweep's figures, one row a variant: `which` is 'pot', 'bourre', 'seats', 'rather'
    or 'all'."""
    title = (
        f"{data.sessions} sessions of {data.hands} hands, {data.players} players, {data.bots} bots"
    )
    tables = {
        "pot": _sweep_pot,
        "bourre": _sweep_bourre,
        "seats": _sweep_seats,
        "rather": _sweep_rather,
    }
    return tables.get(which, _sweep_all)(data, title)


def _variant_bars(names: Sequence[str], values: Sequence[Any]) -> tuple[Bar, ...]:
    """A bar a variant, in its rulebook's colour, for a number or an estimate each."""
    return tuple(_bar(n, v, rulebook_colour(n)) for n, v in zip(names, values, strict=True))


def _mean_pots(data: Any) -> list[float]:
    """Each variant's mean pot over the hands of the session."""
    return [float(sum(p) / len(p)) for p in data.pot]


def _sweep_pot(data: Any, title: str) -> ChartTable:
    """The mean pot with its interval, then the pot at every tenth hand; the mean is drawn."""
    intervals = getattr(data, "pot_interval", None)
    pots = intervals or _mean_pots(data)
    marks = sorted({1, *range(10, data.hands + 1, 10), data.hands})
    rows = tuple(
        (
            name,
            _ci(pots[i], ".2f") if intervals else f"{pots[i]:.2f}",
            *(f"{float(data.pot[i][h - 1]):.2f}" for h in marks),
        )
        for i, name in enumerate(data.names)
    )
    bars = _variant_bars(data.names, pots)
    axis = "mean pot at the end of play (chips)"
    return ChartTable(
        f"The pot by hand of the session · {title}",
        ("variant", "mean pot (95% CI)", *(f"hand {h}" for h in marks)),
        rows,
        (Panel("", axis, bars, ".2f"),),
    )


def _sweep_bourre(data: Any, title: str) -> ChartTable:
    """The bourré rate of each variant, with its interval where the sweep gives one."""
    bourre = getattr(data, "bourre_interval", None)
    rates = bourre or [float(r) for r in data.bourre_rate]
    rows = tuple(
        (name, _ci(rates[i], ".1%") if bourre else _pct(rates[i]))
        for i, name in enumerate(data.names)
    )
    bars = _variant_bars(data.names, rates)
    return ChartTable(
        f"Bourré rate · {title}",
        ("variant", "bourré rate (95% CI)"),
        rows,
        (Panel("", "share of the players who played", bars, ".1%"),),
    )


def _sweep_seats(data: Any, title: str) -> ChartTable:
    """Each seat's share of hands won, a row (and a panel) a variant."""
    n = data.players
    seats = [f"seat {s + 1}" + (" (dealer)" if s == n - 1 else "") for s in range(n)]
    wins = [[float(w) for w in row] for row in data.win_by_seat]
    rows = tuple((name, *(_pct(w) for w in wins[i])) for i, name in enumerate(data.names))
    panels = tuple(
        Panel(
            name,
            "share of hands won",
            tuple(
                _bar(seat, w, rulebook_colour(name)) for seat, w in zip(seats, wins[i], strict=True)
            ),
            ".1%",
        )
        for i, name in enumerate(data.names)
    )
    return ChartTable(
        f"Share of hands won by seat, counted from the dealer's left · {title}",
        ("variant", *seats),
        rows,
        panels,
    )


def _sweep_rather(data: Any, title: str) -> ChartTable:
    """The share of plays that cost more than passing, a row a variant."""
    shares = [float(r) for r in data.rather_pass]
    rows = tuple((name, _pct(shares[i])) for i, name in enumerate(data.names))
    bars = _variant_bars(data.names, shares)
    axis = "share of plays that cost more than passing"
    return ChartTable(
        f"Plays that cost more than passing · {title}",
        ("variant", "rather pass"),
        rows,
        (Panel("", axis, bars, ".1%"),),
    )


def _sweep_all(data: Any, title: str) -> ChartTable:
    """The four measures, a row a variant; drawn as four panels (the shares on one scale)."""
    pots = _mean_pots(data)
    measures = (
        ("Mean pot at the end of play", "chips", pots, ".2f"),
        ("Bourré rate", SHARE, [float(r) for r in data.bourre_rate], ".1%"),
        ("Split pots", SHARE, [float(r) for r in data.split_rate], ".1%"),
        ("Plays that cost more than passing", SHARE, [float(r) for r in data.rather_pass], ".1%"),
    )
    rows = tuple(
        (name, *(format(values[i], form) for _h, _a, values, form in measures))
        for i, name in enumerate(data.names)
    )
    panels = tuple(
        Panel(heading, axis, _variant_bars(data.names, values), form)
        for heading, axis, values, form in measures
    )
    columns = ("variant", "mean pot", "bourré rate", "split rate", "rather pass")
    return ChartTable(f"The sweep · {title}", columns, rows, panels)


def disagreements_table(data: Any) -> ChartTable:
    """Each rule that refused a card another rulebook allows, with its share of decisions."""
    shares = data.rule_shares()
    rows = [
        (rule, data.concepts.get(rule, ""), f"{share:.2%}", f"{data.by_rule[rule]:,}")
        for rule, share in shares.items()
    ]
    rows.append(("any", "the books differ", f"{data.share:.2%}", f"{data.differing:,}"))
    bars = [Bar(rule, share, colour=rulebook_colour(rule)) for rule, share in shares.items()]
    bars.append(Bar("any", data.share, colour=ANY_RULE))
    axis = "share of card decisions where this rule refused a card"
    return ChartTable(
        f"Where the rulebooks disagree: {data.hands:,} hands, {data.players} players, "
        f"{data.decisions:,} card decisions",
        ("rule", "concept", "share of decisions", "decisions"),
        tuple(rows),
        (Panel("", axis, tuple(bars), ".2%"),),
    )


def disagreement_sizes_table(by_size: Mapping[int, Any], most: int = 4) -> ChartTable:
    """The share of decisions where the books differ at each table size, with the largest
    rules' shares; the share where the books differ is drawn."""
    rows, bars = [], []
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
        bars.append(_bar(f"{players} players", interval or data.share, ANY_RULE))
    axis = "share of card decisions where the books differ"
    return ChartTable(
        "Where the rulebooks disagree, by table size",
        ("table", "decisions", "books differ (95% CI)", "largest rules"),
        tuple(rows),
        (Panel("", axis, tuple(bars), ".1%"),),
    )


# --- the advisor ---------------------------------------------------------------------------------

CHIPS = "expected chips this hand, from the moment you decide"
"""The axis of the advisor's charts of playing and passing."""


def _better(a: Any) -> str:
    from ...sim.advisor import better_choice

    return better_choice(a)


def _play_and_pass(label: str, a: Any) -> tuple[Bar, Bar]:
    """Two points for one advice: playing in its rulebook's colour, passing in grey."""
    return (
        _bar(f"{label}: play", a.chips_play, rulebook_colour(a.rules.source)),
        _bar(f"{label}: pass", a.chips_pass, PASS_COLOUR),
    )


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
    points = tuple(bar for label, a in advices.items() for bar in _play_and_pass(label, a))
    deals = sorted({a.deals for a in advices.values()})
    return ChartTable(
        f"Expected chips if you play and if you pass ({' or '.join(f'{d:,}' for d in deals)} deals each)",
        ("hand", "take the pot", "bourré", "play (95% CI)", "pass (95% CI)", "better"),
        tuple(rows),
        (Panel("", CHIPS, points, "+.2f", points=True),),
    )


def advice_seats_table(by_rulebook: Mapping[str, Sequence[Any]]) -> ChartTable:
    """Each rulebook and seat: the chips of playing and of passing with their intervals; a
    panel a rulebook, all on one scale."""
    rows = [
        (name, f"seat {a.seat}", _ci(a.chips_play, "+.2f"), _ci(a.chips_pass, "+.2f"), _better(a))
        for name, seats in by_rulebook.items()
        for a in seats
    ]
    panels = tuple(
        Panel(
            name,
            CHIPS,
            tuple(bar for a in seats for bar in _play_and_pass(f"seat {a.seat}", a)),
            "+.2f",
            points=True,
        )
        for name, seats in by_rulebook.items()
    )
    return ChartTable(
        "The same hand from every seat",
        ("rulebook", "seat", "play (95% CI)", "pass (95% CI)", "better"),
        tuple(rows),
        panels,
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
    points = tuple(
        _bar(f"{a.deals:,} deals", a.chips_play, rulebook_colour(a.rules.source)) for a in advices
    )
    return ChartTable(
        "The 95% interval narrows as the deals grow",
        ("deals", "play (95% CI)", "width"),
        tuple(rows),
        (Panel("", "expected chips if you play", points, "+.3f", points=True),),
    )


# --- the deck, the pot, the chips ---------------------------------------------------------------


def deck_table(four_colour: bool = False) -> ChartTable:
    """The 52 cards: one row per suit, two (low) to ace (high) left to right."""
    from ...cards import Card, Rank, Suit

    rows = tuple(
        (f"{suit.symbol} {suit.plural}", *(str(Card(suit, rank)) for rank in Rank))
        for suit in reversed(list(Suit))
    )
    return ChartTable("The deck: ace high, two low", ("suit", *(r.label for r in Rank)), rows)


def pot_table(comparison: Mapping[str, Mapping[str, Any]]) -> ChartTable:
    """The pot left on the table after each hand: one row per panel and rulebook; the pot
    after the last hand is drawn, a panel per title, all on one scale."""
    hands = max(run.hands for runs in comparison.values() for run in runs.values())
    marks = sorted({1, *range(5, hands + 1, 5), hands})
    rows = tuple(
        (f"{title}: {label}", *(str(run.pots[h - 1]) if h <= run.hands else "" for h in marks))
        for title, runs in comparison.items()
        for label, run in runs.items()
    )
    axis = f"chips left in the pot after hand {hands}"
    panels = tuple(
        Panel(
            title,
            axis,
            tuple(
                Bar(label, float(run.pots[-1]), colour=rulebook_colour(label))
                for label, run in runs.items()
                if run.hands == hands
            ),
            ".0f",
        )
        for title, runs in comparison.items()
    )
    return ChartTable(
        "The pot left on the table after each hand",
        ("table", *(f"hand {h}" for h in marks)),
        rows,
        panels,
    )
