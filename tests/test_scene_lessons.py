"""The classroom's grouping of scenes by lesson agrees with what the lessons show."""

from __future__ import annotations

import re
from pathlib import Path

from bourre_lessons.scenes import catalogue
from bourre_lessons.scenes.lessons import LESSON_SCENES, NOT_YET_IN_A_LESSON, lesson_of

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def first_shown() -> dict[str, str]:
    """Each scene id with the title of the first lesson whose text names it."""
    ids = list(catalogue())
    found: dict[str, str] = {}
    for md in sorted(NOTEBOOKS.glob("*.md")):
        text = md.read_text(encoding="utf-8")
        title = re.search(r"^# (.+)$", text, re.MULTILINE).group(1)
        places = []
        for scene_id in ids:
            hit = re.search(r"[\"']" + re.escape(scene_id) + r"[\"']", text)
            if hit and scene_id not in found:
                places.append((hit.start(), scene_id))
        for _, scene_id in sorted(places):
            found[scene_id] = title
    return found


def test_every_scene_a_lesson_shows_is_under_that_lesson_in_its_order():
    shown = first_shown()
    table = {scene_id: title for title, ids in LESSON_SCENES for scene_id in ids}
    assert table == shown
    for title, ids in LESSON_SCENES:
        assert list(ids) == [i for i in shown if shown[i] == title]


def test_every_scene_of_the_catalogue_has_a_lesson():
    later = {scene_id for _, scene_id in NOT_YET_IN_A_LESSON}
    assert later.isdisjoint(first_shown()), "a scene now in a lesson must leave the 'later' list"
    for scene_id in catalogue():
        assert lesson_of(scene_id)


def test_every_example_of_the_sources_is_in_a_lesson():
    """Every scene of the catalogue is shown by some lesson: none is left for 'later'."""
    assert NOT_YET_IN_A_LESSON == ()
    assert set(first_shown()) == set(catalogue())
