"""The ``foraccio`` command: parses the command line and runs the subcommand asked for.

Each subcommand lives in its own module, which adds its parser (``add_parser``) and
sets the function that runs it (``run``). Everything is said in the language of
``--lang`` or the locale (:mod:`foraccio.cli.language`), the help included.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from foraccio import __version__
from foraccio.cli import compare, serve, simulate
from foraccio.cli.language import (
    add_language_argument,
    argparse_speaking,
    language_asked,
    speaking,
)
from foraccio.cli.table import command as play
from foraccio.core.registry import variants
from foraccio.lab.speech import Speech, variant_title


def parser(_: Speech | None = None) -> argparse.ArgumentParser:
    """The parser of the ``foraccio`` command and all its subcommands, speaking the
    language of ``_`` (English by default)."""
    _ = _ or Speech()
    root = speaking(argparse.ArgumentParser(
        prog="foraccio", add_help=False,
        description=_("Play {games}: bots against bots, or a person against bots at a "
                      "terminal table; serve the API and the web table.").format(
                          games=games(_))), _)
    # The release (foraccio.__version__), which the document and the answers also give.
    root.add_argument("--version", action="version",
                      version=f"%(prog)s {__version__}",
                      help=_("show the release and exit"))
    add_language_argument(root, _)
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                   title=_("commands"))
    for module in (simulate, compare, play, serve):
        sub = module.add_parser(commands, _)
        speaking(sub, _)
        add_language_argument(sub, _)
    return root


def games(_: Speech) -> str:
    """Every game installed here, by its title in the language of ``_``: "Foraccio,
    Zobelon and Scopa"."""
    titles = [variant_title(name, _) for name in variants()]
    if len(titles) < 2:
        return "".join(titles)
    return _("{names} and {last}").format(names=", ".join(titles[:-1]), last=titles[-1])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``foraccio`` command; return its exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    _ = Speech(language_asked(argv))
    with argparse_speaking(_):
        args = parser(_).parse_args(argv)
    args.speech = _
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
