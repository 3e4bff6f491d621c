"""The course as a static JupyterLite site (build/lite/, `make lite`), in a real browser, offline.

The built site is served on 127.0.0.1 by Python's http.server in a thread; every request to
any other host is blocked (page.route and context.route) and recorded, and a test fails if
one was made, by the page, a worker or the service worker. Lesson 03 and exercise set 1 are
opened in JupyterLite's Lab and run with Run All in the browser's own Python (Pyodide); a card
is clicked and the verdict checked. The time from page load to a ready kernel and to the first
scene on screen is printed and written to test-artifacts/browser/lite-timings.json.

Lessons 08, 08b, 09 and exercise sets 5 and 6, which simulate, run to the end with their
simulations in plain Python (`sim.backend`): a cell that says it needs the simulator fails.
The charts of lessons 08 and 09 are drawn in plain Python (an SVG, `charts.svg_chart`) above
their tables of numbers; a screenshot of the first is kept.

With BOURRE_LITE_SURVEY=1 every lesson and exercise set is run the same way and sorted into
runs fully / partly (a part says in one sentence that it needs the full install) / not at all,
each within five minutes.

Run with `make lite-test` (builds the site first if an input changed).
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest
from browser_harness import (
    CHROMIUM_ARGS,
    ROOT,
    ConsoleLog,
    artifacts_dir,
    is_local,
    require_chromium,
    save_page_artifacts,
    serve_folder,
)
from playwright.sync_api import expect

from bourre_lessons.scenes import BASELINE, catalogue
from bourre_lessons.widgets.exercises.exercise_apps import LegalCardsWidget

pytestmark = [pytest.mark.browser, pytest.mark.lite]

SITE = Path(os.environ.get("BOURRE_LITE_SITE", ROOT / "build" / "lite"))
LESSON = next((ROOT / "notebooks").glob("03_*.ipynb"), ROOT / "notebooks" / "03_missing.ipynb")
EXERCISE = next((ROOT / "exercises").glob("01_*.ipynb"), ROOT / "exercises" / "01_missing.ipynb")
OPEN_TIMEOUT = 120_000  # ms: Pyodide and the kernel's wheels load on a busy 2-core machine
RUN_TIMEOUT = 240_000  # ms: the whole notebook in Pyodide
UI_TIMEOUT = 20_000  # ms: a click's round trip through the kernel
BROWSER_NOTE = "course in the browser does not have"
SCENES = catalogue()

APP_READY = """(path) => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  return !!(panel && panel.context && panel.context.path === path && panel.sessionContext);
}"""
KERNEL_IDLE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}"""
RUN_ALL = """() => {
  const app = window.jupyterapp;
  window.bourreRunAll = null;
  app.commands.execute('notebook:clear-all-cell-outputs')
    .then(() => app.commands.execute('runmenu:run-all'))
    .then((done) => { window.bourreRunAll = String(done); },
          (error) => { window.bourreRunAll = 'error: ' + error; });
}"""
"""Start Run All and return at once; window.bourreRunAll holds its result when it ends."""
CELL_REPORT = """() => window.jupyterapp.shell.currentWidget.content.widgets.map((cell, index) => ({
  index,
  type: cell.model.type,
  source: cell.model.sharedModel.getSource(),
  count: cell.model.type === 'code' ? cell.model.executionCount : null,
  outputs: cell.model.type === 'code' ? cell.model.outputs.toJSON() : [],
}))"""


# --- the site and the browser ------------------------------------------------------------


@pytest.fixture(scope="module")
def site_url():
    """build/lite/ served on 127.0.0.1 from a thread; the base URL."""
    if not (SITE / "static" / "pyodide" / "pyodide-lock.json").is_file():
        pytest.fail(f"no JupyterLite site in {SITE}: build it with `make lite`")
    with serve_folder(SITE) as url:
        yield url


@dataclass
class Offline:
    """Browser contexts where only 127.0.0.1 answers; what else was asked is recorded."""

    browser: object
    outside: list[str] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        return is_local(url)

    def route(self, route) -> None:
        """Block and record any other host; let Lab's code reach the app (exposeAppInBrowser)."""
        url = route.request.url
        if not self.is_local(url):
            self.outside.append(url)
            route.abort("blockedbyclient")
            return
        if urlparse(url).path == "/jupyter-lite.json":
            response = route.fetch()
            config = response.json()
            config["jupyter-config-data"]["exposeAppInBrowser"] = "true"
            route.fulfill(response=response, body=json.dumps(config))
            return
        route.continue_()

    def seen(self, request) -> None:
        """Every request of a context, the workers' and the service worker's included."""
        if not self.is_local(request.url):
            self.outside.append(request.url)

    def new_page(self):
        """A page in a fresh context: a first visit, nothing cached, no workspace restored."""
        context = self.browser.new_context(viewport={"width": 1400, "height": 1000})
        context.route("**/*", self.route)
        context.on("request", self.seen)
        page = context.new_page()
        page.route("**/*", self.route)
        return page


@pytest.fixture(scope="module")
def offline():
    """Debian's chromium; each notebook gets a fresh context blocked from all but 127.0.0.1."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(require_chromium()), headless=True, args=CHROMIUM_ARGS
        )
        guard = Offline(browser)
        yield guard
        browser.close()
    assert guard.outside == [], f"requests left the machine: {guard.outside[:10]}"


TIMINGS: dict[str, dict[str, float]] = {}


def _record(name: str, **seconds: float) -> None:
    """Keep a notebook's timings, print them and write them all to lite-timings.json."""
    TIMINGS[name] = {key: round(value, 1) for key, value in seconds.items()}
    print(f"lite {name}: " + ", ".join(f"{k} {v:.1f} s" for k, v in seconds.items()))
    path = artifacts_dir() / "lite-timings.json"
    path.write_text(json.dumps(TIMINGS, indent=2) + "\n", encoding="utf-8")


# --- running a notebook --------------------------------------------------------------------


@dataclass
class LiteRun:
    """A notebook after Run All in the site: its page, cells and timings."""

    path: str
    page: object
    console: ConsoleLog
    run_result: str = ""
    cells: list[dict] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    def code_cells(self) -> list[dict]:
        return [c for c in self.cells if c["type"] == "code" and c["source"].strip()]


def run_notebook(
    offline: Offline,
    site_url: str,
    path: str,
    first: str | None = None,
    run_timeout: int = RUN_TIMEOUT,
) -> LiteRun:
    """Open `path` in the site's Lab, wait for the kernel, Run All, wait until idle.

    `first` is a CSS selector whose first appearance is timed from the page load."""
    page = offline.new_page()
    run = LiteRun(path, page, ConsoleLog(page))
    page.on(
        "response",
        lambda r: r.status >= 400 and run.console.lines.append(f"[http {r.status}] {r.url}"),
    )
    started = time.monotonic()
    try:
        page.goto(f"{site_url}/lab/index.html?path={path}")
        page.wait_for_function(APP_READY, arg=path, timeout=OPEN_TIMEOUT, polling=100)
        run.seconds["app"] = time.monotonic() - started
        page.wait_for_function(KERNEL_IDLE, timeout=OPEN_TIMEOUT, polling=100)
        run.seconds["kernel ready"] = time.monotonic() - started
        page.set_default_timeout(run_timeout)
        page.evaluate(RUN_ALL)
        if first:
            page.locator(first).first.wait_for(state="visible", timeout=run_timeout)
            run.seconds["first scene"] = time.monotonic() - started
        page.wait_for_function("() => window.bourreRunAll !== null", timeout=run_timeout)
        run.run_result = page.evaluate("() => window.bourreRunAll")
        page.wait_for_function(KERNEL_IDLE, timeout=run_timeout, polling=200)
        run.seconds["run all"] = time.monotonic() - started
        page.set_default_timeout(UI_TIMEOUT)
        run.cells = page.evaluate(CELL_REPORT)
    except Exception:
        save_page_artifacts(page, run.console, f"lite-{path}-setup")
        page.context.close()
        raise
    return run


def problems_of(run: LiteRun) -> list[str]:
    """Cells that never ran, errors and stderr, each with the cell's number."""
    found = []
    for cell in run.code_cells():
        if cell["count"] is None:
            found.append(f"cell {cell['index']} never ran")
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                text = " ".join(out.get("traceback", [])) or out["evalue"]
                found.append(f"cell {cell['index']}: {out['ename']}: {text[:400]}")
            elif out["output_type"] == "stream" and out["name"] == "stderr":
                found.append(f"cell {cell['index']} wrote to stderr: {out['text'][:300]}")
    return found


@pytest.fixture(scope="module")
def lesson(offline, site_url):
    run = run_notebook(offline, site_url, f"notebooks/{LESSON.name}", first=".bourre-scene")
    yield run
    run.page.context.close()


@pytest.fixture(scope="module")
def exercise(offline, site_url):
    run = run_notebook(offline, site_url, f"exercises/{EXERCISE.name}", first=".bourre-ex")
    yield run
    run.page.context.close()


# --- lesson 03 and exercise set 1 ----------------------------------------------------------


def test_lesson_03_runs_in_the_browser_as_in_jupyterlab(lesson):
    """Run All finishes; every code cell ran, none shows an error or writes to stderr."""
    problems = problems_of(lesson)
    assert lesson.run_result == "true", f"Run All stopped: {problems}"
    assert not problems, "\n".join(problems)
    expect(lesson.page.get_by_text("Error displaying widget")).to_have_count(0)
    expect(lesson.page.locator(".bourre-scene-glimne-1")).to_have_count(1)
    _record(LESSON.stem, **lesson.seconds)


def test_a_card_clicked_in_lesson_03_gets_its_verdict(lesson):
    """glimne 1 at the course's pagat table: a card that cannot win is refused (✘), a card
    the engine allows under pagat accepted (✔)."""
    scene = SCENES["glimne-1"]
    moment = scene.positions[0]
    answer = scene.legal(scene.rules(BASELINE), 0)
    root = lesson.page.locator(".bourre-scene-glimne-1").first
    root.locator(".bourre-restart").click()
    for _ in moment.trick:
        root.locator(".bourre-next").click()
    feedback = root.locator(".bourre-feedback[data-verdict]")
    wrong = next(card for card in moment.hand if card not in answer)
    right = sorted(answer)[0]
    started = time.monotonic()
    root.locator(f".bourre-hand button.bourre-card[data-card={wrong.code}]").click()
    expect(feedback).to_have_attribute("data-verdict", "illegal")
    expect(feedback).to_contain_text(str(wrong))
    clicked = time.monotonic() - started
    root.locator(f".bourre-hand button.bourre-card[data-card={right.code}]").click()
    expect(feedback).to_have_attribute("data-verdict", "legal")
    expect(root.locator(f".bourre-trick .bourre-card[data-card={right.code}]")).to_have_count(1)
    print(f"lite: a click's verdict on screen after {clicked * 1000:.0f} ms")


def test_exercise_set_1_runs_in_the_browser(exercise):
    problems = problems_of(exercise)
    assert exercise.run_result == "true", f"Run All stopped: {problems}"
    assert not problems, "\n".join(problems)
    checks = [c for c in exercise.code_cells() if ".check(solution" in c["source"]]
    assert len(checks) >= 6
    for cell in checks:  # the course checks its worked solutions silently (an assert)
        assert cell["outputs"] == [], f"cell {cell['index']}: {cell['outputs']!r}"
    _record(EXERCISE.stem, **exercise.seconds)


def test_the_practice_app_of_set_1_checks_clicked_cards(exercise):
    """The first position of the practice app (the same seed in this process tells the legal
    cards): a wrong choice is marked ✘, the legal cards ✔. Cards are clicked on the table."""
    twin = LegalCardsWidget(seed=37, progress=False)
    legal = sorted(twin.exercise.legal())
    hand = twin.exercise.situation.hand
    app = exercise.page.locator(".bourre-ex-legal-cards").last
    expect(app.locator(".bourre-hand button.bourre-card")).to_have_count(len(hand))
    feedback = app.locator(".bourre-ex-feedback")

    def card(code: str):
        return app.locator(f".bourre-hand button.bourre-card[data-card={code}]")

    wrong = next((c for c in hand if c not in legal), None)
    if wrong is not None:
        card(wrong.code).click()
        app.locator(".bourre-ex-check").click()
        expect(feedback).to_contain_text("✘")
        card(wrong.code).click()
    for one in legal:
        card(one.code).click()
    app.locator(".bourre-ex-check").click()
    expect(feedback).to_contain_text("✔")
    expect(feedback).not_to_contain_text("✘")


def test_no_request_left_the_machine(offline, lesson, exercise):
    """Pages, workers and the service worker asked 127.0.0.1 only (everything else blocked)."""
    assert offline.outside == [], f"requests to other hosts: {offline.outside[:10]}"


def test_a_request_to_another_host_would_be_caught(offline, site_url):
    """The guard can fail: a fetch from the page and one from a worker are blocked and recorded
    (by a second guard on the same browser, so the module's own record stays clean)."""
    probe = Offline(offline.browser)
    page = probe.new_page()
    try:
        page.goto(f"{site_url}/lab/jupyter-lite.json")
        page.evaluate("fetch('https://cdn.example.org/pyodide.mjs').catch(() => null)")
        worker = (
            "new Worker(URL.createObjectURL(new Blob(['fetch(\\'https://pypi.example.org/x\\')'])))"
        )
        page.evaluate(f"() => {{ {worker}; }}")
        page.wait_for_timeout(1000)
    finally:
        page.context.close()
    assert "https://cdn.example.org/pyodide.mjs" in probe.outside
    assert "https://pypi.example.org/x" in probe.outside


# --- the simulations: lessons 08, 08b, 09 and exercise sets 5 and 6 -------------------------

SIMULATIONS = [
    f"{folder}/{p.name}"
    for folder, pattern in (
        ("notebooks", "08_*.ipynb"),
        ("notebooks", "08b_*.ipynb"),
        ("notebooks", "09_*.ipynb"),
        ("exercises", "05_*.ipynb"),
        ("exercises", "06_*.ipynb"),
    )
    for p in sorted((ROOT / folder).glob(pattern))
]
NOTEBOOK_LIMIT = 300_000  # ms: every notebook's Run All in the site within five minutes
NEEDS_SIMULATOR = "needs the simulator"


def test_the_simulations_are_all_found():
    """The five notebooks that simulate are in the course (a rename would skip them)."""
    assert len(SIMULATIONS) == 5, SIMULATIONS


@pytest.mark.parametrize("path", SIMULATIONS)
def test_a_simulation_runs_to_the_end_in_the_browser(offline, site_url, path):
    """Lessons 08, 08b, 09 and exercise sets 5 and 6 run to the end in the browser's Python,
    their simulations in plain Python (sim.backend): Run All finishes within five minutes,
    every code cell ran, no cell shows an error, writes to stderr or says it needs the
    simulator, and the figures come with their 95% intervals."""
    run = run_notebook(offline, site_url, path, run_timeout=NOTEBOOK_LIMIT)
    try:
        _record(Path(path).stem, **run.seconds)
        problems = simulation_problems(run)
        if Path(path).name.startswith(CHARTED):
            problems += drawn_chart_problems(run)
            save_drawn_chart(run)
        assert not problems, "\n".join(problems)
        assert offline.outside == [], f"requests to other hosts: {offline.outside[:10]}"
    finally:
        run.page.context.close()


def simulation_problems(run: LiteRun) -> list[str]:
    """What keeps a simulating notebook from running to the end in the site: a cell that says
    it needs the simulator, Run All stopped, a cell's error or stderr, no 95% interval shown
    (set 6's drills print no simulated figure)."""
    text = json.dumps([c["outputs"] for c in run.code_cells()], ensure_ascii=False)
    found = [f"{run.path}: a cell still needs the simulator"] if NEEDS_SIMULATOR in text else []
    if run.run_result != "true":
        found.append(f"{run.path}: Run All stopped ({run.run_result})")
    found += problems_of(run)
    shows_interval = "95% CI" in text or "95% interval" in text
    if not Path(run.path).name.startswith("06") and not shows_interval:
        found.append(f"{run.path}: no 95% interval shown")
    return found


CHARTED = ("08_", "09_")
"""The lessons whose simulations end in charts (of ChartTables, in the site)."""


def drawn_chart_problems(run: LiteRun) -> list[str]:
    """A charted lesson shows at least one chart's table, and every one with its chart drawn
    above it in plain Python (an svg of class bourre-svg-chart, before the table)."""
    pages = []
    for cell in run.code_cells():
        for out in cell["outputs"]:
            page = out.get("data", {}).get("text/html", "")
            page = "".join(page) if isinstance(page, list) else page
            if "bourre-chart-table" in page:
                pages.append((cell["index"], page))
    if not pages:
        return [f"{run.path}: no chart's table in any output"]
    return [
        f"{run.path}: cell {index} shows a chart's table with no chart drawn above it"
        for index, page in pages
        if not 0 <= page.find("<svg") < page.find("bourre-chart-table")
        or "bourre-svg-chart" not in page
    ]


def save_drawn_chart(run: LiteRun) -> None:
    """A screenshot of the first chart drawn in the notebook (scrolled to twice: the notebook
    lays out the cells it scrolls past, which moves the chart the first time)."""
    drawn = run.page.locator("svg.bourre-svg-chart").first
    for _ in range(2):
        drawn.scroll_into_view_if_needed()
        run.page.wait_for_timeout(1000)
    drawn.screenshot(path=str(artifacts_dir() / f"lite-drawn-chart-{Path(run.path).stem}.png"))


def test_a_chart_without_its_drawing_is_caught():
    """The check can fail: a table alone (as before the plain-Python drawing) or no table at
    all is refused; a drawn chart above its table passes."""
    table = "<table class='bourre-chart-table'><tr><td>pagat</td><td>7.1%</td></tr></table>"
    drawn = '<div><svg class="bourre-svg-chart" role="img"></svg></div>' + table

    def run_of(*pages: str) -> LiteRun:
        run = LiteRun("notebooks/09_strategy_lab.ipynb", page=None, console=None)
        run.cells = [
            {"index": i, "type": "code", "source": "plot_choices(x)", "count": i,
             "outputs": [{"output_type": "display_data", "data": {"text/html": [page]}}]}
            for i, page in enumerate(pages, 1)
        ]  # fmt: skip
        return run

    assert drawn_chart_problems(run_of(drawn, drawn)) == []
    assert drawn_chart_problems(run_of(drawn, table)) == [
        "notebooks/09_strategy_lab.ipynb: cell 2 shows a chart's table with no chart drawn above it"
    ]
    assert len(drawn_chart_problems(run_of(table + drawn))) == 1, "the drawing comes first"
    assert drawn_chart_problems(run_of("<p>no chart</p>")) == [
        "notebooks/09_strategy_lab.ipynb: no chart's table in any output"
    ]


def test_a_notebook_that_needs_the_simulator_is_caught():
    """The check can fail: a run whose cell says it needs the simulator (as lessons 08 and
    09 did before the plain-Python twins) is refused, and a clean one passes."""
    note = "This part of the course needs the simulator (NumPy and Numba), which the course..."
    stopped = LiteRun("notebooks/09_strategy_lab.ipynb", page=None, console=None)
    stopped.run_result = "false"
    stopped.cells = [
        {"index": 1, "type": "code", "source": "advise(...)", "count": 1,
         "outputs": [{"output_type": "error", "ename": "ModuleNotFoundError",
                      "evalue": "numpy", "traceback": [note]}]},
    ]  # fmt: skip
    found = simulation_problems(stopped)
    assert any("needs the simulator" in p for p in found)
    clean = LiteRun("notebooks/09_strategy_lab.ipynb", page=None, console=None, run_result="true")
    clean.cells = [
        {"index": 1, "type": "code", "source": "advise(...)", "count": 1,
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "+3.15 (95% CI +2.94 to +3.36)"}]},
    ]  # fmt: skip
    assert simulation_problems(clean) == []


# --- every notebook: fully, partly or not at all --------------------------------------------

SURVEY = os.environ.get("BOURRE_LITE_SURVEY") == "1"
ALL_NOTEBOOKS = [
    f"{folder}/{p.name}"
    for folder in ("notebooks", "exercises", "present")
    for p in sorted((ROOT / folder).glob("*.ipynb"))
]
SURVEY_TIMEOUT = 300_000  # ms: every notebook's Run All within five minutes (NOTEBOOK_LIMIT)
FRIENDLY = re.compile(r"needs (the simulator|matplotlib).*course in the browser does not have")


def verdict_of(run: LiteRun) -> tuple[str, list[str]]:
    """How a notebook runs in the browser, and every problem that is not a friendly sentence.

    'fully'; 'fully, charts as a sentence' (Run All finishes, a chart says it needs matplotlib);
    'partly' (Run All stops at a cell that says it needs the simulator); 'not at all' (the
    first code cell says so)."""
    charts, stops, other = [], [], []
    for cell in run.code_cells():
        for out in cell["outputs"]:
            text = json.dumps(out, ensure_ascii=False)
            if FRIENDLY.search(text):
                (stops if out["output_type"] == "error" else charts).append(cell["index"])
            elif out["output_type"] == "error" or out.get("name") == "stderr":
                other.append(f"cell {cell['index']}: {text[:400]}")
    cells = run.code_cells()
    if stops:
        return ("not at all" if cells and stops[0] == cells[0]["index"] else "partly"), other
    if run.run_result != "true":
        other.append(f"Run All did not finish ({run.run_result}) and no cell says why")
    return ("fully, charts as a sentence" if charts else "fully"), other


@pytest.mark.skipif(not SURVEY, reason="set BOURRE_LITE_SURVEY=1 to run every notebook")
@pytest.mark.parametrize("path", ALL_NOTEBOOKS)
def test_survey_every_notebook(offline, site_url, path):
    """Each notebook runs fully, partly or not at all, and never shows a bare traceback."""
    run = run_notebook(offline, site_url, path, run_timeout=SURVEY_TIMEOUT)
    try:
        status, other = verdict_of(run)
        _record(Path(path).stem, **run.seconds)
        (artifacts_dir() / "lite-survey.txt").open("a", encoding="utf-8").write(
            f"{path}: {status} ({run.seconds['run all']:.0f} s)\n"
        )
        assert not other, "\n".join(other)
    finally:
        run.page.context.close()


# --- the house-rules workbench of lesson 08: Measure in the browser ----------------------------

WORKBENCH_LESSON = next(
    (f"notebooks/{p.name}" for p in (ROOT / "notebooks").glob("08_*.ipynb")),
    "notebooks/08_missing.ipynb",
)
RUN_THE_WORKBENCH_CELL = """async () => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  const index = panel.content.widgets.findIndex(
    (cell) => cell.model.type === 'code' && cell.model.sharedModel.getSource().includes('workbench()'));
  if (index < 0) return 'no workbench cell';
  panel.content.activeCellIndex = index;
  await app.commands.execute('notebook:run-cell');
  return 'ran ' + index;
}"""
MEASURE_LIMIT = 120_000  # ms: the plain twin's 2,000 hands in Pyodide on a busy machine


def test_the_workbench_of_lesson_08_measures_in_the_browser(offline, site_url):
    """Lesson 08's workbench cell alone in the site: flip Trump anyway, press Measure, and the
    plain-Python twin (sim.plain_house) fills the table of results with 95% intervals, says
    how many of the hands asked it played, shows the chart as a table, and finds a hand where
    it mattered; pressed again, the bar moves and Stop keeps what was measured; nothing says
    that measuring needs the full install."""
    page = offline.new_page()
    console = ConsoleLog(page)
    try:
        page.goto(f"{site_url}/lab/index.html?path={WORKBENCH_LESSON}")
        page.wait_for_function(APP_READY, arg=WORKBENCH_LESSON, timeout=OPEN_TIMEOUT, polling=100)
        page.wait_for_function(KERNEL_IDLE, timeout=OPEN_TIMEOUT, polling=100)
        assert page.evaluate(RUN_THE_WORKBENCH_CELL).startswith("ran"), console.text()
        root = page.locator(".bourre-workbench").first
        expect(root).to_be_visible(timeout=RUN_TIMEOUT)
        root.locator(".bourre-switch-trump-when-cannot-win").get_by_role(
            "button", name="yes"
        ).click()
        expect(root.locator(".bourre-bench-changed")).to_contain_text(
            "Trump anyway", timeout=UI_TIMEOUT
        )
        started = time.monotonic()
        root.locator(".bourre-bench-measure").click()
        label = root.locator(".bourre-bench-progress-label")
        expect(label).to_contain_text("2,000 of 20,000 hands (plain Python", timeout=MEASURE_LIMIT)
        measured = time.monotonic() - started
        expect(root.locator("tr[data-measure='bourre_rate']")).to_contain_text("95% CI")
        expect(root.locator(".bourre-bench-note").first).to_contain_text("2,000 of the 20,000")
        expect(root.locator(".bourre-bench-chart-table .bourre-chart-table")).to_be_visible()
        assert "could not load the simulator" not in root.inner_text().lower()
        root.locator(".bourre-bench-mattered").click()
        expect(root.locator(".bourre-mattered .bourre-table")).to_have_count(
            2, timeout=MEASURE_LIMIT
        )
        _record("08 workbench", measure=measured)
        page.screenshot(path=str(artifacts_dir() / "lite-workbench-measured.png"))
        root.locator(".bourre-bench-measure").click()  # again, and Stop while it runs
        expect(label).to_contain_text(re.compile(r"^[1-9][0-9,]* of 2,000 hands$"))
        root.locator(".bourre-bench-stop").click()
        expect(label).to_contain_text("(stopped; what was measured is kept)", timeout=UI_TIMEOUT)
        expect(root.locator(".bourre-bench-headline")).to_contain_text("Stopped")
        assert "pageerror" not in console.text(), console.text()
    except Exception:
        save_page_artifacts(page, console, "lite-workbench")
        raise
    finally:
        page.context.close()
