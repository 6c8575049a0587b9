"""Command-line arguments every subcommand that starts a match shares."""

from __future__ import annotations

import argparse
import json


def names(text: str) -> tuple[str, ...]:
    """A comma-separated list of names, blanks dropped."""
    return tuple(name.strip() for name in text.split(",") if name.strip())


def add_match_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--variant``, ``--house-rules`` and ``--options`` to ``parser``."""
    parser.add_argument("--variant", default="foraccio",
                        help="the variant to play (default: %(default)s)")
    parser.add_argument("--house-rules", default="", type=names,
                        help="comma-separated house rule names")
    parser.add_argument("--options", default="{}", type=json.loads,
                        help='JSON object of option values, e.g. \'{"target": 31}\'')
