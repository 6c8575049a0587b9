"""Play one seeded match between random players and print each hand's score sheet.

The hands are told in the terminal table's words (:mod:`foraccio.cli.table.words`), as someone
watching the table would read them: seats by number, teams by their seats.

Run with ``python -m foraccio.cli.demo [--variant NAME] [--seed N]``.
"""

from __future__ import annotations

import argparse
import random

import msgspec
from rich.console import Console

from foraccio.cli.table.places import places
from foraccio.cli.table.render import score_sheet
from foraccio.cli.table.words import event_words, match_won
from foraccio.core.engine import legal_moves, new_match, next_hand, play, rules_of

PLAYER = "random"
"""Who plays every seat: a uniformly random choice among the legal moves."""


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
    console = Console(highlight=False)
    for state in play_random_match(args.variant, args.seed):
        rules = rules_of(state)
        watching = places(rules.seating.teams, rules.seating.order, me=None)
        players = (PLAYER,) * rules.seating.seats
        events = msgspec.to_builtins(state.events)
        dealt = next(event for event in events if event["type"] == "dealt")
        scored = next(event for event in events if event["type"] == "hand_scored")
        console.print()
        console.print(event_words(dealt, players, watching), style="bold")
        console.print(score_sheet(scored, rules.target, watching))
    console.print()
    console.print(match_won(state.winner, state.scores, watching), style="bold")


if __name__ == "__main__":
    main()
