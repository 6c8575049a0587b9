"""bench.research: both sides play the same seeds, and each variant's ratio is judged."""

from __future__ import annotations

import random

from bench import research
from foraccio.core import engine
from foraccio.research.pettingzoo import env


def test_both_sides_play_whole_matches_of_the_same_deals():
    match = env("scopa")
    elapsed, moves, steps = research.env_match(match, 3, random.Random(3))
    assert elapsed > 0 and steps >= moves > 0
    assert match.state.phase == "game_over" and not match.agents
    assert match.state.record[0].deck == engine.new_match("scopa", 3).record[0].deck
    elapsed, moves, steps = research.engine_match("scopa", 3, random.Random(3))
    assert elapsed > 0 and steps == moves > 0


def test_a_short_run_prints_the_ratio_against_the_goal(capsys):
    research.main(["--seconds", "0.05", "--variant", "scopa"])
    printed = capsys.readouterr().out
    assert "scopa" in printed and "steps/move" in printed and "goal <= 2" in printed
