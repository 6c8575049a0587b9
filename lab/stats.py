"""The statistics of the lab: means and proportions with 95% intervals, and paired
differences. Pure functions of plain numbers (tests/lab/test_stats.py checks them against
values computed by hand).

The intervals are the usual large-sample ones: the normal approximation for a mean (and
for the mean of paired differences, which is how two setups played on the same seeds are
compared, proportions included), and Wilson's score interval for a single proportion,
which stays inside [0, 1] and behaves near 0 and 1 where the normal one does not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


class Estimate(NamedTuple):
    """A figure and its 95% interval (``low`` = ``high`` = ``value`` when it cannot
    vary, e.g. from a single observation)."""

    value: float
    low: float
    high: float

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly on one side of 0: the difference it
        estimates is significant at the 5 % level."""
        return self.low > 0 or self.high < 0


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its normal 95% interval (mean ± 1.96 standard errors,
    with the sample standard deviation). Raise ValueError on no values."""
    n = len(values)
    if not n:
        raise ValueError("no values to average")
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean)
    variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


def wilson_interval(successes: int, trials: int) -> Estimate:
    """The proportion ``successes / trials`` and its Wilson score 95% interval. Raise
    ValueError on no trials."""
    if trials <= 0:
        raise ValueError("no trials")
    p = successes / trials
    z2 = Z95 * Z95
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def paired_difference(baseline: Sequence[float], other: Sequence[float]) -> Estimate:
    """The mean of ``other[i] - baseline[i]`` over the pairs (one per seed) and its normal
    95% interval. Pairing removes what the two share (the deals, mostly), so the
    interval is narrower than that of two independent means. Raise ValueError unless
    both have as many values, at least one."""
    if len(baseline) != len(other):
        raise ValueError(f"{len(baseline)} values against {len(other)}: pairs are needed")
    return mean_interval([b - a for a, b in zip(baseline, other, strict=True)])


def spread(values: Sequence[float]) -> float:
    """The (population) standard deviation of ``values``; 0 for fewer than two."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = math.fsum(values) / n
    return math.sqrt(math.fsum((value - mean) ** 2 for value in values) / n)
