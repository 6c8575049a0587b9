"""The language the ``foraccio`` command speaks: ``--lang`` when it is given (before or
after the subcommand), else the POSIX locale (``LC_ALL``, then ``LC_MESSAGES``, then
``LANG``, the first that is set, as gettext reads them), else English.

It is read from the command line before the parser is built, because the parser's own
help is said in it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence

from foraccio.core.words import LANGUAGES, language_of
from foraccio.lab.speech import N_, Speech


def language_asked(argv: Sequence[str], environ: Mapping[str, str] = os.environ) -> str:
    """The language of ``argv``'s ``--lang`` (its last), else of the locale, else
    English."""
    asked = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            asked = argv[index + 1]
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
    if asked is not None:
        return language_of(asked)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return language_of(environ[name])
    return language_of(None)


def add_language_argument(parser: argparse.ArgumentParser, _: Speech) -> None:
    """``--lang``, which :func:`language_asked` has read already; here for ``--help``
    and so that the parser accepts it."""
    parser.add_argument("--lang", choices=LANGUAGES, default=_.language,
                        help=_("the language to speak: en (English) or it (Italian); by "
                               "default the locale's (LC_ALL, LC_MESSAGES, LANG), else "
                               "English"))


USAGE = N_("usage: ")


class Formatter(argparse.HelpFormatter):
    """argparse's help, with its own few words (``usage:``) said in the language."""

    speech = Speech()

    def add_usage(self, usage, actions, groups, prefix=None):
        if prefix is None:  # a subcommand's prog is made with the prefix ""
            prefix = self.speech(USAGE)
        return super().add_usage(usage, actions, groups, prefix)


def speaking(parser: argparse.ArgumentParser, _: Speech) -> argparse.ArgumentParser:
    """``parser`` with argparse's own headings and ``-h`` said in the language of ``_``
    (the parser must have been made with ``add_help=False``)."""
    parser.formatter_class = type("SpokenFormatter", (Formatter,), {"speech": _})
    parser._positionals.title = _("positional arguments")
    parser._optionals.title = _("options")
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                        help=_("show this help and exit"))
    return parser
