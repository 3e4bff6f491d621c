"""A widget saved in a notebook reads as its text form: the `text/plain` beside the view.

A notebook read without running it (on GitHub, in nbviewer, on a static site built with
nbconvert) cannot draw a widget; it shows the `text/plain` output saved beside the view instead.
ipywidgets puts the widget's `repr()` there, cut at 110 characters ("<scene glimne-5: …>",
"VBox(children=…)"). A view that inherits `TextForm` puts its `to_text()` there: the position
it was displayed in, in words, as the screen shows it. The short `repr()` is kept in the
output's metadata (`metadata["bourre"]["repr"]`), where tests find which view a cell shows.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TextForm", "saved_repr"]


class TextForm:
    """Mixin for a widget with `to_text()`; list it before the ipywidgets base class."""

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """ipywidgets' bundle (the view), with `to_text()` as its plain-text form."""
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is None:  # a closed widget shows nothing
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = {**data, "text/plain": self.to_text()}  # type: ignore[attr-defined]
        return data, {**metadata, "bourre": {"repr": repr(self)}}


def saved_repr(output: dict[str, Any]) -> str:
    """The short `repr()` of the view a saved notebook output shows ('' for anything else)."""
    return output.get("metadata", {}).get("bourre", {}).get("repr", "")
