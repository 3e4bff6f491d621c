"""The switch panel: every switch of `Rules`, grouped the way a player thinks of them.

Each switch is one row: its name in words, a control holding its value, its meaning in one
line, and where each rulebook stands on it, each citation a rule chip that opens the source's
own words (`source_chip.chip_html`). A switch set otherwise than the base rulebook is marked.
The panel holds a `Rules`; `flip(name, value)` changes one switch as a click does.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import asdict, replace
from typing import Any

import ipywidgets as widgets

from ...rules import PRESETS, SOURCES, Rules
from ..source_chip import chip_html
from .bench_core import groups, meaning_of, values_of
from .bench_words import stance_cells, switch_title, value_words

__all__ = ["SwitchPanel", "control_options"]

NUMBER_CHOICES: dict[str, tuple[Any, ...]] = {
    "pot_limit": (None, 5, 10, 15, 20, 25, 30, 40, 50, 100),
    "min_players": tuple(range(2, 9)),
    "max_players": tuple(range(2, 9)),
    "max_discards": tuple(range(0, 6)),
    "max_discards_seven": (None, *range(0, 6)),
}
"""The values offered for a switch that takes a number (a loaded file may add its own)."""


def control_options(name: str, current: Any) -> list[tuple[str, Any]]:
    """(words, value) for each value a switch's control offers, the current one included."""
    values = values_of(name) or NUMBER_CHOICES.get(name, ())
    if current not in values:
        values = tuple(sorted((*values, current), key=lambda v: (v is not None, v or 0)))
    return [(value_words(v), v) for v in values]


class SwitchPanel(widgets.VBox):
    """Every switch grouped, with its meaning and where each source stands; flip to change."""

    def __init__(self, rules: Rules, base: str) -> None:
        self.base = base
        self._rules = rules
        self._quiet = False
        self._listeners: list[Callable[[str], object]] = []
        self.controls: dict[str, widgets.ValueWidget] = {}
        self.rows: dict[str, widgets.Box] = {}
        self.marks: dict[str, widgets.HTML] = {}
        self.stances: dict[str, widgets.HTML] = {}
        self.accordion = widgets.Accordion(
            [self._group_box(names) for _title, names in groups()],
            titles=tuple(title for title, _names in groups()),
            selected_index=0,
        )
        super().__init__([self.accordion])
        self.add_class("bourre-switch-panel")
        self._redraw()

    # --- what the workbench calls -------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the controls hold now."""
        return self._rules

    def on_change(self, listener: Callable[[str], object]) -> None:
        """Call `listener(switch name)` after every flip ('' after a whole new rulebook)."""
        self._listeners.append(listener)

    def flip(self, name: str, value: Any) -> Rules:
        """Set one switch, as a click does; a bad value raises ValueError, changing nothing."""
        if name not in self.controls:
            raise ValueError(f"{name!r} is no switch; the switches are {', '.join(self.controls)}")
        rules = replace(self._rules, **{name: value})  # Rules checks the value
        self._rules = rules
        self._set_control(name, value)
        self._redraw()
        self._tell(name)
        return rules

    def set_rules(self, rules: Rules, base: str) -> None:
        """Show a whole rulebook at once (a new base, or a loaded file)."""
        self._rules, self.base = rules, base
        for name, value in asdict(rules).items():
            if name in self.controls:
                self._set_control(name, value)
        self._redraw()
        self._tell("")

    def changed(self) -> dict[str, tuple[Any, Any]]:
        """The switches set otherwise than the base: name -> (base value, house value)."""
        return {
            n: (old, new) for n, (new, old) in self._rules.differences(PRESETS[self.base]).items()
        }

    def to_text(self) -> str:
        """Every switch by group: '*' marks one changed from the base, then its value, its
        meaning and where each rulebook stands."""
        lines = []
        for title, names in groups():
            lines.append(f"{title}:")
            for name in names:
                lines += self._row_text(name)
        return "\n".join(lines)

    # --- building ------------------------------------------------------------------------

    def _group_box(self, names: tuple[str, ...]) -> widgets.VBox:
        return widgets.VBox([self._row(name) for name in names])

    def _row(self, name: str) -> widgets.Box:
        """One switch: title, control, changed mark; meaning; where each source stands."""
        value = getattr(self._rules, name)
        options = control_options(name, value)
        if [v for _w, v in options] == [False, True]:
            control: widgets.ValueWidget = widgets.ToggleButtons(
                options=[("no", False), ("yes", True)], value=value
            )
        else:
            control = widgets.Dropdown(options=options, value=value, layout={"width": "16em"})
        control.observe(lambda change, n=name: self._heard(n, change["new"]), names="value")
        title = widgets.HTML(
            f"<b>{html.escape(switch_title(name))}</b> <code>{html.escape(name)}</code>",
            layout={"width": "26em"},
        )
        self.marks[name] = widgets.HTML()
        self.stances[name] = widgets.HTML()
        meaning = widgets.HTML(
            f"<div class='bourre-switch-meaning'>{html.escape(meaning_of(name))}</div>"
        )
        head = widgets.HBox([title, control, self.marks[name]], layout={"align_items": "center"})
        row = widgets.VBox([head, meaning, self.stances[name]])
        row.add_class("bourre-switch")
        row.add_class(f"bourre-switch-{name.replace('_', '-')}")
        self.controls[name], self.rows[name] = control, row
        return row

    def _set_control(self, name: str, value: Any) -> None:
        control = self.controls[name]
        self._quiet = True
        try:
            if isinstance(control, widgets.Dropdown):
                control.options = control_options(name, value)
            control.value = value
        finally:
            self._quiet = False

    def _heard(self, name: str, value: Any) -> None:
        """A click on a control: change the rules (a value Rules refuses is put back)."""
        if self._quiet:
            return
        try:
            self._rules = replace(self._rules, **{name: value})
        except ValueError as refused:
            self._set_control(name, getattr(self._rules, name))
            self.marks[
                name
            ].value = f"<span class='bourre-switch-refused'>{html.escape(str(refused))}</span>"
            return
        self._redraw()
        self._tell(name)

    def _tell(self, name: str) -> None:
        for listener in list(self._listeners):
            listener(name)

    # --- drawing -------------------------------------------------------------------------

    def _redraw(self) -> None:
        """Each row's changed mark and the stances, the base's column marked."""
        changed = self.changed()
        for name, row in self.rows.items():
            if name in changed:
                row.add_class("bourre-switch-changed")
                was = value_words(changed[name][0])
                self.marks[
                    name
                ].value = f"<span class='bourre-switch-mark'>changed ({self.base}: {html.escape(was)})</span>"
            else:
                row.remove_class("bourre-switch-changed")
                self.marks[name].value = ""
            self.stances[name].value = self._stances_html(name)

    def _stances_html(self, name: str) -> str:
        cells = []
        for book, words, citation in stance_cells(name, self._presets(name)):
            chip = chip_html(citation) if citation else ""
            here = " bourre-stance-base" if book == self.base else ""
            cells.append(
                f"<span class='bourre-stance{here}'>{book}: {html.escape(words)} {chip}</span>"
            )
        return f"<div class='bourre-stances'>{' · '.join(cells)}</div>"

    @staticmethod
    def _presets(name: str) -> dict[str, Any]:
        return {book: getattr(PRESETS[book], name) for book in SOURCES}

    def _row_text(self, name: str) -> list[str]:
        changed = self.changed()
        mark = "*" if name in changed else " "
        value = value_words(getattr(self._rules, name))
        line = f" {mark} {switch_title(name)} ({name}): {value}"
        if name in changed:
            line += f" (changed; {self.base}: {value_words(changed[name][0])})"
        meaning = meaning_of(name)
        stands = "; ".join(
            f"{book} {words}" + (f" [{c}]" if c else "")
            for book, words, c in stance_cells(name, self._presets(name))
        )
        return [line, f"     {meaning}", f"     {stands}"]
