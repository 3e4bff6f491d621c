"""The classroom app: every scene at projector size, a scene picker and Previous / Next scene.

`make present` serves `present/classroom.ipynb` with Voila; that notebook only calls
`classroom()`. All controls are ordinary buttons and a drop-down, so a teacher can drive the
app from the keyboard: Tab to a button and press Enter (or Space), or Tab to the picker and use
the arrow keys. No rules logic lives here: each scene is the same scene view the lessons use (`scene_views.scene_view`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..scenes import catalogue, get
from ..scenes.lessons import LESSON_SCENES, NOT_YET_IN_A_LESSON, lesson_of
from .scenes.scene import SIZES, SceneView, neutral_title
from .scenes.scene_views import scene_view
from .text_form import TextForm

__all__ = ["Classroom", "classroom", "scene_order", "start_from_query"]

# Larger controls for a projector; HTML widgets apply a <style> element but never run scripts.
STYLE = """<style>
.bourre-classroom-app .widget-dropdown select,
.bourre-classroom-app .widget-dropdown label { font-size: 20px; height: 40px; line-height: 40px; }
.bourre-classroom-app .bourre-scene-counter { font-size: 20px; }
.bourre-classroom-app .bourre-classroom button:not(.bourre-card):not(.bourre-rule) {
  font-size: 18px; height: 40px; width: auto; min-width: 120px; }
.bourre-classroom-app .bourre-classroom .widget-label,
.bourre-classroom-app .bourre-classroom .widget-label-basic,
.bourre-classroom-app .bourre-classroom input[type="text"] { font-size: 18px; height: auto; }
.bourre-classroom-app button:focus-visible { outline: 4px solid #1f5fbf; outline-offset: 2px; }
/* The projector app fills the window: the bar of scenes at the top, the scene's buttons at the
   bottom, the table and its words between them, sized to the screen; nothing scrolls. */
.lm-Widget:has(.bourre-classroom-app.bourre-pinned) { contain: none !important; }
.bourre-classroom-app.bourre-pinned {
  position: fixed !important; inset: 0; z-index: 1000; margin: 0 !important; background: #ffffff;
  display: flex !important; flex-direction: column; overflow: hidden; box-sizing: border-box; }
.bourre-pinned > .bourre-toolbar {
  flex: 0 0 auto !important; flex-wrap: nowrap !important; gap: 6px; padding: 6px 10px;
  border-bottom: 1px solid #d0d0d0; box-sizing: border-box; }
.bourre-pinned > .bourre-toolbar .widget-button, .bourre-pinned > .bourre-toolbar .widget-toggle-button {
  font-size: 17px !important; height: 40px !important; width: auto !important; flex: 0 0 auto;
  padding: 0 12px; margin: 0; }
.bourre-pinned > .bourre-toolbar .bourre-picker { flex: 1 1 auto !important; min-width: 220px;
  max-width: 460px; width: auto !important; margin: 0; }
.bourre-pinned > .bourre-toolbar .bourre-picker select { font-size: 17px; height: 40px; }
.bourre-pinned > .bourre-toolbar .bourre-picker label { display: none; }
.bourre-pinned > .bourre-toolbar .bourre-scene-counter { font-size: 16px; white-space: nowrap;
  flex: 0 0 auto; margin: 0 4px; }
.bourre-pinned > .bourre-stage { flex: 1 1 0 !important; min-height: 0; display: flex !important;
  overflow: auto; }
.bourre-pinned .bourre-stage > .bourre-scene { flex: 1 1 auto !important; min-height: 540px;
  height: 100%; padding: 6px 12px 0; box-sizing: border-box; }
/* (on a screen smaller than a projector the scene keeps its size and the stage scrolls) */
.bourre-pinned .bourre-scene > .bourre-style { display: none !important; }
.bourre-pinned .bourre-scene > .bourre-table { flex: 1 1 0 !important; min-height: 0;
  container-type: size; }
.bourre-pinned .bourre-kind-play > .bourre-header,
.bourre-pinned .bourre-kind-naming > .bourre-header { display: none !important; }
.bourre-pinned .bourre-classroom-toggle { display: none !important; }
.bourre-pinned .bourre-scene > .bourre-foot { flex: 0 0 auto !important; gap: 4px 18px;
  padding: 5px 0 6px; border-top: 1px solid #d0d0d0; }
.bourre-pinned .bourre-foot .widget-hbox { flex-wrap: nowrap; align-items: center; gap: 4px; }
.bourre-pinned .bourre-foot .widget-button, .bourre-pinned .bourre-foot .widget-toggle-button {
  font-size: 17px !important; height: 38px !important; padding: 0 10px !important;
  min-width: 0 !important; width: auto !important; margin: 0; }
.bourre-pinned .bourre-foot .widget-label, .bourre-pinned .bourre-foot select,
.bourre-pinned .bourre-foot input, .bourre-pinned .bourre-foot .widget-label-basic {
  font-size: 16px !important; }
.bourre-pinned .bourre-foot .bourre-say { width: 15em; }
.bourre-pinned .bourre-foot select { height: 34px !important; }
.bourre-pinned .bourre-foot .bourre-say .widget-label { width: auto; min-width: 0; }
.bourre-pinned .bourre-foot .bourre-rulebook .widget-label { display: none; }
.bourre-pinned .bourre-foot .bourre-cinch .widget-label { width: auto; min-width: 0; }
.bourre-pinned .bourre-foot .bourre-four-colour { width: auto !important; }
/* A story: its steps on the left (the latest always in view), title, rule and pot chart on
   the right, the buttons under both. */
.bourre-pinned .bourre-stage > .bourre-kind-story { display: grid !important;
  grid-template-columns: minmax(0, 56fr) minmax(0, 44fr); column-gap: 20px;
  grid-template-rows: auto auto minmax(0, 1fr) auto;
  grid-template-areas: "story head" "story chart" "story notice" "foot foot"; }
.bourre-pinned .bourre-kind-story > .bourre-header { grid-area: head; }
.bourre-pinned .bourre-kind-story > .bourre-table { grid-area: story; overflow-y: auto;
  display: flex !important; flex-direction: column-reverse; container-type: normal; }
.bourre-pinned .bourre-kind-story > .bourre-chart { grid-area: chart; width: 100% !important;
  height: auto !important; object-fit: contain; }
.bourre-pinned .bourre-kind-story > .bourre-notice { grid-area: notice; }
.bourre-pinned .bourre-kind-story > .bourre-foot { grid-area: foot; }
.bourre-pinned .bourre-kind-story .bourre-story li { padding: 2px 8px; }
</style>"""
BUTTON_FONT = "20px"


def scene_order() -> list[str]:
    """Every scene of the catalogue, grouped by the lesson it belongs to, lessons in order."""
    order: list[str] = []
    for title, ids in LESSON_SCENES:
        order += [*ids, *(i for lesson, i in NOT_YET_IN_A_LESSON if lesson == title)]
    return order + [i for i in catalogue() if i not in order]


def _label(scene_id: str, number: int | None = None) -> str:
    """The picker's line for a scene: its number, lesson, rule and a neutral title (never
    the scene's own title, which may state the answer the class is to predict)."""
    scene = get(scene_id)
    lesson = lesson_of(scene_id).split(" · ")[0]  # "04", "08b"
    line = f"lesson {lesson} · {scene.citation} · {neutral_title(scene)}"
    return line if number is None else f"{number} · {line}"


def _checked_ids(scene_ids: Iterable[str] | None, start: str | None, size: str) -> list[str]:
    """The classroom's scene ids (default: every scene in `scene_order`), after checking
    them, the start and the size; bad values raise, saying what is accepted."""
    ids = scene_order() if scene_ids is None else list(scene_ids)
    if not ids:
        raise ValueError("a classroom needs at least one scene id; see scenes.catalogue()")
    for scene_id in ids:
        get(scene_id)  # an unknown id raises KeyError naming close matches
    if len(set(ids)) != len(ids):
        raise ValueError(f"each scene may appear once in a classroom, got {ids}")
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, got {size!r}")
    if start is not None and start not in ids:
        raise ValueError(f"start must be one of the classroom's scenes, got {start!r}")
    return ids


class Classroom(TextForm, widgets.VBox):
    """Scenes one at a time for a projector: pick one, or step with Previous / Next scene."""

    def __init__(
        self,
        scene_ids: Iterable[str] | None = None,
        start: str | None = None,
        size: str = "classroom",
        four_colour: bool = False,
        pinned: bool | None = None,
    ) -> None:
        """`pinned`: the picker and the scene's buttons stay at the window's top and bottom
        edges, as in the projector app (the default at classroom size); in a lesson's cell
        they stay in place."""
        ids = _checked_ids(scene_ids, start, size)
        self.scene_ids = tuple(ids)
        self.size = size
        self.four_colour = four_colour
        self._scenes: dict[str, SceneView] = {}
        self._build_navigation(ids, start)
        self._build_predict()
        self.counter = widgets.HTML()
        self.stage = widgets.Box()  # replaced by a fresh one for every scene shown
        self.counter.add_class("bourre-scene-counter")
        self._wire()
        toolbar = self._toolbar_box()
        self._style, self._toolbar = widgets.HTML(STYLE), toolbar
        super().__init__([self._style, toolbar, self.stage])
        self.add_class("bourre-classroom-app")
        self.pinned = size == "classroom" if pinned is None else pinned
        if self.pinned:
            self.add_class("bourre-pinned")
        self._show()

    def _build_navigation(self, ids: list[str], start: str | None) -> None:
        """The scene picker and the Previous / Next scene buttons."""
        self.picker = widgets.Dropdown(
            options=[(_label(i, n), i) for n, i in enumerate(ids, start=1)],
            value=start or ids[0],
            description="Scene",
            layout=widgets.Layout(width="430px"),
        )
        self.previous_button = widgets.Button(description="◀ Previous scene")
        self.next_button = widgets.Button(description="Next scene ▶")
        self.previous_button.tooltip = "The scene before (or the left arrow at a scene's start)"
        self.next_button.tooltip = "The next scene (or the right arrow at a scene's end)"
        for button in (self.previous_button, self.next_button):
            button.style.font_size = BUTTON_FONT
            button.layout = widgets.Layout(width="200px", height="48px")
        self.picker.add_class("bourre-picker")
        self.previous_button.add_class("bourre-previous-scene")
        self.next_button.add_class("bourre-next-scene")

    def _build_predict(self) -> None:
        """Predict mode's switch and its Reveal button."""
        self.predict = widgets.ToggleButton(
            value=False,
            description="Predict",
            tooltip="The class votes first: a click marks its choice, Reveal shows the verdict",
        )
        self.reveal_button = widgets.Button(description="Reveal", disabled=True)
        for control in (self.predict, self.reveal_button):
            control.style.font_size = BUTTON_FONT
            control.layout = widgets.Layout(width="140px", height="48px")
        self.predict.add_class("bourre-predict")
        self.reveal_button.add_class("bourre-reveal")

    def _wire(self) -> None:
        """What the picker and the buttons call."""
        self.picker.observe(lambda _: self._show(), names="value")
        self.previous_button.on_click(lambda _: self.previous_scene())
        self.next_button.on_click(lambda _: self.next_scene())
        self.predict.observe(lambda _: self._show(), names="value")
        self.reveal_button.on_click(lambda _: self.reveal())

    def _toolbar_box(self) -> widgets.HBox:
        """The picker, the buttons and the counter in one wrapping row."""
        toolbar = widgets.HBox(
            [
                self.picker,
                self.previous_button,
                self.next_button,
                self.predict,
                self.reveal_button,
                self.counter,
            ],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        toolbar.add_class("bourre-toolbar")
        return toolbar

    def __repr__(self) -> str:
        return f"<classroom: scene {self.index + 1} of {len(self.scene_ids)}, {self.scene_id}>"

    @property
    def scene_id(self) -> str:
        """The id of the scene on screen."""
        return self.picker.value

    @property
    def index(self) -> int:
        """Where the scene on screen stands in the classroom's list (0 for the first)."""
        return self.scene_ids.index(self.scene_id)

    @property
    def scene(self) -> SceneView:
        """The scene widget on screen (built on first visit, then kept with its state)."""
        return self._scene_widget(self.scene_id)

    def go(self, scene_id: str) -> SceneView:
        """Show one scene by id, as the picker does; returns its widget."""
        if scene_id not in self.scene_ids:
            get(scene_id)  # unknown anywhere: KeyError with close matches
            raise ValueError(f"scene {scene_id!r} is not in this classroom's list")
        self.picker.value = scene_id
        return self.scene

    def next_scene(self) -> SceneView:
        """Show the following scene (the last one stays); returns its widget."""
        return self.go(self.scene_ids[min(self.index + 1, len(self.scene_ids) - 1)])

    def previous_scene(self) -> SceneView:
        """Show the scene before (the first one stays); returns its widget."""
        return self.go(self.scene_ids[max(self.index - 1, 0)])

    def reveal(self) -> str:
        """Predict mode: show the verdict on the card the class chose in the scene on screen."""
        scene = self.scene
        if not hasattr(scene, "reveal"):
            return "This scene takes no card: nothing to reveal."
        return scene.reveal()

    def to_text(self) -> str:
        """What is on screen, as plain text: where we are, then the scene's own text."""
        return f"Scene {self.index + 1} of {len(self.scene_ids)}\n{self.scene.to_text()}"

    def _scene_widget(self, scene_id: str) -> SceneView:
        if scene_id not in self._scenes:
            # Try first, in a lesson (lesson 08) and on the projector alike: the rule and the
            # rulebooks side by side wait for the class's first try (in Predict mode, Reveal).
            self._scenes[scene_id] = scene_view(
                get(scene_id), size=self.size, four_colour=self.four_colour, rule_after_try=True
            )
        return self._scenes[scene_id]

    def _show(self) -> None:
        """Put the chosen scene on a fresh stage (so no scroll position carries over from the
        scene before), in the Predict mode of the switch."""
        scene = self.scene
        scene.set_predict(self.predict.value)
        self.reveal_button.disabled = not (self.predict.value and hasattr(scene, "reveal"))
        self.stage = widgets.Box([scene])
        self.stage.add_class("bourre-stage")
        self.children = (self._style, self._toolbar, self.stage)
        last = len(self.scene_ids) - 1
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == last
        self.counter.value = f"Scene {self.index + 1} of {last + 1}"


def start_from_query(query: str | None = None) -> str | None:
    """The scene id asked for in a URL query (`?scene=glimne-6`), or None.

    Voila passes the page's query string in the QUERY_STRING environment variable; that is
    read when `query` is None. An id that is not in the catalogue is ignored.
    """
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    wanted = parse_qs(query.lstrip("?")).get("scene", [])
    return wanted[0] if wanted and wanted[0] in catalogue() else None


def classroom(start: str | None = None, size: str = "classroom") -> Classroom:
    """The whole catalogue as a classroom app, opening on `start` or on the URL's `?scene=`."""
    return Classroom(start=start or start_from_query(), size=size)
