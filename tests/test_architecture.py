"""The layers of docs/architecture.md: which module may import which.

The engine imports only the standard library and itself; scenes and exercises add the
practice positions; the simulator adds NumPy and Numba; only widgets import ipywidgets or
matplotlib. Importing the engine, the scenes or the exercises must not load Numba.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "bourre_lessons"
HEAVY = {"numpy", "numba", "ipywidgets", "matplotlib", "IPython", "anywidget"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "package"
    return parts[1] if parts[1] in {"scenes", "exercises", "sim", "widgets"} else "engine"


def imports(path: Path) -> list[tuple[str, bool]]:
    """(module imported, whether at module level) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(map(id, tree.body))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, id(node) in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
                if not node.module:  # `from . import x`: x is a module
                    found += [(f"{name}.{a.name}", id(node) in top) for a in node.names]
                    continue
            else:
                name = node.module or ""
            found.append((name, id(node) in top))
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)
ALLOWED = {
    "engine": {"engine"},
    "scenes": {"engine", "scenes"},
    "exercises": {"engine", "exercises", "sim.positions"},
    "sim": {"engine", "sim"},
    "widgets": {"engine", "scenes", "exercises", "sim", "widgets"},
}
LAZY_EXCEPTIONS = {
    # set 5 asks the advisor; the whole module is loaded on first use (exercises/__init__)
    ("bourre_lessons.exercises.play_or_pass", "sim"),
    # the discard drill plays the draw out with the simulator's bots; loaded on first use too
    ("bourre_lessons.exercises.discard_drill", "sim"),
    # set 5's costly decision asks the coach; loaded on first use too
    ("bourre_lessons.exercises.costly_decision", "sim"),
    # set 6's whole hand is checked by the coach, imported inside the check
    ("bourre_lessons.exercises.whole_hand", "sim"),
    # the convenience `show(scene_id)` returns the scene widget, imported when called
    ("bourre_lessons.scenes", "widgets"),
    # `bourre-lessons compare` plays the paired comparison; the simulator loads only then
    ("bourre_lessons.cli", "sim"),
}


def target_layer(name: str) -> str | None:
    """The layer of an imported bourre_lessons module, or None for anything else."""
    if not name.startswith("bourre_lessons"):
        return None
    if name.startswith("bourre_lessons.sim.positions"):
        return "sim.positions"
    return layer(name)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_each_module_imports_only_its_own_and_lower_layers(path):
    module = module_name(path)
    own = layer(module)
    if own == "package":
        return  # the package's __init__ exports the engine and loads the rest lazily
    for name, at_top in imports(path):
        root = name.split(".")[0]
        if root in HEAVY:
            allowed = {"sim": {"numpy", "numba"}, "widgets": HEAVY}.get(own, set())
            if own == "exercises" and root == "numpy":
                allowed = {"numpy"} if module.endswith("play_or_pass") else set()
            assert root in allowed, f"{module} imports {name}"
            continue
        target = target_layer(name)
        if target is None:
            continue
        ok = target in ALLOWED[own] or (target == "sim.positions" and "sim" in ALLOWED[own])
        if not ok and (module, target.split(".")[0]) in LAZY_EXCEPTIONS:
            assert not at_top or module.endswith("play_or_pass"), f"{module} imports {name}"
            continue
        assert ok, f"{module} ({own}) imports {name} ({target})"


def test_the_engine_imports_nothing_heavy():
    """An engine module that imported NumPy, Numba or ipywidgets would fail here by name."""
    engine = [p for p in MODULES if layer(module_name(p)) == "engine"]
    assert {module_name(p).split(".")[-1] for p in engine} >= {"cards", "rules", "play", "settle"}
    for path in engine:
        heavy = {n.split(".")[0] for n, _ in imports(path)} & HEAVY
        assert not heavy, f"{module_name(path)} imports {heavy}"


@pytest.mark.parametrize(
    "module", ["bourre_lessons", "bourre_lessons.scenes", "bourre_lessons.exercises"]
)
def test_importing_leaves_numba_and_the_widgets_unloaded(module):
    code = (
        f"import sys, {module}; "
        "print(sorted(m for m in ('numba', 'numpy', 'ipywidgets', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", f"import {module} loaded {out.stdout.strip()}"


FILELOCK_USERS = {"bourre_lessons.progress", "bourre_lessons.files"}


def foreign_imports(path: Path) -> list[str]:
    """Imports of a module that break the third-party rules: an engine module may import only
    the standard library (and `filelock`, in progress and files); nothing imports Dask."""
    module = module_name(path)
    wrong = []
    for name, _ in imports(path):
        root = name.split(".")[0]
        if root in {"dask", "distributed"}:
            wrong.append(name)  # an executor is handed in; the package never needs Dask
        elif (
            layer(module) == "engine"
            and root not in sys.stdlib_module_names
            and root != "bourre_lessons"
            and not (root == "filelock" and module in FILELOCK_USERS)
        ):
            wrong.append(name)
    return wrong


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_the_engine_adds_only_filelock_and_nothing_imports_dask(path):
    assert foreign_imports(path) == [], module_name(path)


def test_the_third_party_check_can_fail():
    """An engine module importing filelock, or a sim module importing Dask, is caught."""
    for name, text in (("_probe_lock.py", "import filelock\n"), ("sim/_probe.py", "import dask\n")):
        bad = PACKAGE / name
        bad.write_text(text, encoding="utf-8")
        try:
            assert foreign_imports(bad) == [text.split()[1]]
        finally:
            bad.unlink()


def test_the_layer_check_can_fail(tmp_path):
    """An engine module importing numba is caught by the same reader the tests use."""
    bad = PACKAGE / "_layer_probe.py"
    bad.write_text("import numba\n", encoding="utf-8")
    try:
        assert ("numba", True) in imports(bad)
        assert layer(module_name(bad)) == "engine"
    finally:
        bad.unlink()


def private_sim_names(path: Path) -> list[str]:
    """The private names (a leading underscore: a name, or a module on the way to it) a
    module outside `sim/` takes from `bourre_lessons.sim`, by import or as an attribute of a
    simulator module it imported: what the simulator has not promised to keep."""
    module = module_name(path)
    if layer(module) == "sim":
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found, sim_modules = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *base.split(".")])
            base = base.rstrip(".")
            if not base.startswith("bourre_lessons.sim"):
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if any(p.startswith("_") and not p.startswith("__") for p in full.split(".")):
                    found.append(full)
                sim_modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("bourre_lessons.sim"):
                    parts = alias.name.split(".")
                    found += [alias.name] if any(p.startswith("_") for p in parts) else []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in sim_modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_module_outside_the_simulator_takes_a_private_name_of_it(path):
    """The workbench once rebuilt a hand's draw order from `fast.hand._chunk_table`, `_dealt`
    and `fast.rng.below`; the simulator now gives it (`house_lab.paired_hand`)."""
    assert private_sim_names(path) == [], module_name(path)


def test_the_private_name_check_can_fail():
    """A widget importing `_dealt` from the fast core, or reaching `hand._draw`, is caught;
    a public name is not."""
    probe = PACKAGE / "widgets" / "_private_probe.py"
    probe.write_text(
        "from ..sim.fast.hand import _dealt, new_log\n"
        "from ..sim.fast import hand\n"
        "from ..sim.house_lab import paired_hand\n"
        "x = hand._draw\n",
        encoding="utf-8",
    )
    try:
        assert private_sim_names(probe) == ["bourre_lessons.sim.fast.hand._dealt", "hand._draw"]
    finally:
        probe.unlink()


OUTSIDE = re.compile(r"RULES-SPEC|SCENES\.md|NOTEBOOK-TOOLCHAIN|\.\./shared|shared/seeds")


def outside_citations(paths: list[Path]) -> list[str]:
    """Lines of the given files that cite a file outside the repository."""
    return [
        f"{path.name}:{number}: {line.strip()}"
        for path in paths
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]


def test_nothing_in_the_package_cites_a_file_outside_the_repository():
    """The package cites docs/rules.md and docs/scenes.md, which ship with it, never the
    project's shared notes beside the checkout (a learner's install does not have them)."""
    files = [p for p in PACKAGE.rglob("*") if p.suffix in {".py", ".js", ".css", ".txt", ".json"}]
    assert outside_citations(files) == []


def test_the_citation_check_can_fail(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""Ready.\n\nSee RULES-SPEC.md."""\n', encoding="utf-8")
    assert outside_citations([probe]) == ['probe.py:3: See RULES-SPEC.md."""']


# --- no import circles: each module imports only what sits below it -----------------------------


def package_imports(path: Path) -> set[str]:
    """The package's modules a file imports, at module level, inside functions or for type
    checking alike: `from .x import y` counts `x`, and `x.y` too when y is a module."""
    known = {module_name(p) for p in MODULES}
    found = set()
    for name, _ in imports(path):
        found.add(name)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], node.module])
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in found if name in known} - {module_name(path)}


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import one another round a circle (Tarjan's strongly
    connected components of more than one module, or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1 or module in graph.get(module, ()):
                circles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return circles


def test_no_module_imports_round_a_circle():
    """Lazy imports inside functions and imports for type checking count too: a circle is
    removed by ordering the modules, not hidden in a function."""
    graph = {module_name(p): package_imports(p) for p in MODULES}
    circles = import_circles(graph)
    described = [
        " <-> ".join(c)
        + ": "
        + "; ".join(f"{a} -> {b}" for a in c for b in sorted(graph[a]) if b in c)
        for c in circles
    ]
    assert circles == [], "import circles:\n" + "\n".join(described)


def test_the_circle_check_can_fail():
    """A module importing one that imports it back, even lazily, is a circle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert import_circles(graph) == [["a", "b", "c"]]
    lazy = PACKAGE / "sim" / "_circle_probe.py"
    lazy.write_text("def f():\n    from .bots import Bot\n", encoding="utf-8")
    try:
        assert "bourre_lessons.sim.bots" in package_imports(lazy)
    finally:
        lazy.unlink()


# --- one name, one idea; short functions ------------------------------------------------------


def classes_named_twice(paths: list[Path]) -> dict[str, list[str]]:
    """Each class name defined in more than one place among `paths`, with those places."""
    places: dict[str, list[str]] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                places.setdefault(node.name, []).append(f"{path.name}:{node.lineno}")
    return {name: where for name, where in places.items() if len(where) > 1}


def test_no_two_classes_in_the_package_share_a_name():
    """Each class name means one thing: three `Moment`s or two `Table`s once meant different
    ideas in different modules."""
    assert classes_named_twice(MODULES) == {}


def test_the_class_name_check_can_fail(tmp_path):
    (tmp_path / "a.py").write_text("class Moment:\n    pass\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("class Moment:\n    pass\n", encoding="utf-8")
    assert set(classes_named_twice(sorted(tmp_path.glob("*.py")))) == {"Moment"}


def modules_named_twice(paths: list[Path]) -> dict[str, list[str]]:
    """Each module name (but `__init__`) used in more than one folder among `paths`."""
    places: dict[str, list[str]] = {}
    for path in paths:
        if path.stem != "__init__":
            places.setdefault(path.stem, []).append(str(path.parent.name))
    return {name: where for name, where in places.items() if len(where) > 1}


def test_no_two_modules_in_the_package_share_a_name():
    """A module's name says one idea: `scenes.variants` and `sim.variants` once named two
    (lesson 08b's stories, the variant lab), as did two `whole_hand`s (set 6's exercise and
    its widget)."""
    assert modules_named_twice(MODULES) == {}


def test_the_module_name_check_can_fail(tmp_path):
    for folder in ("scenes", "sim"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "variants.py").write_text("", encoding="utf-8")
    assert set(modules_named_twice(sorted(tmp_path.glob("*/*.py")))) == {"variants"}


LONGEST = 60
"""No function is longer than this many lines, but a compiled loop that says why it stays whole."""


def long_functions(paths: list[Path]) -> list[str]:
    """Functions over `LONGEST` lines that are not a compiled loop (decorated `jit` or
    `jit_inline`) whose docstring says it is 'Kept whole on purpose' and why."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if node.end_lineno - node.lineno + 1 <= LONGEST:
                continue
            compiled = any(
                isinstance(d, ast.Name) and d.id in ("jit", "jit_inline")
                for d in node.decorator_list
            )
            says_why = "Kept whole on purpose" in (ast.get_docstring(node) or "")
            if not (compiled and says_why):
                found.append(f"{path.name}:{node.lineno} {node.name}")
    return found


def test_no_function_is_over_60_lines_but_compiled_loops_that_say_why():
    assert long_functions(MODULES) == []


def test_the_long_function_check_can_fail(tmp_path):
    body = "".join(f"    x{i} = {i}\n" for i in range(LONGEST))
    (tmp_path / "long.py").write_text(f"def play_out():\n{body}", encoding="utf-8")
    whole = '"""Kept whole on purpose: the inner loop."""\n'
    (tmp_path / "loop.py").write_text(f"@jit\ndef play_out():\n    {whole}{body}", encoding="utf-8")
    assert long_functions(sorted(tmp_path.glob("*.py"))) == ["long.py:1 play_out"]


LONGEST_CLASS = 400
"""No class is longer than this many lines (the house's cap)."""


def long_classes(paths: list[Path]) -> list[str]:
    """Classes over `LONGEST_CLASS` lines, with where they start and how long they are."""
    return [
        f"{path.name}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in paths
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > LONGEST_CLASS
    ]


def test_no_class_is_over_400_lines():
    """`TableWidget` once grew to 405 lines; its controls are now `table_controls`."""
    assert long_classes(MODULES) == []


def test_the_long_class_check_can_fail(tmp_path):
    def lines(n: int) -> str:
        return "".join(f"    x{i} = {i}\n" for i in range(n))

    (tmp_path / "big.py").write_text(f"class Table:\n{lines(LONGEST_CLASS)}", encoding="utf-8")
    (tmp_path / "small.py").write_text(f"class Seat:\n{lines(LONGEST_CLASS - 1)}", encoding="utf-8")
    assert long_classes(sorted(tmp_path.glob("*.py"))) == ["big.py:1 Table (401 lines)"]


# --- the widgets' folders: a module sits in the folder its name asks for ------------------------

WIDGETS = PACKAGE / "widgets"
FOLDER_NAMES = (
    (re.compile(r"^scene(_|$)"), {"scenes"}),
    (re.compile(r"^exercise_"), {"exercises"}),
    (re.compile(r"^table(_|$)"), {"table"}),
    (re.compile(r"^advice_"), {"advice"}),
    (re.compile(r"_charts?$"), {"charts"}),
)
"""A widget module's name prefix (or `_chart` suffix) and the folder of `widgets/` it asks for; a
name that asks for two (`advice_charts`) may sit in either."""


def misplaced_widgets(root: Path) -> list[str]:
    """Modules under `root` (the widgets folder) whose name asks for a folder they are not in:
    `exercise_cards.py` directly in `widgets/` is one, `charts/advice_charts.py` is not."""
    found = []
    for path in sorted(root.rglob("*.py")):
        asked = {
            f for pattern, folders in FOLDER_NAMES if pattern.search(path.stem) for f in folders
        }
        folder = path.parent.relative_to(root).parts[:1]
        if asked and not (folder and folder[0] in asked):
            found.append(str(path.relative_to(root)))
    return found


def test_each_widget_module_sits_in_the_folder_its_name_asks_for():
    """The issue 'The house, while you are there': `widgets/` once held 35 modules side by
    side, nine `exercise_*` and five `scene_*` among them; a name prefix is a folder."""
    assert {p.name for p in WIDGETS.iterdir() if p.is_dir()} >= {
        "scenes",
        "exercises",
        "table",
        "charts",
        "advice",
    }
    assert misplaced_widgets(WIDGETS) == []


def test_the_widget_folder_check_can_fail(tmp_path):
    for name in (
        "exercise_new.py",
        "scene.py",
        "pot_chart.py",
        "kit.py",
        "scenes/scene_x.py",
        "charts/table_text.py",
        "advice/advice_charts.py",
        "charts/advice_charts.py",
    ):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    assert misplaced_widgets(tmp_path) == [
        "charts/table_text.py",
        "exercise_new.py",
        "pot_chart.py",
        "scene.py",
    ]


# --- docs/architecture.md names the modules of the engine and the simulator ---------------------

ARCHITECTURE_DOC = PACKAGE.parent / "docs" / "architecture.md"


def modules_left_unnamed(doc: str, paths: list[Path]) -> list[str]:
    """Modules of the engine, the simulator (`sim/`, `sim/fast/`) and the workbench whose name
    the architecture page never writes as a word; a private module (`_jit`) and `__main__` are
    not listed, and the plain-Python twins (`sim/plain_*`) are described as one family."""
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", doc))
    unnamed = []
    for path in paths:
        module = module_name(path)
        if (
            path.stem.startswith("_")
            or path.stem.startswith("plain_")
            or layer(module)
            not in {
                "engine",
                "sim",
                "widgets",
            }
        ):
            continue
        if layer(module) == "widgets" and ".workbench." not in module:
            continue
        if path.stem not in words:
            unnamed.append(module)
    return unnamed


def test_the_architecture_page_names_each_engine_simulator_and_workbench_module():
    """house, houses/, sim.house_lab, sim.fast.paired and the workbench came in issue 29; the
    page says where each sits."""
    doc = ARCHITECTURE_DOC.read_text(encoding="utf-8")
    assert modules_left_unnamed(doc, MODULES) == []
    assert "houses/" in doc and "plain_" in doc and "`compare`" in doc


def test_the_architecture_page_check_can_fail():
    doc = ARCHITECTURE_DOC.read_text(encoding="utf-8").replace("house_lab", "the lab")
    assert "bourre_lessons.sim.house_lab" in modules_left_unnamed(doc, MODULES)
