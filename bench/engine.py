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

from core.engine import legal_moves, new_match, next_hand, play
from core.registry import variants

FLOOR = 200_000
GOAL = 350_000


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variant", action="append", help="variant to measure (default: all)")
    args = parser.parse_args(argv)
    names = args.variant or sorted(variants())
    print(f"Random playouts, {args.runs} runs of {args.seconds:g} s per variant, one core")
    per_play: dict[str, float] = {}
    # Interleave the variants' runs so that machine noise hits them alike.
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    for run in range(args.runs):
        for name in names:
            results[name].append(playout_run(name, args.seconds, first_seed=run * 100_000))
    for name in names:
        plays = statistics.median(r[0] for r in results[name])
        matches = statistics.median(r[1] for r in results[name])
        per_play[name] = 1e6 / plays
        verdict = "goal met" if plays >= GOAL else "floor met" if plays >= FLOOR else "BELOW FLOOR"
        print(f"  {name:<12} {plays:>10,.0f} card plays/s  {matches:>8,.1f} matches/s  "
              f"({per_play[name]:.2f} us/play; floor {FLOOR:,}, goal {GOAL:,}: {verdict})")
    if "foraccio" in per_play:
        for name in names:
            if name != "foraccio":
                print(f"  {name} / foraccio time per play: "
                      f"{per_play[name] / per_play['foraccio']:.2f}x")


if __name__ == "__main__":
    main()
