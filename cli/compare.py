"""``foraccio compare``: what a house rule, an option, a variant or a bot changes, measured
over many matches played on the same seeds (the house-rule lab, :mod:`lab`).

The first setup (the baseline) is the variant with ``--options``, ``--house-rules``
and ``--bots``; each ``--with-...`` adds a setup that changes one of them. Every setup
plays the same seeds; the report gives each setup's figures and their paired
differences from the baseline with 95% intervals, and says which are significant:
a table on standard output (``--json`` for the JSON report, ``--html FILE`` for a
page with plots). The matches run on every core of this machine, or on a Dask
cluster (``--dask tcp://host:8786``); the report is the same either way. Each chunk
of matches is written to the results file as it is done: after a stop (Ctrl-C),
``--resume`` plays only what is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from foraccio.bots import Budget, bot_called
from foraccio.cli.arguments import names
from foraccio.core.errors import EngineError
from foraccio.lab.compare import compare
from foraccio.lab.html import page
from foraccio.lab.progress import progress_console
from foraccio.lab.report import table
from foraccio.lab.results import ResumeError
from foraccio.lab.runner import default_workers
from foraccio.lab.setups import Setup, searching, seat_bots, seating_of
from foraccio.lab.speech import ENGLISH, Speech


class _Change(argparse.Action):
    """Keeps every ``--with-...`` in the order given, as (what, value)."""

    def __call__(self, parser, namespace, value, option_string=None):
        changes = [*(getattr(namespace, "changes", None) or []), (self.const, value)]
        namespace.changes = changes


def add_parser(commands: argparse._SubParsersAction, _: Speech) -> argparse.ArgumentParser:
    """Add ``compare`` to the ``foraccio`` command's subcommands, speaking the language of
    ``_``."""
    cmp = commands.add_parser(
        "compare", add_help=False,
        help=_("measure what a house rule, option, variant or bot changes"),
        description=_("Play the same seeds with a baseline and with changes of it, and "
                      "report each setup's figures and the differences with 95% "
                      "intervals."),
        epilog=_("Example: {command}").format(
            command="foraccio compare foraccio --with-house-rules colore --matches 2000"))
    cmp.add_argument("variant", help=_("the variant of the baseline"))
    cmp.add_argument("--options", default={}, type=json.loads,
                     help=_("the baseline's options, a JSON object, e.g. {example}").format(
                         example="'{\"target\": 31}'"))
    cmp.add_argument("--house-rules", default=(), type=names,
                     help=_("the baseline's house rules, comma-separated"))
    cmp.add_argument("--bots", default=("heuristic",), type=names,
                     help=_("the baseline's bots: one for every seat, one per team or one "
                            "per seat, comma-separated (default: heuristic)"))
    cmp.add_argument("--with-house-rules", type=names, action=_Change, const="house_rules",
                     metavar="RULES",
                     help=_("a setup with these house rules added (repeatable)"))
    cmp.add_argument("--with-options", type=json.loads, action=_Change, const="options",
                     metavar="JSON", help=_("a setup with these options changed (repeatable)"))
    cmp.add_argument("--with-bots", type=names, action=_Change, const="bots", metavar="BOTS",
                     help=_("a setup with these bots instead (repeatable)"))
    cmp.add_argument("--with-variant", action=_Change, const="variant", metavar="VARIANT",
                     help=_("a setup playing this variant instead (repeatable)"))
    cmp.add_argument("--matches", type=int, default=1000,
                     help=_("matches per setup, the same seeds in each (default: "
                            "%(default)s)"))
    cmp.add_argument("--seed", type=int, default=0,
                     help=_("the run's seed (default: %(default)s)"))
    cmp.add_argument("--workers", type=int, default=None,
                     help=_("processes of this machine that play (default: every core); "
                            "the report does not depend on it"))
    cmp.add_argument("--dask", metavar="ADDRESS",
                     help=_("play on this Dask scheduler's cluster instead, e.g. "
                            "tcp://10.0.0.5:8786; the report does not depend on it"))
    cmp.add_argument("--iterations", type=int, default=None,
                     help=_("ISMCTS iterations per move (default: the bot's own)"))
    cmp.add_argument("--json", action="store_true",
                     help=_("print the JSON report (fields: docs/lab.md) instead of the "
                            "table"))
    cmp.add_argument("--html", type=Path, metavar="FILE",
                     help=_("also write the report as a self-contained HTML page with plots"))
    cmp.add_argument("--results", type=Path, default=Path("compare-results.jsonl"),
                     metavar="FILE", help=_("where each chunk of matches is kept as it is "
                                            "played (default: %(default)s)"))
    cmp.add_argument("--resume", action="store_true",
                     help=_("continue the run kept in --results (give the same arguments)"))
    cmp.add_argument("--overwrite", action="store_true",
                     help=_("replace the run kept in --results (without it, a file there "
                            "is never replaced)"))
    cmp.add_argument("--quiet", action="store_true",
                     help=_("no progress bar on standard error (it shows only on a "
                            "terminal)"))
    cmp.set_defaults(run=run, changes=None)
    return cmp


def setups_of(args: argparse.Namespace, _: Speech = ENGLISH) -> list[Setup]:
    """The baseline and one setup per ``--with-...``, checked (raise the engine's error,
    or ValueError on bots that do not fit the seats)."""
    base = {"variant": args.variant, "options": dict(args.options),
            "house_rules": tuple(args.house_rules), "bots": wire_names(args.bots)}
    wanted: list[tuple[str, dict[str, Any]]] = [("baseline", base)]
    for what, value in args.changes or ():
        if what == "house_rules":
            wanted.append(("+" + "+".join(value),
                           {**base, "house_rules": base["house_rules"] + tuple(value)}))
        elif what == "options":
            shown = ",".join(f"{key}={option}" for key, option in value.items())
            wanted.append((shown, {**base, "options": {**base["options"], **value}}))
        elif what == "bots":
            bots = wire_names(value)
            wanted.append((",".join(bots), {**base, "bots": bots}))
        else:
            wanted.append((value, {**base, "variant": value}))
    setups, taken = [], set()
    for name, setup in wanted:
        unique, number = name, 2
        while unique in taken:
            unique, number = f"{name} ({number})", number + 1
        taken.add(unique)
        seating = seating_of(setup["variant"], setup["options"], setup["house_rules"])
        setups.append(Setup(name=unique, variant=setup["variant"], options=setup["options"],
                            house_rules=setup["house_rules"],
                            bots=seat_bots(setup["bots"], seating, _)))
    return setups


def wire_names(bots: Sequence[str]) -> tuple[str, ...]:
    """Bots named by their names or their titles in any language (``euristico``), as
    their names; a name no bot has is kept, for the setup's check to refuse."""
    return tuple(bot_called(bot) or bot for bot in bots)


def run(args: argparse.Namespace) -> int:
    """Run ``foraccio compare`` with its parsed arguments."""
    _: Speech = getattr(args, "speech", None) or Speech()

    def say(message: str, status: int = 2) -> int:
        print(f"foraccio compare: {message}", file=sys.stderr)
        return status

    try:
        # Fail on a bad variant, option, house rule or bot before starting any worker.
        setups = setups_of(args, _)
    except EngineError as error:
        return say(_(error.message))  # a Phrase: said in the language asked for
    except ValueError as error:
        return say(f"--bots: {error}")
    if len(setups) < 2:
        return say(_("nothing to compare: add a setup with --with-house-rules, "
                      "--with-options, --with-bots or --with-variant"))
    if args.matches < 1:
        return say(_("--matches must be 1 or more"))
    if args.results.exists() and not (args.resume or args.overwrite):
        return say(_("{file} already holds a run: --resume continues it, --overwrite "
                      "replaces it, --results FILE keeps this run in another file").format(
                          file=args.results))
    budget = None
    if args.iterations is not None and searching(setups):
        budget = Budget(iterations=args.iterations)
    try:
        outcome = compare(setups, args.matches, args.seed, budget=budget,
                          workers=args.workers or default_workers(), dask=args.dask,
                          results_file=args.results, resume=args.resume,
                          progress=None if args.quiet else progress_console(),
                          language=_.language)
    except ResumeError as error:
        return say(f"--resume: {error}")
    except OSError as error:
        return say(_("--dask: cannot reach the scheduler at {address}: {error}").format(
            address=args.dask, error=error))
    report = outcome.report
    if report is None:
        return say(_("stopped before any match was played"), 130)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        console = Console()
        console.print(table(report, _))
        for sentence in report["findings"]:
            console.print("• " + sentence, markup=False, highlight=False, soft_wrap=True)
    if args.html is not None:
        args.html.write_text(page(report, _), encoding="utf-8")
        say(_("the report with its plots is in {file}").format(file=args.html), 0)
    if outcome.stopped:
        return say(_("stopped after {played} of {asked} matches; --resume continues the "
                      "run kept in {file}").format(played=report["matches"],
                                                   asked=args.matches, file=args.results),
                    130)
    return say(_("the matches played are kept in {file}").format(file=args.results), 0)
