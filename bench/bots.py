"""Bot strength and speed (``make bench-bots``); a benchmark, not a test.

1. heuristic against random, >= 500 matches per variant, seats swapped every
   other match: the heuristic should win >= 85%.
2. ISMCTS (default budget) against heuristic in Foraccio: matches in pairs,
   both matches of a pair on one seed, so with the same deals hand by hand
   (and the same dealers), ISMCTS on seats 0 and 2 in the first and on seats 1
   and 3 in the second. The match win rate over >= 40 matches, and the mean
   hand-point advantage with its 95% interval over >= 200 hands, paired: a
   deal's advantage is the mean of ISMCTS's hand-point lead in the two plays
   of the deal (hands dealt in only one match of the pair, after the other
   ended, are left out). This is common random numbers: the luck of the
   cards (who was dealt the onori, the aces, the scopa chances) cancels out
   in a pair, so the interval is narrower than over independent hands, for
   the same quantity, the expected hand-point advantage of ISMCTS over the
   heuristic with the seats swapped. ``hand_point_advantage_unpaired`` is
   the plain interval over every hand of the matches, for comparison.
3. Optional (``--deals N``): the same on N fresh deals, each played once with
   ISMCTS on each pair of seats (first hands only, no match around them).
4. ISMCTS speed: playouts per second on the fast playout and on the engine's
   (interleaved, medians), and seconds per move at the default budget, over
   positions spread through a hand.

The last line printed puts ISMCTS's playouts a second beside its win rate, each
against the goal of issue #15 (stronger bots at the same time budget), met or
not: playouts a second x5 over the start of the work
(:data:`START_PLAYOUTS_PER_SECOND`), and a win rate of at least
:data:`WIN_RATE_GOAL` against the heuristic at no more than
:data:`SECONDS_PER_MOVE_GOAL` seconds a move (the median of part 4).

Prints one JSON object. ``BENCH_WORKERS`` sets the worker processes (default:
every core). ``python -m bench.bots --only ismcts --deals 150 --matches 40``
runs only parts 2-4 with those sizes (``--matches 0`` or ``--deals 0`` skips
that part; ``--deals`` is 0 by default).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bots import choose_move
from bots.ismcts import DEFAULT_ITERATIONS, MAX_ITERATIONS, _playout, engine_playout, search_stats
from cli.simulate import (
    MatchJob,
    MatchResult,
    _mean_ci,
    match_seed,
    play_match,
    progress_console,
    simulate,
    summarize,
)
from core import compiled
from core.engine import new_match, play, rules_of
from core.model import HandScored
from core.view import plays_made, seat_view

WORKERS = int(os.environ.get("BENCH_WORKERS", os.cpu_count() or 1))
SEED = 2026

START_PLAYOUTS_PER_SECOND = 914
"""ISMCTS's playouts a second (part 4, the median) when issue #15's work began, on
the development machine: a figure of that machine, so a speed-up measured on
another one compares runs of the two versions there."""

PLAYOUTS_GOAL = 5
"""Issue #15's goal for playouts a second: this many times :data:`START_PLAYOUTS_PER_SECOND`."""

WIN_RATE_GOAL = 0.75
"""Issue #15's goal: ISMCTS wins at least this share of its matches against the heuristic..."""

SECONDS_PER_MOVE_GOAL = 0.2
"""...taking at most this many seconds a move (the median)."""


def heuristic_vs_random(variant: str, matches: int = 500) -> dict:
    summary = simulate(variant, (("heuristic",) * 2, ("random",) * 2), matches, SEED,
                       workers=WORKERS, progress=progress_console())
    first = summary["lineups"][0]
    return {"variant": variant, "matches": matches, "heuristic_win_rate": first["win_rate"],
            "ci95": first["win_rate_ci95"], "target": ">= 0.85",
            "met": first["win_rate"] >= 0.85}


LINEUPS = (("ismcts",) * 2, ("heuristic",) * 2)


def _match_pairs(first: int, count: int) -> list[MatchJob]:
    """Matches ``2 * first`` to ``2 * (first + count) - 1``: two a seed, seats swapped."""
    return [MatchJob(index, match_seed(SEED, index // 2), "foraccio", {}, (), LINEUPS, None)
            for index in range(2 * first, 2 * (first + count))]


def _play(jobs: list[MatchJob]) -> list[MatchResult]:
    if WORKERS <= 1:
        return list(map(play_match, jobs))
    with ProcessPoolExecutor(max_workers=WORKERS) as pool:
        return list(pool.map(play_match, jobs))


def _paired_hands(results: list[MatchResult]) -> list[float]:
    """Per hand dealt in both matches of a pair: ISMCTS's mean hand-point lead in the two."""
    paired = []
    for first, second in zip(results[::2], results[1::2], strict=True):
        # the hands of the shorter match of the pair
        for a, b in zip(first.points, second.points, strict=False):
            paired.append((a[0] - a[1] + b[0] - b[1]) / 2)
    return paired


def ismcts_vs_heuristic(min_matches: int = 40, min_hands: int = 200) -> dict:
    """Matches in pairs on one seed (the same deals, hand by hand), ISMCTS on the even
    seats in the first and on the odd ones in the second; pairs are added until
    ``min_hands`` hands were dealt in both matches of their pair."""
    start = time.perf_counter()
    pairs = (min_matches + 1) // 2
    results = _play(_match_pairs(0, pairs))
    while 2 * len(_paired_hands(results)) < min_hands:
        results += _play(_match_pairs(pairs, 4))
        pairs += 4
    seating = rules_of(new_match("foraccio", SEED)).seating
    summary = summarize(results, "foraccio", LINEUPS, SEED, None, (), None, seating)
    paired = _paired_hands(results)
    advantage = _mean_ci(paired)
    first = summary["lineups"][0]
    return {"variant": "foraccio", "matches": len(results), "hands": summary["hands"],
            "seconds": round(time.perf_counter() - start, 1),
            "hand_point_advantage": {"mean": advantage["mean"], "ci95": advantage["ci95"],
                                     "hands": 2 * len(paired), "deals": len(paired)},
            "advantage_met": advantage["ci95"][0] > 0,
            "hand_point_advantage_unpaired": summary["hand_point_advantage"],
            "ismcts_win_rate": first["win_rate"], "win_rate_ci95": first["win_rate_ci95"],
            "ismcts_points_per_hand": first["total_points_per_hand"],
            "heuristic_points_per_hand": summary["lineups"][1]["total_points_per_hand"]}


def _paired_deal(index: int) -> tuple[int, int]:
    """Play deal ``index`` twice, ISMCTS on the even seats then on the odd ones; return
    ISMCTS's hand-point lead in each play."""
    seed = match_seed(SEED, 10_000 + index)
    leads = []
    for ismcts_team in (0, 1):
        state = new_match("foraccio", seed)
        while state.phase == "playing":
            name = "ismcts" if state.turn % 2 == ismcts_team else "heuristic"
            state, _ = play(state, choose_move(name, seat_view(state, state.turn), seed))
        scored = next(event for event in reversed(state.events) if type(event) is HandScored)
        leads.append(scored.points[ismcts_team] - scored.points[1 - ismcts_team])
    return leads[0], leads[1]


def ismcts_vs_heuristic_paired(deals: int = 150) -> dict:
    start = time.perf_counter()
    if WORKERS <= 1:
        pairs = list(map(_paired_deal, range(deals)))
    else:
        with ProcessPoolExecutor(max_workers=WORKERS) as pool:
            pairs = list(pool.map(_paired_deal, range(deals), chunksize=2))
    per_deal = [(a + b) / 2 for a, b in pairs]
    summary = _mean_ci(per_deal)
    independent = _mean_ci([lead for pair in pairs for lead in pair])
    return {"variant": "foraccio", "deals": deals, "hands": 2 * deals,
            "seconds": round(time.perf_counter() - start, 1),
            "hand_point_advantage": {"mean": summary["mean"], "ci95": summary["ci95"]},
            "advantage_met": summary["ci95"] is not None and summary["ci95"][0] > 0,
            "same_hands_unpaired_ci95": independent["ci95"],
            "deals_won": sum(1 for d in per_deal if d > 0),
            "deals_lost": sum(1 for d in per_deal if d < 0)}


def ismcts_speed(positions: int = 24, rounds: int = 3) -> dict:
    """Time the default search at positions spread through heuristic-played hands, and
    the playouts a second on the fast playout and on the engine's (the same playouts:
    tests/core/test_simulation.py), interleaved position by position so that both
    meet the same machine load; medians over the positions and ``rounds``, in CPU
    seconds of this process (other processes disturb them less than the clock)."""
    views = _positions(positions)
    per_move, fast, engine, at_start = [], [], [], []
    for _ in range(rounds):
        for index, view in enumerate(views):
            start = time.perf_counter()
            choose_move("ismcts", view, 1)
            per_move.append(time.perf_counter() - start)
            for playout, rates in ((_playout, fast), (engine_playout, engine)):
                stats = search_stats(view, random.Random(SEED + index), 200, playout)
                rates.append(stats["iterations"] / stats["cpu_seconds"])
            if not plays_made(view):
                at_start.append(fast[-1])
    return {"engine": "compiled" if "bots.simulation" in compiled.active() else "source",
            "default_iterations": DEFAULT_ITERATIONS, "max_iterations": MAX_ITERATIONS,
            "positions": len(views),
            "seconds_per_move_median": round(statistics.median(per_move), 4),
            "seconds_per_move_max": round(max(per_move), 4),
            "playouts_per_second_median": round(statistics.median(fast)),
            "engine_path_playouts_per_second_median": round(statistics.median(engine)),
            "speedup": round(statistics.median(fast) / statistics.median(engine), 2),
            "playouts_per_second_start_of_hand": round(statistics.median(at_start))}


def _positions(positions: int) -> list:
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
    return views


def summary_line(report: dict) -> str:
    """ISMCTS's playouts a second beside its win rate against the heuristic, each with
    its goal, met or not."""
    speed = report["ismcts_speed"]
    rate, per_move = speed["playouts_per_second_median"], speed["seconds_per_move_median"]
    line = (f"ISMCTS ({speed['engine']} engine): {rate} playouts/s, "
            f"x{rate / START_PLAYOUTS_PER_SECOND:.2f} of the "
            f"{START_PLAYOUTS_PER_SECOND}/s at the start (goal x{PLAYOUTS_GOAL}: "
            f"{_met(rate >= PLAYOUTS_GOAL * START_PLAYOUTS_PER_SECOND)}; engine path "
            f"{speed['engine_path_playouts_per_second_median']}, x{speed['speedup']}), "
            f"{per_move} s a move (goal <= {SECONDS_PER_MOVE_GOAL}: "
            f"{_met(per_move <= SECONDS_PER_MOVE_GOAL)})")
    against = report.get("ismcts_vs_heuristic")
    if against:
        win_rate = against["ismcts_win_rate"]
        low, high = against["win_rate_ci95"] or (0.0, 1.0)
        line += (f"; win rate against the heuristic {win_rate:.3f} "
                 f"(95% interval {low:.3f}..{high:.3f}, {against['matches']} matches, seats "
                 f"swapped on paired deals; goal >= {WIN_RATE_GOAL} at <= "
                 f"{SECONDS_PER_MOVE_GOAL} s a move: "
                 f"{_met(win_rate >= WIN_RATE_GOAL and per_move <= SECONDS_PER_MOVE_GOAL)})")
        advantage = against["hand_point_advantage"]
        if advantage["ci95"]:
            low, high = advantage["ci95"]
            line += (f", hand points {advantage['mean']:+.2f} a deal "
                     f"({low:+.2f}..{high:+.2f}, {advantage['deals']} paired deals)")
    return line


def _met(met: bool) -> str:
    return "met" if met else "not met"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bots",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=("all", "ismcts"), default="all",
                        help="ismcts: skip the heuristic-against-random part")
    parser.add_argument("--matches", type=int, default=40,
                        help="matches of ISMCTS against heuristic (0: skip)")
    parser.add_argument("--hands", type=int, default=200,
                        help="at least this many hands in those matches")
    parser.add_argument("--deals", type=int, default=0,
                        help="paired deals of ISMCTS against heuristic (0: skip)")
    args = parser.parse_args(argv)
    report = {"workers": WORKERS, "ismcts_speed": ismcts_speed()}
    print(json.dumps(report["ismcts_speed"]), file=sys.stderr)
    if args.only == "all":
        report["heuristic_vs_random"] = [heuristic_vs_random(v) for v in ("foraccio", "zobelon")]
        print(json.dumps(report["heuristic_vs_random"]), file=sys.stderr)
    if args.deals > 0:
        report["ismcts_vs_heuristic_paired"] = ismcts_vs_heuristic_paired(args.deals)
        print(json.dumps(report["ismcts_vs_heuristic_paired"]), file=sys.stderr)
    if args.matches > 0:
        report["ismcts_vs_heuristic"] = ismcts_vs_heuristic(args.matches, args.hands)
    print(json.dumps(report, indent=2))
    print(summary_line(report))


if __name__ == "__main__":
    main()
