"""A notebook read without running it shows each widget's text form, not a bare repr.

GitHub, nbviewer and static sites built with nbconvert cannot draw a widget whose state is not
saved (tools/run_notebooks.py never saves it); they show the `text/plain` saved beside the view.
Every view the lessons display puts its `to_text()` there (widgets/text_form.py), and the
committed notebooks must carry it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bourre_lessons.widgets.text_form import saved_repr

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NOTEBOOKS = sorted(
    p for folder in ("notebooks", "exercises", "present") for p in (ROOT / folder).glob("*.ipynb")
)
BARE_REPR = re.compile(
    r"""\A(?:
        <[^\n]*(?:>|…)      # <scene glimne-5: …>, <first hand view: …>, cut at 110: <table: …
      | [A-Za-z_][\w.]*\(.*  # VBox(children=(…)), HBox(…), AnyWidget(…)
    )\Z""",
    re.VERBOSE | re.DOTALL,
)


def bare_repr(text: str) -> bool:
    """True when a widget's saved text is a repr (one line in angle brackets, or a
    constructor call), not a text form of what it shows."""
    return not text.strip() or BARE_REPR.match(text.strip()) is not None


def widget_outputs(path: Path) -> list[tuple[int, dict, list[str]]]:
    """(cell number, output, cell tags) for every saved widget view of a notebook."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        (number, output, cell["metadata"].get("tags", []))
        for number, cell in enumerate(cells)
        for output in cell.get("outputs", [])
        if WIDGET_VIEW in output.get("data", {})
    ]


def _plain(output: dict) -> str:
    text = output["data"].get("text/plain", "")
    return "".join(text) if isinstance(text, list) else text


def test_the_lessons_save_widget_views():
    """The check below has something to check: the lessons display views."""
    views = [out for path in NOTEBOOKS for out in widget_outputs(path)]
    assert len(views) >= 40, len(views)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_saved_widget_reads_as_its_text_form(path):
    bare = [
        f"cell {number}: {_plain(output)[:80]!r}"
        for number, output, _ in widget_outputs(path)
        if bare_repr(_plain(output))
    ]
    assert not bare, (
        "a widget saved with a repr instead of its text form (give its class TextForm from "
        f"bourre_lessons/widgets/text_form.py, then tools/run_notebooks.py): {bare}"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_nbval_never_compares_a_text_form(path):
    """nbval compares `text/plain`: a view's text form may say 'last tried yesterday' or carry
    a timing, so each cell that displays a view is tagged nbval-ignore-output and checked by
    printing what it needs in a plain cell instead."""
    untagged = [
        number for number, _, tags in widget_outputs(path) if "nbval-ignore-output" not in tags
    ]
    assert not untagged, f"cells {untagged} display a widget without the nbval-ignore-output tag"


def test_the_repr_check_can_fail():
    for text in (
        "<scene glimne-5: glimne 5 · Overtrump>",
        "<first hand view: <your first hand: pagat rules, seed 39, next>>",
        "VBox(children=(HTML(value='<b>x</b>'), Button(description='Next ▶')))",
        "CardTable(layout=Layout(width='100%'))",
        "<table: TableWidget(rules='pagat', players=4, seed=…",
        "",
    ):
        assert bare_repr(text), text
    assert not bare_repr("glimne 5 · Overtrump\nRule: …\nStep 1 of 3")
    assert not bare_repr("Your cards: A♠ K♠ 8♥ 3♦ 2♣\nTurned card: 2♦")


def _views():
    """One of each view the lessons display, built as the lessons build them."""
    from bourre_lessons.scenes import get
    from bourre_lessons.widgets.classroom import Classroom
    from bourre_lessons.widgets.exercises.exercise_apps import (
        LegalCardsWidget,
        NamingWidget,
        SettlePotWidget,
    )
    from bourre_lessons.widgets.first_hand_view import FirstHandView
    from bourre_lessons.widgets.scenes.scene_views import scene_view
    from bourre_lessons.widgets.table.table import TableWidget

    yield "scene", lambda: scene_view(get("glimne-5"))
    yield "story", lambda: scene_view(get("wikipedia-bourre"))
    yield "naming scene", lambda: scene_view(get("laws-high"))
    yield "classroom", lambda: Classroom(["glimne-2a", "glimne-3"])
    yield "set 1", lambda: LegalCardsWidget(seed=37)
    yield "set 2", lambda: SettlePotWidget(seed=32)
    yield "set 4", lambda: NamingWidget(seed=29)
    yield "first hand", FirstHandView
    yield "table", lambda: TableWidget("pagat", players=4, seed=11)


@pytest.mark.parametrize("build", [b for _, b in _views()], ids=[n for n, _ in _views()])
def test_a_view_displays_its_text_form_beside_the_view(build):
    view = build()
    bundle, metadata = view._repr_mimebundle_()
    assert bundle["text/plain"] == view.to_text()
    assert not bare_repr(bundle["text/plain"])
    assert bundle[WIDGET_VIEW]["model_id"] == view.model_id
    assert metadata == {"bourre": {"repr": repr(view)}}, "the short repr, for tests"
    assert repr(view).startswith("<"), "repr() stays short, for debugging"


def test_the_advisor_and_the_whole_hand_too():
    """The two views that load the simulator (lesson 09, set 5; set 6)."""
    from bourre_lessons.widgets.advice.advice_panel import AdvisorWidget
    from bourre_lessons.widgets.exercises.exercise_whole_hand import WholeHandWidget

    for view in (AdvisorWidget(), WholeHandWidget(seed=0, progress=False)):
        assert view._repr_mimebundle_()[0]["text/plain"] == view.to_text()


def test_ipython_displays_the_text_form_and_keeps_the_repr_in_metadata():
    """Through IPython's own formatter, as a cell's last line or display() shows it."""
    from IPython.core.formatters import DisplayFormatter

    from bourre_lessons.scenes import get
    from bourre_lessons.widgets.scenes.scene_views import scene_view

    view = scene_view(get("glimne-3"))
    data, metadata = DisplayFormatter().format(view)
    assert data["text/plain"] == view.to_text()
    assert WIDGET_VIEW in data
    assert saved_repr({"metadata": metadata}) == repr(view)
    view.close()
    assert view._repr_mimebundle_ is None, "a closed widget displays nothing, as in ipywidgets"


def test_the_committed_notebooks_keep_each_views_short_repr():
    """Tests find which scene a cell shows from the repr kept in the output's metadata."""
    reprs = [saved_repr(out) for path in NOTEBOOKS for _, out, _ in widget_outputs(path)]
    assert all(reprs), "a widget output without its repr in metadata"
    assert any(r.startswith("<scene glimne-5:") for r in reprs)


def test_a_static_page_shows_the_scene_in_words():
    """nbconvert (what nbviewer and static sites use) skips a view with no saved state and
    prints the text form instead."""
    from nbconvert import HTMLExporter

    from bourre_lessons.scenes import get
    from bourre_lessons.widgets.scenes.scene import neutral_title

    page, _ = HTMLExporter().from_filename(str(ROOT / "notebooks" / "04_trumping.ipynb"))
    title = neutral_title(get("glimne-5"))  # the telling title waits for the try
    assert f"glimne 5 · {title}" in page and "Overtrump" not in page.split(title)[1][:200]
    assert "Step 1 of" in page
    assert "&lt;scene " not in page


def test_a_result_with_a_text_form_prints_it():
    """`text.ReadsAsText`: `str()` of a result is its `to_text()`, written once for every
    result class (progress, the advisor's tables, the coach's review, 08b's figures...)."""
    import inspect

    import bourre_lessons.text as text
    from bourre_lessons.exercises.feedback import Feedback
    from bourre_lessons.progress import Progress
    from bourre_lessons.scenes.compare import RulebookTable
    from bourre_lessons.sim.advisor import HeardEffect
    from bourre_lessons.sim.coach import HandReview
    from bourre_lessons.sim.order_effect import OrderEffect
    from bourre_lessons.sim.variant_effects import ForFunOdds, ForFunSession, VariantEffects

    for cls in (Feedback, Progress, RulebookTable, HeardEffect, HandReview, OrderEffect,
                ForFunOdds, ForFunSession, VariantEffects):  # fmt: skip
        assert issubclass(cls, text.ReadsAsText), cls
        assert "__str__" not in vars(cls), f"{cls.__name__} writes its own __str__ again"
        assert inspect.isfunction(vars(cls).get("to_text")), cls

    class Silent(text.ReadsAsText):
        pass

    class Speaks(text.ReadsAsText):
        def to_text(self) -> str:
            return "two lines\nof text"

    assert str(Speaks()) == "two lines\nof text"
    with pytest.raises(NotImplementedError, match="Silent gives no to_text"):
        str(Silent())
