"""Play one seeded match between random players and print each hand's score lines.

Run with ``python -m cli.demo [--variant NAME] [--seed N]``.
"""

from __future__ import annotations

import argparse
import random

from core.engine import legal_moves, new_match, next_hand, play


def play_random_match(variant: str, seed: int):
    """Play a whole match with uniformly random legal moves; yield the state after each hand."""
    players = random.Random(seed)
    state = new_match(variant, seed)
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = next_hand(state)
        state, _ = play(state, players.choice(legal_moves(state)))
        if state.phase != "playing":
            yield state


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="foraccio")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for state in play_random_match(args.variant, args.seed):
        scored = state.events[-1] if state.winner is None else state.events[-2]
        print(f"Hand {state.hand} (dealer: seat {state.dealer})")
        for line in scored.lines:
            cards = f"  [{' '.join(line.cards)}]" if line.cards else ""
            print(f"  team {line.team}  {line.name:<14} {line.points:>3}{cards}")
        print(f"  hand: {'-'.join(map(str, scored.points))}   "
              f"match: {'-'.join(map(str, state.scores))}")
    print(f"Team {state.winner} wins {'-'.join(map(str, state.scores))}.")


if __name__ == "__main__":
    main()
