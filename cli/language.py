"""The language the ``foraccio`` command speaks: ``--lang`` when it is given (before or
after the subcommand), else the POSIX locale (``LC_ALL``, then ``LC_MESSAGES``, then
``LANG``, the first that is set, as gettext reads them), else English.

It is read from the command line before the parser is built, because the parser's own
help is said in it.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence

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


ARGPARSE = (
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's own messages that a person may meet (argparse says them through gettext,
as ``_`` and ``ngettext`` of its module): the catalogue translates them, and
:func:`argparse_speaking` has argparse say them so."""


@contextlib.contextmanager
def argparse_speaking(_: Speech) -> Iterator[None]:
    """While parsing, argparse says its own messages ("the following arguments are
    required", "invalid choice") in the language of ``_`` (its module's ``_`` and
    ``ngettext``, which it looks up at each message, are ours meanwhile)."""
    said, plural = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _, _.plural
    try:
        yield
    finally:
        argparse._, argparse.ngettext = said, plural


REFUSALS = {
    int: N_("{text} is not a whole number"),
    float: N_("{text} is not a number"),
    json.loads: N_("{text} is not JSON; an object is written {example}"),
}
"""The argument types whose refusals are said in words, each with its words: argparse
would name the type ("invalid int value", "invalid loads value")."""


def spoken_type(kind: Callable[[str], object], text: str, _: Speech) -> object:
    """``kind(text)``; :class:`argparse.ArgumentTypeError` saying, in the language of
    ``_``, what :data:`REFUSALS` says of ``text`` when ``kind`` refuses it."""
    try:
        return kind(text)
    except ValueError:  # json.JSONDecodeError is one
        raise argparse.ArgumentTypeError(_(REFUSALS[kind]).format(
            text=repr(text), example='{"target": 31}')) from None


def speaking(parser: argparse.ArgumentParser, _: Speech) -> argparse.ArgumentParser:
    """``parser`` with argparse's own headings and ``-h`` said in the language of ``_``
    (the parser must have been made with ``add_help=False``), and its arguments' types
    refused in words (:data:`REFUSALS`); parse within :func:`argparse_speaking` for
    argparse's own messages."""
    parser.formatter_class = type("SpokenFormatter", (Formatter,), {"speech": _})
    for kind in REFUSALS:
        parser.register("type", kind, functools.partial(spoken_type, kind, _=_))
    parser._positionals.title = _("positional arguments")
    parser._optionals.title = _("options")
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                        help=_("show this help and exit"))
    return parser
