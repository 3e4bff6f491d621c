"""Scenes: every numbered example of the sources as a step-through scene.

`catalogue()` lists them in order; `show(scene_id)` returns the interactive widget.
"""

from __future__ import annotations

from collections import OrderedDict

from .catalogue import SCENES
from .model import YOU, Scene, ScenePosition, StoryStep, rules_for

__all__ = [
    "BASELINE",
    "YOU",
    "Scene",
    "ScenePosition",
    "StoryStep",
    "catalogue",
    "get",
    "rules_for",
    "show",
    "show_baseline",
]

BASELINE = "pagat"
"""The rulebook lessons 01-07 teach; the others are compared in lesson 08."""


def catalogue() -> OrderedDict[str, Scene]:
    """Every scene, keyed by its id, in the order of docs/scenes.md."""
    return OrderedDict((scene.id, scene) for scene in SCENES)


def get(scene_id: str) -> Scene:
    """One scene by id; an unknown id raises KeyError listing close matches."""
    scenes = catalogue()
    if scene_id not in scenes:
        close = [s for s in scenes if s.split("-")[0] == scene_id.split("-")[0]] or list(scenes)
        raise KeyError(f"no scene {scene_id!r}; scenes include {', '.join(close)}")
    return scenes[scene_id]


def show(scene_id: str, **options: object):
    """The interactive widget for one scene (options: preset, size, four_colour)."""
    from ..widgets.scenes.scene_views import scene_view

    return scene_view(get(scene_id), **options)


def show_baseline(scene_id: str, **options: object):
    """The scene at the course's own table: pagat's rules, no rulebook selector, and the rule
    kept back until the learner has tried (lessons 01-07; `show` keeps the selector, and the
    rule and the rulebooks side by side wait for a try there too)."""
    return show(scene_id, preset=BASELINE, rulebook_choice=False, rule_after_try=True, **options)
