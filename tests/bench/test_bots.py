"""bench.bots: a win rate meets its goal when its interval's lower bound does, ISMCTS is
set against chitarrella in Scopone, and the playouts a second are judged against the
playouts to the end of the hand."""

from __future__ import annotations

from bench import bots

SPEED = {"engine": "compiled", "seconds_per_move_median": 0.1,
         "playouts_per_second_median": 8000, "engine_path_playouts_per_second_median": 6000,
         "speedup": 1.33, "playout_plies": 6, "full_hand_playouts_per_second_median": 2500,
         "over_full_hand": 3.2}
ADVANTAGE = {"mean": 1.0, "ci95": [0.5, 1.5], "deals": 40}


def search(wins: int, matches: int, against: str) -> dict:
    return {**bots.win_rate(wins, matches), "against": against,
            "hand_point_advantage": ADVANTAGE}


def lines(found: dict) -> list[str]:
    return bots.summary_lines({"variants": {"scopone-scientifico": found}})


def test_a_win_rate_meets_its_goal_only_when_its_lower_bound_does():
    # 50 of 60 is 0.83, over 0.75, but its interval reaches down to 0.72.
    assert "NOT met" in lines({"ismcts_speed": SPEED,
                               "ismcts_vs_heuristic": search(50, 60, "heuristic")})[0]
    assert ": met)" in lines({"ismcts_speed": SPEED,
                              "ismcts_vs_heuristic": search(56, 60, "heuristic")})[0]
    assert "NOT met" in lines({"heuristic_vs_random": bots.win_rate(190, 200)})[0]
    assert ": met)" in lines({"heuristic_vs_random": bots.win_rate(300, 300)})[0]


def test_ismcts_against_chitarrella_is_reported_without_a_goal():
    found = lines({"ismcts_speed": SPEED, "ismcts_vs_chitarrella": search(30, 60, "chitarrella")})

    assert found[0].startswith("scopone-scientifico: ismcts against chitarrella 0.500 (95% "
                               "interval 0.377..0.623, 60 matches)")
    assert "no goal" in found[0] and "+1.00 a deal (+0.50..+1.50, 40 paired deals)" in found[0]


def test_playouts_a_second_are_judged_against_playouts_to_the_end_of_the_hand():
    assert "x3.2 of the 2500/s of playouts to the end of the hand as before (goal x3: met)" in (
        lines({"ismcts_speed": SPEED})[0])
    slow = {**SPEED, "over_full_hand": 2.9}
    assert "(goal x3: NOT met)" in lines({"ismcts_speed": slow})[0]
