"""Bot strength and speed (``make bench-bots``); a benchmark, not a test.

1. heuristic against random, >= 500 matches per variant, seats swapped every
   other match: the heuristic should win >= 85%.
2. ISMCTS (default budget) against heuristic in Foraccio, seats swapped:
   the mean hand-point advantage and its 95% interval over >= 200 hands
   (more matches are played until there are that many), and the match win
   rate over >= 40 matches.
3. ISMCTS speed: iterations per second, and seconds per move at the default
   budget, over positions spread through a hand.

Prints one JSON object. ``BENCH_WORKERS`` sets the worker processes (default:
every core).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time

from core.bots import choose_move
from core.bots.ismcts import DEFAULT_ITERATIONS, search_stats
from core.cli import simulate
from core.engine import new_match, play
from core.view import seat_view

WORKERS = int(os.environ.get("BENCH_WORKERS", os.cpu_count() or 1))
SEED = 2026


def heuristic_vs_random(variant: str, matches: int = 500) -> dict:
    summary = simulate(variant, (("heuristic",) * 2, ("random",) * 2), matches, SEED,
                       workers=WORKERS, progress=True)
    first = summary["lineups"][0]
    return {"variant": variant, "matches": matches, "heuristic_win_rate": first["win_rate"],
            "ci95": first["win_rate_ci95"], "target": ">= 0.85",
            "met": first["win_rate"] >= 0.85}


def ismcts_vs_heuristic(min_matches: int = 40, min_hands: int = 200) -> dict:
    matches = min_matches
    while True:
        start = time.perf_counter()
        summary = simulate("foraccio", (("ismcts",) * 2, ("heuristic",) * 2), matches, SEED,
                           workers=WORKERS, progress=True)
        if summary["hands"] >= min_hands:
            break
        matches += 8
    advantage = summary["hand_point_advantage"]
    first = summary["lineups"][0]
    return {"variant": "foraccio", "matches": matches, "hands": summary["hands"],
            "seconds": round(time.perf_counter() - start, 1),
            "hand_point_advantage": advantage,
            "advantage_met": advantage["ci95"][0] > 0,
            "ismcts_win_rate": first["win_rate"], "win_rate_ci95": first["win_rate_ci95"],
            "ismcts_points_per_hand": first["total_points_per_hand"],
            "heuristic_points_per_hand": summary["lineups"][1]["total_points_per_hand"]}


def ismcts_speed(positions: int = 24) -> dict:
    """Time the default search at positions spread through heuristic-played hands."""
    rng = random.Random(SEED)
    views = []
    for seed in range(positions // 8):
        state = new_match("foraccio", seed)
        plays = 0
        while state.phase == "playing":
            view = seat_view(state, state.turn)
            if plays % 6 == 0:
                views.append(view)
            state, _ = play(state, choose_move("heuristic", view, seed))
            plays += 1
    per_move, rates = [], []
    for view in views:
        start = time.perf_counter()
        choose_move("ismcts", view, 1)
        per_move.append(time.perf_counter() - start)
        stats = search_stats(view, rng, 200)
        rates.append(stats["iterations"] / stats["seconds"])
    return {"default_iterations": DEFAULT_ITERATIONS, "positions": len(views),
            "seconds_per_move_mean": round(statistics.mean(per_move), 4),
            "seconds_per_move_max": round(max(per_move), 4),
            "iterations_per_second_mean": round(statistics.mean(rates)),
            "iterations_per_second_start_of_hand": round(rates[0])}


def main() -> None:
    report = {"workers": WORKERS, "ismcts_speed": ismcts_speed()}
    print(json.dumps(report["ismcts_speed"]), file=sys.stderr)
    report["heuristic_vs_random"] = [heuristic_vs_random(v) for v in ("foraccio", "zobelon")]
    print(json.dumps(report["heuristic_vs_random"]), file=sys.stderr)
    report["ismcts_vs_heuristic"] = ismcts_vs_heuristic()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
