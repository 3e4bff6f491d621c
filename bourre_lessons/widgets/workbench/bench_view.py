"""The house-rules workbench: set up your own rulebook, measure what it changes, see a hand
where it mattered, and play it.

Pick the rulebook you start from, flip switches (or load a house file), choose what to compare
with, and press **Measure**: both rulebooks play the same deals (`sim.house_lab.compare`) in a
thread of its own, so the page stays responsive; the progress bar and the table fill in as the
hands come, **Stop** keeps what was measured. In the browser, where no thread can start, the
plain-Python twin (`sim.plain_house`, fewer hands) plays in steps of a task on the page's event
loop, giving way between steps so that the bar moves and Stop is heard. Then **Show a hand where it mattered** replays
deals of the run on the readable engine until one differs, and **Play it at a table** opens
lesson 10's table under your rules. Nothing is measured before Measure is pressed.
"""

from __future__ import annotations

import asyncio
import html
import sys
import threading
import time
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from ...browser import in_browser
from ...rules import PRESETS
from ..kit import dom_name, style_sheet
from ..text_form import TextForm
from . import bench_core
from .bench_core import (
    BASES,
    HouseRules,
    HouseRulesError,
    example_houses,
    house_of,
    house_to_toml,
    load_house,
)
from .bench_files import HouseFileBox
from .bench_hand import find_mattered_hand
from .bench_hand_view import HandView
from .bench_results import ResultsView
from .bench_switches import SwitchPanel
from .bench_words import switch_title, value_words

__all__ = ["HANDS", "Workbench"]

HANDS = (2_000, 20_000, 100_000)
"""The run lengths offered."""
NO_SIMULATOR = (
    "Measuring could not load the simulator here. The switches, where each source stands and "
    "the house files work; to measure, install the course (pip install "
    '"bourre-lessons[lab]", then bourre-lessons lab).'
)
"""What Measure says if neither the simulator nor its plain-Python twin loads (a real
failure: in the browser the twin, `sim.plain_house`, measures on fewer hands)."""
EVERY = 0.25
"""Seconds between two redraws of the partial results."""
FEWER = " (plain Python in the browser: see the note under the table)"
"""What the progress label adds when the browser's twin played fewer hands than asked."""
GIVE_WAY = 0.01
"""Seconds a measurement in steps (the browser) sleeps between two steps, so that the page's
messages (a click on Stop) are heard."""
CSS = """<style>
.bourre-workbench .bourre-switch { border-left: 4px solid transparent; padding: 4px 8px; margin: 2px 0; }
.bourre-workbench .bourre-switch-changed { border-left-color: #b8962e; background: #fff8df; }
.bourre-workbench .bourre-switch-meaning { color: #333333; font-size: 0.95em; line-height: 1.3; }
.bourre-workbench .bourre-stances { color: #555555; font-size: 0.88em; line-height: 1.35; }
.bourre-workbench .bourre-stance-base { font-weight: bold; color: #222222; }
.bourre-workbench .bourre-switch-mark { color: #7a5b00; font-weight: bold; margin-left: 8px; }
.bourre-workbench .bourre-switch-refused, .bourre-workbench .bourre-house-error { color: #c8102e; font-weight: bold; }
.bourre-workbench .bourre-house-done { color: #2e6b3a; }
.bourre-workbench .bourre-house-message { white-space: pre-line; }
.bourre-workbench .bourre-bench-table { border-collapse: collapse; margin: 4px 0; }
.bourre-workbench .bourre-bench-table td:last-child { white-space: nowrap; }
.bourre-workbench .bourre-bench-table th, .bourre-workbench .bourre-bench-table td {
  border-bottom: 1px solid #dddddd; padding: 2px 8px; text-align: left; font-size: 13px;
  line-height: 1.35; }
.bourre-workbench .bourre-bench-table tbody th { font-weight: normal; }
.bourre-workbench .bourre-bench-headline { font-size: 1.05em; padding: 6px 10px;
  background: #eef3fb; border-left: 6px solid #1f5fbf; }
.bourre-workbench .bourre-verdict-a-real-difference td:last-child { color: #2e6b3a; font-weight: bold; }
.bourre-workbench .bourre-verdict-too-close-to-tell td:last-child { color: #6a6a6a; }
.bourre-workbench .bourre-bench-changed { margin: 6px 0; padding: 6px 10px; background: #f4f1e8; border-radius: 6px; }
.bourre-workbench .bourre-mattered-why { margin: 6px 0; padding: 6px 10px; border-left: 6px solid #1f5fbf; background: #eef3fb; }
.bourre-workbench .bourre-mattered-now { border-left-color: #c8102e; background: #fde8e8; }
.bourre-workbench .widget-toggle-buttons .widget-toggle-button { width: 4.5em; }
.bourre-workbench .bourre-bench-measure-row { background: #eef3fb; border-radius: 6px;
  padding: 4px 6px; margin: 4px 0; }
.bourre-workbench .bourre-bench-heading { margin: 10px 0 2px 0; }
</style>"""


class Workbench(TextForm, widgets.VBox):
    """Your own house rules: switches, a house file, a paired measurement, a hand, a table."""

    def __init__(
        self,
        base: str = "wikipedia",
        players: int = 5,
        hands: int = 20_000,
        seed: int = 0,
        background: bool = True,
        chunk_hands: int = 2_000,
    ) -> None:
        """`background`: measure in a thread (off: Measure returns when done, for code and
        tests); `chunk_hands`: hands between two updates of the bar and the table."""
        if base not in BASES:
            raise ValueError(f"base must be one of {', '.join(BASES)}, got {base!r}")
        self.seed, self.background, self.chunk_hands = seed, background, chunk_hands
        self.comparison: Any = None
        self.mattered: HandView | None = None
        self._thread: threading.Thread | None = None
        self._task: asyncio.Task | None = None
        self._stop_asked = False
        self._drawn_at = float("-inf")
        self._build_settings(base, players, hands)
        self.panel = SwitchPanel(PRESETS[base], base)
        self.panel.on_change(lambda _name: self._house_changed())
        self.files = HouseFileBox(self.load)
        self.changed_html = widgets.HTML()
        self._build_measure()
        self.results = ResultsView()
        self._build_after()
        super().__init__(self._layout())
        self.add_class("bourre-workbench")
        self._house_changed()

    # --- building ------------------------------------------------------------------------

    def _build_settings(self, base: str, players: int, hands: int) -> None:
        self.base_menu = widgets.Dropdown(options=BASES, value=base, description="Start from")
        self.against_menu = widgets.Dropdown(
            options=[("its base rulebook", ""), *((b, b) for b in BASES)],
            value="",
            description="Compare with",
        )
        self.name_box = widgets.Text(value="my house", description="House name")
        self.example_menu = widgets.Dropdown(
            options=[("none", ""), *((h.name, key) for key, h in example_houses().items())],
            value="",
            description="Example house",
        )
        self.example_menu.observe(lambda c: self._example(c["new"]), names="value")
        self.players_menu = widgets.Dropdown(
            options=list(range(2, 8)), value=players, description="Players"
        )
        offered = sorted({*HANDS, hands})
        self.hands_menu = widgets.Dropdown(
            options=[(f"{h:,}", h) for h in offered], value=hands, description="Hands"
        )
        self.base_menu.observe(lambda c: self._new_base(c["new"]), names="value")
        for menu in (self.against_menu, self.name_box, self.players_menu):
            menu.observe(lambda _c: self._house_changed(), names="value")
        for menu in (
            self.base_menu,
            self.example_menu,
            self.against_menu,
            self.name_box,
            self.players_menu,
            self.hands_menu,
        ):
            menu.style.description_width = "8.5em"

    def _build_measure(self) -> None:
        self.measure_button = widgets.Button(
            description="Measure", button_style="primary", icon="play"
        )
        self.stop_button = widgets.Button(description="Stop", disabled=True, icon="stop")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Hands")
        self.progress_label = widgets.Label("")
        self.measure_button.on_click(lambda _b: self.measure())
        self.stop_button.on_click(lambda _b: self.stop())
        for name in ("measure_button", "stop_button", "progress", "progress_label"):
            getattr(self, name).add_class(f"bourre-bench-{dom_name(name)}")

    def _build_after(self) -> None:
        self.mattered_button = widgets.Button(
            description="Show a hand where it mattered", disabled=True
        )
        self.play_button = widgets.Button(description="Play it at a table")
        self.mattered_button.layout.width = self.play_button.layout.width = "auto"
        self.mattered_box = widgets.VBox()
        self.play_box = widgets.VBox()
        self.mattered_button.on_click(lambda _b: self.show_mattered())
        self.play_button.on_click(lambda _b: self.play_it())
        self.mattered_button.add_class("bourre-bench-mattered")
        self.play_button.add_class("bourre-bench-play")

    def _layout(self) -> list[widgets.Widget]:
        """Top down: what to compare, the Measure row and what changed (all on the first
        screen), the results and the hand, then the house file and every switch by group."""
        settings = widgets.HBox(
            [self.base_menu, self.example_menu, self.against_menu, self.name_box]
        )
        settings.layout.flex_flow = "row wrap"
        file_box = widgets.Accordion(
            [self.files], titles=("The house file (TOML): load, save, download",)
        )
        switches = widgets.HTML(
            "<div class='bourre-bench-heading'><b>The switches</b>, grouped as a player thinks "
            "of them: open a group, flip a switch, then press Measure above.</div>"
        )
        return [
            style_sheet(), widgets.HTML(CSS), settings, self._measure_row(), self.changed_html,
            self.results, widgets.HBox([self.mattered_button, self.play_button]),
            self.mattered_box, self.play_box, switches, self.panel, file_box,
        ]  # fmt: skip

    def _measure_row(self) -> widgets.HBox:
        """Players, hands, Measure, Stop and the progress in one compact row."""
        for menu, width in ((self.players_menu, "9.5em"), (self.hands_menu, "12.5em")):
            menu.style.description_width = "4.5em"
            menu.layout.width = width
        self.progress.description = ""  # the label beside it counts the hands
        self.progress.layout.width = "16em"
        row = widgets.HBox(
            [
                self.players_menu,
                self.hands_menu,
                self.measure_button,
                self.stop_button,
                self.progress,
                self.progress_label,
            ],
            layout={"flex_flow": "row wrap", "align_items": "center"},
        )
        row.add_class("bourre-bench-measure-row")
        return row

    # --- the house -----------------------------------------------------------------------

    @property
    def house(self) -> HouseRules:
        """The house rulebook on screen (without a number of players its rules refuse)."""
        name = self.name_box.value.strip() or "my house"
        try:
            return house_of(name, self.panel.base, self.panel.rules, self.players_menu.value)
        except HouseRulesError:
            return house_of(name, self.panel.base, self.panel.rules, None)

    def _players_problem(self) -> str:
        """Why the players chosen cannot sit at the house's table ('' when they can)."""
        rules, players = self.panel.rules, self.players_menu.value
        if rules.min_players <= players <= rules.max_players:
            return ""
        return (
            f" {players} players cannot sit at this table: its rules allow "
            f"{rules.min_players} to {rules.max_players}."
        )

    @property
    def against(self) -> str:
        """The rulebook the house is measured against: its base unless another is chosen."""
        return self.against_menu.value or self.panel.base

    def flip(self, name: str, value: Any) -> str:
        """Set one switch, as a click does; returns what changed, in words."""
        self.panel.flip(name, value)
        return self.changed_text()

    def load(self, text: str) -> str:
        """Read a house file's text (or a path); a bad one changes nothing and says why."""
        try:
            house = load_house(text)
        except HouseRulesError as refused:
            return f"Could not load this house file: {refused}"
        except OSError as refused:
            return f"Could not load this house file: {refused}"
        self._quietly(self.base_menu, house.base)
        self.name_box.value = house.name
        if house.players is not None and house.players in self.players_menu.options:
            self.players_menu.value = house.players
        self.panel.set_rules(house.rules, house.base)
        return f"Loaded {house.name!r} (based on {house.base})."

    def _example(self, key: str) -> None:
        """Load one of the package's example houses (`house.example_houses`)."""
        if key:
            self.files.say(self.load(house_to_toml(example_houses()[key])))

    def _new_base(self, base: str) -> None:
        """A new base: the switches changed so far stay changed on top of it where they can."""
        changed = {name: new for name, (_old, new) in self.panel.changed().items()}
        try:
            rules = replace(PRESETS[base], **changed)
        except ValueError:
            rules = PRESETS[base]
        self.panel.set_rules(rules, base)

    def _quietly(self, menu: widgets.ValueWidget, value: Any) -> None:
        menu.unobserve_all("value")
        menu.value = value
        menu.observe(lambda c: self._new_base(c["new"]), names="value")

    def _house_changed(self) -> None:
        """Redraw what follows the switches: the changed list, the TOML; mark old results."""
        words = self.changed_text() + self._players_problem()
        self.changed_html.value = f"<div class='bourre-bench-changed'>{html.escape(words)}</div>"
        self.files.show(self.house)
        if self.comparison is not None:
            self.progress_label.value = "Measured before your last change: press Measure again."

    def changed_text(self) -> str:
        """The switches set otherwise than the base, in words."""
        changed = self.panel.changed()
        if not changed:
            return (
                f"Nothing changed yet: this is {self.panel.base}'s rulebook. Flip a switch below."
            )
        parts = [
            f"{switch_title(n)} ({n}): {value_words(new)} instead of {value_words(old)}"
            for n, (old, new) in changed.items()
        ]
        return f"Changed from {self.panel.base}: " + "; ".join(parts) + "."

    # --- measuring -----------------------------------------------------------------------

    def measure(self, wait: bool | None = None) -> str:
        """Start measuring the house against the other rulebook on the same deals (in a
        thread unless `background` is off or `wait` is True; in the browser, in steps of a
        task on the event loop); returns what it did."""
        if self.measuring():
            return "Already measuring: press Stop first."
        house, against, hands = self.house, self.against, self.hands_menu.value
        self._stop_asked, self.comparison = False, None
        self.results.clear()
        self.mattered_box.children, self.mattered = (), None
        self.mattered_button.disabled = True
        planned = _planned(hands)
        self.progress.max, self.progress.value, self.progress.bar_style = planned, 0, "info"
        self.progress_label.value = f"0 of {planned:,} hands"
        self.measure_button.disabled, self.stop_button.disabled = True, False
        blocking = wait or (wait is None and not self.background)
        if in_browser():  # Pyodide starts no thread
            loop = None if blocking else _event_loop()
            if loop is None:
                self._run(house, against, hands)
            else:
                self._task = loop.create_task(self._run_in_steps(house, against, hands))
        else:
            args = (house, against, hands)
            self._thread = threading.Thread(target=self._run, args=args, daemon=True)
            self._thread.start()
            if blocking:
                self._thread.join()
        return f"Measuring {house.name} against {against}, {hands:,} hands."

    def measuring(self) -> bool:
        """True while a measurement runs (in its thread or its task)."""
        thread, task = self._thread, self._task
        return (thread is not None and thread.is_alive()) or (task is not None and not task.done())

    def stop(self) -> str:
        """Stop measuring; what was measured stays."""
        self._stop_asked = True
        return "Stopping: the hands measured so far stay."

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a measurement in its thread to finish."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _arguments(self, house: HouseRules, against: str, hands: int) -> dict[str, Any]:
        """`compare`'s arguments for this measurement."""
        return {
            "house": house,
            "against": against,
            "hands": hands,
            "players": house.players or 5,
            "seed": self.seed,
            "chunk_hands": self.chunk_hands,
            "on_progress": self._heard,
        }

    def _run(self, house: HouseRules, against: str, hands: int) -> None:
        try:
            found = bench_core.compare(**self._arguments(house, against, hands))
        except (ValueError, HouseRulesError, ImportError) as refused:
            self._refused(refused)
        else:
            self._measured(found, hands)
        finally:
            self.measure_button.disabled, self.stop_button.disabled = False, True

    async def _run_in_steps(self, house: HouseRules, against: str, hands: int) -> None:
        """`_run` one step of hands at a time, giving way to the page between steps."""
        found = None
        try:
            for partial in bench_core.compare_steps(**self._arguments(house, against, hands)):
                found = partial
                await asyncio.sleep(GIVE_WAY)
        except (ValueError, HouseRulesError, ImportError) as refused:
            self._refused(refused)
        else:
            if found is not None:
                self._measured(found, hands)
        finally:
            self.measure_button.disabled, self.stop_button.disabled = False, True

    def _refused(self, refused: Exception) -> None:
        """Say why nothing was measured: a bad setting, or (a real failure) no simulator."""
        failed = isinstance(refused, ImportError)
        self.progress_label.value = NO_SIMULATOR if failed else f"Could not measure: {refused}"
        self.progress.bar_style = "danger"

    def _measured(self, found: Any, hands: int) -> None:
        """Show a finished (or stopped) comparison: the table, the chart, the bar, the hand."""
        self.comparison = found
        self.results.show(found)
        self.progress.value = found.hands
        self.progress.bar_style = "warning" if found.stopped else "success"
        kept = " (stopped; what was measured is kept)" if found.stopped else ""
        kept = kept or (FEWER if found.hands < hands else "")
        self.progress_label.value = f"{found.hands:,} of {hands:,} hands{kept}"
        self.mattered_button.disabled = found.hands == 0

    def _heard(self, partial: Any) -> bool:
        """A chunk done: move the bar, show the partial table now and then; False stops."""
        self.progress.value = min(partial.hands, self.progress.max)
        self.progress_label.value = f"{partial.hands:,} of {self.progress.max:,} hands"
        now = time.monotonic()
        if partial.measures and now - self._drawn_at >= EVERY:
            self.results.show(partial, chart=False)
            self._drawn_at = now
        return not self._stop_asked

    # --- after measuring -----------------------------------------------------------------

    def show_mattered(self) -> str:
        """Find and show a hand of the run's seed where the two rulebooks parted."""
        if self.comparison is None:
            return "Press Measure first: the hand is found among the deals of the run."
        house = self.house
        against = PRESETS[self.against]
        found = find_mattered_hand(
            house.rules,
            against,
            self.comparison.players,
            self.comparison.seed,
            run_hands=getattr(self.comparison, "mattered", ()),
            house_name=house.name,
            against_name=self.against,
        )
        if found is None:
            note = widgets.HTML("<p>No hand of this session played differently: on these deals "
                                "your rules never changed a card or a chip.</p>")  # fmt: skip
            self.mattered_box.children, self.mattered = (note,), None
            return "No hand differed."
        self.mattered = HandView(found)
        self.mattered_box.children = (self.mattered,)
        return self.mattered.to_text()

    def play_it(self) -> str:
        """Open lesson 10's table under the house rules, below the workbench."""
        from ..table.table import TableWidget

        house = self.house
        try:
            table = TableWidget(house.rules, players=house.players or 5, seed=self.seed)
        except ValueError as refused:
            return f"Could not open a table: {refused}"
        self.play_box.children = (
            widgets.HTML(f"<b>{html.escape(house.name)} at a table</b>: you are seat A."),
            table,
        )
        return table.to_text()

    # --- text ----------------------------------------------------------------------------

    def to_text(self) -> str:
        """Everything on screen in plain text."""
        lines = [
            "Your own house rules",
            f"Start from {self.panel.base}; compare with {self.against}; house {self.house.name!r}; "
            f"{self.players_menu.value} players; {self.hands_menu.value:,} hands.",
            self.panel.to_text(),
            self.changed_text(),
            "House file:",
            self.files.to_text(),
            f"Measure: {self.progress_label.value or 'not pressed yet'}",
            self.results.to_text(),
        ]
        if self.mattered is not None:
            lines.append(self.mattered.to_text())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<workbench: {self.house.name}, {self.panel.base}, {len(self.panel.changed())} changed>"


def _event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop a measurement in steps runs on: the running one, or Pyodide's page loop
    (which runs whether or not a cell does); None where no loop would run the task."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        if "pyodide" not in sys.modules:
            return None
    return asyncio.get_event_loop()


def _planned(hands: int) -> int:
    """The hands a measurement will play (the hands asked where the simulator cannot load:
    the run says so in words)."""
    try:
        return bench_core.hands_played(hands)
    except ImportError:
        return hands
