"""Helpers for the first lessons (00-02): a setup check, the deck, a deal laid out round by
round, and short runs of a hand's opening (declarations, the draw).

Everything shown comes from the engine (`Game`, `parse_card`, `DECK`); these functions only
lay it out as text, HTML or a figure, so a notebook cell stays one or two lines long.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..browser import FULL_INSTALL, has_module, in_browser
from ..cards import DECK, Card, CardError, Rank, Suit, parse_card
from ..game import Game
from .charts.chart_tables import chart_or_table, deck_table
from .scenes.scene import card_colour

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .scenes.scene import SceneView

__all__ = [
    "DealView",
    "SetupCheck",
    "act",
    "browser_check",
    "card_readings",
    "deal_view",
    "dealers",
    "deck_figure",
    "deck_summary",
    "declaring_order",
    "last_step",
    "pinned_versions",
    "setup_check",
]

CONSTRAINTS = Path(__file__).resolve().parent.parent / "constraints.txt"
MIN_PYTHON = (3, 10)
CHECKED = ("ipywidgets", "matplotlib", "jupyterlab_widgets")
BROWSER_CHECKED = ("ipywidgets", "anywidget")
BROWSER_LACKS = (("charts", "matplotlib"), ("simulations", "numpy"))
BROWSER_INSTEAD = {
    "charts": " (each chart shows its numbers as a table; most are drawn in plain Python too)",
    "simulations": " (they run in plain Python, on fewer hands, with their 95% intervals)",
}
"""What the browser does instead of each part it lacks."""


# --- 00: the setup check ------------------------------------------------------------------


@dataclass(frozen=True)
class SetupCheck:
    """One line per requirement: what the course needs and whether this kernel has it."""

    rows: tuple[tuple[str, str], ...]
    browser: bool = False

    @property
    def ok(self) -> bool:
        """True when every requirement reads 'ok'."""
        return all(status == "ok" for _, status in self.rows)

    @property
    def verdict(self) -> str:
        """The last line: ready, ready for the browser, or not ready."""
        if self.browser and all(
            s == "ok" or s.startswith("not in the browser") for _, s in self.rows
        ):
            return (
                "Ready for the browser: the lessons, scenes, exercises and simulations run here; "
                f"for drawn charts and full-size simulations install the course on your "
                f"computer ({FULL_INSTALL})."
            )
        return "Ready: every requirement is met." if self.ok else "Not ready: see above."

    def __str__(self) -> str:
        lines = [f"{need}: {status}" for need, status in self.rows]
        return "\n".join([*lines, self.verdict])

    __repr__ = __str__


def pinned_versions(path: Path = CONSTRAINTS) -> dict[str, str]:
    """The `name==version` pins of constraints.txt (empty when the file is not there)."""
    if not path.is_file():
        return {}
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, version = line.split("#")[0].split(";")[0].strip().partition("==")
        if sep:
            pins[_canonical(name)] = version.strip()
    return pins


def _canonical(name: str) -> str:
    return name.lower().replace("-", "_")


def _installed(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _requirement(name: str, pins: dict[str, str]) -> tuple[str, str]:
    """('ipywidgets 8.1.9', 'ok'), or 'missing', or the installed version when it differs."""
    installed = _installed(name)
    pinned = pins.get(_canonical(name), installed or "")
    if installed is None:
        return f"{name} {pinned}".strip(), "missing"
    status = "ok" if installed == pinned else f"installed {installed}, the course pins {pinned}"
    return f"{name} {pinned}", status


def setup_check(pins: dict[str, str] | None = None) -> SetupCheck:
    """Check python, the widget and plotting libraries, the widget frontend and this package."""
    if in_browser():
        return browser_check()
    pins = pinned_versions() if pins is None else pins
    python = "ok" if sys.version_info[:2] >= MIN_PYTHON else "too old"
    rows = [(f"python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer", python)]
    rows += [_requirement(name, pins) for name in CHECKED]
    rows.append((f"bourre-lessons {__version__}", "ok"))
    return SetupCheck(tuple(rows))


def browser_check() -> SetupCheck:
    """The setup check in the browser: the widget libraries, and what the browser goes without."""
    python = "ok" if sys.version_info[:2] >= MIN_PYTHON else "too old"
    rows = [(f"python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer (in the browser)", python)]
    rows += [
        (f"{name} {_installed(name) or ''}".strip(), "ok" if _installed(name) else "missing")
        for name in BROWSER_CHECKED
    ]
    for part, module in BROWSER_LACKS:
        status = "ok" if has_module(module) else f"not in the browser{BROWSER_INSTEAD[part]}"
        rows.append((f"{part} ({module})", status))
    rows.append((f"bourre-lessons {__version__}", "ok"))
    return SetupCheck(tuple(rows), browser=True)


# --- 01: the deck and card notations --------------------------------------------------------


def deck_summary() -> str:
    """The deck in one line: how many cards, suits and ranks, lowest and highest rank."""
    suits = " ".join(s.symbol for s in Suit)
    low, high = min(Rank), max(Rank)
    return (
        f"{len(DECK)} cards = {len(Suit)} suits ({suits}) × {len(Rank)} ranks; "
        f"the {low.word} ({low.label}) is lowest, the {high.word} ({high.label}) highest"
    )


@chart_or_table(deck_table)
def deck_figure(four_colour: bool = False) -> Figure:
    """The 52 cards as a closed figure: one row per suit, two (low) to ace (high) left to right."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10.4, 3.4), dpi=80)
    ax = fig.subplots()
    for row, suit in enumerate(Suit):
        for col, rank in enumerate(Rank):
            _draw_card(ax, col, 3 - row, Card(suit, rank), four_colour)
    ax.set_xlim(-0.6, len(Rank) - 0.4)
    ax.set_ylim(-0.6, len(Suit) - 0.4)
    ax.set_axis_off()
    ax.set_title("The deck: ace high, two low", fontsize=13)
    fig.tight_layout()
    return fig


def _draw_card(ax: Any, x: float, y: float, card: Card, four_colour: bool) -> None:
    colour = card_colour(card, four_colour)
    ax.add_patch(_card_patch(x, y))
    ax.text(x, y, str(card), ha="center", va="center", fontsize=13, color=colour)


def _card_patch(x: float, y: float) -> Any:
    from matplotlib.patches import FancyBboxPatch

    return FancyBboxPatch(
        (x - 0.38, y - 0.4),
        0.76,
        0.8,
        boxstyle="round,pad=0.02",
        facecolor="white",
        edgecolor="#888888",
    )


def card_readings(texts: Iterable[str]) -> str:
    """How `parse_card` reads each text, one line each (an unreadable one shows the error)."""
    lines = []
    for text in texts:
        try:
            card = parse_card(text)
            lines.append(f"{text!r:>8} → {card}  ({card.name}, code {card.code})")
        except CardError as err:
            lines.append(f"{text!r:>8} → not a card: {str(err).split(';')[0]}")
    return "\n".join(lines)


# --- 01: a deal, round by round -------------------------------------------------------------


@dataclass(frozen=True)
class DealView:
    """A deal shown as a table in a notebook (HTML) and as plain text (repr, print)."""

    text: str
    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__


def _turned_line(game: Game) -> str:
    rec = game.hand_record
    who = f"{rec.dealer} turns up the fifth card"
    if rec.dealt[rec.dealer][-1] != game.trump_card:
        who = "A sixth card is turned in the middle"
    return f"{who}, {game.trump_card}: {game.trump_card.suit.plural} are trumps."


def deal_view(game: Game) -> DealView:
    """The current hand's deal: one column per seat from the dealer's left, one row per round."""
    rec = game.hand_record
    heads = [f"{p} (dealer)" if p == rec.dealer else p for p in rec.seats]
    rounds = [[rec.dealt[p][i] for p in rec.seats] for i in range(5)]
    width = max(len(h) for h in heads) + 2
    text = [f"Hand {rec.number}: {rec.dealer} deals, one card at a time from the dealer's left."]
    text.append("round  " + "".join(h.ljust(width) for h in heads).rstrip())
    for i, row in enumerate(rounds, start=1):
        text.append(f"{i:>5}  " + "".join(str(c).ljust(width) for c in row).rstrip())
    text.append(_turned_line(game))
    return DealView("\n".join(text), _deal_html(game, heads, rounds))


def _deal_html(game: Game, heads: list[str], rounds: list[list[Card]]) -> str:
    cell = "padding:2px 12px;text-align:center"
    head = "".join(f"<th style='{cell}'>{html.escape(h)}</th>" for h in heads)
    body = []
    for i, row in enumerate(rounds, start=1):
        cards = "".join(f"<td style='{cell}'>{_card_span(c, game.trump_card)}</td>" for c in row)
        body.append(f"<tr><td style='{cell}'>{i}</td>{cards}</tr>")
    return (
        f"<table class='bourre-deal'><tr><th style='{cell}'>round</th>{head}</tr>"
        + "".join(body)
        + f"</table><p>{html.escape(_turned_line(game))}</p>"
    )


def _card_span(card: Card, turned: Card) -> str:
    colour = card_colour(card)
    box = "border:2px solid #d4a017;border-radius:4px;padding:0 3px;" if card == turned else ""
    return f"<span title='{card.name}' style='{box}color:{colour};font-weight:bold'>{card}</span>"


def _finish_by_passing(game: Game) -> None:
    """Play the hand to its end: pass where allowed, keep every hand, play the lowest card."""
    while game.phase != "settled":
        actions = game.legal_actions()
        for choice in ("pass", "keep"):
            if choice in actions:
                game.apply(choice)
                break
        else:
            game.apply(actions[0])


def dealers(game: Game, hands: int) -> list[str]:
    """Who deals this hand and the next `hands - 1` (each hand is finished by passing)."""
    if hands < 1:
        raise ValueError(f"hands must be 1 or more, got {hands}")
    seen = [game.hand_record.dealer]
    while len(seen) < hands:
        _finish_by_passing(game)
        game.apply("deal")
        seen.append(game.hand_record.dealer)
    return seen


# --- 02: declarations, the draw and story scenes ------------------------------------------


def declaring_order(game: Game) -> str:
    """Who declares in what order this hand: from the dealer's left, the dealer last."""
    rec = game.hand_record
    others = ", ".join(p for p in rec.seats if p != rec.dealer)
    return f"{others}, then the dealer {rec.dealer}"


def act(game: Game, *actions: str) -> str:
    """Apply the actions in order and return the transcript lines they added."""
    start = len(game.transcript().splitlines())
    game.play(*actions)
    return "\n".join(game.transcript().splitlines()[start:])


def last_step(scene: SceneView) -> SceneView:
    """Press Next on a scene until its last step; returns the scene."""
    while scene.step < scene.step_count - 1:
        scene.next()
    return scene
