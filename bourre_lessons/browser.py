"""The course in a web browser (JupyterLite on Pyodide): what runs there and what says why not.

In the browser the package has the standard library, ipywidgets and anywidget, but no NumPy,
Numba or matplotlib (the site serves only pure-Python wheels). The engine, the scenes, the
card table, naming, the exercises and the game table with its bots run as in JupyterLab; the
simulations run in plain Python on fewer hands (`sim.backend`, which asks `has_module`); the
charts of the simulations show their numbers as a table, drawn above it in plain Python
(`widgets.charts.chart_tables`, `svg_chart`), other charts one sentence (`BrowserNote`); and a cell that still needs the compiled core stops with
one sentence instead of a traceback (`install_friendly_errors`, called when the package is
imported in the browser). Standard library only: this module belongs to the engine layer.
"""

from __future__ import annotations

import builtins
import html
import importlib.util
import sys
from typing import Any

__all__ = [
    "FULL_INSTALL",
    "BrowserNote",
    "browser_note",
    "friendly_message",
    "has_module",
    "in_browser",
    "install_friendly_errors",
    "missing_in_browser",
]

FULL_INSTALL = 'pip install "bourre-lessons[lab]", then bourre-lessons lab'
"""The two commands that install the whole course on a learner's own computer."""

NEEDS = {
    "numpy": "the simulator (NumPy and Numba)",
    "numba": "the simulator (NumPy and Numba)",
    "matplotlib": "matplotlib, the library that draws the charts",
}
"""What each library the browser lacks stands for, in the friendly sentence."""


def in_browser() -> bool:
    """True when Python runs in a web page (Pyodide, as in the JupyterLite site)."""
    return sys.platform == "emscripten"


def has_module(name: str) -> bool:
    """True when `import name` would find the module (a module not imported yet is looked
    for once: the bots ask at every decision, and in the browser each search of the path is
    slow; Python's own finders also keep what they saw until `importlib.invalidate_caches`)."""
    if name in sys.modules:
        return sys.modules[name] is not None
    if name not in _FOUND:
        try:
            _FOUND[name] = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            _FOUND[name] = False
    return _FOUND[name]


_FOUND: dict[str, bool] = {}
"""Whether each module asked about and not yet imported was found on the path."""


def missing_in_browser(*modules: str) -> bool:
    """True in the browser when any of these modules cannot be imported there."""
    return in_browser() and not all(has_module(name) for name in modules)


def _sentence(part: str, library: str) -> str:
    return (
        f"{part} needs {NEEDS.get(library, library)}, which the course in the browser does "
        f"not have: install the course on your own computer to run it ({FULL_INSTALL})."
    )


class BrowserNote:
    """One friendly sentence shown in place of something the browser cannot draw or run."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return f"<p class='bourre-browser-note'><i>{html.escape(self.text)}</i></p>"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def browser_note(part: str, library: str = "matplotlib") -> BrowserNote:
    """The note for a part of the course (`'This chart'`) that needs a missing library."""
    return BrowserNote(_sentence(part, library))


def friendly_message(error: BaseException) -> str | None:
    """One sentence for an import of NumPy, Numba or matplotlib that failed in the browser;
    None for any other error (it keeps its normal traceback)."""
    if not (in_browser() and isinstance(error, ModuleNotFoundError)):
        return None
    library = (error.name or "").split(".")[0]
    if library not in NEEDS:
        return None
    return _sentence("This part of the course", library)


def _friendly_traceback(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset=None):
    """IPython's custom-exception hook: show the sentence, or the usual traceback, as the
    cell's error (IPython leaves the showing to the hook; the cell still counts as failed, so
    Run All stops there as it would at any error)."""
    message = friendly_message(value)
    if message is None:
        stb = shell.InteractiveTB.structured_traceback(etype, value, tb, tb_offset=tb_offset)
    else:
        stb = [message]
    shell._showtraceback(etype, value, stb)
    return stb


def install_friendly_errors() -> bool:
    """In an IPython kernel in the browser, show a missing NumPy, Numba or matplotlib as one
    sentence instead of a traceback. True when the hook was installed."""
    get_ipython = getattr(builtins, "get_ipython", None)
    shell = get_ipython() if in_browser() and callable(get_ipython) else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    shell.set_custom_exc((ModuleNotFoundError,), _friendly_traceback)
    return True
