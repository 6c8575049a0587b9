"""bench.lab: a measurement runs and is judged against its goal and floor."""

from __future__ import annotations

from bench import lab


def test_a_measurement_gives_a_rate_and_the_cpu_a_match_took():
    rate, cpu = lab._measured(2, workers=1)
    assert rate > 0 and cpu > 0


def test_ratios_are_judged_against_the_goal_then_the_floor():
    assert lab._judged(0.95, 0.9, 0.8) == "goal 0.90 met"
    assert lab._judged(0.85, 0.9, 0.8) == "below the goal 0.90, above the floor 0.80"
    assert lab._judged(0.5, 0.9, 0.8) == "NOT met (goal 0.90, floor 0.80)"
    assert lab._judged(1.2, 1.7) == "NOT met (goal 1.70)"
