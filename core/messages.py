"""The template of a gettext domain: every English text a catalogue of it must translate,
as a ``.pot`` file that ``pybabel update`` merges into each language's ``.po``.

A domain's texts are of two kinds. Messages marked in its code, ``phrase(...)`` and
``gettext(language, ...)``, which Babel extracts as ``pybabel extract`` does; and the
words of its variants and house rules (their titles, descriptions, options and
:class:`~foraccio.core.words.Words`) and of its bots (their descriptions and titles), which no
marker finds: they are read from the loaded records whose catalogue is the domain's (the
project's own, ``foraccio``, for the built-in ones). ``pybabel update`` with a template
from ``pybabel extract`` alone would make every word of a game obsolete; with this one,
nothing is lost::

    python -m foraccio.core.messages foraccio -o /tmp/foraccio.pot
    pybabel update -i /tmp/foraccio.pot -d foraccio/locale -D foraccio --no-fuzzy-matching
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from foraccio.core.words import DOMAIN, PROJECT_WORDS, sources

KEYWORDS = {"phrase": None, "Phrase": None, "gettext": (2,), "ngettext": (2, 3),
            "_": None, "N_": None, "plural": (1, 2)}
"""What marks a message in the code: ``phrase(template, ...)`` and ``gettext(language,
message, ...)``; in the command line and the lab (:class:`foraccio.lab.speech.Speech`),
``_(message)``, ``N_(message)`` and ``_.plural(singular, plural, count)`` (``pybabel
extract -k phrase -k Phrase -k gettext:2 -k ngettext:2,3 -k _ -k N_ -k plural:1,2``)."""

PARTS = ("foraccio", "foraccio.core", "foraccio.variants", "foraccio.bots", "foraccio.api",
         "foraccio.cli", "foraccio.web", "foraccio.rooms", "foraccio.lab")
"""The project's packages whose folders hold its code (in a checkout, each its own)."""


def folders(domain: str) -> list[Path]:
    """The folders of the code whose messages are the domain's: the project's packages for
    ``foraccio``, else the import package named like the domain."""
    found = []
    for package in PARTS if domain == DOMAIN else (domain,):
        spec = importlib.util.find_spec(package)
        locations = spec.submodule_search_locations if spec is not None else None
        found += [Path(location) for location in locations or ()]
    return list(dict.fromkeys(found))


def marked(domain: str) -> dict[str, str]:
    """Each message marked in the domain's code, by its singular, with the file it is first
    in (not the line, which would change the catalogues at every edit)."""
    return {_singular(message): where for message, where in _marked(domain).items()}


def _marked(domain: str) -> dict[str | tuple[str, str], str]:
    # A plural's message is its singular and plural, kept together so that the template
    # has both and pybabel update keeps the catalogues' plural forms.
    found: dict[str | tuple[str, str], str] = {}
    singulars: set[str] = set()
    for folder in folders(domain):
        # The top package's folder holds only itself in a checkout; installed, it holds
        # the others too, which are read once.
        for filename, _, message, _, _ in extract_from_dir(
                folder, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=(), strip_comment_tags=True):
            message = message if isinstance(message, str) else (message[0], message[1])
            singular = _singular(message)
            if singular and singular not in singulars:
                singulars.add(singular)
                found[message] = f"{folder.name}/{filename}"
    return found


def _singular(message: str | tuple[str, ...]) -> str:
    return message if isinstance(message, str) else message[0]


def words(domain: str) -> dict[str, str]:
    """Each text of the loaded variants and house rules whose catalogue is the domain's,
    with the record that says it (and, for the project's, the engine's own words); and
    the description and title of each bot whose catalogue it is (the project's: the
    built-in ones)."""
    from foraccio.bots import bot_plugins
    from foraccio.core.registry import house_rules, variants

    found = dict.fromkeys(PROJECT_WORDS, "foraccio.core.words") if domain == DOMAIN else {}
    for record in (*variants().values(), *house_rules().values()):
        catalogue = record.words.catalogue if record.words is not None else None
        if (catalogue.domain if catalogue is not None else DOMAIN) == domain:
            for text in sources(record):
                found.setdefault(text, record.name)
    for bot in bot_plugins().values():
        # A bot without a catalogue is the project's to translate only when it is built
        # in: one registered at run time, or installed without words, says its English.
        if (bot.catalogue.domain if bot.catalogue is not None
                else DOMAIN if bot.distribution == DOMAIN else None) == domain:
            found.setdefault(bot.description, f"bot {bot.name}")
            if bot.title is not None:
                found.setdefault(bot.title, f"bot {bot.name}")
    return found


def template(domain: str) -> Catalog:
    """The domain's template: its marked messages, then its records' words."""
    catalog = Catalog(domain=domain, project=domain, fuzzy=False,
                      msgid_bugs_address=f"{domain} developers")
    found = _marked(domain)
    said = {_singular(message) for message in found}
    found.update((text, where) for text, where in words(domain).items() if text not in said)
    for message, where in found.items():
        catalog.add(message, auto_comments=[where])
    return catalog


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m foraccio.core.messages",
        description="Write the gettext template (.pot) of a domain: the project's "
                    "(foraccio) or a plugin's (its package's name), for pybabel update.")
    parser.add_argument("domain", help="foraccio, or a plugin's domain (foraccio_scopa)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the .pot to write")
    args = parser.parse_args(argv)
    with args.output.open("wb") as output:
        write_po(output, template(args.domain), width=100, omit_header=False)


if __name__ == "__main__":
    main()
