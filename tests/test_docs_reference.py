"""The project's own reference follows the code: docs/rules.md and docs/scenes.md.

docs/rules.md must have an entry for every rule id a verdict can carry, every naming clause and
every rule concept, and must list every `Rules` switch with its value in each preset; docs/scenes.md
must list every scene of the catalogue, in the catalogue's order. The package itself cites those
two files, never the digest and catalogue that live outside the repository.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import typing
from pathlib import Path

import pytest

from bourre_lessons.naming import CLAUSES
from bourre_lessons.play import CONCEPT_CITATIONS, known_rule_ids, rule_id
from bourre_lessons.rules import PRESETS, SOURCES, Rules
from bourre_lessons.scenes import catalogue

ROOT = Path(__file__).parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"
SCENES_DOC = ROOT / "docs" / "scenes.md"
PACKAGE = ROOT / "bourre_lessons"
OUTSIDE_FILES = (b"RULES-SPEC", b"SCENES.md")


# --- reading the markdown tables ------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Row:
    """One row of a markdown table: the `##` section it is in, its cells, and its line."""

    section: str
    cells: tuple[str, ...]
    line: int

    @property
    def key(self) -> str:
        """The first cell without its backticks: the id, switch or clause the row is about."""
        return _unquote(self.cells[0])


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def _unquote(cell: str) -> str:
    return cell[1:-1] if len(cell) > 1 and cell[0] == cell[-1] == "`" else ""


def table_rows(path: Path, first_header: str, section: str | None = None) -> list[Row]:
    """The body rows of every table whose header starts with `first_header`, in file order,
    optionally only those under the `##` heading `section`."""
    rows: list[Row] = []
    current, table = "", None  # table: None outside a table, else whether it is the one wanted
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if line.startswith("## "):
            current, table = line[3:].strip(), None
            continue
        if not line.startswith("|"):
            table = None
            continue
        cells = _cells(line)
        if table is None:  # the first line of a table is its header
            table = cells[0] == first_header
        elif table and not set("".join(cells)) <= set("-: ") and section in (None, current):
            rows.append(Row(current, cells, number))
    return rows


def rows_by_key(rows: list[Row]) -> dict[str, Row]:
    """Rows keyed by their first cell; a key written twice fails the test."""
    keys = [row.key for row in rows]
    doubled = sorted({k for k in keys if keys.count(k) > 1})
    assert not doubled, f"rows listed twice: {doubled}"
    return {row.key: row for row in rows}


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT))


# --- (a) rule ids ----------------------------------------------------------------------------


def rule_id_rows() -> dict[str, Row]:
    return rows_by_key(table_rows(RULES_DOC, "id", section="Rule ids"))


def test_every_rule_id_has_an_entry():
    """Every id `known_rule_ids()` returns has a row in the Rule ids table of docs/rules.md."""
    documented = rule_id_rows()
    missing = [rule for rule in known_rule_ids() if rule not in documented]
    assert not missing, (
        f"{_where(RULES_DOC)}, section 'Rule ids', has no row for {missing}: add a row "
        "`| `id` | what it says | source and rule | switch | tests |` for each"
    )


def test_every_documented_rule_id_is_known():
    """No row describes an id the engine no longer uses."""
    stale = sorted(set(rule_id_rows()) - set(known_rule_ids()))
    assert not stale, f"{_where(RULES_DOC)} documents ids the engine does not use: {stale}"


@pytest.mark.parametrize("rule", known_rule_ids())
def test_a_rule_id_entry_is_complete(rule):
    """Each entry says what the rule says, where it comes from, its switch and its tests; each
    test file it names exists and mentions the id."""
    row = rule_id_rows().get(rule)
    if row is None:
        pytest.fail(f"{_where(RULES_DOC)} has no entry for {rule!r}")
    assert len(row.cells) == 5 and all(row.cells), (
        f"{_where(RULES_DOC)}:{row.line}: the entry for {rule!r} needs five filled cells "
        f"(id, what it says, source and rule, switch or '—', tests), got {row.cells}"
    )
    check_tests_cell(row, rule, row.cells[4])


def check_tests_cell(row: Row, key: str, cell: str) -> None:
    """Each test file a tests cell names exists and mentions `key` ('none yet' names none)."""
    if cell == "none yet":
        return
    mention = re.compile(rf"[\"'`]{re.escape(key)}[\"'`]")
    for name in cell.split(", "):
        path = ROOT / "tests" / name
        assert re.fullmatch(r"test_\w+\.py", name) and path.is_file(), (
            f"{_where(RULES_DOC)}:{row.line}: {name!r} is not a test file in tests/"
        )
        assert mention.search(path.read_text(encoding="utf-8")), (
            f"{_where(RULES_DOC)}:{row.line}: tests/{name} does not mention {key!r}"
        )


def test_every_rule_concept_is_documented_with_its_citations():
    """The Concepts and citations table gives, for each concept, each rulebook's own rule, or
    'silent → ' and the rule the engine follows instead."""
    rows = rows_by_key(table_rows(RULES_DOC, "concept", section="Rule ids"))
    assert set(rows) == set(CONCEPT_CITATIONS), (
        f"{_where(RULES_DOC)}, Concepts and citations: missing {sorted(set(CONCEPT_CITATIONS) - set(rows))}, "
        f"not concepts {sorted(set(rows) - set(CONCEPT_CITATIONS))}"
    )
    for concept, cites in CONCEPT_CITATIONS.items():
        row = rows[concept]
        for column, source in enumerate(SOURCES, start=1):
            followed = rule_id(concept, PRESETS[source])
            want = f"`{followed}`" if source in cites else f"silent → `{followed}`"
            assert row.cells[column] == want, (
                f"{_where(RULES_DOC)}:{row.line}: {concept} under {source} should read "
                f"{want!r}, not {row.cells[column]!r}"
            )


def test_every_naming_clause_has_an_entry():
    """Each clause a Designation can carry (laws-45C4a ... laws-intent) is in Naming a card."""
    rows = rows_by_key(table_rows(RULES_DOC, "clause", section="Naming a card"))
    assert set(rows) == set(CLAUSES), (
        f"{_where(RULES_DOC)}, Naming a card: missing {sorted(set(CLAUSES) - set(rows))}, "
        f"not clauses {sorted(set(rows) - set(CLAUSES))}"
    )
    for clause, row in rows.items():
        assert len(row.cells) == 4 and all(row.cells), (
            f"{_where(RULES_DOC)}:{row.line}: {clause} needs four cells (clause, law, reading, tests)"
        )
        check_tests_cell(row, clause, row.cells[3])


# --- (b) switches and presets ------------------------------------------------------------------

SWITCHES = tuple(f.name for f in dataclasses.fields(Rules))


def switch_rows() -> dict[str, Row]:
    return rows_by_key(table_rows(RULES_DOC, "switch", section="Switches and presets"))


def _value(cell: str) -> object:
    return ast.literal_eval(_unquote(cell) or cell)


@pytest.mark.parametrize("switch", SWITCHES)
def test_every_switch_is_listed_with_each_presets_value(switch):
    """A row per `Rules` field: its value under glimne, wikipedia and pagat as in PRESETS."""
    row = switch_rows().get(switch)
    if row is None:
        pytest.fail(f"{_where(RULES_DOC)}, Switches and presets, has no row for `{switch}`")
    for column, source in enumerate(("glimne", "wikipedia", "pagat"), start=2):
        want = getattr(PRESETS[source], switch)
        got = _value(row.cells[column])
        assert got == want and type(got) is type(want), (
            f"{_where(RULES_DOC)}:{row.line}: `{switch}` is {want!r} in the {source} preset, "
            f"but the table says {row.cells[column]}"
        )


@pytest.mark.parametrize("switch", SWITCHES)
def test_every_switch_lists_its_accepted_values(switch):
    """The values column names every choice of a switch with a fixed set of values."""
    row = switch_rows().get(switch)
    if row is None:
        pytest.fail(f"{_where(RULES_DOC)}, Switches and presets, has no row for `{switch}`")
    hint = typing.get_type_hints(Rules)[switch]
    if typing.get_origin(hint) is typing.Literal:
        choices = [f'`"{value}"`' for value in typing.get_args(hint)]
    elif hint is bool:
        choices = ["`True`", "`False`"]
    elif switch == "source":
        choices = [f'`"{name}"`' for name in SOURCES]
    else:
        choices = ["whole number"] + (["`None`"] if type(None) in typing.get_args(hint) else [])
    missing = [c for c in choices if c not in row.cells[1]]
    assert not missing, f"{_where(RULES_DOC)}:{row.line}: `{switch}` values lack {missing}"


def test_every_listed_switch_is_a_field_of_rules():
    stale = sorted(set(switch_rows()) - set(SWITCHES))
    assert not stale, f"{_where(RULES_DOC)} lists switches that Rules does not have: {stale}"


# --- (c) scenes --------------------------------------------------------------------------------


def scene_rows() -> list[Row]:
    return table_rows(SCENES_DOC, "id")


def test_every_scene_is_documented_in_the_catalogues_order():
    """Each scene id of `catalogue()` has a row in docs/scenes.md, in the catalogue's order."""
    scenes = list(catalogue())
    documented = [row.key for row in scene_rows()]
    missing = [s for s in scenes if s not in documented]
    assert not missing, f"{_where(SCENES_DOC)} has no row for the scenes {missing}"
    in_order = [s for s in documented if s in scenes]
    for position, (doc, cat) in enumerate(zip(in_order, scenes, strict=True)):
        assert doc == cat, (
            f"{_where(SCENES_DOC)}: scene {position + 1} of the catalogue is {cat!r}, "
            f"but the doc lists {doc!r} there"
        )


def test_every_documented_scene_is_in_the_catalogue():
    """No row describes a scene the catalogue does not have (or lists one twice)."""
    rows = rows_by_key(scene_rows())
    stale = sorted(set(rows) - set(catalogue()))
    assert not stale, f"{_where(SCENES_DOC)} lists scenes that are not in the catalogue: {stale}"


def test_each_scene_row_has_the_catalogues_source_rule_and_title():
    rows = rows_by_key(scene_rows())
    for scene_id, scene in catalogue().items():
        row = rows.get(scene_id)
        if row is None:
            continue  # reported by the order test
        where = f"{_where(SCENES_DOC)}:{row.line}"
        assert row.section.split()[0] == scene.source, (
            f"{where}: {scene_id} is a {scene.source} scene but sits under '{row.section}'"
        )
        assert len(row.cells) == 5 and all(row.cells), f"{where}: {scene_id} needs five cells"
        assert (row.cells[1], row.cells[2]) == (scene.place, scene.title), (
            f"{where}: {scene_id} has place {scene.place!r} and title {scene.title!r} in the "
            f"catalogue, not {row.cells[1]!r} and {row.cells[2]!r}"
        )


# --- (d) the package cites the docs --------------------------------------------------------


def _package_files() -> list[Path]:
    return [
        path
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    ]


def test_the_package_does_not_cite_files_outside_the_repository():
    """Docstrings and comments cite docs/rules.md and docs/scenes.md, not the external digest."""
    offenders = []
    for path in _package_files():
        for number, line in enumerate(path.read_bytes().splitlines(), start=1):
            if any(name in line for name in OUTSIDE_FILES):
                text = line.decode("utf-8", "replace").strip()
                offenders.append(f"{_where(path)}:{number}: {text}")
    assert not offenders, "cite docs/rules.md or docs/scenes.md instead:\n" + "\n".join(offenders)


def test_the_docs_the_package_cites_exist():
    cited = set()
    for path in _package_files():
        cited |= set(re.findall(rb"docs/[\w-]+\.md", path.read_bytes()))
    assert cited, "the package cites the docs somewhere"
    missing = sorted(name.decode() for name in cited if not (ROOT / name.decode()).is_file())
    assert not missing, f"the package cites {missing}, which do not exist"


# --- (e) the engine's readings --------------------------------------------------------------------


def _section(path: Path, heading: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(f"## {heading}")
    end = text.find("\n## ", start + 3)
    return text[start : len(text) if end < 0 else end]


def test_every_engine_reading_is_listed_among_the_engine_decisions():
    """Issue 23: each reading of the register (docs/sources.md) is named in docs/rules.md's
    'Engine decisions where sources are silent', so the page says which decisions are ours."""
    from bourre_lessons.sources import READINGS

    section = _section(RULES_DOC, "Engine decisions where sources are silent")
    missing = [r.id for r in READINGS if f"`{r.id}`" not in section]
    assert missing == [], (
        f"{_where(RULES_DOC)}: name these readings among the engine decisions: {missing}"
    )


def test_every_reading_the_rules_page_names_exists():
    from bourre_lessons.sources import READINGS

    named = set(re.findall(r"`(reading-[\w-]+)`", RULES_DOC.read_text(encoding="utf-8")))
    assert named, "the page names the engine's readings"
    assert named <= {r.id for r in READINGS}, sorted(named - {r.id for r in READINGS})


def test_the_rules_page_credits_the_deal_direction_to_pagat_alone():
    """The audit of issue 23: wikipedia names no direction for the deal (seed 001: 'o dealer
    distribui cinco cartas para cada jogador, uma de cada vez', the dealer deals five cards to
    each player, one at a time); pagat does ('ディーラーの左隣から初めて時計回りに配ります', deal
    clockwise starting on the dealer's left)."""
    section = _section(RULES_DOC, "Cards and deal")
    assert "pagat and\n  wikipedia: starting on the dealer's left" not in section
    assert "wikipedia\n  names no direction" in section or "wikipedia names no direction" in section
