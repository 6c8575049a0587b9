"""``foraccio play``: its options, and the start of the match they ask for."""

from __future__ import annotations

import argparse
import secrets

from rich.console import Console

from bots import BOTS
from cli.arguments import add_match_arguments
from cli.table.base import TableError
from cli.table.choose import Quit
from cli.table.game import TableLoop
from cli.table.local import LocalTable
from cli.table.remote import RemoteTable

MAX_SEED = 2**53 - 1


def parse_bots(text: str) -> tuple[str, ...]:
    """One bot for every other seat, or one for each other seat in seat order (in
    Foraccio three: right (seat 1), partner (2), left (3)); whether there are as many
    as the match has seats is checked when it starts. Seat 0's entry is the person's
    and unused."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot {unknown[0]!r}; known bots: {', '.join(sorted(BOTS))}")
    if not names:
        raise argparse.ArgumentTypeError("give 1 bot (for every other seat) or one for each "
                                         "other seat")
    return ("person", *names)


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``play`` to the ``foraccio`` command's subcommands."""
    play = commands.add_parser(
        "play", help="play a match against bots at a terminal table",
        description="You sit at seat 0, bots at the others (in Foraccio a bot partner "
                    "opposite, against two bots). Without --url the engine runs here; with "
                    "it, a running server deals a sealed game.")
    add_match_arguments(play)
    play.add_argument("--bots", type=parse_bots, default=parse_bots("heuristic"),
                      help="one bot for every other seat, or one for each other seat in seat "
                           "order (in Foraccio: right, partner, left) "
                           f"({', '.join(sorted(BOTS))}; default: heuristic)")
    play.add_argument("--seed", type=int, default=None,
                      help="deals and bots of a local match (default: a random one, shown "
                           "at the start); not with --url, whose server deals")
    play.add_argument("--url", default=None,
                      help="play a sealed game on the server at this URL, e.g. "
                           "http://127.0.0.1:8000, instead of the local engine")
    play.add_argument("--pace", type=float, default=1.0,
                      help="seconds to pause after each bot play (default: %(default)s)")
    play.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``foraccio play`` with its parsed arguments."""
    console = Console(highlight=False)
    house_rules = args.house_rules
    if args.url is not None and args.seed is not None:
        console.print("foraccio play: --seed goes with local matches only: a sealed game "
                      "on a server is dealt by the server.", style="red")
        return 2
    try:
        if args.url is None:
            seed = secrets.randbelow(MAX_SEED + 1) if args.seed is None else args.seed
            table = LocalTable(args.variant, args.options, house_rules, args.bots, seed)
        else:
            table = RemoteTable(args.url, args.variant, args.options, house_rules, args.bots)
        return TableLoop(table, console, pace=args.pace).run()
    except TableError as error:
        console.print(f"foraccio play: {error.message}", style="red")
        return 1
    except (Quit, KeyboardInterrupt):
        console.print("\nYou left the table.")
        return 0
