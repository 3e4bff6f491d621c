"""The course in the browser (Pyodide): detection, the friendly sentences, the plain-Python bot.

Pyodide is simulated: `sys.platform` is set to 'emscripten' with monkeypatch, and NumPy, Numba
and matplotlib are made unimportable by putting None in `sys.modules` (what `import` then
refuses, as Pyodide refuses a package the site does not ship). One test runs a fresh Python
that way from the start, so nothing imported earlier hides a module-level import.
"""

from __future__ import annotations

import builtins
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bourre_lessons import Game, Rules, browser
from bourre_lessons.browser import (
    FULL_INSTALL,
    friendly_message,
    has_module,
    in_browser,
    install_friendly_errors,
    missing_in_browser,
)
from bourre_lessons.sim import heuristic
from bourre_lessons.sim.bots import HeuristicBot, compiled_policy, play_bots, view_of
from bourre_lessons.widgets.charts.chart_tables import ChartTable
from bourre_lessons.widgets.charts.pot_chart import compare_pots, pot_figure
from bourre_lessons.widgets.charts.session_chart import plot_bankrolls
from bourre_lessons.widgets.lesson import deck_figure, setup_check

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "numba", "matplotlib")


@pytest.fixture
def pyodide(monkeypatch):
    """This process looks like Pyodide: platform emscripten, no NumPy, Numba or matplotlib."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    for name in HEAVY:
        monkeypatch.setitem(sys.modules, name, None)


def test_the_browser_is_told_by_the_platform(monkeypatch):
    assert not in_browser()
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert in_browser()


def test_a_module_set_to_none_counts_as_missing(pyodide):
    assert not has_module("numpy")
    assert has_module("json")
    assert missing_in_browser("json", "matplotlib")
    assert not missing_in_browser("json")


def test_outside_the_browser_nothing_is_missing_in_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert not missing_in_browser("matplotlib")  # JupyterLab: a missing library is an error


def test_a_chart_is_a_table_of_its_numbers_in_the_browser(pyodide):
    """Without matplotlib the deck figure and the pot chart show their numbers as a table."""
    deck = deck_figure()
    assert isinstance(deck, ChartTable)
    assert len(deck.rows) == 4 and all(len(row) == 14 for row in deck.rows)
    assert "A♠" in deck.to_text() and "<table class='bourre-chart-table'>" in deck._repr_html_()
    comparison = compare_pots(hands=6, players=4, seed=1)  # the numbers need no matplotlib
    table = pot_figure(comparison)
    assert isinstance(table, ChartTable)
    first = next(iter(next(iter(comparison.values())).values()))
    assert table.rows[0][1:] == (str(first.pots[0]), str(first.pots[4]), str(first.pots[5]))


def test_the_chips_chart_is_a_table_in_the_browser(pyodide):
    game = Game(Rules.preset("pagat"), players=3, seed=2)
    play_bots(game, HeuristicBot())
    table = plot_bankrolls(game)
    assert isinstance(table, ChartTable)
    assert [row[-1] for row in table.rows] == [str(game.bankrolls[s]) for s in game.players]
    page = table._repr_html_()  # drawn in plain Python above the table, no NumPy needed
    assert page.count('<rect class="bar"') == len(game.players) and "<table" in page


def test_outside_the_browser_the_charts_are_figures():
    from matplotlib.figure import Figure

    assert isinstance(deck_figure(), Figure)


def test_the_setup_check_in_the_browser_names_what_it_lacks(pyodide):
    check = setup_check()
    text = str(check)
    assert "charts (matplotlib): not in the browser" in text
    assert "simulations (numpy): not in the browser" in text
    assert "ipywidgets" in text and "anywidget" in text
    assert text.splitlines()[-1].startswith("Ready for the browser")
    assert not check.ok


def test_the_setup_check_outside_the_browser_is_unchanged():
    assert setup_check().verdict in {"Ready: every requirement is met.", "Not ready: see above."}


def test_a_missing_simulator_reads_as_one_sentence_only_in_the_browser(pyodide, monkeypatch):
    error = ModuleNotFoundError("No module named 'numpy'", name="numpy")
    message = friendly_message(error)
    assert message is not None and "the simulator (NumPy and Numba)" in message
    assert FULL_INSTALL in message
    assert friendly_message(ModuleNotFoundError("x", name="pandas")) is None
    assert friendly_message(ValueError("numpy")) is None
    monkeypatch.setattr(sys, "platform", "linux")
    assert friendly_message(error) is None


class FakeShell:
    """The two parts of an IPython shell the hook uses."""

    def __init__(self) -> None:
        self.custom = None
        self.InteractiveTB = self
        self.shown: list[list[str]] = []

    def set_custom_exc(self, types, handler):
        self.custom = (types, handler)

    def structured_traceback(self, etype, value, tb, tb_offset=None):
        return ["Traceback (most recent call last):", f"{etype.__name__}: {value}"]

    def _showtraceback(self, etype, value, stb):
        self.shown.append(stb)


def test_the_hook_shows_the_sentence_and_keeps_other_tracebacks(pyodide, monkeypatch):
    shell = FakeShell()
    monkeypatch.setattr(builtins, "get_ipython", lambda: shell, raising=False)
    assert install_friendly_errors()
    types, handler = shell.custom
    assert types == (ModuleNotFoundError,)
    numpy = ModuleNotFoundError("No module named 'numpy'", name="numpy")
    handler(shell, ModuleNotFoundError, numpy, None)
    ((line,),) = shell.shown  # shown as the cell's error: one line, the sentence
    assert "the simulator" in line and "Traceback" not in line
    other = ModuleNotFoundError("No module named 'pandas'", name="pandas")
    handler(shell, ModuleNotFoundError, other, None)
    assert shell.shown[-1][0].startswith("Traceback")


def test_no_hook_outside_the_browser_or_outside_ipython(monkeypatch):
    shell = FakeShell()
    monkeypatch.setattr(builtins, "get_ipython", lambda: shell, raising=False)
    assert not install_friendly_errors()  # not in the browser
    assert shell.custom is None
    monkeypatch.delattr(builtins, "get_ipython")
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not install_friendly_errors()  # no IPython kernel


def test_the_bot_uses_its_plain_python_twin_without_numpy(pyodide):
    assert compiled_policy() is None


def _twin_answers(view, legal, boldness: float):
    """What the plain-Python policy decides for a view."""
    if view.phase == "declare":
        seat = (view.position, view.players, view.playing_before, boldness, view.strong_before)
        return view.must_play or heuristic.declare(view.hand, view.trump, *seat)
    if view.phase == "draw":
        return heuristic.discard(
            view.hand, view.trump, view.locked, view.max_discards, view.can_take
        )
    s = view.situation
    best = s.best if s.trick else None
    return heuristic.play(legal, s.hand, s.trump, s.trick, best, s.seen, s.players_after)


def _compiled_answers(bot: HeuristicBot, view, legal):
    if view.phase == "declare":
        return bot.declare(view)
    if view.phase == "draw":
        return bot._draw_plan(view)
    return bot.play(view, legal)


@pytest.mark.parametrize("preset", ["glimne", "wikipedia", "pagat"])
def test_the_twin_decides_as_the_compiled_policy_at_every_turn(preset):
    """Every decision of many hands, at 2 to 7 players and several boldness values: the same."""
    from bourre_lessons.play import legal_plays

    assert compiled_policy() is not None
    rng = random.Random(preset)
    decisions = 0
    for hand in range(100):
        players, boldness = rng.randint(2, 7), rng.choice([-0.5, 0.0, 0.3, 1.0])
        bot = HeuristicBot(boldness)
        game = Game(Rules.preset(preset), players=players, seed=hand)
        while game.phase != "settled":
            if game.pending_renege is not None:
                break
            view = view_of(game)
            legal = legal_plays(view.situation, game.rules) if view.phase == "play" else None
            assert _twin_answers(view, legal, boldness) == _compiled_answers(bot, view, legal), (
                f"{preset} hand {hand}: {view}"
            )
            decisions += 1
            game.apply(bot.choose(game))
    assert decisions > 1500


def test_the_twin_comparison_can_fail():
    """A twin that throws its highest card would be caught: the answers differ somewhere."""
    game = Game(Rules.preset("pagat"), players=4, seed=3)
    bot = HeuristicBot()
    differs = False
    while game.phase != "settled" and not differs:
        view = view_of(game)
        if view.phase == "play":
            from bourre_lessons.play import legal_plays

            legal = legal_plays(view.situation, game.rules)
            wrong = max(legal, key=lambda c: (int(c.rank), str(c)))
            differs = len(legal) > 1 and wrong != bot.play(view, legal)
        game.apply(bot.choose(game))
    assert differs


BROWSER_RUN = """
import sys
sys.platform = "emscripten"
for name in ("numpy", "numba", "matplotlib", "filelock"):  # none is in the browser site
    sys.modules[name] = None

from bourre_lessons import Game, Rules
from bourre_lessons.browser import BrowserNote, friendly_message
from bourre_lessons.exercises import legal_cards_exercise
from bourre_lessons.scenes import show
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.widgets.exercises.exercise_apps import LegalCardsWidget
from bourre_lessons.widgets.lesson import deck_figure, setup_check
from bourre_lessons.widgets.charts.session_chart import plot_bankrolls
from bourre_lessons.widgets.table.table import TableWidget

scene = show("glimne-2a").to_turn()
print("scene:", scene.play("HJ"))
story = show("glimne-pay")
story.next()
story.next()
print("story chart:", story.chart.layout.display)
exercise = legal_cards_exercise(seed=7, level="follow", rules=Rules.preset("pagat"))
print("exercise:", exercise.check({"C3", "C6"}, progress=False).mark)
practice = LegalCardsWidget(seed=37)
print("practice:", practice.to_text().splitlines()[0])
table = TableWidget("pagat", players=4, seed=11, bots="heuristic")
table.advance_to_you()
table.declare(True)
table.finish_hand()
print("table:", "Settlement:" in table.to_text())
session = Game(Rules.preset("pagat"), players=4, seed=5)
for hand in range(3):
    play_bots(session, {seat: HeuristicBot() for seat in session.players})
    if hand < 2:
        session.apply("deal")
print("bankrolls:", sorted(session.bankrolls.items()))
print("deck:", type(deck_figure()).__name__)
print("chips:", type(plot_bankrolls(session)).__name__)
print("setup:", str(setup_check()).splitlines()[-1][:26])
from bourre_lessons.sim.simulation import simulate
print("simulate:", simulate(20, players=4, seed=3).engine)
print("loaded:", sorted(m for m in ("numpy", "numba", "matplotlib") if sys.modules.get(m)))
"""


def test_a_fresh_python_without_numpy_runs_the_browser_part_of_the_course(tmp_path):
    """Scenes, exercises, the practice app, the game table with its bots; notes for charts."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(BROWSER_RUN)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "BOURRE_LESSONS_DATA": str(tmp_path), "PATH": ""},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    out = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert out["scene"].lstrip().startswith("✔")
    assert out["exercise"].startswith("✔")
    assert out["table"] == "True"
    assert out["story chart"] == "none", "no chart, the steps list the pot"
    assert out["deck"] == out["chips"] == "ChartTable", "a chart's numbers as a table"
    assert out["setup"] == "Ready for the browser: the"
    assert out["simulate"] == "plain", "the simulator's plain-Python twin (sim.backend)"
    assert out["loaded"] == "[]"
    with_numpy = Game(Rules.preset("pagat"), players=4, seed=5)
    for hand in range(3):
        play_bots(with_numpy, {seat: HeuristicBot() for seat in with_numpy.players})
        if hand < 2:
            with_numpy.apply("deal")
    assert out["bankrolls"] == str(sorted(with_numpy.bankrolls.items())), "the same game"


def test_the_browser_module_stays_in_the_engine_layer():
    """browser.py imports only the standard library (the engine layer's rule)."""
    source = Path(browser.__file__).read_text(encoding="utf-8")
    for heavy in ("numpy", "matplotlib", "ipywidgets", "IPython"):
        assert f"import {heavy}" not in source


IPYTHON_RUN = """
import sys
sys.platform = "emscripten"
sys.modules["numpy"] = None
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance()
shown = []
shell._showtraceback = lambda etype, value, stb: shown.append(stb)
shell.run_cell("import bourre_lessons")
result = shell.run_cell("from bourre_lessons.sim.fast import legal_mask")  # the compiled core
print(result.success)
print(shown)
"""


def test_in_a_real_ipython_shell_the_cell_fails_with_the_sentence(tmp_path):
    """IPython itself calls the hook: the cell fails (Run All stops) and shows one line."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(IPYTHON_RUN)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "BOURRE_LESSONS_DATA": str(tmp_path), "PATH": ""},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    success, shown = result.stdout.splitlines()
    assert success == "False"
    assert shown.startswith("[['This part of the course needs the simulator")
    assert shown.endswith("bourre-lessons lab).']]")


WORKBENCH_RUN = """
import asyncio
import sys
sys.platform = "emscripten"
for name in ("numpy", "numba", "matplotlib", "filelock"):  # none is in the browser site
    sys.modules[name] = None
from bourre_lessons.widgets.workbench import workbench
bench = workbench()
print(bench.to_text().splitlines()[0])
bench.flip("trump_when_cannot_win", True)
bench.measure(wait=True)
found = bench.comparison
print(found.hands, found.stopped, bench.progress.max, bench.progress.value)
print(bench.progress_label.value)
print("plain Python in the browser: 2,000 of the 20,000 hands asked" in " ".join(found.notes))
print(bench.results.chart_table.layout.display == "", "bourre-chart-table" in bench.results.chart_table.value)
print(bench.show_mattered().splitlines()[0])

async def press_measure_then_stop():
    bench.measure()  # in the browser: a task on the page's loop, not a thread
    assert bench._thread is None or not bench._thread.is_alive()
    seen = []
    while bench.measuring():
        seen.append(bench.progress.value)
        if bench.progress.value >= 400:
            bench.stop()
        await asyncio.sleep(0.01)
    print(sorted(set(seen))[:3], bench.comparison.hands, bench.comparison.stopped)

asyncio.run(press_measure_then_stop())
print(sorted(m for m in ("numpy", "numba", "matplotlib") if sys.modules.get(m)))
"""


def test_the_workbench_measures_in_the_browser_with_the_plain_twin(tmp_path):
    """Without NumPy the workbench draws and Measure measures through the readable engine
    (`sim.plain_house`): 2,000 of the 20,000 hands asked, said in a note; the chart is a table;
    a hand where it mattered is found; pressed without waiting, it measures in steps of a
    task on the event loop (no thread in Pyodide), the bar moves and Stop keeps what was
    measured."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(WORKBENCH_RUN)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "BOURRE_LESSONS_DATA": str(tmp_path), "PATH": ""},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    title, hands, label, noted, chart, mattered, steps, loaded = result.stdout.splitlines()
    assert title == "Your own house rules"
    assert hands == "2000 False 2000 2000"
    assert label.startswith("2,000 of 20,000 hands (plain Python in the browser")
    assert noted == "True"
    assert chart == "True True", "the chart of the differences is a table of them"
    assert mattered.startswith("Hand ") and "under my house" in mattered
    seen, kept, stopped = steps.rsplit(" ", 2)
    assert seen == "[0, 200, 400]", steps  # the bar moved between steps
    assert kept in ("400", "600") and stopped == "True", steps  # Stop heard at the next step
    assert loaded == "[]"


NO_TWIN_RUN = """
import sys
sys.platform = "emscripten"
for name in ("numpy", "numba", "matplotlib", "filelock", "bourre_lessons.sim.plain_house"):
    sys.modules[name] = None  # a real failure: not even the plain twin loads
from bourre_lessons.widgets.workbench import workbench
from bourre_lessons.widgets.workbench.bench_view import NO_SIMULATOR
bench = workbench()
bench.measure(wait=True)
print(bench.progress_label.value == NO_SIMULATOR, bench.comparison is None)
"""


def test_measure_says_in_words_when_no_simulator_loads(tmp_path):
    """Only a real failure (neither the compiled core nor its twin loads) says that measuring
    needs the full install; nothing is half-measured."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(NO_TWIN_RUN)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "BOURRE_LESSONS_DATA": str(tmp_path), "PATH": ""},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True True"
