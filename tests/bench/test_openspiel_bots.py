"""bench.openspiel_bots: a paired deal replays the same deal with the teams' seats
swapped, every match-up plays to the end of the hand against OpenSpiel's bots, and its
result says how it went."""

from __future__ import annotations

import random

import pytest

from bench import openspiel_bots
from foraccio.research import openspiel

SECONDS = 0.002  # OpenSpiel's bots still run one simulation a choice at least


@pytest.mark.parametrize("matchup", list(openspiel_bots.MATCHUPS))
def test_a_match_up_reports_its_win_rate_lead_and_simulations(matchup):
    found = openspiel_bots.match_up("scopa", matchup, deals=1, seconds=SECONDS, seed=3)

    assert (found["variant"], found["matchup"], found["matches"]) == ("scopa", matchup, 1)
    assert found["wins"] in (0, 0.5, 1) and found["win_rate"] == found["wins"]
    low, high = found["ci95"]
    assert 0 <= low <= found["win_rate"] <= high <= 1
    assert -openspiel.HAND_POINTS_BOUND < found["hand_point_lead"]["mean"] < (
        openspiel.HAND_POINTS_BOUND)
    assert found["openspiel_simulations_per_move"]["mean"] >= 1
    assert openspiel_bots.summary_lines({"results": [found]})[0].startswith(
        f"scopa: {matchup} ")


def test_a_paired_deal_replays_the_same_deal_with_the_seats_swapped():
    game = openspiel_bots.load_game("scopa")

    first, second = openspiel_bots.paired_deal(game, "heuristic-vs-openspiel-mcts", 0,
                                               SECONDS, seed=3)

    assert first.dealt == second.dealt and any(first.dealt)
    assert (first.our_team, second.our_team) == (0, 1)
    assert first.simulations and second.simulations


def test_the_next_deal_is_another():
    game = openspiel_bots.load_game("scopa")
    rng = random.Random(1)

    assert openspiel_bots.draw_deal(game, rng) != openspiel_bots.draw_deal(game, rng)


def test_the_goal_is_judged_on_the_lower_bound_at_equal_time_only():
    def line(wins: int, openspiel_seconds: float) -> str:
        found = {**openspiel_bots.win_rate(wins, 50), "variant": "scopa",
                 "matchup": "ismcts-vs-openspiel-ismcts", "seconds_per_move": 0.05,
                 "openspiel_seconds_per_move": openspiel_seconds,
                 "hand_point_lead": {"mean": 1.0, "ci95": [0.5, 1.5]},
                 "openspiel_simulations_per_move": {"mean": 12.0, "median": 12}}
        return openspiel_bots.summary_lines({"results": [found]})[0]

    # 31 of 50 is 0.62, but its interval reaches down under 0.5 (0.482)
    assert line(31, 0.05).endswith("(goal: lower bound > 0.5: NOT met)")
    assert line(40, 0.05).endswith("(goal: lower bound > 0.5: met)")
    assert line(40, 0.5).endswith("(ours at 0.05 s) (no goal: unequal time)")
