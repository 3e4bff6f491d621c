"""The questions every notebook declares, checked without a browser (part of `make unit`).

A lesson declares each question it asks on the Markdown cell that asks it (cell metadata
`question`: `ask` and `answer` words; answers_in_view.py's docstring). Here, for every notebook
of notebooks/ and exercises/: each declaration is well formed and its `ask` is in its cell;
its answer words really appear where the learner finds the answer after trying (a folded
block of the notebook, or what a scene or the first hand shows once clicked), so that no
declaration is vacuous; and the prose and unfolded stored outputs from the question to the end
of its section do not say them (the robot learner, in the browser, also reads the widgets).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from answers_in_view import QUESTION_KEY, Question, plain, questions_of, said_in
from browser_harness import ROOT

NOTEBOOKS = sorted(
    str(p.relative_to(ROOT))
    for folder in ("notebooks", "exercises")
    for p in (ROOT / folder).glob("*.ipynb")
)
FOLDED = re.compile(r"<details\b.*?</details>", re.DOTALL | re.IGNORECASE)
HEADING = re.compile(r"^(#{1,6})\s", re.MULTILINE)
SCENE_ID = re.compile(r"[\"']([\w-]+)[\"']")
REVEAL = "bourre-reveal"


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _load(path: str) -> list[dict[str, Any]]:
    return json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]


def _questions(cells: list[dict[str, Any]]) -> list[Question]:
    return [
        q
        for i, c in enumerate(cells)
        if QUESTION_KEY in c.get("metadata", {})
        for q in questions_of(i, c["metadata"][QUESTION_KEY])
    ]


def _folded_output(out: dict[str, Any]) -> bool:
    return REVEAL in _text(out.get("data", {}).get("text/html", ""))


def _markdown_without_links(text: str) -> str:
    """Markdown as read: link targets dropped, `[words](target)` read as its words, and the
    quote marks of a blockquote's lines."""
    text = re.sub(r"^\s*>\s?", "", text, flags=re.MULTILINE)
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)


@cache
def _scene_text(scene_id: str) -> str:
    """What a scene shows once the learner has tried: its title, rule, note, story steps and
    legal cards under each rulebook."""
    from bourre_lessons.rules import SOURCES
    from bourre_lessons.scenes import catalogue

    scene = catalogue().get(scene_id)
    if scene is None:
        return ""
    parts = [scene.title, scene.summary, scene.note]
    for preset in SOURCES:
        try:
            if scene.story is not None:
                parts += [f"{s.caption}\n{s.detail}" for s in scene.steps(preset)]
            for at in range(len(scene.positions)):
                parts.append(" ".join(sorted(str(c) for c in scene.legal(preset, at))))
        except Exception:  # a scene that does not run under this rulebook
            continue
    return "\n".join(parts)


@cache
def _first_hand_text(source: str) -> str:
    """What lesson 01's first hand tells once the learner presses Next up to their turn."""
    import ast

    from bourre_lessons.first_hand import FIRST_HAND_SEED, FirstHand
    from bourre_lessons.widgets.table.table_model import seen_table

    call = ast.parse(source).body[-1].value
    kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    hand = FirstHand(kwargs.get("seed", FIRST_HAND_SEED), deal=kwargs.get("deal"))
    hand.next()
    marked = [s["label"] for s in seen_table(hand.game, hand.you, set(), None, None).seats]
    while hand.waiting_for == "next":
        hand.next()
    for play in (False, True):  # what the story says to either answer of yours
        try:
            again = FirstHand(kwargs.get("seed", FIRST_HAND_SEED), deal=kwargs.get("deal"))
            while again.waiting_for == "next":
                again.next()
            again.declare(play)
            hand.story.append(again.now)
        except Exception as refused:  # the rules refuse it: the refusal is what is shown
            hand.story.append(type(hand.now)(lines=(str(refused),), meaning=""))
    return "\n".join([*marked, hand.to_text()])


@cache
def _workbench_text() -> str:
    """What lesson 08's house-rules workbench shows once Measure is pressed (its question's
    switch, trump anyway, flipped; a few hundred hands: the words, not the figures, matter)."""
    from bourre_lessons.widgets.workbench import workbench

    bench = workbench(hands=300)
    bench.flip("trump_when_cannot_win", True)
    bench.measure(wait=True)
    return bench.to_text()


def _afterwards(cells: list[dict[str, Any]], start: int) -> str:
    """Everything the learner can see once they have tried, from cell `start` on: folded
    blocks, folded outputs, and what the scenes and first hands of the code show when clicked
    (never what is in view before: that is `_in_view`)."""
    parts = []
    for cell in cells[start:]:
        source = _text(cell["source"])
        if cell["cell_type"] == "markdown":
            parts += FOLDED.findall(source)
            continue
        parts += [
            _text(o["data"].get("text/plain", ""))
            for o in cell.get("outputs", [])
            if _folded_output(o)
        ]
        parts.append(source if "check_your_answer" in source else "")
        parts += [_scene_text(s) for s in SCENE_ID.findall(source)]
        if "FirstHandView(" in source:
            parts.append(_first_hand_text(source))
        if "workbench(" in source:
            parts.append(_workbench_text())
    return plain(_markdown_without_links("\n".join(parts)))


def _in_view(cells: list[dict[str, Any]], question: Question) -> list[tuple[int, str]]:
    """(cell, plain text) of the prose and unfolded stored outputs from the question's ask to
    the end of its section, as the source and the stored notebook have them."""
    first = _markdown_without_links(_text(cells[question.cell]["source"]))
    at = plain(first).find(plain(question.ask))
    above = [len(h) for h in HEADING.findall(first[: max(at, 0)])]
    for cell in reversed(cells[: question.cell]):
        if above:
            break
        if cell["cell_type"] == "markdown":
            above = [len(h) for h in HEADING.findall(_text(cell["source"]))]
    level = above[-1] if above else 1
    read = []
    for index in range(question.cell, len(cells)):
        cell = cells[index]
        if cell["cell_type"] == "markdown":
            raw = FOLDED.sub(" ", _markdown_without_links(_text(cell["source"])))
            asked = index != question.cell
            ends = [
                m.start()
                for m in HEADING.finditer(raw)
                if len(m.group(1)) <= level
                and (asked or plain(question.ask) in plain(raw[: m.start()]))
            ]
            text = plain(raw[: min(ends)] if ends else raw)
            read.append((index, text if asked else text[text.find(plain(question.ask)) :]))
            if ends:
                break
        else:
            for out in cell.get("outputs", []):
                if _folded_output(out) or "application/vnd.jupyter.widget-view+json" in out.get(
                    "data", {}
                ):
                    continue
                shown = out.get("text") or out.get("data", {}).get("text/plain", "")
                read.append((index, plain(_text(shown))))
    return read


def _declared() -> list[tuple[str, Question]]:
    return [(path, q) for path in NOTEBOOKS for q in _questions(_load(path))]


def test_every_notebook_declares_its_questions_readably():
    """Every declaration reads (questions_of raises on a bad one); the numbers per notebook are
    printed (`pytest -s`)."""
    counts = {path: len(_questions(_load(path))) for path in NOTEBOOKS}
    print("\n".join(f"{n:3d}  {path}" for path, n in counts.items()))
    assert sum(counts.values()) > 0


@pytest.mark.parametrize(("path", "question"), _declared(), ids=lambda v: getattr(v, "ask", v)[:40])
def test_a_declared_question_is_asked_where_it_says_and_answered_where_the_learner_looks(
    path: str, question: Question
):
    cells = _load(path)
    source = plain(_markdown_without_links(_text(cells[question.cell]["source"])))
    assert plain(question.ask) in source, f"{path} cell {question.cell}: ask not in the cell"
    later = _afterwards(cells, 0)  # a folded answer may come before the scenes (lesson 08)
    missing = [w for w in question.answer if not said_in(w, later)]
    assert not missing, (
        f"{path} cell {question.cell} ({question.ask!r}): answer words {missing} appear in no "
        "folded answer or clicked scene after it: the declaration would be vacuous"
    )
    told = [
        (i, w) for i, text in _in_view(cells, question) for w in question.answer if said_in(w, text)
    ]
    assert not told, f"{path} ({question.ask!r}): answered in view before the try: {told}"


def test_a_vacuous_or_answered_declaration_is_caught(tmp_path: Path):
    """The checks above can fail: answer words found nowhere folded, or said in prose."""
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": "## The table\n\nWho speaks first?"},
        {"cell_type": "markdown", "metadata": {}, "source": "B speaks first.\n\n## Next"},
        {"cell_type": "markdown", "metadata": {}, "source": "<details>B leads</details>"},
    ]
    (question,) = questions_of(0, {"ask": "who speaks first", "answer": ["B speaks first"]})
    assert [i for i, text in _in_view(cells, question) if said_in("B speaks first", text)] == [1]
    assert not said_in("B speaks first", _afterwards(cells, 0))
    assert said_in("B leads", _afterwards(cells, 0))
    cells[1]["source"] = "<details>B speaks first.</details>\n\n## Next"
    assert not any(said_in("B speaks first", text) for _, text in _in_view(cells, question))
