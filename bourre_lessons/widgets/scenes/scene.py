"""The base of the scene views: what every scene kind shares (a small view per kind sits on it).

`scene_views.scene_view(scene, ...)` returns the view for the scene's kind (`PlayView` in
`scene_play`, `NamingView` in `scene_naming`, `StoryView` in `scene_story`); each is a
`SceneView`, and each imports this module, never the other way round. The base holds navigation (Back / Next / Restart), the rulebook and cinch
selectors, sizes, the feedback, the Say box plumbing and the skeleton of `to_text()`. Play and
naming scenes draw on the card table (`card_table.CardTable`: seats, trick, hand, the verdict as
a coloured callout, the rulebooks side by side); a story draws its steps and the same callout.

No rules logic lives here: every verdict, legal set and payment comes from the engine.
Every widget the browser tests need carries a stable DOM class (`bourre-...`), and
`to_text()` gives what is on screen as plain text, for tests and screen readers.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import ClassVar

import ipywidgets as widgets

from ...cards import Card, parse_card
from ...rules import SOURCES, Rules
from ...scenes.model import Scene
from ...text import card_list
from ..kit import (
    SIZES,
    callout_html,
    card_colour,
    connect_buttons,
    style_sheet,
    tag_attributes,
    write,
)
from ..source_chip import chip_html
from ..table.table_model import feedback_entry, feedback_text
from ..text_form import TextForm

__all__ = ["SIZES", "SceneView", "card_colour", "neutral_title"]

SAY_HINT = (
    "Name a card (QH, Q♥, 10H, hj7) or say it in words: 'the king', 'a heart', 'high', "
    "'low', 'win it', 'doesn't matter' (English, Swedish, Danish, Portuguese or Japanese)."
)
CINCH_CHOICES = (("as the rulebook says", ""), ("off", "off"), ("pot", "pot"), ("strict", "strict"))
NO_CARDS = "This scene has no cards to play: step through it with Next."
RULE_KEPT_BACK = "The rule shows here once you have tried (or reached the last step)."


def neutral_title(scene: Scene) -> str:
    """A title that names the position, never its answer: 'Hearts led', 'Your lead',
    'You say “win it”', 'A story' (the scene's own title may state the rule)."""
    if scene.kind == "story" or not scene.positions:
        return "A story"
    phrase = next((m.phrase for m in scene.positions if m.phrase), "")
    if scene.kind == "naming" and phrase:
        return f"You say “{phrase}”"
    first = scene.positions[0]
    if not first.trick:
        return "Your lead"
    return f"{first.trick[0][1].suit.plural.capitalize()} led"


def _cards_text(cards: Iterable[Card]) -> str:
    return card_list(cards, sep=" ", empty="none")


class SceneView(TextForm, widgets.VBox):
    """A scene a learner steps through with Back / Next: the base of the view of each scene
    kind (`scene_views.scene_view(scene)` chooses it)."""

    _RENAMED: ClassVar[dict[str, str]] = {
        "classroom": "classroom-toggle",
        "say_button": "say-button",
    }
    """DOM class names that are not the attribute's own (see `_tagged`)."""

    predict = False
    """Predict mode (the classroom's): the rule, the rulebooks side by side and a title that
    could give the answer away stay back until the teacher reveals the class's choice."""

    def __init__(
        self,
        scene: Scene,
        preset: str | None = None,
        size: str = "normal",
        four_colour: bool = False,
        cinch: str | None = None,
        rulebook_choice: bool = True,
        rule_after_try: bool = True,
    ) -> None:
        """`rule_after_try` (the default): the rule and the rulebooks side by side wait for
        the learner's first try (or a story's last step); False states them at once (the
        classroom outside Predict mode; in Predict mode the title waits too). At `size="classroom"` the
        controls sit with the buttons under the table (the projector arrangement)."""
        preset = self._checked(scene, preset, size, cinch)
        self.scene = scene
        self.rulebook_choice = rulebook_choice
        self.rule_after_try = rule_after_try  # try first: the header keeps the rule back
        self.projector = size == "classroom"
        self.tried = False
        self.step = 0
        self.played: Card | None = None
        self.feedback = ""  # the callout in words (`feedback_text`); `said` is its data
        self.said: dict = feedback_entry()
        self.answer_shown = False
        self._last: tuple[str, Card | str | None] = ("", None)
        self._build_controls(preset, size, four_colour, cinch)
        self._build_navigation()
        self._build()
        tag_attributes(self, "bourre", self._tagged(), self._RENAMED)
        self._wire()
        super().__init__(self._layout())
        self.add_class("bourre-scene")
        self.add_class(f"bourre-scene-{scene.id}")
        self.add_class(f"bourre-kind-{scene.kind}")
        self._render()

    def __repr__(self) -> str:
        return f"<scene {self.scene.id}: {self.scene.citation} · {self._title()}>"

    # --- building -----------------------------------------------------------------------

    @staticmethod
    def _checked(scene: Scene, preset: str | None, size: str, cinch: str | None) -> str:
        """The rulebook to start with, after checking the options; bad options raise."""
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)}, got {size!r}")
        preset = preset or scene.preset
        if preset not in SOURCES:
            raise ValueError(f"preset must be one of {', '.join(SOURCES)}, got {preset!r}")
        if cinch not in (None, "", "off", "pot", "strict"):
            raise ValueError(f"cinch must be 'off', 'pot' or 'strict', got {cinch!r}")
        return preset

    def _build_controls(self, preset: str, size: str, four_colour: bool, cinch: str | None) -> None:
        """The header, the selectors and the display switches."""
        self.header = widgets.HTML()
        self.rulebook = widgets.ToggleButtons(
            options=list(SOURCES), value=preset, description="Rulebook"
        )
        self.cinch = widgets.Dropdown(options=CINCH_CHOICES, value=cinch or "", description="Cinch")
        self.four_colour = widgets.Checkbox(
            value=four_colour, description="Four-colour deck", indent=False
        )
        self.classroom = widgets.ToggleButton(
            value=size == "classroom",
            description="Classroom size",
            layout=widgets.Layout(width="auto"),
        )

    def _build_navigation(self) -> None:
        """The table, Back / Next / Restart, the Say box and the feedback callout."""
        self.table = widgets.HTML()
        self.back_button = widgets.Button(description="◀ Back")
        self.next_button = widgets.Button(description="Next ▶")
        self.restart_button = widgets.Button(description="Restart")
        self.say_box = widgets.Text(
            placeholder="or type your play: the king, a small heart, win it…",
            description="Say",
            continuous_update=False,
            layout=widgets.Layout(width="460px", max_width="100%"),  # the whole placeholder
        )
        self.say_button = widgets.Button(description="Say it")
        self.notice = widgets.HTML()  # the callout of a view without a drawn table
        # The feedback as plain text, never drawn (the callout shows it): older code cells and
        # tests read `output.outputs`; `feedback` holds the same text.
        self.output = widgets.Output()

    def _build(self) -> None:
        """The widgets of one scene kind; a view adds its own."""

    def _tagged(self) -> str:
        """The widget attributes that get a DOM class `bourre-<name>` (see kit.dom_name)."""
        return (
            "header rulebook cinch four_colour classroom table back_button next_button "
            "restart_button say_box say_button notice"
        )

    def _wire(self) -> None:
        connect_buttons(
            self,
            back_button=self.back,
            next_button=self.next,
            restart_button=self.restart,
            say_button=self._say_from_box,
        )
        self.say_box.observe(self._on_say, names="value")
        self.rulebook.observe(self._on_rules, names="value")
        self.cinch.observe(self._on_rules, names="value")
        self.four_colour.observe(lambda _: self._render(), names="value")
        self.classroom.observe(lambda _: self._render(), names="value")

    def _layout(self) -> list[widgets.Widget]:
        """Header, controls, table, the view's rows, the buttons, the feedback; at projector
        size the controls and the view's rows join the buttons in one wrapping row (`foot`)
        under the table, so the table gets the height of the screen."""
        controls: list[widgets.Widget] = []
        if self.rulebook_choice:
            controls.append(self.rulebook)
            if "cinch" in self.scene.switches:
                controls.append(self.cinch)
        controls += [self.four_colour, self.classroom]
        wrapping = widgets.Layout(flex_flow="row wrap", align_items="center")
        navigation = widgets.HBox(self._nav_buttons())
        navigation.add_class("bourre-nav")
        switches = widgets.HBox(controls, layout=wrapping)
        switches.add_class("bourre-controls")
        rows = self._middle_rows()
        for row in rows:
            row.add_class("bourre-middle-row")
        if self.projector:
            foot = widgets.HBox([navigation, *rows, switches], layout=wrapping)
            foot.add_class("bourre-foot")
            body = [style_sheet(), self.header, self.table, foot]
        else:
            body = [style_sheet(), self.header, switches, self.table, *rows, navigation]
        return body + self._feedback_rows() + self._bottom_rows()

    def _middle_rows(self) -> list[widgets.Widget]:
        """Rows between the table and the navigation (a view's hand and Say box)."""
        return []

    def _feedback_rows(self) -> list[widgets.Widget]:
        """Where the feedback shows (a view with a drawn table shows it on the table)."""
        return [self.notice]

    def _nav_buttons(self) -> list[widgets.Widget]:
        return [self.back_button, self.next_button, self.restart_button]

    def _bottom_rows(self) -> list[widgets.Widget]:
        """Rows under the feedback (a story's pot chart)."""
        return []

    # --- public, for code cells and tests ---------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules in force: the chosen rulebook with the scene's own switch overrides, and
        the cinch switch if one is chosen."""
        if self.cinch.value:
            return self.scene.rules(self.rulebook.value, cinch=self.cinch.value)
        return self.scene.rules(self.rulebook.value)

    @property
    def step_count(self) -> int:
        """How many steps Back / Next move through."""
        raise NotImplementedError

    def play(self, card: Card | str) -> str:
        """Play a card as if clicked; returns the feedback shown."""
        parse_card(card)
        return self._say(NO_CARDS)

    def say(self, text: str) -> str:
        """Play by words, as a player would say it; returns the feedback shown."""
        return self._say(NO_CARDS)

    def next(self) -> None:
        """Step forward."""
        if self.step < self.step_count - 1:
            self.step += 1
            self._new_position()

    def to_turn(self) -> SceneView:
        """Step forward until the trick reaches you (or the scene ends); returns the scene."""
        while self._waiting() and self.step < self.step_count - 1:
            self.next()
        return self

    def back(self) -> None:
        """Step back."""
        if self.step > 0:
            self.step -= 1
            self._new_position()

    def restart(self) -> None:
        """Back to the first step, nothing played, no feedback."""
        self.step = 0
        self._new_position()

    def set_rulebook(self, preset: str, cinch: str | None = None) -> None:
        """Choose a rulebook (and optionally a cinch setting), as the selector does."""
        if cinch is not None:
            self.cinch.value = cinch
        self.rulebook.value = preset

    def set_predict(self, on: bool) -> None:
        """Predict mode on or off (the classroom's switch), and redraw."""
        self.predict = on
        self._render()

    def to_text(self) -> str:
        """What is on screen, as plain text."""
        s = self.scene
        lines = [f"{s.citation} · {self._title()}", f"Rule: {self._rule_text()}"]
        if s.note:
            lines.append(f"Note: {s.note}")
        lines.append(f"Rulebook: {self._rules_label()}")
        lines += self._body_text()
        lines.append(f"Step {self.step + 1} of {self.step_count}")
        if self.feedback:
            lines.append(f"Feedback: {self.feedback}")
        compare = self._compare_rows() if self.rulebook_choice and self._rule_shown() else []
        if compare:
            lines.append(
                "The rulebooks disagree here: " + " | ".join(f"{k}: {v}" for k, v in compare)
            )
        return "\n".join(lines)

    # --- hooks a view fills in ----------------------------------------------------------

    def _waiting(self) -> bool:
        """True while Next is needed before you can play (never, without cards)."""
        return False

    def _body_html(self) -> str:
        """The scene's own part of the table, as HTML."""
        raise NotImplementedError

    def _body_text(self) -> list[str]:
        """The scene's own lines of `to_text()`."""
        raise NotImplementedError

    def _render_body(self) -> None:
        """Redraw the view's own widgets (hand, chart)."""

    def _compare_rows(self) -> list[tuple[str, str]]:
        """(rulebook, its legal cards) when the rulebooks disagree here; else nothing."""
        return []

    def _replay(self) -> None:
        """Redo what was last asked, after the rules changed."""
        self._render()

    # --- plumbing -----------------------------------------------------------------------

    def _on_say(self, change: dict) -> None:
        if change["new"].strip():
            self._say_from_box()

    def _say_from_box(self) -> None:
        """Say what the box holds, once: the box is emptied so the same words can come again
        (after Try again) and a later click on Say it does not repeat them."""
        text = self.say_box.value
        if not text.strip():
            return
        self.say_box.value = ""
        self.say(text)

    def _on_rules(self, _change: object) -> None:
        self.step = min(self.step, self.step_count - 1)
        self._replay()

    def _new_position(self) -> None:
        self.played = None
        self.answer_shown = False
        self._last = ("", None)
        self.feedback, self.said = "", feedback_entry()
        write(self.output, "")
        self._render()

    def _say(self, text: str, tried: bool = False, verdict: str = "info") -> str:
        """Show `text` as the feedback (a plain message: "info" unless `verdict` says "legal"
        or "illegal"); see `_show`."""
        return self._show(feedback_entry(text, verdict), tried)

    def _show(self, entry: dict, tried: bool = False) -> str:
        """Show a callout (a `table_model.feedback_entry`: the engine's verdict as data) and
        return it in words; `tried`: it answers the learner's own try (a card judged, words
        read, Show answer or Why?), which lets the rule show."""
        self.tried = self.tried or tried
        self.said = entry
        self.feedback = feedback_text(entry)
        write(self.output, self.feedback)
        self._render()
        return self.feedback

    def _rules_label(self) -> str:
        label = self.rulebook.value
        if self.cinch.value:
            label += f", cinch {self.cinch.value}"
        elif "cinch" in self.scene.switches:
            label += f" (cinch {self.rules.cinch})"
        return label

    def _rule_shown(self) -> bool:
        """Whether the rule, the rulebooks side by side and the scene's title may show: after
        a try (or a story's last step), or at once outside try-first and Predict mode."""
        if self.tried or (self.scene.kind == "story" and self.step >= self.step_count - 1):
            return True
        return not (self.rule_after_try or self.predict)

    def _rule_text(self) -> str:
        """The scene's rule, or, before the learner has tried, a line saying when it shows."""
        return self.scene.summary if self._rule_shown() else RULE_KEPT_BACK

    def _title(self) -> str:
        """The scene's title once the rule shows; before, a neutral one naming the position
        ('Hearts led'), since a title such as 'Neither suit nor trump: anything' states the
        answer. A story keeps its own title outside Predict mode (it asks no card)."""
        if self._rule_shown() or (self.scene.kind == "story" and not self.predict):
            return self.scene.title
        return neutral_title(self.scene)

    def heading(self) -> dict[str, str]:
        """The header as data (title, rule, note, fixed-rules note), as the drawn table shows
        it in the classroom app."""
        s = self.scene
        return {
            "title": f"{s.citation} · {self._title()}",
            "rule": self._rule_text(),
            "note": s.note,
            "fixed": "" if self.rulebook_choice else self._fixed_note(),
        }

    def _fixed_note(self) -> str:
        """What a scene without the rulebook selector says about the rules it plays by."""
        return f"Played by {self.rulebook.value}'s rules, the rulebook of this course."

    def _size(self) -> dict[str, str]:
        return SIZES["classroom" if self.classroom.value else "normal"]

    # --- drawing ------------------------------------------------------------------------

    def _render(self) -> None:
        if self.classroom.value:
            self.add_class("bourre-classroom")
        else:
            self.remove_class("bourre-classroom")
        style = f"font-size:{self._size()['text']};line-height:1.4"
        self.header.value = header_html(
            self.heading(),
            style,
            fold_note=self.projector,
            title_html=f"{self._citation_html()} · {html.escape(self._title())}",
        )
        self._render_table(style)
        self._render_body()
        self.back_button.disabled = self.step == 0
        self.next_button.disabled = self.step >= self.step_count - 1
        self.notice.value = callout_html(self.said, self._size()["text"])

    def _citation_html(self) -> str:
        """The scene's citation as a rule chip (the source's own words), once the rule itself
        is shown: a predict-first scene keeps both back until the learner has tried."""
        citation = self.scene.citation
        if self._rule_text() == RULE_KEPT_BACK:
            return html.escape(citation)
        return chip_html(citation)

    def _render_table(self, style: str) -> None:
        """Draw the table part of the scene (an HTML block unless a view draws its own)."""
        self.table.value = f"<div style='{style}'>{self._body_html()}</div>"


def header_html(
    heading: dict[str, str], style: str, fold_note: bool = False, title_html: str | None = None
) -> str:
    """The scene's header as HTML: the title in bold (`title_html` when given, e.g. with the
    citation as a rule chip), the rule, the note (folded under 'Note' when `fold_note`), the
    fixed-rules note."""
    esc = html.escape
    note = heading.get("note", "")
    if note and fold_note:
        note_html = f"<details class='bourre-note'><summary>Note</summary>{esc(note)}</details>"
    else:
        note_html = f"<br><i>{esc(note)}</i>" if note else ""
    fixed = heading.get("fixed", "")
    return (
        f"<div style='{style}'><b>{title_html or esc(heading['title'])}</b><br>{esc(heading['rule'])}"
        + note_html
        + (f"<br><i>{esc(fixed)}</i>" if fixed else "")
        + "</div>"
    )
