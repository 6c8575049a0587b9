"""Random-playout speed of every variant through the engine's public functions.

A playout is what a bot's simulation or an API client does: ``legal_moves``,
a uniformly random choice, ``play``; ``next_hand`` between hands and
``new_match`` per match. Each variant is measured in several runs of a few
seconds; the medians are reported. Run with ``make bench``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench import naive
from core.engine import legal_moves, new_match, next_hand, play
from core.registry import variants

FLOOR = 200_000
GOAL = 350_000
NAIVE_WHEN_SET = 140_000
"""The floor and goal were set on a machine where the naive playout (bench/naive.py)
made about this many plays/s; the benchmark also quotes them scaled to the naive
playout measured in the same run, as the machines' speed varies."""


def playout_run(variant: str, seconds: float, first_seed: int) -> tuple[float, float]:
    """Play random matches for ``seconds``; return (card plays/s, matches/s)."""
    players = random.Random(first_seed)
    plays = matches = 0
    seed = first_seed
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new_match(variant, seed)
        seed += 1
        while state.phase != "game_over":
            if state.phase == "hand_over":
                state = next_hand(state)
            state, _ = play(state, players.choice(legal_moves(state)))
            plays += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return plays / elapsed, matches / elapsed


def naive_run(seconds: float, first_seed: int) -> float:
    """Play naive random matches for ``seconds``; return card plays/s."""
    players = random.Random(first_seed)
    plays = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        plays += naive.play_match(players)
    return plays / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variant", action="append", help="variant to measure (default: all)")
    args = parser.parse_args(argv)
    names = args.variant or sorted(variants())
    print(f"Random playouts, {args.runs} runs of {args.seconds:g} s per variant, one core")
    # Interleave the runs so that machine noise hits every measurement alike.
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    naive_plays: list[float] = []
    for run in range(args.runs):
        naive_plays.append(naive_run(args.seconds, first_seed=run))
        for name in names:
            results[name].append(playout_run(name, args.seconds, first_seed=run * 100_000))
    naive_median = statistics.median(naive_plays)
    scale = naive_median / NAIVE_WHEN_SET
    print(f"  {'naive':<12} {naive_median:>10,.0f} card plays/s  (the yardstick, bench/naive.py; "
          f"{NAIVE_WHEN_SET:,} where the goals were set: this machine runs at {scale:.2f}x)")
    per_play: dict[str, float] = {}
    for name in names:
        plays = statistics.median(r[0] for r in results[name])
        matches = statistics.median(r[1] for r in results[name])
        per_play[name] = 1e6 / plays
        print(f"  {name:<12} {plays:>10,.0f} card plays/s  {matches:>8,.1f} matches/s  "
              f"{per_play[name]:.2f} us/play  {plays / naive_median:.2f}x naive")
        print(f"  {'':<12} floor {FLOOR:,} / goal {GOAL:,}: {_verdict(plays, 1.0)} as stated; "
              f"{_verdict(plays, scale)} scaled to this machine "
              f"(floor {FLOOR * scale:,.0f}, goal {GOAL * scale:,.0f})")
    if "foraccio" in per_play:
        for name in names:
            if name != "foraccio":
                print(f"  {name} / foraccio time per play: "
                      f"{per_play[name] / per_play['foraccio']:.2f}x")


def _verdict(plays: float, scale: float) -> str:
    if plays >= GOAL * scale:
        return "goal met"
    return "floor met" if plays >= FLOOR * scale else "BELOW FLOOR"


if __name__ == "__main__":
    main()
