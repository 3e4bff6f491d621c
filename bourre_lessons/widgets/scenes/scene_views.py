"""The view of each scene kind, and `scene_view`, which chooses it for a scene.

This module sits above the views: `scene` (the base, `SceneView`), `scene_play`, `scene_naming`
and `scene_story` import downwards only, and whatever shows a scene (`scenes.show`, the
classroom) asks here.
"""

from __future__ import annotations

from ...scenes.model import Scene
from .scene import SceneView
from .scene_naming import NamingView
from .scene_play import PlayView
from .scene_story import StoryView

__all__ = ["VIEWS", "scene_view"]

VIEWS: dict[str, type[SceneView]] = {"play": PlayView, "naming": NamingView, "story": StoryView}
"""The view class of each scene kind."""


def scene_view(scene: Scene, **options: object) -> SceneView:
    """The interactive view of one scene, of the class its kind needs (options: preset, size,
    four_colour, cinch, rulebook_choice, rule_after_try)."""
    if scene.kind not in VIEWS:
        raise ValueError(f"scene kind must be one of {', '.join(VIEWS)}, got {scene.kind!r}")
    return VIEWS[scene.kind](scene, **options)  # type: ignore[arg-type]
