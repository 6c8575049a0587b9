"""The lab's statistics against values worked out by hand (the arithmetic is in each
test's comment)."""

from __future__ import annotations

import pytest

from foraccio.lab.stats import Z95, mean_interval, paired_difference, spread, wilson_interval


def test_the_mean_has_a_normal_interval_from_the_sample_standard_deviation():
    # mean 2.5; sample variance (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3; standard error
    # sqrt(5/3 / 4) = 0.645497; half-width 1.959964 * 0.645497 = 1.265151.
    estimate = mean_interval([1, 2, 3, 4])
    assert estimate.value == 2.5
    assert estimate.low == pytest.approx(1.234849, abs=1e-6)
    assert estimate.high == pytest.approx(3.765151, abs=1e-6)


def test_one_value_or_equal_values_give_no_width():
    assert tuple(mean_interval([7])) == (7, 7, 7)
    assert tuple(mean_interval([3, 3, 3])) == (3, 3, 3)
    with pytest.raises(ValueError):
        mean_interval([])


def test_wilson_interval_of_8_in_10():
    # p = 0.8, z^2 = 3.841459; denominator 1 + z^2/10 = 1.384146; centre
    # (0.8 + z^2/20) / 1.384146 = 0.716738; half-width
    # z * sqrt(0.8 * 0.2 / 10 + z^2 / 400) / 1.384146 = 0.226576: [0.4902, 0.9433].
    estimate = wilson_interval(8, 10)
    assert estimate.value == 0.8
    assert estimate.low == pytest.approx(0.4902, abs=1e-4)
    assert estimate.high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_stays_inside_0_and_1():
    # 0 in 4: centre z^2/8 / (1 + z^2/4) = 0.480182 / 1.960365 = 0.244945, half-width
    # z * sqrt(z^2/64) / 1.960365 = 0.244945: the interval is exactly [0, 0.489891].
    none = wilson_interval(0, 4)
    assert none.value == 0 and none.low == 0
    assert none.high == pytest.approx(Z95**2 / 4 / (1 + Z95**2 / 4), abs=1e-9)
    assert wilson_interval(4, 4).high == pytest.approx(1)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def test_paired_differences_are_the_mean_of_the_differences_per_seed():
    # differences 1, 2, 2: mean 5/3; sample variance ((1 - 5/3)^2 + 2 (1/3)^2) / 2 = 1/3;
    # standard error sqrt(1/3 / 3) = 1/3; half-width 1.959964 / 3 = 0.653321.
    estimate = paired_difference([1, 2, 3], [2, 4, 5])
    assert estimate.value == pytest.approx(5 / 3)
    assert estimate.low == pytest.approx(1.013346, abs=1e-6)
    assert estimate.high == pytest.approx(2.319988, abs=1e-6)
    assert estimate.excludes_zero


def test_a_difference_whose_interval_holds_zero_is_not_significant():
    # differences -1, 1, 0: mean 0, the interval is symmetric around it.
    estimate = paired_difference([1, 1, 1], [0, 2, 1])
    assert estimate.value == 0 and estimate.low < 0 < estimate.high
    assert not estimate.excludes_zero
    # No difference at all: [0, 0], not significant either.
    assert not paired_difference([1, 2], [1, 2]).excludes_zero
    with pytest.raises(ValueError, match="pairs"):
        paired_difference([1, 2], [1])


def test_spread_is_the_population_standard_deviation():
    # mean 5; squared deviations 9 1 1 1 0 0 4 16, sum 32; 32 / 8 = 4; sqrt 2.
    assert spread([2, 4, 4, 4, 5, 5, 7, 9]) == 2
    assert spread([3]) == 0
