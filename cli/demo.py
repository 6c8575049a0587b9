"""Play one seeded match between random players and print each hand's score sheet.

The hands are told in the terminal table's words (:mod:`foraccio.cli.table.words`), as someone
watching the table would read them: seats by number, teams by their seats; in the language
of ``--lang`` or the locale, as the ``foraccio`` command speaks (:mod:`foraccio.cli.language`).

Run with ``python -m foraccio.cli.demo [--variant NAME] [--seed N] [--lang en|it]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

import msgspec
from rich.console import Console

from foraccio.cli.language import (
    add_language_argument,
    argparse_speaking,
    language_asked,
    speaking,
)
from foraccio.cli.table import speech
from foraccio.cli.table.places import places
from foraccio.cli.table.render import score_sheet
from foraccio.cli.table.words import event_words, match_won
from foraccio.core.engine import legal_moves, new_match, next_hand, play, rules_of
from foraccio.core.registry import get_variant
from foraccio.core.words import speak
from foraccio.lab.speech import Speech

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


def parser(_: Speech) -> argparse.ArgumentParser:
    """The demo's command line, its help in the language of ``_``."""
    demo = speaking(argparse.ArgumentParser(
        prog="python -m foraccio.cli.demo", add_help=False,
        description=_("Play one seeded match between random players and print each hand's "
                      "score sheet.")), _)
    demo.add_argument("--variant", default="foraccio", help=_("the variant to play "
                                                              "(default: %(default)s)"))
    demo.add_argument("--seed", type=int, default=1,
                      help=_("the seed of the deals and the players (default: %(default)s)"))
    add_language_argument(demo, _)
    return demo


def main(argv: Sequence[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else list(argv)
    said = Speech(language_asked(argv))
    with argparse_speaking(said):
        args = parser(said).parse_args(argv)
    with speech.speaking(args.lang) as _:
        tell(args.variant, args.seed, _)


def tell(variant: str, seed: int, _: Speech) -> None:
    """Play the match of ``variant`` dealt from ``seed`` and tell it, saying first what
    the demo does."""
    console = Console(highlight=False)
    title = speak(get_variant(variant), _.language)["title"]
    console.print(_("{variant}, seed {seed}: random players play a whole match; each "
                    "hand's deal and score sheet follow.").format(variant=title, seed=seed))
    for state in play_random_match(variant, seed):
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
