"""The rulebooks side by side, for lesson 08: one row a scene, one column a rulebook.

A play scene's row gives the cards each rulebook allows at the first position where they
differ; a story's row gives what each rulebook makes happen at the first step where the
stories part. Nothing is replayed by the learner: the engine computes every cell.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

from ..rules import SOURCES
from ..text import ReadsAsText, card_list
from .lessons import lesson_of

__all__ = ["RulebookRow", "RulebookTable", "rulebook_row", "rulebook_table"]


@dataclass(frozen=True)
class RulebookRow:
    """One scene compared: its citation, title, lesson, and each rulebook's answer."""

    scene_id: str
    citation: str
    title: str
    lesson: str
    question: str
    answers: tuple[tuple[str, str], ...]

    @property
    def differ(self) -> bool:
        """Whether the rulebooks give different answers here."""
        return len({answer for _, answer in self.answers}) > 1


def rulebook_row(scene_id: str, step: int | None = None) -> RulebookRow:
    """The row of one scene (a KeyError names close matches for an unknown id); for a story,
    `step` picks the step to compare (default: the first where the rulebooks part)."""
    from . import get

    scene = get(scene_id)  # an unknown id raises KeyError naming close matches
    if scene.kind == "story":
        question, answers = _story_answers(scene, step)
    else:
        if step is not None:
            raise ValueError(f"{scene_id} is a {scene.kind} scene: a step is only for stories")
        question, answers = _play_answers(scene)
    return RulebookRow(
        scene_id, scene.citation, scene.title, lesson_of(scene_id), question, answers
    )


def _play_answers(scene) -> tuple[str, tuple[tuple[str, str], ...]]:
    """Legal cards under each rulebook at the first position where they differ."""
    position = next((m for m in range(len(scene.positions)) if scene.disagreement(m)), 0)
    caption = scene.positions[position].caption
    answers = tuple(
        (name, card_list(sorted(scene.legal(name, position)), sep=" ")) for name in SOURCES
    )
    return f"May be played ({caption})" if caption else "May be played", answers


def _story_answers(scene, step: int | None) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What each rulebook makes happen at `step` (default: the first where the stories part;
    negative counts from each story's end)."""
    stories = {name: scene.steps(name) for name in SOURCES}
    length = min(len(steps) for steps in stories.values())
    if step is None:
        step = next(
            (i for i in range(length) if len({s[i].caption for s in stories.values()}) > 1),
            length - 1,
        )
    elif not -length <= step < length:
        raise ValueError(f"{scene.id} has {length} steps under every rulebook; step {step} is out")
    return "What happens", tuple((name, stories[name][step].caption) for name in SOURCES)


@dataclass(frozen=True, repr=False)
class RulebookTable(ReadsAsText):
    """Rows of scenes compared, shown as an HTML table in a notebook, or as text."""

    rows: tuple[RulebookRow, ...]

    def to_text(self) -> str:
        """The table as plain text: a block a scene, a line a rulebook."""
        blocks = []
        for row in self.rows:
            lines = [f"{row.citation} · {row.title} (lesson {row.lesson[:3].strip()})"]
            lines.append(f"  {row.question}:")
            lines += [f"  {name:>9}: {answer}" for name, answer in row.answers]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(name)}</th>" for name in SOURCES)
        body = []
        for row in self.rows:
            cells = "".join(f"<td>{esc(answer)}</td>" for _, answer in row.answers)
            body.append(
                f"<tr><th scope='row'>{esc(row.citation)}<br><small>{esc(row.title)} · "
                f"lesson {esc(row.lesson[:3].strip())}<br>{esc(row.question)}</small></th>"
                f"{cells}</tr>"
            )
        return (
            "<table class='bourre-rulebook-table'><caption>Each rulebook's answer, computed by "
            f"the engine</caption><thead><tr><th>scene</th>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>"
        )


def rulebook_table(scenes: Iterable[str | tuple[str, int]]) -> RulebookTable:
    """The rows of these scenes, in this order: a scene id, or (story id, step)."""
    items = [(item, None) if isinstance(item, str) else item for item in scenes]
    if not items:
        raise ValueError("name at least one scene id; see scenes.catalogue()")
    return RulebookTable(tuple(rulebook_row(i, step) for i, step in items))
