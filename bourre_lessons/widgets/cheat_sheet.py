"""A printable one-page cheat sheet: pagat's rules (the course's baseline), where the
rulebooks differ, and the words it uses.

`cheat_sheet()` draws the page with matplotlib and returns the Figure (lesson 00 shows it);
`save_cheat_sheet()` writes `docs/cheat-sheet.png` and `docs/cheat-sheet.pdf`. Regenerate them
with `python tools/make_cheat_sheet.py` or `python -m bourre_lessons.widgets.cheat_sheet`.

Every rule line cites the pagat entries of the register it states (`bourre_lessons.sources`:
`pagat-1`, `pagat-cinch`, `pagat-exchange`; docs/sources.md quotes each). The table of
differences is computed from `Rules.preset(...)`, one row for every switch on which the three
presets do not all agree, so it cannot fall behind the engine; where a rulebook is silent on a
switch the cell says "not said" and marks the preset's value as ours (`sources.stance_words`),
never a bare "no". A beginner meets the sheet in lesson 00, so every game word it uses that
lesson 00 has not explained is defined on the sheet itself (`WORDS`).
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ..rules import SOURCES, Rules
from ..sources import cite, stance_words

__all__ = [
    "BASELINE",
    "COLUMNS",
    "SECTIONS",
    "SWITCH_LABELS",
    "WORDS",
    "RuleLine",
    "cheat_sheet",
    "difference_rows",
    "main",
    "save_cheat_sheet",
    "sheet_text",
    "value_words",
]

BASELINE = "pagat"
"""The rulebook the sheet states: pagat's, the engine's default (`Rules()`)."""
COLUMNS: tuple[str, ...] = (BASELINE, *(s for s in SOURCES if s != BASELINE))
"""The rulebooks of the differences table, the baseline first."""


@dataclass(frozen=True)
class RuleLine:
    """One line of the sheet: the rule in a few words and the register entries it states."""

    text: str
    rules: tuple[str, ...]

    @property
    def citation(self) -> str:
        """The entries as learners cite them, the source named once: 'pagat 1', 'pagat lone,
        dealer-alone'."""
        first, *rest = (cite(rule) for rule in self.rules)
        source = first.split(" ", 1)[0]
        return ", ".join([first, *(c.removeprefix(f"{source} ") for c in rest)])


SECTIONS: tuple[tuple[str, tuple[RuleLine, ...]], ...] = (
    (
        "The deal",
        (
            RuleLine(
                "2 to 8 players (7 plays best, 5 or fewer is dull); 52 cards, ace high, two low.",
                ("pagat-cards",),
            ),
            RuleLine(
                "All ante 1 chip. The dealer deals 5 cards each, one at a time, clockwise from "
                "their left.",
                ("pagat-deal",),
            ),
            RuleLine(
                "The dealer's 5th card is dealt face up: its suit is trumps; it is part of the "
                "dealer's hand (who may, very unusually, throw it away). The deal passes left.",
                ("pagat-deal", "pagat-dealer-card"),
            ),
        ),
    ),
    (
        "Play or pass, and the draw",
        (
            RuleLine(
                "From the dealer's left, the dealer last, each says play or pass; passing costs "
                "only your ante.",
                ("pagat-draw", "pagat-pass"),
            ),
            RuleLine(
                "A player who plays throws away 0 to 5 cards face down, says how many, and is "
                "dealt as many from the stock.",
                ("pagat-exchange",),
            ),
            RuleLine("A dealer who turned an ace must play.", ("pagat-dealer-ace",)),
            RuleLine(
                "If only one player plays, that player takes the pot without play (the dealer "
                "too, when everyone else passed).",
                ("pagat-lone", "pagat-dealer-alone"),
            ),
            RuleLine(
                "Saying play, you throw away 0 to 5 cards face down at once and are dealt as "
                "many from the stock (our reading: one round).",
                ("pagat-draw",),
            ),
            RuleLine(
                "Saying or hinting play, pass or a number before your turn: sit out the next deal.",
                ("pagat-out-of-turn",),
            ),
        ),
    ),
    (
        "The tricks",
        (
            RuleLine(
                "The first player in from the dealer's left leads; the winner of a trick leads "
                "the next.",
                ("pagat-play",),
            ),
            RuleLine(
                "The highest trump takes the trick; with no trump in it, the highest card of the "
                "suit led.",
                ("pagat-play",),
            ),
            RuleLine("Follow suit whenever you can.", ("pagat-1",)),
            RuleLine(
                "Following a trick nobody has trumped: beat the best card if you can, else any "
                "card of the suit.",
                ("pagat-3",),
            ),
            RuleLine(
                "Once a side-suit lead has been trumped, any card of that suit will do.",
                ("pagat-example",),
            ),
            RuleLine(
                "None of the suit led: play a trump; overtrump if you can; a trump even when "
                "yours is too low.",
                ("pagat-2",),
            ),
            RuleLine(
                "Neither the suit led nor a trump: any card (it cannot win).", ("pagat-discard",)
            ),
            RuleLine(
                "Cinch (three tricks sure: tricks won + sure trump tricks, by the engine's "
                "count): lead your highest trump; playing a trump to another's lead, your "
                "highest; last to play, just win. The next trump down may stand in.",
                ("pagat-cinch", "pagat-cinch-equal"),
            ),
        ),
    ),
    (
        "Settling the pot",
        (
            RuleLine(
                "The player with more tricks than anyone else takes the pot; a tie for most (a "
                "split pot) stays.",
                ("pagat-payment", "pagat-split"),
            ),
            RuleLine(
                "Played and took no trick: bourréd. Pay as much as the pot held; it goes into "
                "the next pot.",
                ("pagat-bourre",),
            ),
            RuleLine(
                "Bourréd players and the players tied in a split pot skip the next ante.",
                ("pagat-ante",),
            ),
            RuleLine(
                "A renege put right before the next card: no pot for you, sit out the next deal, "
                "no bourré. Not put right: pay as for a bourré.",
                ("pagat-renege",),
            ),
        ),
    ),
)
"""The sheet's rule lines, section by section: pagat's rules in the course's words."""

WORDS: tuple[tuple[str, str], ...] = (
    ("ante", "the chip each player puts in the pot before the deal"),
    ("trick", "one card from each player; the highest trump, else the highest of the suit led"),
    ("lead", "play the first card of a trick"),
    ("side suit", "any suit but trumps"),
    ("void", "holding no card of a suit"),
    ("overtrump", "play a trump higher than the trump winning the trick; lesson 04"),
    ("stock", "the cards left after the deal; the draw comes from it"),
    ("sure trump trick", "a trick your trumps win whatever the others hold"),
    ("known top card", "a card of yours that no unseen card outranks; lesson 05a"),
    ("cinch", "three tricks sure, so the pot is yours (pagat's rule); lesson 05b"),
    ("split pot", "a tie for most tricks: nobody takes the pot"),
    ("bourréd", "played the hand and took no trick"),
    ("renege", "playing a card the rules forbid; lesson 06"),
)
"""Words the sheet uses that lesson 00, where a beginner first sees it, has not explained."""

SWITCH_LABELS: dict[str, str] = {
    "trump_when_cannot_win": "Void, cannot overtrump: still trump",
    "must_play_known_top": "Play a known top card (glimne 9)",
    "must_lead_trump_when_others_out": "Others out of trumps: lead one (glimne 10)",
    "cinch": "Cinch rules",
    "second_ante": "Playing costs a second chip",
    "ante_skip": "Who skips the next ante",
    "renege": "What a renege costs",
    "bourre_paid_to": "A bourré payment goes to",
    "max_players": "Most players",
    "max_discards_seven": "Draw limit with 7 or more players",
    "restock": "Stock runs out: shuffle in",
    "dealer_ace_leads": "Turned ace: the dealer leads",
    "dealer_ace_must_play": "Turned ace: the dealer must play",
    "lone_player_wins": "Only one plays: takes the pot unplayed",
    "out_of_turn_penalty": "Speaking before your turn: sit out",
    "min_players": "Fewest players",
    "max_discards": "Cards one player may exchange",
    "pot_limit": "Pot limit",
    "dealer_antes_for_all": "The dealer antes for all",
    "double_ante": "Double ante",
    "double_ante_round": "Double ante: second chip paid",
    "separate_trump_card": "Separate trump card",
    "simultaneous_declaration": "Play or pass all at once",
    "draw_timing": "When a player who plays draws",
    "dealer_may_discard_trump_card": "Dealer may discard the turned card",
}
"""A short label for every switch the table may need (a switch without one fails loudly)."""

_VALUE_WORDS: dict[tuple[str, Any], str] = {
    ("cinch", "off"): "off",
    ("cinch", "pot"): "on",
    ("cinch", "strict"): "strict",
    ("ante_skip", "none"): "nobody",
    ("ante_skip", "bourred"): "the bourréd",
    ("ante_skip", "bourred_and_tied"): "bourréd and tied",
    ("renege", "penalty"): "as a bourré",
    ("renege", "retract"): "take it back",
    ("renege", "retract_and_penalty"): "back, and a bourré",
    ("renege", "correct_before_next"): "put right, or a bourré",
    ("bourre_paid_to", "next_pot"): "the next pot",
    ("bourre_paid_to", "winner"): "winner",  # glimne's cell adds "(our reading)"
    ("restock", "folded_then_discards"): "passed hands first",
    ("restock", "folded_and_served_discards"): "passed and discards",
    ("draw_timing", "same_turn"): "at once: one round",
    ("draw_timing", "after_declarations"): "after all declare: two rounds",
    ("double_ante_round", "with_play"): "with 'play'",
    ("double_ante_round", "after_draw"): "in a round after the draw",
    ("max_discards_seven", None): "no extra limit",
    ("pot_limit", None): "none",
}


def value_words(switch: str, value: Any) -> str:
    """How the table shows one switch value: yes/no, a number, or a few words."""
    if (switch, value) in _VALUE_WORDS:
        return _VALUE_WORDS[(switch, value)]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value} cards" if "discards" in switch else str(value)
    return str(value).replace("_", " ")


def difference_rows() -> list[tuple[str, str, tuple[str, ...]]]:
    """(switch, label, one cell per column) for every switch the presets disagree on; a cell
    reads "not said (ours: value)" where that rulebook is silent."""
    presets = {name: asdict(Rules.preset(name)) for name in COLUMNS}
    rows = []
    for switch, value in presets[BASELINE].items():
        values = [presets[name][switch] for name in COLUMNS]
        if switch == "source" or all(v == value for v in values):
            continue
        words = tuple(
            stance_words(switch, name, value_words(switch, presets[name][switch]))
            for name in COLUMNS
        )
        rows.append((switch, SWITCH_LABELS[switch], words))
    return rows


# --- drawing -----------------------------------------------------------------------------------

PAGE = (8.27, 11.69)
"""A4 portrait, in inches."""
LEFT, RIGHT = 0.06, 0.94
BODY, SMALL, HEAD = 8.0, 6.9, 10.5  # font sizes, points
LINE = BODY * 1.2 / (PAGE[1] * 72)  # one body line, in figure height
WRAP = 98  # characters of a rule line before it wraps
GREY, SHADE, INK = "#5f5f5f", "#eef1f5", "#1a1a1a"
TABLE_X = (LEFT + 0.006, 0.45, 0.615, 0.78)  # the label, then one column per rulebook
TABLE_WRAP = (48, 24, 24, 24)


def cheat_sheet() -> Figure:
    """The one-page cheat sheet: pagat's rules, cited, and the table of differences."""
    fig = Figure(figsize=PAGE, dpi=100)
    fig.text(LEFT, 0.962, "Bourré on one page", fontsize=17, weight="bold", color=INK)
    fig.text(
        LEFT,
        0.944,
        "pagat's rules: the course's baseline and the engine's default, Rules(). "
        "Each line cites the rule it states.",
        fontsize=SMALL + 0.6,
        color=GREY,
    )
    y = 0.918
    for title, lines in SECTIONS:
        y = _section(fig, y, title, lines)
    y = _differences(fig, y - 0.004)
    _words(fig, y - 0.006)
    fig.text(
        LEFT,
        0.016,
        "Made by tools/make_cheat_sheet.py from the engine's presets. Words: docs/glossary.md; "
        "the rules: docs/rules.md; each source's own words: docs/sources.md.",
        fontsize=SMALL - 0.6,
        color=GREY,
    )
    return fig


def _lines(fig: Figure, x: float, y: float, lines: list[str], **style: Any) -> float:
    """Draw text lines with their baselines one LINE apart from `y` down; return the height
    below the last one."""
    for number, line in enumerate(lines):
        fig.text(x, y - LINE * number, line, fontsize=style.pop("fontsize", BODY), **style)
        style["fontsize"] = fig.texts[-1].get_fontsize()
    return y - LINE * len(lines)


def _section(fig: Figure, y: float, title: str, lines: tuple[RuleLine, ...]) -> float:
    """Draw one section below height `y`; return the height below it."""
    fig.text(LEFT, y - 0.010, title, fontsize=HEAD, weight="bold", color=INK)
    y -= 0.010 + LINE * 1.4
    for line in lines:
        fig.text(LEFT + 0.006, y, "•", fontsize=BODY, color=INK)
        fig.text(RIGHT, y, line.citation, fontsize=SMALL, ha="right", color=GREY)
        y = _lines(fig, LEFT + 0.022, y, textwrap.wrap(line.text, WRAP), color=INK)
        y -= 0.0025
    return y - 0.003


def _differences(fig: Figure, y: float) -> float:
    """Draw the table of differences below height `y`; return the height below it."""
    fig.text(LEFT, y - 0.012, "Where the rulebooks differ", fontsize=HEAD, weight="bold")
    note = "bold: not as pagat · not said: the source is silent, the value is ours · lesson 08"
    fig.text(RIGHT, y - 0.012, note, fontsize=SMALL, ha="right", color=GREY)
    y -= 0.012 + LINE * 1.5
    for x, word in zip(TABLE_X, ("rule", *COLUMNS), strict=True):
        fig.text(x, y, word, fontsize=BODY, weight="bold", color=GREY if x == TABLE_X[0] else INK)
    y -= LINE * 1.25
    for number, (_, label, values) in enumerate(difference_rows()):
        y = _row(fig, y, label, values, shaded=number % 2 == 0)
    return y


def _row(fig: Figure, y: float, label: str, values: tuple[str, ...], shaded: bool) -> float:
    """One row of the table: the switch's label and each rulebook's value (bold where it
    differs from the baseline); `y` is the first line's baseline."""
    texts = (label, *values)
    cells = [textwrap.wrap(text, width) for text, width in zip(texts, TABLE_WRAP, strict=True)]
    height = LINE * (max(len(c) for c in cells) + 0.2)
    if shaded:
        corner = (LEFT, y - height + LINE * 0.9)
        box = Rectangle(corner, RIGHT - LEFT, height, transform=fig.transFigure, zorder=0)
        box.set(color=SHADE)
        fig.add_artist(box)
    for column, (x, cell) in enumerate(zip(TABLE_X, cells, strict=True)):
        bold = column > 1 and values[column - 1] != values[0]
        weight = "bold" if bold else "normal"
        _lines(fig, x, y, cell, fontsize=BODY - 0.3, weight=weight, color=INK)
    return y - height


def _words(fig: Figure, y: float) -> float:
    """Draw the words the sheet uses, as one short paragraph, below height `y`; return the
    height below it."""
    fig.text(LEFT, y - 0.010, "Words on this page", fontsize=HEAD - 1, weight="bold", color=INK)
    text = " · ".join(f"{word}: {meaning}" for word, meaning in WORDS) + "."
    lines = textwrap.wrap(text, int(WRAP * 1.5))
    return _lines(fig, LEFT, y - 0.010 - LINE * 1.3, lines, fontsize=SMALL, color=INK)


def sheet_text(fig: Figure) -> str:
    """Every string drawn on a figure, one a line (what the tests read)."""
    return "\n".join(text.get_text() for text in fig.texts)


# --- the files ---------------------------------------------------------------------------------

_REPOSITORY_DOCS = Path(__file__).resolve().parents[2] / "docs"
DOCS = _REPOSITORY_DOCS if _REPOSITORY_DOCS.is_dir() else Path.cwd() / "docs"
"""Where the sheet's files are kept: the repository's docs folder (else ./docs)."""


def save_cheat_sheet(folder: Path | str = DOCS) -> tuple[Path, Path]:
    """Write cheat-sheet.png and cheat-sheet.pdf into `folder`; return their paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    fig = cheat_sheet()
    png, pdf = folder / "cheat-sheet.png", folder / "cheat-sheet.pdf"
    fig.savefig(png, dpi=150, metadata={"Software": None})
    fig.savefig(pdf, metadata={"CreationDate": None, "ModDate": None, "Producer": None})
    return png, pdf


def main(argv: list[str] | None = None) -> int:
    """Regenerate the sheet's files (`--out FOLDER`, default the repository's docs/)."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--out"] and len(args) == 2:
        folder = Path(args[1])
    elif not args:
        folder = DOCS
    else:
        print("usage: make_cheat_sheet [--out FOLDER]", file=sys.stderr)
        return 2
    for path in save_cheat_sheet(folder):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
