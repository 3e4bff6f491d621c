"""Which lesson each scene belongs to: the classroom picker groups the scenes this way.

Each scene sits under the first lesson that shows it. Lessons 01-07 play at a pagat table;
the examples whose point holds only at another table, or under a variant, are first shown in
lesson 08. `tests/test_scene_lessons.py` checks this table against the lessons'
own notebooks, so it cannot drift from them.
"""

from __future__ import annotations

__all__ = ["LESSON_SCENES", "NOT_YET_IN_A_LESSON", "lesson_of"]

LESSON_SCENES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("00 · Welcome", ("glimne-2a",)),
    ("01 · Your first hand", ("pagat-dealer-ace",)),
    (
        "02 · Play or pass, the draw and the restock",
        ("pagat-restock", "pagat-lone", "pagat-dealer-alone"),
    ),
    (
        "03 · Following suit and beating the trick",
        (
            "pagat-1",
            "glimne-1",
            "glimne-2b",
            "glimne-4",
            "pagat-example",
            "pagat-example-b",
            "glimne-7a",
            "glimne-7b",
            "wikipedia-1",
        ),
    ),
    (
        "04 · Trumping",
        (
            "pagat-2",
            "glimne-3",
            "glimne-5",
            "wikipedia-2",
            "glimne-6",
            "pagat-3",
            "glimne-8",
            "wikipedia-3",
        ),
    ),
    (
        "05a · Known top cards",
        ("glimne-9", "glimne-10"),
    ),
    (
        "05b · The cinch",
        (
            "pagat-cinch-lead",
            "wikipedia-cinch-aqj",
            "pagat-cinch-equal",
            "pagat-cinch-follow",
            "pagat-cinch-last",
            "pagat-cinch-fourth",
        ),
    ),
    (
        "06 · Settling the pot",
        (
            "wikipedia-bourre",
            "pagat-ante",
            "wikipedia-split",
            "pagat-renege",
        ),
    ),
    (
        "07 · Naming a card",
        (
            "laws-named",
            "laws-high",
            "laws-low",
            "laws-win",
            "laws-suit",
            "laws-rank",
            "laws-missing",
            "laws-any",
            "laws-intent",
        ),
    ),
    (
        "08 · The rulebooks side by side",
        (
            "wikipedia-2-cannot-win",
            "wikipedia-cinch-ak",
            "glimne-pay",
            "wikipedia-seven",
            "glimne-dealer-ace",
            "wikipedia-cinch-ace",
            "glimne-cinch-lead-ace",
            "glimne-cinch-akq",
            "glimne-cinch-ak-after-one",
            "glimne-cinch-last",
            "glimne-cinch-three-won",
            "glimne-cinch-lay-down",
            "wikipedia-dealer-antes",
            "glimne-split-five",
            "pagat-separate-trump",
        ),
    ),
    (
        "08b · Every variant, taught",
        (
            "pagat-double-ante",
            "pagat-double-ante-after-draw",
            "pagat-simultaneous",
            "wikipedia-pot-limit",
            "wikipedia-second-ante",
            "wikipedia-trump-anyway",
            "wikipedia-misplay",
            "wikipedia-lay-down",
            "wikipedia-nice-play",
        ),
    ),
)
"""(lesson title, the scenes it shows first, in the order it shows them)."""

NOT_YET_IN_A_LESSON: tuple[tuple[str, str], ...] = ()
"""Scenes of the catalogue no lesson shows yet, with the lesson whose topic they belong to."""


def lesson_of(scene_id: str) -> str:
    """The title of the lesson a scene belongs to (by topic when no lesson shows it yet)."""
    for title, ids in LESSON_SCENES:
        if scene_id in ids:
            return title
    for title, later in NOT_YET_IN_A_LESSON:
        if scene_id == later:
            return title
    raise KeyError(f"scene {scene_id!r} belongs to no lesson; add it to scenes/lessons.py")
