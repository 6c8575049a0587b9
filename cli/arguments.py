"""Command-line arguments every subcommand that starts a match shares."""

from __future__ import annotations

import argparse
import json

from foraccio.lab.speech import Speech


def names(text: str) -> tuple[str, ...]:
    """A comma-separated list of names, blanks dropped."""
    return tuple(name.strip() for name in text.split(",") if name.strip())


def add_match_arguments(parser: argparse.ArgumentParser, _: Speech) -> None:
    """Add ``--variant``, ``--house-rules`` and ``--options`` to ``parser``, said in the
    language of ``_``."""
    parser.add_argument("--variant", default="foraccio",
                        help=_("the variant to play (default: %(default)s)"))
    parser.add_argument("--house-rules", default="", type=names,
                        help=_("comma-separated house rule names"))
    parser.add_argument("--options", default="{}", type=json.loads,
                        help=_("JSON object of option values, e.g. {example}").format(
                            example="\'{\"target\": 31}\'"))
