"""The register of the sources: the one place the course knows what each source says.

Every numbered rule, example, variant and payment rule of glimne, wikipedia, pagat and laws is
an `Entry` (the data, with the quotations and our translations, is in `sources_text`): its id
(`glimne-2`, `pagat-double-ante`, `laws-46B4`), a short verbatim quotation in the source's
language, our English translation, and whether the source gives an example for it ("full",
"part" or "none"). The engine's own readings, where a source is silent or terse, are `Reading`s
with ids too (`reading-known-top`), so whatever states one can say it is ours.

    >>> entry("glimne-8").example
    'none'
    >>> resolve("pagat 3").id
    'pagat-3'

`resolve` reads a citation as learners write it ("glimne 5", "pagat cinch", "laws 46B2",
"wikipedia forced play") or as the engine writes it ("glimne-5", "lead"); `chip` is what a rule
chip's popover shows; `stance` says, for each switch of `Rules`, which entry a source's value
comes from, or that the source is silent (the preset's value is then ours). `docs/sources.md`
is generated from this module: `python -m bourre_lessons.sources` writes it, `--check` compares.
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .sources_text import ENTRIES, READINGS, Entry, Reading
from .text import ReadsAsText

__all__ = [
    "ENGINE_RULES",
    "EXAMPLE_WORDS",
    "LANGUAGES",
    "NAMES",
    "REGISTER",
    "SWITCH_STANCES",
    "SWITCH_TABLE_NOTE",
    "Entry",
    "Reading",
    "SwitchTable",
    "chip",
    "chip_text",
    "cite",
    "cited_in",
    "concept_citations",
    "entry",
    "entry_for_scene",
    "main",
    "reading",
    "readings_of",
    "resolve",
    "sources_markdown",
    "stance",
    "stance_words",
    "switch_rows",
    "switch_table",
    "switch_table_text",
]

NAMES = ("glimne", "wikipedia", "pagat", "laws")
"""The four sources, by short name."""
LANGUAGES: dict[str, tuple[str, str]] = {
    "glimne": ("Swedish", "sv"),
    "wikipedia": ("Portuguese", "pt"),
    "pagat": ("Japanese", "ja"),
    "laws": ("Danish", "da"),
}
"""Each source's language, and its code for an HTML `lang` attribute."""
KINDS = ("rule", "example", "variant", "payment", "background")
EXAMPLE_WORDS: dict[str, str] = {
    "full": "the source works an example out",
    "part": "the source gives part of an example; the rest of any scene is ours",
    "none": "the source gives no example; the cards of any scene are ours",
}
"""What each example status means, as the popover and docs/sources.md say it."""
BRACES = (
    "Braces {…} are the Japanese translation's own, around a term kept from the English page "
    "(マストフォロー, 'must follow'): nothing is missing there."
)
"""What the braces of pagat's quotations are, said wherever one is shown."""
BRACKETS = (
    "Square brackets […] in a translation are our words, not the source's: what the quotation "
    "leaves out, said so that it reads whole."
)
"""What square brackets in our translations mean, said wherever one is shown."""

REGISTER: dict[str, Entry] = {e.id: e for e in ENTRIES}
"""Every entry by id."""
READING_BY_ID: dict[str, Reading] = {r.id: r for r in READINGS}

ENGINE_RULES: dict[str, str] = {
    "lead": "reading-lead",
    "hand": "reading-hand",
    "draw": "reading-draw",
    "dealer-trump-card": "reading-dealer-trump-card",
}
"""The engine's own rule ids (no source prefix) and the reading each one is."""

STANCE_COLUMNS = ("glimne", "wikipedia", "pagat")
"""The rulebooks of `STANCE_ROWS`' columns, after the switch."""
STANCE_ROWS: tuple[tuple[str, str, str, str], ...] = (
    ("trump_when_cannot_win", "glimne-6", "wikipedia-2", "pagat-2"),
    ("must_play_known_top", "glimne-9", "", ""),
    ("must_lead_trump_when_others_out", "glimne-10", "", ""),
    ("cinch", "glimne-cinch", "wikipedia-cinch", "pagat-cinch"),
    ("pot_limit", "", "wikipedia-pot-limit", ""),
    ("dealer_antes_for_all", "", "wikipedia-dealer-antes", ""),
    ("double_ante", "", "", "pagat-double-ante"),
    ("double_ante_round", "", "", "pagat-double-ante"),
    ("second_ante", "glimne-second-ante", "wikipedia-second-bet", "pagat-double-ante"),
    ("ante_skip", "glimne-pay", "wikipedia-bourre", "pagat-ante"),
    ("renege", "glimne-renege", "wikipedia-bourre", "pagat-renege"),
    ("bourre_paid_to", "glimne-bourre", "wikipedia-bourre", "pagat-bourre"),
    ("min_players", "", "wikipedia-players", "pagat-cards"),
    ("max_players", "", "wikipedia-players", "pagat-cards"),
    ("max_discards", "glimne-draw", "wikipedia-draw", "pagat-exchange"),
    ("max_discards_seven", "", "wikipedia-seven", ""),
    ("restock", "glimne-restock", "wikipedia-restock", "pagat-restock"),
    ("dealer_ace_leads", "glimne-dealer-ace", "", "pagat-play"),
    ("dealer_ace_must_play", "", "", "pagat-dealer-ace"),
    ("dealer_may_discard_trump_card", "glimne-draw", "wikipedia-draw", "pagat-dealer-card"),
    ("lone_player_wins", "", "", "pagat-lone"),
    ("separate_trump_card", "", "", "pagat-separate-trump"),
    ("simultaneous_declaration", "glimne-declare", "wikipedia-declare", "pagat-simultaneous"),
    ("out_of_turn_penalty", "", "", "pagat-out-of-turn"),
    ("draw_timing", "glimne-draw", "wikipedia-draw", "pagat-draw"),
)
"""One row a switch: the switch, then for each of `STANCE_COLUMNS` the entry its preset value
comes from, or "" where the source is silent (the preset's value is then the engine's choice)."""
SWITCH_STANCES: dict[str, dict[str, str]] = {
    switch: dict(zip(STANCE_COLUMNS, ids, strict=True)) for switch, *ids in STANCE_ROWS
}
"""For every switch and rulebook: the entry that states the preset's value, or "" (silent)."""

STANCE_WORDS: dict[tuple[str, str], str] = {
    ("max_players", "glimne"): "not said (ours: {value}); 2–6 “suitable”",
    ("min_players", "glimne"): "not said (ours: {value}); 2–6 “suitable”",
    ("restock", "glimne"): "passed hands (then discards: ours)",
    ("cinch", "glimne"): "{value} (a variant has it)",
    ("second_ante", "wikipedia"): "{value} (a variant has it)",
    ("draw_timing", "pagat"): "{value} (our reading of a terse text)",
    ("bourre_paid_to", "glimne"): "{value} (our reading)",
}
"""A comparison cell where the source says something beside the switch (glimne's 2–6
"suitable") or only part of the preset's value: `{value}` is the preset's value in words."""


# --- looking entries up ----------------------------------------------------------------------


def entry(id: str) -> Entry:
    """The register entry with this id; a clear KeyError naming the close ids otherwise."""
    if id in REGISTER:
        return REGISTER[id]
    source = id.split("-", 1)[0]
    near = [k for k in REGISTER if k.startswith(f"{source}-")]
    raise KeyError(
        f"no register entry {id!r}; {source} entries: {', '.join(near) or 'none'} "
        "(see docs/sources.md)"
    )


def reading(id: str) -> Reading:
    """The engine reading with this id (`reading-known-top`), or an engine rule id (`lead`)."""
    key = ENGINE_RULES.get(id, id)
    if key not in READING_BY_ID:
        raise KeyError(f"no engine reading {id!r}; readings: {', '.join(READING_BY_ID)}")
    return READING_BY_ID[key]


def cite(id: str) -> str:
    """An id as learners read it: 'glimne-5' -> 'glimne 5', 'pagat-cinch' -> 'pagat cinch'."""
    source, _, rest = id.partition("-")
    return f"{source} {rest}" if source in NAMES and rest else id


def _key(text: str) -> str:
    """A citation reduced for lookup: case, §, hyphens, apostrophes and spacing ignored."""
    text = text.strip().lower().replace("§", " ").replace("’", "'")
    text = re.sub(r"'s\b", "", text)
    text = re.sub(r"[\s_\-]+", " ", text)
    return text.strip()


@lru_cache(maxsize=1)
def _index() -> dict[str, Entry | Reading]:
    """Every way the course may cite an entry or a reading, reduced by `_key`."""
    index: dict[str, Entry | Reading] = {}

    def add(name: str, target: Entry | Reading) -> None:
        key = _key(name)
        held = index.setdefault(key, target)
        if held is not target:
            raise ValueError(f"{name!r} would cite both {held.id!r} and {target.id!r}")

    for e in ENTRIES:
        add(e.id, e)
        for name in e.names:
            add(f"{e.source} {name}", e)
    for r in READINGS:
        add(r.id, r)
        for name in r.names:
            add(name, r)
    for rule_id, reading_id in ENGINE_RULES.items():
        add(rule_id, READING_BY_ID[reading_id])
    return index


def resolve(citation: str) -> Entry | Reading:
    """The entry (or engine reading) a citation names: 'glimne 5', 'glimne-5', 'laws §46B2',
    'pagat lone player', 'lead'. A KeyError says what was not found and where to look."""
    found = _index().get(_key(citation))
    if found is None:
        source = _key(citation).split(" ", 1)[0]
        near = [cite(k) for k in REGISTER if k.startswith(f"{source}-")]
        listed = ", ".join(near) if near else "the sources are " + ", ".join(NAMES)
        raise KeyError(
            f"{citation!r} cites nothing in the register ({listed}); see docs/sources.md"
        )
    return found


def entry_for_scene(scene_id: str, citation: str) -> Entry:
    """The entry a scene is built on: its own id where the register has it (`glimne-2a`),
    else the entry its citation names (`laws-high`, cited 'laws 46B1a')."""
    if scene_id in REGISTER:
        return REGISTER[scene_id]
    found = resolve(citation)
    if not isinstance(found, Entry):
        raise KeyError(f"scene {scene_id!r} cites {citation!r}, an engine reading, not a source")
    return found


def readings_of(id: str) -> tuple[Reading, ...]:
    """The engine's readings of one entry (those whose `reads` name it)."""
    return tuple(r for r in READINGS if id in r.reads)


def concept_citations() -> dict[str, dict[str, str]]:
    """For each rule concept of the engine, the entry each source has for it (from the
    register's `concepts`); a source missing from a concept is silent there."""
    table: dict[str, dict[str, str]] = {}
    for e in ENTRIES:
        for concept in e.concepts:
            held = table.setdefault(concept, {}).setdefault(e.source, e.id)
            if held != e.id:
                raise ValueError(f"{e.source} cites both {held} and {e.id} for {concept!r}")
    return table


def stance(switch: str, source: str) -> Entry | None:
    """The entry a source's preset value of `switch` comes from, or None where it is silent."""
    if switch not in SWITCH_STANCES:
        raise KeyError(
            f"switch {switch!r} has no row in sources.SWITCH_STANCES: say where each rulebook "
            "stands on it (an entry id, or '' where it is silent)"
        )
    id = SWITCH_STANCES[switch][source]
    return entry(id) if id else None


def stance_words(switch: str, source: str, value_words: str) -> str:
    """A cell of a comparison table: the value when the source says it, else 'not said
    (ours: value)'; never a bare 'no' for a silence."""
    said = stance(switch, source)
    if (switch, source) in STANCE_WORDS:
        return STANCE_WORDS[(switch, source)].format(value=value_words)
    return value_words if said else f"not said (ours: {value_words})"


def switch_rows(only_differing: bool = True) -> list[tuple[str, dict[str, str]]]:
    """(switch, {rulebook: cell}) for the switches of `Rules` (those the presets disagree on,
    unless `only_differing` is False): each cell the preset's value, or 'not said (ours: …)'
    where the rulebook is silent (lesson 08's table of every switch)."""
    from dataclasses import asdict

    from .rules import PRESETS, SOURCES

    presets = {name: asdict(PRESETS[name]) for name in SOURCES}
    rows = []
    for switch in SWITCH_STANCES:
        values = {name: presets[name][switch] for name in SOURCES}
        if only_differing and len({repr(v) for v in values.values()}) == 1:
            continue
        cells = {name: stance_words(switch, name, _value(v)) for name, v in values.items()}
        rows.append((switch, cells))
    return rows


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value).replace("_", " ")


SWITCH_TABLE_NOTE = "not said: the source is silent; the value is the engine's choice (ours)."


@dataclass(frozen=True)
class SwitchTable(ReadsAsText):
    """The switches, one rulebook a column (`switch_rows`): what lesson 08 shows. In a
    notebook it is an HTML table whose cells wrap inside their column; `to_text()` is the
    same table in plain text."""

    rulebooks: tuple[str, ...]
    rows: tuple[tuple[str, Mapping[str, str]], ...]

    def to_text(self) -> str:
        """The table as text: one switch a line, each column as wide as its widest cell."""
        width = max(len(s) for s, _ in self.rows) + 2
        widths = {n: max(len(n), *(len(c[n]) for _, c in self.rows)) + 2 for n in self.rulebooks}
        head = f"{'switch':<{width}}" + "".join(f"{n:<{widths[n]}}" for n in self.rulebooks)
        lines = [head.rstrip()]
        for switch, cells in self.rows:
            line = f"{switch:<{width}}" + "".join(
                f"{cells[n]:<{widths[n]}}" for n in self.rulebooks
            )
            lines.append(line.rstrip())
        lines.append(SWITCH_TABLE_NOTE)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The table as HTML: a switch a row, a rulebook a column, long cells wrapped."""
        esc = html.escape
        head = "".join(f"<th>{esc(n)}</th>" for n in self.rulebooks)
        body = "".join(
            f"<tr><th><code>{esc(switch)}</code></th>"
            + "".join(f"<td>{esc(cells[n])}</td>" for n in self.rulebooks)
            + "</tr>"
            for switch, cells in self.rows
        )
        return (
            "<table class='bourre-switch-table' style='table-layout:auto;max-width:100%'>"
            f"<thead><tr><th>switch</th>{head}</tr></thead><tbody>{body}</tbody></table>"
            f"<p><em>{esc(SWITCH_TABLE_NOTE)}</em></p>"
        )


def switch_table(only_differing: bool = True) -> SwitchTable:
    """The switches as a table, one rulebook a column (see `switch_rows`)."""
    from .rules import SOURCES

    rows = tuple((s, MappingProxyType(dict(c))) for s, c in switch_rows(only_differing))
    return SwitchTable(tuple(SOURCES), rows)


def switch_table_text(only_differing: bool = True) -> str:
    """The switches as a plain-text table, one rulebook a column (`switch_table().to_text()`)."""
    return switch_table(only_differing).to_text()


# --- what a rule chip shows ------------------------------------------------------------------


CITED = re.compile(r"\[([^\[\]]+)\]")
"""A citation in text, the one form every learner reads: in square brackets, rule ids written
as learners read them and several separated by commas ("[pagat 3]", "[laws 46B2, pagat 2]")."""


def cited_in(text: str) -> list[str]:
    """The citations of `text` ("[pagat 3]") that the register knows, in order, once each."""
    found: list[str] = []
    for inside in CITED.findall(text or ""):
        for part in (p.strip() for p in inside.split(",")):
            if part not in found and _known(part):
                found.append(part)
    return found


def _known(citation: str) -> bool:
    """A citation of one of the four sources that the register knows ("pagat 3")."""
    if citation.split(" ", 1)[0] not in NAMES:
        return False
    try:
        resolve(citation)
    except KeyError:
        return False
    return True


def chip(citation: str) -> dict[str, Any]:
    """What a rule chip's popover shows for a citation: the quotation (original language),
    our translation and the example status; for an engine rule or reading, its words marked
    as the engine's reading."""
    found = resolve(citation)
    if isinstance(found, Reading):
        return {
            "id": found.id,
            "cite": citation if citation in ENGINE_RULES else "engine's reading",
            "kind": "reading",
            "source": "engine",
            "language": "",
            "lang": "en",
            "quote": "",
            "translation": f"Engine's reading: {found.text}.",
            "example": "",
            "readings": [],
        }
    language, lang = LANGUAGES[found.source]
    quote = " … ".join(found.quote)
    marks = [BRACES] if "{" in quote else []
    marks += [BRACKETS] if "[" in found.translation else []
    return {
        "id": found.id,
        "cite": cite(found.id),
        "kind": found.kind,
        "source": found.source,
        "language": language,
        "lang": lang,
        "quote": quote,
        "translation": " ".join([found.translation, *(f"({m})" for m in marks)]),
        "example": EXAMPLE_WORDS[found.example] if found.kind != "example" else "",
        "readings": [{"id": r.id, "text": r.text} for r in readings_of(found.id)],
    }


def chip_text(data: Mapping[str, Any]) -> str:
    """A chip's popover as plain text (what `to_text()` shows)."""
    if not data:
        return ""
    if data["kind"] == "reading":
        return f"{data['cite']}: {data['translation']}"
    lines = [f"{data['cite']} ({data['language']}): {data['quote']}"]
    lines.append(f"  Our translation: {data['translation']}")
    if data["example"]:
        lines.append(f"  Example: {data['example']}.")
    lines += [f"  Engine's reading: {r['text']}." for r in data.get("readings", [])]
    return "\n".join(lines)


# --- docs/sources.md ---------------------------------------------------------------------------

_REPOSITORY_DOCS = Path(__file__).resolve().parents[1] / "docs"
DOC = (_REPOSITORY_DOCS if _REPOSITORY_DOCS.is_dir() else Path.cwd() / "docs") / "sources.md"
"""Where the generated page lives: the repository's docs/sources.md."""

_TITLES = {
    "glimne": "glimne: Dan Glimne's article (Swedish)",
    "wikipedia": "wikipedia: the Portuguese Wikipedia article",
    "pagat": "pagat: the Japanese translation of pagat.com's page",
    "laws": "laws: the Danish article on the bridge laws §45–§46",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def sources_markdown() -> str:
    """docs/sources.md: every entry (id, quotation, our translation, example status) and every
    engine reading, generated from the register."""
    lines = [
        "# What each source says: the register",
        "",
        "Generated by `python -m bourre_lessons.sources` from `bourre_lessons/sources_text.py`;",
        "do not edit by hand (`tests/test_sources.py` fails when this page differs).",
        "",
        "Each entry is one numbered rule, example, variant or payment rule of a source: its id,",
        "a short quotation in the source's own language (copied verbatim from the seed text; a",
        "test checks every one), our English translation, and whether the source gives an",
        "example for it: **full** (the source works one out), **part** (it gives some of one: a",
        "hand without a position, cards without the answer, a sample figure) or **none** (every",
        "card of a scene built on it is ours). A lesson cites an entry as `glimne 5` or",
        "`pagat cinch`; a rule chip on the card table opens the same quotation.",
        "",
        BRACES.replace("Braces", "In pagat's quotations, braces", 1),
        BRACKETS,
        "",
        f"{len(ENTRIES)} entries and {len(READINGS)} engine readings. Sources: "
        + " · ".join(f"[{name}](#{name})" for name in NAMES)
        + " · [the engine's readings](#readings)",
    ]
    for source in NAMES:
        lines += ["", f'<a id="{source}"></a>', f"## {_TITLES[source]}", ""]
        lines += ["| id | quotation | our translation | example |", "|---|---|---|---|"]
        for e in ENTRIES:
            if e.source != source:
                continue
            status = e.example + (" (an example)" if e.kind == "example" else "")
            extra = f" *{e.kind}*" if e.kind not in ("rule",) else ""
            quote = " … ".join(e.quote)
            if e.example_quote:
                quote += " — example: " + " … ".join(e.example_quote)
            note = f" *Note: {e.note}*" if e.note else ""
            row = (f"`{e.id}`{extra}", quote, e.translation + note, status)
            lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
    lines += ["", '<a id="readings"></a>', "## The engine's readings", ""]
    lines += [
        "What the engine decides where a source is silent, terse or ambiguous: ours, not a",
        "source's. A verdict or a lesson that relies on one says it is the engine's reading.",
        "",
        "| id | the engine's reading | reads |",
        "|---|---|---|",
    ]
    engine_ids = {v: k for k, v in ENGINE_RULES.items()}
    for r in READINGS:
        name = f"`{r.id}`" + (f" (rule id `{engine_ids[r.id]}`)" if r.id in engine_ids else "")
        reads = ", ".join(f"`{i}`" for i in r.reads) or "no source speaks"
        lines.append(f"| {name} | {_cell(r.text)} | {reads} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write docs/sources.md (`--out FILE` elsewhere); `--check` fails if it differs."""
    args = sys.argv[1:] if argv is None else argv
    target, check = DOC, False
    if args == ["--check"]:
        check = True
    elif args[:1] == ["--out"] and len(args) == 2:
        target = Path(args[1])
    elif args:
        print("usage: python -m bourre_lessons.sources [--check | --out FILE]", file=sys.stderr)
        return 2
    text = sources_markdown()
    if check:
        same = target.is_file() and target.read_text(encoding="utf-8") == text
        print(f"{target} is {'up to date' if same else 'out of date: run without --check'}")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
