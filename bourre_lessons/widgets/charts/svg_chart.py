"""A chart drawn as SVG in plain Python, for where matplotlib is missing (the course in the browser).

`svg_chart(title, panels)` returns an SVG picture as text: one row per item, with its label, a
bar (or a point) for its value and a whisker for its 95% interval where it has one; a line at
zero, ticks at round numbers under each panel, and the chart's title on top. Panels that measure
the same thing (the same axis label, number format and unit) share one scale, so their bars can
be compared; a panel in another unit gets a scale of its own. Values are written as the chart's
table writes them (`form`, e.g. '.1%' or '+.2f'). Standard library only: it runs in Pyodide,
offline, where `charts.chart_tables` shows it above the table of the same numbers.
"""

from __future__ import annotations

import html
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["EMPTY", "Bar", "Panel", "Scale", "nice_ticks", "number", "svg_chart", "tick_text"]

WIDTH = 640
"""The picture's width in px (it shrinks to a narrower cell: the svg keeps its viewBox)."""
PAD = 12
ROW = 22
"""Height of one item's row, in px."""
BAR = 13
"""Thickness of a bar, in px."""
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SIZE = {"title": 15, "heading": 13, "label": 12, "tick": 11, "value": 11}
"""Font sizes in px."""
CHAR = {"plain": 0.58, "bold": 0.64}
"""A character's width as a share of the font size, about and rather more than less, to lay
text out without measuring it (the browser's font is not known here)."""
INK = "#222222"
GRID = "#e3e3e3"
DEFAULT_COLOUR = "#4d4d4d"
EMPTY = "Nothing to draw: this chart has no numbers yet."
"""What an empty chart says instead of drawing nothing."""


@dataclass(frozen=True)
class Bar:
    """One item: its label, its value, its 95% interval (low, high) where it has one; pale
    when the interval says the value cannot be told from zero."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    colour: str = DEFAULT_COLOUR
    pale: bool = False

    @property
    def has_interval(self) -> bool:
        """True when both ends of the interval are finite numbers."""
        return _finite(self.low) and _finite(self.high)


@dataclass(frozen=True)
class Panel:
    """Bars on one axis: a heading ('' for none), what the axis measures, the number format
    of the table (`form`, then `unit`), and points instead of bars when `points`."""

    heading: str
    axis: str
    bars: tuple[Bar, ...]
    form: str = ".2f"
    unit: str = ""
    points: bool = False

    @property
    def key(self) -> tuple[str, str, str, bool]:
        """Panels with the same key share a scale."""
        return (self.axis, self.form, self.unit, self.points)


@dataclass(frozen=True)
class Scale:
    """Values from `low` to `high` drawn from x `left` to x `right`, with ticks every `step`."""

    low: float
    high: float
    step: float
    left: float
    right: float

    def at(self, value: float) -> float:
        """The x of a value."""
        return self.left + (value - self.low) / (self.high - self.low) * (self.right - self.left)

    def ticks(self) -> list[float]:
        """The round numbers from low to high, every step."""
        count = round((self.high - self.low) / self.step)
        return [_clean(self.low + k * self.step, self.step) for k in range(count + 1)]


def _finite(value: float | None) -> bool:
    """True for a number that is neither None, NaN nor infinite."""
    return value is not None and math.isfinite(value)


def _clean(value: float, step: float) -> float:
    """A tick's value rounded to its step's precision (no 0.30000000000000004, no -0)."""
    value = round(value / step) * step
    return 0.0 if abs(value) < step * 1e-9 else value


def esc(text: str) -> str:
    """Text made safe inside an XML element or attribute."""
    return html.escape(str(text), quote=True)


def number(value: float, form: str, unit: str = "") -> str:
    """A value as the chart's table writes it: `format(value, form)`, then the unit."""
    return format(value, form) + unit


def nice_step(span: float, count: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) cutting `span` into about `count` parts."""
    raw = span / count
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if raw <= m * power * (1 + 1e-9))


def nice_ticks(low: float, high: float) -> tuple[float, float, float]:
    """The axis for values from low to high: (first tick, last tick, step), all round."""
    if high <= low:
        half = max(abs(low) * 0.1, 1e-9 if low else 1.0)
        low, high = low - half, high + half
    step = nice_step(high - low)
    first = _clean(math.floor(low / step + 1e-9) * step, step)
    last = _clean(math.ceil(high / step - 1e-9) * step, step)
    return first, last, step


def _decimals(step: float) -> int:
    """Decimals a tick needs to show its step."""
    return max(0, math.ceil(-math.log10(step) - 1e-9))


def tick_text(value: float, form: str, step: float) -> str:
    """A tick's round number in the table's kind of number: '20%' for a share, '+0.5' for a
    signed one, '1,000' where the table groups thousands (the unit is in the axis label)."""
    percent = form.endswith("%")
    scale = 100.0 if percent else 1.0
    places = _decimals(step * scale)
    sign = "+" if "+" in form and value != 0 else ""
    group = "," if "," in form else ""
    return f"{value * scale:{sign}{group}.{places}f}" + ("%" if percent else "")


def text_width(text: str, size: int) -> float:
    """About how wide `text` is at font size `size`, in px."""
    return len(text) * size * CHAR["plain"]


def fit(text: str, width: float, size: int, weight: str = "plain") -> str:
    """`text` cut with '…' to fit `width` px at font size `size` ('plain' or 'bold')."""
    most = max(int(width / (size * CHAR[weight])), 2)
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _text(x: float, y: float, text: str, size: int, anchor: str = "start", **attrs: str) -> str:
    """One line of text at (x, y), escaped; attrs become attributes (class_ is class)."""
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"'
        f' fill="{INK}"{extra}>{esc(text)}</text>'
    )


def _line(
    x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1.0, kind: str = ""
) -> str:
    """A straight line (of class `kind`, if given)."""
    named = f' class="{kind}"' if kind else ""
    return (
        f'<line{named} x1="{x1:.2f}" y1="{y1:.1f}" x2="{x2:.2f}" y2="{y2:.1f}" stroke="{colour}"'
        f' stroke-width="{width}"/>'
    )


def _columns(panels: Sequence[Panel]) -> tuple[float, float]:
    """The width of the labels' column and of the values' column, in px."""
    bars = [b for p in panels for b in p.bars]
    labels = max(text_width(b.label, SIZE["label"]) for b in bars) + 10
    values = max(text_width(_value_text(b, p), SIZE["value"]) for p in panels for b in p.bars)
    return min(max(labels, 60.0), WIDTH * 0.36), values + 12


def _value_text(bar: Bar, panel: Panel) -> str:
    """The value written beside a bar, as in the table; 'no value' for none."""
    return number(bar.value, panel.form, panel.unit) if _finite(bar.value) else "no value"


def _scales(panels: Sequence[Panel], left: float, right: float) -> dict[tuple, Scale]:
    """One scale per kind of panel (`Panel.key`), covering the values and intervals of all."""
    found: dict[tuple, list[float]] = {}
    for panel in panels:
        values = found.setdefault(panel.key, [] if panel.points else [0.0])
        for bar in panel.bars:
            ends = (bar.low, bar.high) if bar.has_interval else ()
            values += [v for v in (bar.value, *ends) if _finite(v)]
    scales = {}
    for key, values in found.items():
        low, high, step = nice_ticks(min(values, default=0.0), max(values, default=1.0))
        scales[key] = Scale(low, high, step, left, right)
    return scales


def _title_lines(title: str) -> list[str]:
    """The title wrapped to the picture's width."""
    most = int((WIDTH - 2 * PAD) / (SIZE["title"] * CHAR["bold"]))
    return textwrap.wrap(title, most) or [""]


def _svg(title: str, height: float, body: str, summary: str) -> str:
    """The svg element around `body`: its size, a white ground, and a title for screen readers."""
    label = esc(f"{title}. {summary}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bourre-svg-chart" width="{WIDTH}"'
        f' height="{height:.0f}" viewBox="0 0 {WIDTH} {height:.0f}" role="img"'
        f' aria-label="{label}" font-family="{FONT}" style="max-width:100%;height:auto">'
        f"<title>{esc(title)}</title><desc>{esc(summary)}</desc>"
        f'<rect x="0" y="0" width="{WIDTH}" height="{height:.0f}" fill="#ffffff"/>{body}</svg>'
    )


def _title_svg(title: str) -> tuple[str, float]:
    """The title's lines, bold; and the y below them."""
    y = PAD
    parts = []
    for line in _title_lines(title):
        y += SIZE["title"] + 4
        parts.append(_text(PAD, y, line, SIZE["title"], font_weight="bold", class_="title"))
    return "".join(parts), y + 8


def svg_chart(title: str, panels: Sequence[Panel]) -> str:
    """The chart as an SVG string: the title, then each panel's rows and axis, stacked."""
    panels = [p for p in panels if p.bars]
    head, y = _title_svg(title)
    if not panels:
        body = head + _text(PAD, y + 16, EMPTY, SIZE["label"], class_="empty")
        return _svg(title, y + 16 + PAD, body, EMPTY)
    labels, values = _columns(panels)
    scales = _scales(panels, PAD + labels, WIDTH - PAD - values)
    parts = [head]
    for panel in panels:
        drawn, y = _panel_svg(panel, scales[panel.key], y)
        parts.append(drawn)
    return _svg(title, y + PAD, "".join(parts), _summary(panels))


def _summary(panels: Sequence[Panel]) -> str:
    """What the picture shows, in words, for a screen reader."""
    bars = [b for p in panels for b in p.bars]
    kind = "points" if all(p.points for p in panels) else "bars"
    known = sum(b.has_interval for b in bars)
    whiskers = f", {known} of them with a 95% interval" if known else ""
    return f"{len(bars)} {kind}, one a row{whiskers}; the numbers are in the table"


def _panel_svg(panel: Panel, scale: Scale, top: float) -> tuple[str, float]:
    """One panel at y `top`: its heading, grid, rows, zero line and axis; and the y below it."""
    parts = ['<g class="panel">']
    if panel.heading:
        top += SIZE["heading"] + 6
        heading = fit(panel.heading, WIDTH - 2 * PAD, SIZE["heading"], "bold")
        parts.append(
            _text(PAD, top, heading, SIZE["heading"], font_weight="bold", class_="heading")
        )
        top += 6
    bottom = top + ROW * len(panel.bars)
    parts += [_line(scale.at(t), top, scale.at(t), bottom, GRID) for t in scale.ticks()]
    for row, bar in enumerate(panel.bars):
        parts.append(_row_svg(bar, panel, scale, top + ROW * (row + 0.5)))
    if scale.low <= 0 <= scale.high:
        zero = scale.at(0.0)
        parts.append(_line(zero, top, zero, bottom, INK, 1.2, "zero"))
    parts.append(_axis_svg(panel, scale, bottom))
    parts.append("</g>")
    return "".join(parts), bottom + 38


def _axis_svg(panel: Panel, scale: Scale, y: float) -> str:
    """The axis under a panel: a line, a tick and its round number at each step, the label."""
    parts = ['<g class="axis">', _line(scale.left, y, scale.right, y, INK)]
    for tick in scale.ticks():
        x = scale.at(tick)
        parts.append(_line(x, y, x, y + 4, INK))
        words = tick_text(tick, panel.form, scale.step)
        parts.append(_text(x, y + 16, words, SIZE["tick"], "middle", class_="tick"))
    middle = (scale.left + scale.right) / 2
    axis = fit(panel.axis, scale.right - scale.left, SIZE["tick"])
    parts.append(_text(middle, y + 32, axis, SIZE["tick"], "middle", class_="axis-label"))
    return "".join(parts) + "</g>"


def _row_svg(bar: Bar, panel: Panel, scale: Scale, y: float) -> str:
    """One item's row centred on y: label, bar or point, whisker, value."""
    label_x = scale.left - 8
    said = f"{bar.label}: {_value_text(bar, panel)}"
    if bar.has_interval:
        ends = (number(e, panel.form, panel.unit) for e in (bar.low, bar.high))
        said += " (95% interval {} to {})".format(*ends)
    label = fit(bar.label, label_x - PAD, SIZE["label"])
    parts = [
        f'<g class="row"><title>{esc(said)}</title>',
        _text(label_x, y + 4, label, SIZE["label"], "end", class_="label"),
    ]
    if _finite(bar.value):
        parts.append(_mark(bar, panel.points, scale, y))
    if bar.has_interval:
        parts.append(_whisker(bar, scale, y, bar.colour if panel.points else INK))
    value = _value_text(bar, panel)
    parts.append(_text(WIDTH - PAD, y + 4, value, SIZE["value"], "end", class_="value"))
    return "".join(parts) + "</g>"


def _mark(bar: Bar, points: bool, scale: Scale, y: float) -> str:
    """The bar from zero to the value, or a point at the value."""
    x = scale.at(bar.value)
    paint = f'fill="{bar.colour}"' + (' fill-opacity="0.3"' if bar.pale else "")
    if points:
        return f'<circle class="point" cx="{x:.2f}" cy="{y:.1f}" r="5" {paint}/>'
    zero = scale.at(0.0)
    return (
        f'<rect class="bar" x="{min(x, zero):.2f}" y="{y - BAR / 2:.1f}"'
        f' width="{abs(x - zero):.2f}" height="{BAR}" {paint} stroke="{bar.colour}"'
        ' stroke-width="0.8"/>'
    )


def _whisker(bar: Bar, scale: Scale, y: float, colour: str) -> str:
    """The 95% interval: a line from low to high with a cap at each end."""
    low, high = scale.at(bar.low), scale.at(bar.high)  # type: ignore[arg-type]
    return (
        f'<g class="whisker">{_line(low, y, high, y, colour, 1.6)}'
        f"{_line(low, y - 5, low, y + 5, colour, 1.6)}{_line(high, y - 5, high, y + 5, colour, 1.6)}"
        "</g>"
    )
