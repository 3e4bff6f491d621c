"""Figures estimated from simulated hands, each with its 95% confidence interval.

The advisor, the coach, the sessions' summaries and the order effect all report a share or
a mean of many simulated hands; this module holds the one `Estimate` they report and the
two ways it is computed (`wilson` for a share, `normal_interval` for a mean). It imports
nothing else of the simulator, so every module of it may use it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..text import ReadsAsText

__all__ = ["Z95", "Estimate", "mean_interval", "normal_interval", "wilson"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Estimate(ReadsAsText):
    """A figure estimated from simulated deals, with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def overlaps(self, other: Estimate) -> bool:
        """True when the two 95% intervals share some value: the simulation cannot tell the
        two figures apart."""
        return self.low <= other.high and other.low <= self.high

    def text(self, form: str = ".3f", unit: str = "") -> str:
        """The figure and its interval in words, each number in the format `form`:
        `text("+.2f", "chips")` is '+0.46 chips (95% CI +0.30 to +0.62)'."""
        value = f"{self.value:{form}}" + (f" {unit}" if unit else "")
        return f"{value} (95% CI {self.low:{form}} to {self.high:{form}})"

    def to_text(self) -> str:
        """The figure and its interval with three decimals (`text()`)."""
        return self.text()


def wilson(successes: int, trials: int) -> Estimate:
    """A share with its 95% Wilson score interval (sound near 0 and 1)."""
    if trials <= 0:
        raise ValueError("a share needs at least one trial")
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def normal_interval(mean: float, variance: float, n: int) -> Estimate:
    """A mean of `n` values with its 95% normal interval, from their sample variance."""
    half = Z95 * math.sqrt(variance / n) if n > 1 else 0.0
    return Estimate(mean, mean - half, mean + half)


def mean_interval(values: Sequence[float]) -> Estimate:
    """A mean with its 95% normal interval (of a NumPy array, or of plain numbers where NumPy
    is missing, as in the browser)."""
    n = len(values)
    if n == 0:
        raise ValueError("a mean needs at least one value")
    if hasattr(values, "var"):  # a NumPy array: its own sums, as the compiled runs always had
        variance = float(values.var(ddof=1)) if n > 1 else 0.0
        return normal_interval(float(values.mean()), variance, n)
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return normal_interval(mean, variance, n)
