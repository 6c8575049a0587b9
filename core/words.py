"""What the engine and its plugins say to a person, in each language they speak.

The English text is the source: it is what the code holds (a variant's title, a score
line's name in :class:`Words`, a problem's detail) and it is the msgid of a standard
gettext catalogue. Each language's translations live in a ``.po`` file,
``<directory>/<language>/LC_MESSAGES/<domain>.po``, which a translator edits; Babel reads
it when it is first needed (no build step), and the result is kept.

The project's own catalogue is the domain ``foraccio`` in ``foraccio/locale/``; a
plugin ships its own (:class:`Catalogue`, named in its :attr:`Words.catalogue`), which
is looked up first, then the project's, then the English source is said as it is.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

import foraccio

if TYPE_CHECKING:
    from babel.support import Translations

LANGUAGES = ("en", "it")
"""The languages every surface speaks; the first is the source."""

DEFAULT_LANGUAGE = "en"

DOMAIN = "foraccio"
"""The gettext domain of the project's own catalogue."""

LOCALE_DIRECTORY = Path(foraccio.__file__).parent / "locale"
"""Where the project's catalogues lie, in the checkout as in an installed wheel."""


# --- the language a person asked for --------------------------------------------------

_TAG = re.compile(r"^\s*([A-Za-z]{1,8})(?:[-_][A-Za-z0-9]{1,8})*(?:\.[\w-]+)?(?:@\w+)?\s*$")


def language_of(accept_language: str | None) -> str:
    """The best of :data:`LANGUAGES` for an ``Accept-Language`` header
    (``"it-IT,it;q=0.9,en;q=0.8"``) or a POSIX locale (``"it_IT.UTF-8"``): the one the
    header weighs highest (the first of equals), :data:`DEFAULT_LANGUAGE` when it names
    none of them or is malformed."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    best, best_weight = DEFAULT_LANGUAGE, 0.0
    for part in accept_language.split(","):
        tag, _, parameters = part.partition(";")
        matched = _TAG.match(tag)
        if matched is None:
            continue
        language = matched.group(1).lower()
        weight = _weight(parameters)
        if language in LANGUAGES and weight > best_weight:
            best, best_weight = language, weight
    return best


def _weight(parameters: str) -> float:
    # "q=0.8" (the weight of RFC 9110); no q is 1; a malformed one counts as not asked for.
    for parameter in parameters.split(";"):
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            try:
                weight = float(value)
            except ValueError:
                return 0.0
            return weight if 0.0 <= weight <= 1.0 else 0.0
    return 1.0


# --- catalogues -----------------------------------------------------------------------


@dataclass(frozen=True)
class Catalogue:
    """The gettext catalogues of one domain: ``directory/<language>/LC_MESSAGES/
    <domain>.po`` for each language (a language without a file says the English source).

    A plugin names its own in its :attr:`Words.catalogue`, usually with
    :meth:`of_package`: ``Catalogue.of_package("foraccio_scopa")``.
    """

    domain: str
    directory: Path

    @classmethod
    def of_package(cls, package: str, domain: str | None = None) -> Catalogue:
        """The catalogues shipped in the folder ``locale`` of the import package
        ``package``, of the domain ``domain`` (the package's name by default)."""
        return cls(domain or package, Path(str(files(package))) / "locale")

    def path(self, language: str) -> Path:
        """Where the ``.po`` file of ``language`` lies."""
        return self.directory / language / "LC_MESSAGES" / f"{self.domain}.po"

    def translations(self, language: str) -> Translations:
        """The translations into ``language`` (read once; Babel's, a standard
        :class:`gettext.GNUTranslations`)."""
        return _load(self.path(language), language, self.domain).translations

    def translates(self, language: str, message: str) -> bool:
        """True when the catalogue of ``language`` holds a translation of ``message``
        (not empty, not fuzzy)."""
        return message in _load(self.path(language), language, self.domain).known


@dataclass(frozen=True)
class _Loaded:
    translations: Translations
    known: frozenset[str]
    """The msgids translated (not empty, not fuzzy); a plural's by its singular."""


@functools.cache
def _load(path: Path, language: str, domain: str) -> _Loaded:
    # Babel is imported when a catalogue is first read: the engine imports this module,
    # and a process that never says anything but English need not load it.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    if not path.is_file():
        return _Loaded(Translations(domain=domain), frozenset())
    with path.open("rb") as source:
        catalog = read_po(source, locale=language, domain=domain)
    known = frozenset(_singular(message.id) for message in catalog
                      if message.id and _translated(message.string) and not message.fuzzy)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return _Loaded(Translations(compiled, domain=domain), known)


def _singular(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def _translated(string: str | tuple[str, ...]) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


PROJECT = Catalogue(DOMAIN, LOCALE_DIRECTORY)
"""The project's own catalogues: the engine's, the API's and the built-in plugins'."""


class Phrase(str):
    """An English sentence made of a template and its values: ``phrase("It is seat
    {seat}'s turn.", seat=2)`` is the ``str`` "It is seat 2's turn.", which
    :func:`gettext` says in another language by translating the template (the msgid) and
    filling in the values (a value that is a Phrase is translated too).

    Errors are raised with phrases, so the engine speaks English and the API answers in
    the language of the request.
    """

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Phrase:
        said = super().__new__(cls, template.format(**values))
        said.template, said.values = template, values
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        # A bot's worker process may raise an error holding one.
        return _phrase, (self.template, self.values)


def _phrase(template: str, values: dict[str, Any]) -> Phrase:
    return Phrase(template, **values)


phrase = Phrase
"""The marker the catalogues' extraction looks for (``pybabel extract -k phrase``)."""


def _catalogue_for(language: str, message: str, catalogue: Catalogue | None) -> Catalogue | None:
    for found in (catalogue, PROJECT):
        if found is not None and found.translates(language, message):
            return found
    return None


def gettext(language: str, message: str, catalogue: Catalogue | None = None) -> str:
    """``message`` (English) in ``language``: from ``catalogue`` when it translates it,
    else from the project's catalogue, else as it is. A :class:`Phrase` is translated by
    its template, then its values are filled in."""
    if isinstance(message, Phrase):
        return _said(language, message, catalogue)
    found = _catalogue_for(language, message, catalogue)
    return message if found is None else found.translations(language).gettext(message)


def _said(language: str, said: Phrase, catalogue: Catalogue | None) -> str:
    values = {name: gettext(language, value, catalogue) if isinstance(value, Phrase) else value
              for name, value in said.values.items()}
    template = gettext(language, said.template, catalogue)
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        # A translation that names a value the phrase does not have: the English is
        # still true (tests/core/test_catalogues.py keeps the shipped ones right).
        return str.__str__(said)


def ngettext(language: str, singular: str, plural: str, count: int,
             catalogue: Catalogue | None = None) -> str:
    """As :func:`gettext`, for a message whose form depends on ``count``."""
    found = _catalogue_for(language, singular, catalogue)
    if found is None:
        return singular if count == 1 else plural
    return found.translations(language).ngettext(singular, plural, count)


# --- a plugin's words -----------------------------------------------------------------


@dataclass(frozen=True)
class LineWords:
    """A score line's (or a bonus's) words: its ``name`` ("Primo onore") and what it
    ``rewards`` ("Holding the 2 of swords: 1 point")."""

    name: str
    rewards: str


@dataclass(frozen=True)
class CardWords:
    """The names of a deck's cards: ``ranks`` names a rank (1 is ``"ace"``); a rank not
    named is said as its number. ``suits`` names each suit by its letter."""

    ranks: Mapping[int, str]
    suits: Mapping[str, str]


ITALIAN_DECK = CardWords(
    ranks={1: "ace", 11: "jack", 12: "knight", 13: "king"},
    suits={"c": "cups", "d": "coins", "b": "batons", "s": "swords"},
)
"""The Italian-suited deck every built-in variant plays: asso, fante, cavallo, re of
coppe, denari, bastoni, spade (in English ace, jack, knight, king of cups, coins,
batons, swords)."""

MOVE_KINDS = {"capture": "capture", "lay": "lay"}
"""The move kinds of the engine's own play rules, in words (a variant's :attr:`Words.
kinds` names its own and may rename these)."""


@dataclass(frozen=True)
class Words:
    """Everything a variant or a house rule says of itself beyond its title, description
    and options' descriptions, in English; ``catalogue`` translates it (and the title,
    description and options' descriptions) into each of :data:`LANGUAGES`.

    Every mapping is open: name a score line, a bonus, a move kind or an option value
    the engine never heard of, and every surface says it.
    """

    lines: Mapping[str, LineWords] = field(default_factory=dict)
    """Each score line and bonus it awards, by its name (``"primo_onore"``)."""
    kinds: Mapping[str, str] = field(default_factory=dict)
    """Each kind of move its play rule makes, by its name (``"capture"``)."""
    wild: str | None = None
    """How a person is asked to choose what a wild card plays as ("A king is a jolly:
    choose the value it plays as"); None when it has no wild card."""
    cards: CardWords | None = None
    """The names of its cards; None for :data:`ITALIAN_DECK`."""
    values: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Option name to each of its values (as text: ``"5-4-4"``, ``"21"``) in words."""
    catalogue: Catalogue | None = None
    """Its translations; None for the project's own (the built-in plugins')."""
    titles: Mapping[str, str] = field(default_factory=dict)
    """Option name to its short title, the label a surface shows beside its value
    ("Points to win" for ``target``); an option not named here is titled from its name
    (:func:`option_title`: "Target"). Last of the fields, so that words built by position
    read as before."""


# --- saying it ------------------------------------------------------------------------


def speak(record: Any, language: str) -> dict[str, Any]:
    """Everything a surface shows of a variant or a house rule, in ``language``: its
    ``title`` and ``description``, its ``options`` (each ``name``, a short ``title``
    (its :attr:`Words.titles`, else :func:`option_title`), ``description`` and ``values``
    in words), its ``lines`` (each ``name`` and ``rewards``), its move ``kinds``, its
    ``wild`` card's choice and its ``cards`` (``ranks`` by rank, ``suits`` by letter). A
    record without :class:`Words` says its own text and the defaults."""
    words: Words = getattr(record, "words", None) or Words()
    catalogue = words.catalogue

    def say(message: str) -> str:
        return gettext(language, message, catalogue)

    kinds = _kinds(record, words)
    cards = words.cards or ITALIAN_DECK
    return {
        "language": language,
        "title": say(record.title),
        "description": say(record.description),
        "options": [{"name": spec.name, "title": say(_title(words, spec.name)),
                     "description": say(spec.description),
                     "values": {value: say(text)
                                for value, text in words.values.get(spec.name, {}).items()}}
                    for spec in record.options],
        "lines": {name: {"name": say(line.name), "rewards": say(line.rewards)}
                  for name, line in words.lines.items()},
        "kinds": {name: say(text) for name, text in kinds.items()},
        "wild": None if words.wild is None else say(words.wild),
        "cards": {"ranks": {str(rank): say(name) for rank, name in cards.ranks.items()},
                  "suits": {suit: say(name) for suit, name in cards.suits.items()}},
    }


def option_title(name: str) -> str:
    """An option's short label in English, from its name: ``deal_scheme`` is "Deal
    scheme". It is a catalogue's msgid like the option's description; an author's own
    title (:attr:`Words.titles`) comes first."""
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def _title(words: Words, name: str) -> str:
    return words.titles.get(name) or option_title(name)


def _kinds(record: Any, words: Words) -> dict[str, str]:
    # A variant's moves are the engine's kinds unless it renames them; a house rule
    # names only the kinds it adds.
    from foraccio.core.registry.records import HouseRule

    return dict(words.kinds) if isinstance(record, HouseRule) else {**MOVE_KINDS, **words.kinds}


def sources(record: Any) -> list[str]:
    """Every English text of its own :func:`speak` says of ``record`` (a variant or a
    house rule), each once: what its catalogue, or the project's, must translate. The
    engine's move kinds and card names, when it keeps them, are :data:`PROJECT_WORDS`."""
    words: Words = getattr(record, "words", None) or Words()
    cards = [*words.cards.ranks.values(), *words.cards.suits.values(), CARD_NAME] \
        if words.cards is not None else []
    texts = [record.title, record.description,
             *(text for spec in record.options
               for text in (_title(words, spec.name), spec.description)),
             *(text for values in words.values.values() for text in values.values()),
             *(part for line in words.lines.values() for part in (line.name, line.rewards)),
             *words.kinds.values(), *([words.wild] if words.wild else []), *cards]
    return list(dict.fromkeys(texts))


def untranslated(record: Any, language: str) -> list[str]:
    """The texts of ``record`` (see :func:`sources`) that neither its catalogue nor the
    project's translates into ``language``: a plugin's test asserts there are none."""
    catalogue = (getattr(record, "words", None) or Words()).catalogue
    return [text for text in [*sources(record), *PROJECT_WORDS]
            if not any(found is not None and found.translates(language, text)
                       for found in (catalogue, PROJECT))]


CARD_NAME = "{rank} of {suit}"
"""How a card is named from its rank's and suit's names ("king of swords"): a msgid of
the project's catalogue ("{rank} di {suit}")."""

PROJECT_WORDS = (*MOVE_KINDS.values(), *ITALIAN_DECK.ranks.values(),
                 *ITALIAN_DECK.suits.values(), CARD_NAME)
"""The words the engine says of every game that keeps its defaults: the project's
catalogue translates them."""


def card_name(card: str, language: str, words: Words | None = None) -> str:
    """The name of the card ``card`` (its wire code, ``"13s"``) in ``language``: "king
    of swords", "re di spade"; a rank without a name is its number ("7 of coins")."""
    catalogue = words.catalogue if words is not None else None
    cards = (words.cards if words is not None else None) or ITALIAN_DECK
    rank, suit = int(card[:-1]), card[-1]
    rank_words = cards.ranks.get(rank)
    rank_name = str(rank) if rank_words is None else gettext(language, rank_words, catalogue)
    suit_name = gettext(language, cards.suits.get(suit, suit), catalogue)
    return gettext(language, CARD_NAME, catalogue).format(rank=rank_name, suit=suit_name)
