"""The ``foraccio`` command: parses the command line and runs the subcommand asked for.

Each subcommand lives in its own module, which adds its parser (``add_parser``) and
sets the function that runs it (``run``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from foraccio import __version__
from foraccio.cli import compare, serve, simulate
from foraccio.cli.table import command as play


def parser() -> argparse.ArgumentParser:
    """The parser of the ``foraccio`` command and all its subcommands."""
    root = argparse.ArgumentParser(
        prog="foraccio", description="Play Foraccio and Zobelon: bots against bots, or a "
                                     "person against bots at a terminal table; serve the "
                                     "API and the web table.")
    # The release (foraccio.__version__), which the document and the answers also give.
    root.add_argument("--version", action="version",
                      version=f"%(prog)s {__version__}")
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
    simulate.add_parser(commands)
    compare.add_parser(commands)
    play.add_parser(commands)
    serve.add_parser(commands)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``foraccio`` command; return its exit status."""
    args = parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
