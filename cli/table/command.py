"""``foraccio play``: its options, and the start of the match they ask for."""

from __future__ import annotations

import argparse
import functools
import secrets
import sys

from rich.console import Console

from foraccio.bots import bot_plugins
from foraccio.cli.arguments import add_match_arguments, bot_names, bots_listed
from foraccio.cli.table.base import TableError
from foraccio.cli.table.choose import Quit
from foraccio.cli.table.game import TableLoop
from foraccio.cli.table.inbox import Inbox
from foraccio.cli.table.local import LocalTable
from foraccio.cli.table.remote import RemoteTable
from foraccio.cli.table.room import LINK_FORM, RoomTable, joined_link, read_link
from foraccio.cli.table.room_loop import RoomLoop
from foraccio.cli.table.speech import _, speaking
from foraccio.lab.speech import ENGLISH, Speech, bot_title, variant_title

MAX_SEED = 2**53 - 1


def parse_bots(text: str, _: Speech = ENGLISH) -> tuple[str, ...]:
    """One bot for every other seat, or one for each other seat in seat order (in
    Foraccio three: right (seat 2), partner (3), left (4)); whether there are as many
    as the match has seats, with the options chosen (a three-player Scopa has two other
    seats), is checked when it starts. Seat 0's entry (the first seat, the person's) is
    unused. A bot is named by its name or its title in any language
    (:func:`~foraccio.cli.arguments.bot_names`)."""
    names = bot_names(text, _)
    if not names:
        raise argparse.ArgumentTypeError(_("give 1 bot (for every other seat) or one for "
                                           "each other seat"))
    return ("person", *names)


DEFAULT_BOTS = parse_bots("heuristic")


def add_parser(commands: argparse._SubParsersAction, _: Speech) -> argparse.ArgumentParser:
    """Add ``play`` to the ``foraccio`` command's subcommands, speaking the language of
    ``_``."""
    play = commands.add_parser(
        "play", add_help=False,
        help=_("play a match against bots at a terminal table, or join a room"),
        description=_("You sit at seat 1, bots at the others (in Foraccio a bot partner "
                      "opposite, against two bots). Without --url the engine runs here; "
                      "with it, a running server deals a sealed game. With --room you join "
                      "a room on a server instead, by the link its host gave you: a seat's "
                      "link plays that seat against the room's people and bots, the host's "
                      "starts the match and watches it, a spectator's watches."))
    add_match_arguments(play, _)
    play.add_argument("--bots", type=functools.partial(parse_bots, _=_), default=DEFAULT_BOTS,
                      help=_("one bot for every other seat, or one for each other seat in "
                             "seat order (in Foraccio: right, partner, left; as many as the "
                             "options seat: two for a Scopa with --options "
                             "'{{\"players\": 3}}'); default: heuristic; the bots: "
                             "{bots}").format(bots=bots_listed(_)))
    play.add_argument("--seed", type=int, default=None,
                      help=_("deals and bots of a local match (default: a random one, shown "
                             "at the start); not with --url, whose server deals"))
    play.add_argument("--url", default=None,
                      help=_("play a sealed game on the server at this URL, e.g. "
                             "http://127.0.0.1:8000, instead of the local engine (with --room "
                             "and an invite alone: the room's server)"))
    play.add_argument("--room", default=None, metavar="LINK",
                      help=_("join a room by its link, {form} (or the invite "
                             "<room>.<secret> alone, with --url; write --room=<invite> when "
                             "it starts with -); the room's host chose its game, seats and "
                             "pace").format(form=LINK_FORM))
    play.add_argument("--pace", type=float, default=1.0,
                      help=_("seconds to pause after each bot play (default: %(default)s; "
                             "in a room, the room's pace)"))
    play.set_defaults(run=run)
    return play


def run(args: argparse.Namespace) -> int:
    """Run ``foraccio play`` with its parsed arguments, in the language asked for."""
    speech = getattr(args, "speech", None) or ENGLISH
    with speaking(speech.language):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    if args.room is not None:
        return run_room(args, console)
    house_rules = args.house_rules
    if args.url is not None and args.seed is not None:
        console.print("foraccio play: " + _("--seed goes with local matches only: a sealed "
                                            "game on a server is dealt by the server."),
                      style="red")
        return 2
    if (refused := not_offered(args.bots, args.variant)) is not None:
        console.print(f"foraccio play: {refused}", style="red")
        return 2
    try:
        if args.url is None:
            seed = secrets.randbelow(MAX_SEED + 1) if args.seed is None else args.seed
            table = LocalTable(args.variant, args.options, house_rules, args.bots, seed)
        else:
            table = RemoteTable(args.url, args.variant, args.options, house_rules, args.bots)
        return TableLoop(table, console, pace=args.pace).run()
    except TableError as error:
        console.print(f"foraccio play: {_(error.message)}", style="red")
        return 1
    except (Quit, KeyboardInterrupt):
        console.print("\n" + _("You left the table."))
        return 0


def not_offered(bots: tuple[str, ...], variant: str) -> str | None:
    """Why a bot of ``bots`` is not offered for ``variant`` (it names the variants it
    plays, as the web table offers it only for those), or None when each is."""
    for name in bots[1:]:
        plugin = bot_plugins().get(name)
        if plugin is not None and plugin.variants and variant not in plugin.variants:
            return _("The bot {bot} plays only {variants}, not {variant}.").format(
                bot=bot_title(name, _), variant=variant_title(variant, _),
                variants=", ".join(variant_title(one, _) for one in plugin.variants))
    return None


def run_room(args: argparse.Namespace, console: Console) -> int:
    """Join the room of ``--room`` and follow it until it is finished or the person
    leaves."""
    given = [flag for flag, set_up in (
        ("--variant", args.variant != "foraccio"), ("--options", bool(args.options)),
        ("--house-rules", bool(args.house_rules)), ("--bots", args.bots != DEFAULT_BOTS),
        ("--seed", args.seed is not None)) if set_up]
    if given:
        console.print("foraccio play: " + _("{flags} set up a match: a room's host has set "
                                            "up its match already.").format(
                                                flags=", ".join(given)), style="red")
        return 2
    try:
        link = read_link(args.room, args.url)
    except TableError as error:
        console.print(f"foraccio play: {_(error.message)}", style="red")
        return 2
    try:
        link, now = joined_link(link)
    except TableError as error:
        console.print(f"foraccio play: {_(error.message)}", style="red")
        return 1
    if now:
        console.print(_("You joined your seat: the invite now opens it for you alone, from "
                        "this account (its key is kept in the data directory)."))
    table = RoomTable(link)
    seat = None
    try:
        view = table.view()
        seat = view["seat"]
        inbox = Inbox()
        inbox.listen(table.follow(view["version"]))
        inbox.read_keyboard(sys.stdin.fileno())
        return RoomLoop(table, view, console, inbox).run()
    except TableError as error:
        console.print(f"foraccio play: {_(error.message)}", style="red")
        return 1
    except (Quit, KeyboardInterrupt):
        console.print("\n" + (_("You left the room; your seat waits for you: the same link "
                                "brings you back.") if seat is not None
                              else _("You left the room.")))
        return 0
    finally:
        table.close()
