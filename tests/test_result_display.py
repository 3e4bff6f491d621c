"""Every result a lesson shows reads as text or a table, never as a dataclass repr (issue 28 §3).

A notebook cell that ends with a result shows what IPython makes of it: the class's
`_repr_html_`, else its `_repr_pretty_` (`text.ReadsAsText` gives the `to_text()`), else its
`repr()`, which for a dataclass is `VariantEffects(players=5, hands=100000, ...)`. The result
classes the lessons show are found from the lessons themselves: every name a lesson, exercise
set or the classroom imports from the package, and what each imported function returns.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import json
import re
import typing
from pathlib import Path

import pytest

from bourre_lessons.sources import SwitchTable, switch_table
from bourre_lessons.text import ReadsAsText

ROOT = Path(__file__).resolve().parents[1]
LESSON_TEXTS = sorted(
    [*ROOT.glob("notebooks/*.md"), *ROOT.glob("exercises/*.md"), *ROOT.glob("present/*.md")]
)
NOTEBOOKS = sorted(
    [
        *ROOT.glob("notebooks/*.ipynb"),
        *ROOT.glob("exercises/*.ipynb"),
        *ROOT.glob("present/*.ipynb"),
    ]
)
CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.M | re.S)
SHOWN_AS = ("_repr_html_", "_repr_pretty_", "_repr_markdown_", "_repr_mimebundle_")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _imported() -> dict[str, set[str]]:
    """{module: names} imported from the package by the lessons' code cells."""
    found: dict[str, set[str]] = {}
    for path in LESSON_TEXTS:
        for source in CODE_CELL.findall(path.read_text(encoding="utf-8")):
            source = re.sub(r"^\s*[%!].*$", "", source, flags=re.M)  # IPython magics
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "bourre_lessons"
                ):
                    found.setdefault(node.module, set()).update(a.name for a in node.names)
    return found


def _classes_in(annotation: object) -> set[type]:
    """The package's classes named by a type annotation (through unions and generics)."""
    found: set[type] = set()
    if isinstance(annotation, type):
        if annotation.__module__.startswith("bourre_lessons"):
            found.add(annotation)
        return found
    for argument in typing.get_args(annotation):
        found |= _classes_in(argument)
    return found


def shown_classes() -> set[type]:
    """The classes a lesson imports, and the classes the functions it imports return."""
    classes: set[type] = set()
    for module_name, names in _imported().items():
        module = importlib.import_module(module_name)
        for name in names:
            thing = getattr(module, name, None)
            if inspect.isclass(thing):
                classes |= _classes_in(thing)
            elif inspect.isfunction(thing):
                try:
                    hints = typing.get_type_hints(thing)
                except Exception:  # a hint naming a type only imported for checkers
                    continue
                classes |= _classes_in(hints.get("return"))
    return classes


def _is_widget(cls: type) -> bool:
    return any(base.__name__ in {"DOMWidget", "Widget", "AnyWidget"} for base in cls.__mro__)


def _reads_as_repr(cls: type) -> bool:
    """True when IPython would show the dataclass repr. Its HTML and Markdown formatters take
    any method the class has; its text printer walks the lineage and takes the first class
    holding `_repr_pretty_` or `__repr__` in its own namespace."""
    if any(getattr(cls, name, None) is not None for name in SHOWN_AS if name != "_repr_pretty_"):
        return False
    for klass in cls.__mro__:
        if "_repr_pretty_" in klass.__dict__:
            return False
        own_repr = klass.__dict__.get("__repr__")
        if own_repr is not None:
            written = getattr(own_repr, "__wrapped__", own_repr)
            return "__create_fn__" in written.__qualname__
    return False


def test_the_lessons_import_result_classes_at_all():
    """The walk finds what it is meant to find (a walk that finds nothing would pass)."""
    found = {cls.__name__ for cls in shown_classes()}
    assert {"VariantEffects", "Sweep", "SwitchTable"} <= found, sorted(found)


def test_no_result_a_lesson_shows_prints_its_dataclass_repr():
    """Each dataclass result the lessons import or get back displays as text or HTML."""
    results = [
        cls for cls in shown_classes() if dataclasses.is_dataclass(cls) and not _is_widget(cls)
    ]
    assert len(results) >= 5, [cls.__name__ for cls in results]
    bare = sorted(f"{cls.__module__}.{cls.__name__}" for cls in results if _reads_as_repr(cls))
    assert not bare, (
        "these results show their dataclass repr in a notebook cell; give them a text form "
        f"(text.ReadsAsText and to_text()) or _repr_html_: {bare}"
    )


def test_the_check_recognises_a_bare_dataclass():
    """The check itself can fail: a plain dataclass reads as its repr, a ReadsAsText does not."""

    @dataclasses.dataclass
    class Bare:
        n: int

    @dataclasses.dataclass
    class Readable(ReadsAsText):
        n: int

        def to_text(self) -> str:
            return f"n is {self.n}"

    assert _reads_as_repr(Bare)
    assert not _reads_as_repr(Readable)


def test_a_text_result_shows_its_text_in_a_cell():
    """IPython's formatter gives the to_text() of a ReadsAsText, and the switch table's HTML
    keeps one rulebook a column."""
    from IPython.core.formatters import DisplayFormatter

    table = switch_table()
    shown, _ = DisplayFormatter().format(table)
    assert shown["text/plain"] == table.to_text()
    assert not shown["text/plain"].startswith("SwitchTable(")
    html = shown["text/html"]
    assert html.count("<tr>") == len(table.rows) + 1
    assert all(f"<th>{name}</th>" in html for name in table.rulebooks)
    assert isinstance(table, SwitchTable)


def _package_dataclass_names() -> set[str]:
    names = set()
    for path in (ROOT / "bourre_lessons").rglob("*.py"):
        names |= set(re.findall(r"@dataclass[^\n]*\nclass (\w+)", path.read_text("utf-8")))
    return names


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_no_stored_output_is_a_raw_dict_or_a_dataclass_repr(notebook):
    """What Run All left in a notebook (text outputs a learner reads) has no line that is a
    printed dict ({'variant': ...}) or a package dataclass's repr (Name(field=...))."""
    reprs = re.compile(
        r"^\s*(\{'|\[\{'|(" + "|".join(sorted(_package_dataclass_names())) + r")\(\w+=)", re.M
    )
    found = []
    for index, cell in enumerate(json.loads(notebook.read_text("utf-8"))["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data or "text/html" in data:
                continue
            text = "".join(output.get("text", "")) or "".join(data.get("text/plain", ""))
            found += [f"cell {index}: {m.group(0)}…" for m in reprs.finditer(text)]
    assert not found, found
