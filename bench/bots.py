"""Bot strength and speed, per variant (``make bench-bots``); a benchmark, not a test.

For each variant of :data:`VARIANTS` (Foraccio, Zobelon, Scopa for two players,
Scopone; an example variant that is not installed is left out, saying so):

1. heuristic against random: the heuristic's match win rate, line-ups changing
   teams from match to match (``foraccio simulate``), goal >= :data:`HEURISTIC_GOAL`;
2. ISMCTS (default budget) against the heuristic: matches in pairs, both matches of
   a pair on one seed (so the same deals hand by hand), ISMCTS on one team in the
   first and on the other in the second; its match win rate, and its mean
   hand-point lead per deal with a 95% interval, paired (a deal's lead is the mean
   of ISMCTS's lead in its two plays: the luck of the cards cancels out in a pair);
   goal >= :data:`WIN_RATE_GOAL` at no more than :data:`SECONDS_PER_MOVE_GOAL` s a
   move; in Scopone, the same against ``chitarrella``, the Scopone example's
   rule-based player of the classic books (no goal: where ISMCTS stands);
3. ISMCTS's seconds a move at its default budget (the median over positions spread
   through heuristic-played hands of the variant, CPU seconds); for Foraccio also its
   playouts a second on the fast playout, on the engine's, and on the fast playout
   played to the end of the hand as before issue #34 (interleaved, medians, CPU
   seconds), against issue #15's x5 goal and issue #34's x3.

And in Scopa, the heuristic that values cards by the variant's own score lines
against the Foraccio-minded heuristic it replaced (:mod:`bench.foraccio_minded`),
goal >= :data:`SCOPA_GOAL` of the matches.

Win rates come with their 95% Wilson intervals, and a win rate meets its goal when
the interval's lower bound does: a goal of 0.75 takes about 60 matches won at 0.87,
and one of 0.95 about 3,000 won at 0.97 (Scopa's heuristic against random, whose
lower bound a run of 1,000 leaves at 0.946 to 0.962 from seed to seed; its matches are
cheap, about a second a hundred compiled), so the default sizes are ``--random 3000
--ismcts 60 --chitarrella 60 --scopa 300``
(about three times the 17 minutes that 20 ISMCTS matches a variant took on two cores
shared with other work, most of it Foraccio's and Zobelon's matches, 52 cards a hand
to a target of 121 and more). Prints one JSON object, then one line per goal, met or
not. ``BENCH_WORKERS`` sets the worker processes (default: every core); ``--ismcts
0`` skips ISMCTS's matches, ``--variants scopa`` measures one variant.
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
from typing import Any

import bench.foraccio_minded
from foraccio.bots import choose_move
from foraccio.bots.ismcts import (
    DEFAULT_ITERATIONS,
    MAX_ITERATIONS,
    PLAYOUT_PLIES,
    _playout,
    engine_playout,
    full_playout,
    search_stats,
)
from foraccio.cli.simulate import (
    MatchJob,
    MatchResult,
    match_seed,
    mean_ci,
    play_match,
    progress_console,
    simulate,
    summarize,
    wilson,
)
from foraccio.core import compiled
from foraccio.core.engine import new_match, play, rules_of
from foraccio.core.errors import UnknownVariant
from foraccio.core.registry import get_variant
from foraccio.core.view import plays_made, seat_view

WORKERS = int(os.environ.get("BENCH_WORKERS", os.cpu_count() or 1))
SEED = 2026

VARIANTS: dict[str, dict[str, Any]] = {
    "foraccio": {}, "zobelon": {}, "scopa": {"players": 2}, "scopone-scientifico": {}}
"""The variants measured, with their options: the built-in ones and the examples."""

HEURISTIC_GOAL = 0.95
"""The heuristic wins at least this share of its matches against random, in every
variant."""

WIN_RATE_GOAL = 0.75
"""ISMCTS wins at least this share of its matches against the heuristic..."""

SECONDS_PER_MOVE_GOAL = 0.2
"""...taking at most this many seconds a move (the median)."""

SCOPA_GOAL = 0.60
"""In Scopa, the heuristic reading Scopa's score lines wins at least this share of its
matches against the Foraccio-minded one."""

START_PLAYOUTS_PER_SECOND = 914
"""ISMCTS's playouts a second in Foraccio (the median) when issue #15's work began, on
the development machine: a figure of that machine, so a speed-up measured on another
one compares runs of the two versions there."""

PLAYOUTS_GOAL = 5
"""Issue #15's goal for playouts a second: this many times :data:`START_PLAYOUTS_PER_SECOND`."""

FULL_HAND_GOAL = 3
"""Issue #34's goal for playouts a second: this many times those of the playouts before
it, which played every hand to its end (:func:`~foraccio.bots.ismcts.full_playout`, measured
beside them on the same positions, so on the same machine under the same load)."""


def win_rate(wins: int, matches: int) -> dict:
    return {"matches": matches, "wins": wins, "win_rate": wins / matches if matches else None,
            "ci95": wilson(wins, matches)}


def heuristic_vs(variant: str, opponent: str, matches: int) -> dict:
    """The heuristic against ``opponent``: its wins, line-ups changing teams."""
    start = time.perf_counter()
    summary = simulate(variant, (("heuristic",) * 2, (opponent,) * 2), matches, SEED,
                       options=VARIANTS[variant], workers=WORKERS,
                       progress=progress_console())
    first = summary["lineups"][0]
    return {**win_rate(first["wins"], matches), "variant": variant, "against": opponent,
            "hand_point_advantage": summary["hand_point_advantage"]["mean"],
            "seconds": round(time.perf_counter() - start, 1)}


def lineups(opponent: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """ISMCTS's team, then ``opponent``'s."""
    return ("ismcts",) * 2, (opponent,) * 2


def _match_pairs(variant: str, first: int, count: int,
                 opponent: str = "heuristic") -> list[MatchJob]:
    """Matches ``2 * first`` to ``2 * (first + count) - 1``: two a seed, teams swapped
    (``play_match`` gives line-up ``l`` team ``(l + index) % 2``)."""
    return [MatchJob(index, match_seed(SEED, index // 2), variant, VARIANTS[variant], (),
                     lineups(opponent), None)
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
        for a, b in zip(first.points, second.points, strict=False):
            paired.append((a[0] - max(a[1:]) + b[0] - max(b[1:])) / 2)
    return paired


def ismcts_vs(variant: str, matches: int, opponent: str = "heuristic") -> dict:
    """``matches`` matches (rounded up to pairs on one seed) of ISMCTS against
    ``opponent``."""
    start = time.perf_counter()
    results = _play(_match_pairs(variant, 0, (matches + 1) // 2, opponent))
    seating = rules_of(new_match(variant, SEED, VARIANTS[variant])).seating
    summary = summarize(results, variant, lineups(opponent), SEED, VARIANTS[variant], (),
                        None, seating)
    advantage = mean_ci(_paired_hands(results))
    first = summary["lineups"][0]
    return {**win_rate(first["wins"], len(results)), "variant": variant, "against": opponent,
            "hands": summary["hands"], "seconds": round(time.perf_counter() - start, 1),
            "hand_point_advantage": {"mean": advantage["mean"], "ci95": advantage["ci95"],
                                     "deals": advantage["hands"]}}


def ismcts_speed(variant: str, positions: int = 16, playouts: bool = False) -> dict:
    """ISMCTS's seconds a move at its default budget, at positions spread through
    heuristic-played hands of ``variant`` (the median and the most; CPU seconds of this
    process, which the other work of a busy machine disturbs less); with ``playouts``,
    also the playouts a second on the fast playout and on the engine's (the same
    playouts: tests/core/test_simulation.py), interleaved position by position so that
    both meet the same machine load, in CPU seconds of this process."""
    views = _positions(variant, positions)
    per_move, fast, engine, full, at_start = [], [], [], [], []
    for index, view in enumerate(views):
        start = time.process_time()
        choose_move("ismcts", view, 1)
        per_move.append(time.process_time() - start)
        if playouts:
            for playout, rates in ((_playout, fast), (engine_playout, engine),
                                   (full_playout, full)):
                stats = search_stats(view, random.Random(SEED + index), 200, playout)
                rates.append(stats["iterations"] / stats["cpu_seconds"])
            if not plays_made(view):
                at_start.append(fast[-1])
    found = {"variant": variant,
             "engine": "compiled" if "foraccio.bots.simulation" in compiled.active() else "source",
             "positions": len(views),
             "seconds_per_move_median": round(statistics.median(per_move), 4),
             "seconds_per_move_max": round(max(per_move), 4)}
    if playouts:
        found |= {"default_iterations": DEFAULT_ITERATIONS, "max_iterations": MAX_ITERATIONS,
                  "playouts_per_second_median": round(statistics.median(fast)),
                  "engine_path_playouts_per_second_median": round(statistics.median(engine)),
                  "speedup": round(statistics.median(fast) / statistics.median(engine), 2),
                  "playouts_per_second_start_of_hand": round(statistics.median(at_start)),
                  "playout_plies": PLAYOUT_PLIES,
                  "full_hand_playouts_per_second_median": round(statistics.median(full)),
                  "over_full_hand": round(statistics.median(fast) / statistics.median(full),
                                          2)}
    return found


def _positions(variant: str, positions: int) -> list:
    """About ``positions`` views, every sixth play of heuristic-played hands."""
    views = []
    seed = 0
    while len(views) < positions:
        state = new_match(variant, seed, VARIANTS[variant])
        plays = 0
        while state.phase == "playing":
            view = seat_view(state, state.turn)
            if plays % 6 == 0:
                views.append(view)
            state, _ = play(state, choose_move("heuristic", view, seed))
            plays += 1
        seed += 1
    return views[:positions]


def summary_lines(report: dict) -> list[str]:
    """One line per goal, each with its figure, its 95% interval and whether it is met: a
    win rate meets its goal when the interval's lower bound does (the matches show it,
    not only their luck)."""
    lines = []
    for variant, found in report["variants"].items():
        against = found.get("heuristic_vs_random")
        if against:
            lines.append(f"{variant}: heuristic against random {_rate(against)} "
                         f"(goal >= {HEURISTIC_GOAL}: {_met(_shown(against, HEURISTIC_GOAL))})")
        speed = found.get("ismcts_speed")
        for search in (found.get("ismcts_vs_heuristic"), found.get("ismcts_vs_chitarrella")):
            if not (speed and search):
                continue
            per_move = speed["seconds_per_move_median"]
            advantage = search["hand_point_advantage"]
            low, high = advantage["ci95"] or (float("nan"), float("nan"))
            if search["against"] == "heuristic":
                met = _shown(search, WIN_RATE_GOAL) and per_move <= SECONDS_PER_MOVE_GOAL
                goal = (f"goal >= {WIN_RATE_GOAL} at <= {SECONDS_PER_MOVE_GOAL} s: "
                        f"{_met(met)}")
            else:
                goal = "no goal: the rule-based player of the books"
            lines.append(f"{variant}: ismcts against {search['against']} {_rate(search)} at "
                         f"{per_move} s a move ({speed['engine']} engine; {goal}), hand "
                         f"points {advantage['mean']:+.2f} a deal ({low:+.2f}..{high:+.2f}, "
                         f"{advantage['deals']} paired deals)")
        if speed and "playouts_per_second_median" in speed:
            rate = speed["playouts_per_second_median"]
            lines.append(f"{variant}: ismcts {rate} playouts/s ({speed['playout_plies']} plays "
                         f"a playout), x{speed['over_full_hand']} of the "
                         f"{speed['full_hand_playouts_per_second_median']}/s of playouts to "
                         f"the end of the hand as before (goal x{FULL_HAND_GOAL}: "
                         f"{_met(speed['over_full_hand'] >= FULL_HAND_GOAL)}); "
                         f"x{rate / START_PLAYOUTS_PER_SECOND:.2f} of the "
                         f"{START_PLAYOUTS_PER_SECOND}/s at issue #15's start (goal "
                         f"x{PLAYOUTS_GOAL}: "
                         f"{_met(rate >= PLAYOUTS_GOAL * START_PLAYOUTS_PER_SECOND)}); engine "
                         f"path {speed['engine_path_playouts_per_second_median']}, "
                         f"x{speed['speedup']}")
    minded = report.get("scopa_against_foraccio_minded")
    if minded:
        lines.append(f"scopa: heuristic reading Scopa's score lines against the Foraccio-"
                     f"minded one {_rate(minded)} (goal >= {SCOPA_GOAL}: "
                     f"{_met(_shown(minded, SCOPA_GOAL))})")
    return lines


def _shown(found: dict, goal: float) -> bool:
    """Whether the 95% interval of a win rate lies at or above ``goal``."""
    return found["ci95"][0] >= goal


def _rate(found: dict) -> str:
    low, high = found["ci95"]
    return (f"{found['win_rate']:.3f} (95% interval {low:.3f}..{high:.3f}, "
            f"{found['matches']} matches)")


def _met(met: bool) -> str:
    return "met" if met else "NOT met"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bots",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help="comma-separated, among %(default)s")
    parser.add_argument("--random", type=int, default=3000,
                        help="matches of the heuristic against random, per variant (0: skip)")
    parser.add_argument("--ismcts", type=int, default=60,
                        help="matches of ISMCTS against the heuristic, per variant (0: skip)")
    parser.add_argument("--chitarrella", type=int, default=60,
                        help="matches in Scopone of ISMCTS against the rule-based player "
                             "chitarrella of the Scopone example (0: skip)")
    parser.add_argument("--scopa", type=int, default=300,
                        help="matches in Scopa of the heuristic against the Foraccio-minded "
                             "one (0: skip)")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"workers": WORKERS, "variants": {}}
    for variant in args.variants.split(","):
        try:
            get_variant(variant)
        except UnknownVariant as error:
            print(f"{variant}: left out: {error.message}", file=sys.stderr)
            continue
        found = report["variants"][variant] = {}
        if args.random:
            found["heuristic_vs_random"] = heuristic_vs(variant, "random", args.random)
        if args.ismcts:
            found["ismcts_speed"] = ismcts_speed(variant, playouts=variant == "foraccio")
            found["ismcts_vs_heuristic"] = ismcts_vs(variant, args.ismcts)
            if variant == "scopone-scientifico" and args.chitarrella:
                found["ismcts_vs_chitarrella"] = ismcts_vs(variant, args.chitarrella,
                                                           "chitarrella")
        print(json.dumps({variant: found}), file=sys.stderr)
    if args.scopa and "scopa" in report["variants"]:
        report["scopa_against_foraccio_minded"] = heuristic_vs(
            "scopa", bench.foraccio_minded.NAME, args.scopa)
    print(json.dumps(report, indent=2))
    print("\n".join(summary_lines(report)))


if __name__ == "__main__":
    main()
