"""What a step of the PettingZoo environment costs beside the engine's own random playout.

An engine move of a random playout is ``legal_moves``, a random choice and ``play``
(``next_hand`` between hands, ``new_match`` per match: :func:`bench.engine.random_match`).
Through the environment (:func:`foraccio.research.pettingzoo.env`, as a user makes it)
a move is one or a few steps, each ``env.last()`` (the observation and the action mask),
a random action among those the mask allows and ``env.step``; a match is ``env.reset``
and steps until every agent has left. Both sides play whole matches of every variant,
the same seeds one after the other, so that machine noise hits both alike; the median
match's cost per engine move is reported, in the process's CPU time (which the machine's
other work and a match it slowed do not move), with the environment's steps per move.
The goal (issue #42): a move through the environment costs at most twice the engine's.
Run with ``make bench``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.engine import engine_in_use, random_match
from foraccio.core.registry import variants
from foraccio.research.pettingzoo import env

GOAL = 2.0
"""The most a move through the environment may cost, in engine moves."""


def engine_match(variant: str, seed: int, players: random.Random) -> tuple[float, int, int]:
    """Play the match of ``seed`` through the engine with moves chosen by ``players``;
    return (seconds, moves, steps: one a move)."""
    start = time.process_time()
    moves = random_match(variant, seed, players)
    return time.process_time() - start, moves, moves


def env_match(match, seed: int, players: random.Random) -> tuple[float, int, int]:
    """Play the match of ``seed`` through ``match`` (an environment) with actions chosen
    by ``players`` at random among those its mask allows; return (seconds, moves,
    steps)."""
    start = time.process_time()
    match.reset(seed=seed)
    steps = 0
    choose = players.choice
    for _agent in match.agent_iter():
        observation, _, ended, _, _ = match.last()
        if ended:
            match.step(None)
            continue
        # the mask's legal actions as Python ints: np.flatnonzero costs four times more
        match.step(choose(observation["action_mask"].nonzero()[0].tolist()))
        steps += 1
    elapsed = time.process_time() - start
    return elapsed, sum(len(record.moves) for record in match.unwrapped.state.record), steps


def measure(variant: str, seconds: float, first_seed: int) -> dict[str, list[tuple]]:
    """Play random matches of the same seeds (the same deals) through the engine and
    through the environment, one after the other, for about ``seconds``; return each
    side's (seconds per move, steps per move) of every match."""
    match = env(variant)
    sides = {"engine": (engine_match, variant), "env": (env_match, match)}
    costs: dict[str, list[tuple]] = {side: [] for side in sides}
    deadline = time.perf_counter() + seconds
    seed = first_seed
    while time.perf_counter() < deadline:
        for side, (play, player) in sides.items():
            elapsed, moves, steps = play(player, seed, random.Random(seed))
            costs[side].append((elapsed / moves, steps / moves))
        seed += 1
    return costs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="how long to play each variant (both sides)")
    parser.add_argument("--variant", action="append", help="variant to measure (default: all)")
    args = parser.parse_args(argv)
    names = args.variant or sorted(variants())
    engine = engine_in_use()
    print(f"PettingZoo steps beside the engine's random playout on {engine}, matches of "
          f"the same seeds on both, {args.seconds:g} s per variant, one core; the median "
          f"match's cost per engine move")
    # Each match is played on both sides in turn, so that machine noise hits both alike;
    # the median match is judged, which a preempted match or a collection does not move.
    for name in names:
        costs = measure(name, args.seconds, first_seed=0)
        engine_move = statistics.median(cost for cost, _ in costs["engine"])
        env_move = statistics.median(cost for cost, _ in costs["env"])
        steps = statistics.median(steps for _, steps in costs["env"])
        ratio = env_move / engine_move
        verdict = "met" if ratio <= GOAL else "NOT MET"
        print(f"  {name:<20} engine {engine_move * 1e6:6.2f} us/move   PettingZoo "
              f"{env_move * 1e6:6.2f} us/move ({steps:.2f} steps/move, "
              f"{env_move / steps * 1e6:5.2f} us/step)   {ratio:.2f}x; goal <= {GOAL:g}: "
              f"{verdict}  ({len(costs['env'])} matches)")


if __name__ == "__main__":
    main()
