"""Command-line arguments every subcommand that starts a match shares."""

from __future__ import annotations

import argparse
import json

from foraccio.bots import bot_called, bot_plugins
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


def bot_names(text: str, _: Speech) -> tuple[str, ...]:
    """Comma-separated bots, each by its name or by its title in any language
    (``euristico`` is ``heuristic``), as their names; :class:`argparse.ArgumentTypeError`,
    in the language of ``_``, on one that no bot is called."""
    found = []
    for said in names(text):
        name = bot_called(said)
        if name is None:
            raise argparse.ArgumentTypeError(
                _("unknown bot {name!r}; known bots: {known}").format(
                    name=said, known=bots_listed(_)))
        found.append(name)
    return tuple(found)


def bots_listed(_: Speech) -> str:
    """The known bots as a person may name them: each by its title in the language of
    ``_``, or its name, when they differ ("euristico o heuristic"), and the variants it
    is offered for when it names some ("greedy (only for scopa)")."""
    listed = []
    for name, plugin in sorted(bot_plugins().items()):
        said = plugin.named(_.language)
        shown = said if said.casefold() == name.casefold() else _(
            "{title} or {name}").format(title=said, name=name)
        if plugin.variants:
            shown = _("{bot} (only for {variants})").format(
                bot=shown, variants=", ".join(plugin.variants))
        listed.append(shown)
    return ", ".join(listed)
