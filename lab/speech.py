"""The words of the command line and the lab in one language: the project's own sentences
(English msgids of the catalogue foraccio/locale, :mod:`foraccio.core.words`) and each
game's own words, the names of its score lines and cards, from the variant and house
rules that play it (:func:`foraccio.core.words.speak`), never from a table of one game's.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from babel import Locale
from babel.numbers import get_decimal_symbol, get_minus_sign_symbol, get_plus_sign_symbol

from foraccio.core import words
from foraccio.core.errors import EngineError
from foraccio.core.registry import get_house_rule, get_variant


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue (gettext's usual name): it is kept in English
    here and translated where it is said."""
    return message


class Speech:
    """Say the project's sentences in ``language``: ``_("Match: {scores}")`` is the
    translation (its placeholders filled by the caller with ``.format``), ``plural``
    the form that agrees with a count."""

    def __init__(self, language: str = words.DEFAULT_LANGUAGE) -> None:
        self.language = language

    def __call__(self, message: str) -> str:
        return words.gettext(self.language, message)

    def plural(self, singular: str, plural: str, count: int) -> str:
        return words.ngettext(self.language, singular, plural, count)

    def line(self, variant: str, house_rules: Sequence[str], name: str) -> str:
        """A score line's (or bonus's) name in words, as the variant or a house rule of
        the match names it; a line none of them names is said from its wire name."""
        return line_names(variant, tuple(house_rules), self.language).get(
            name, name.replace("_", " ").capitalize())

    def card(self, card: str, variant: str | None = None) -> str:
        """A card's name in words ("re di spade"), with the variant's own card names."""
        return words.card_name(card, self.language, _variant_words(variant))

    def number(self, value: float, spec: str) -> str:
        """``value`` formatted by ``spec`` as the language writes numbers
        (:func:`number`): ``_.number(0.651, ".1%")`` is "65.1%", in Italian "65,1%"."""
        return number(value, spec, self.language)

    def percent(self, share: float, signed: bool = False, digits: int = 1) -> str:
        """``share`` (0.651) as a percentage (:func:`percent`): "65.1%", in Italian
        "65,1%"."""
        return percent(share, self.language, signed, digits)


ENGLISH = Speech()
"""The source language, where nothing else is asked."""

BRACKETED = N_("[{low}, {high}]")
"""An interval in brackets; where a comma is the decimal sign (Italian), a semicolon
parts its ends."""


@functools.cache
def _number_signs(language: str) -> dict[int, str]:
    return str.maketrans({".": get_decimal_symbol(language),
                          "-": get_minus_sign_symbol(language),
                          "+": get_plus_sign_symbol(language)})


def number(value: float, spec: str, language: str) -> str:
    """``format(value, spec)`` (a Python format: ``".3f"``, ``"+.1f"``, ``".1%"``,
    ``"g"``) written with ``language``'s decimal sign and plus and minus signs, from
    Babel's locale data: "0,125" in Italian. Python rounds and chooses the digits, so a
    figure keeps its precision, and English reads exactly as Python writes it (a format
    without grouping writes no other sign)."""
    return format(value, spec).translate(_number_signs(language))


@functools.cache
def _percent_affixes(language: str) -> tuple[str, str]:
    pattern = Locale.parse(language).percent_formats[None]
    return pattern.prefix[0], pattern.suffix[0]


def percent(share: float, language: str, signed: bool = False, digits: int = 1) -> str:
    """``share`` as a percentage with ``digits`` decimals (a sign before a positive one
    when ``signed``), as ``language`` writes it by Babel's locale data (CLDR): "65.1%",
    in Italian "65,1%". Every surface writes a percentage so, so the same figure reads
    the same in the terminal, the lab's table and its HTML page; where the locale puts
    a space before "%", it is a no-break one, so the two never part."""
    prefix, suffix = _percent_affixes(language)
    figure = number(share * 100, f"{'+' if signed else ''}.{digits}f", language)
    return f"{prefix}{figure}{suffix}"


@functools.cache
def line_names(variant: str, house_rules: tuple[str, ...], language: str) -> dict[str, str]:
    """Each score line's name in ``language``, by its wire name, as the variant and the
    house rules (those installed here) say them."""
    names: dict[str, str] = {}
    for record in (record_of(get_variant, variant),
                   *(record_of(get_house_rule, rule) for rule in house_rules)):
        if record is not None:
            names.update({name: line["name"]
                          for name, line in words.speak(record, language)["lines"].items()})
    return names


def record_of(get, name: str | None):
    """The record ``get`` finds by ``name`` (a variant, a house rule), or None when it is
    not installed here."""
    if name is None:
        return None
    try:
        return get(name)
    except EngineError:  # not installed here (a server's variant): its wire names
        return None


def _variant_words(variant: str | None) -> words.Words | None:
    record = record_of(get_variant, variant)
    return getattr(record, "words", None)


def variant_title(variant: str, _: Speech) -> str:
    """A variant's title in the language of ``_`` (its name when it is not here)."""
    record = record_of(get_variant, variant)
    return variant if record is None else words.speak(record, _.language)["title"]


def option_said(variant: str, name: str, value: object, _: Speech) -> str:
    """An option of ``variant`` set to ``value``, in words: its title and the value's
    words, as the variant says them ("Points to win: 11", "Distribuzione: a uno a uno");
    its name and value when the variant is not here or does not name it."""
    record = record_of(get_variant, variant)
    spoken = {} if record is None else {
        option["name"]: option for option in words.speak(record, _.language)["options"]}
    option = spoken.get(name)
    if option is None:
        return f"{name}={value}"
    if isinstance(value, bool):
        said = _("yes") if value else _("no")
    else:
        said = option["values"].get(str(value), str(value))
    return _("{option}: {value}").format(option=option["title"], value=said)


BASELINE = N_("baseline")
"""The first setup's name in a comparison, as a person reads it (the report's ``name``
stays ``baseline``, so that a run resumes whatever the language)."""


def bot_title(name: str, _: Speech) -> str:
    """A bot's name as a person reads it in the language of ``_`` ("euristico"); its
    name when it is not here."""
    from foraccio.bots import bot_plugins  # the bots import the engine, not this

    plugin = bot_plugins().get(name)
    return name if plugin is None else plugin.named(_.language)


def setup_name(name: str, _: Speech) -> str:
    """A comparison's setup as a person reads it: the baseline in words, a setup named
    by its bots ("heuristic,random") with the bots' titles ("euristico,casuale"), any
    other by its name."""
    from foraccio.bots import bot_plugins

    if name == "baseline":
        return _(BASELINE)
    bots = name.split(",")
    if all(bot in bot_plugins() for bot in bots):
        return ",".join(bot_title(bot, _) for bot in bots)
    return name


def said_setups(report: dict, _: Speech) -> dict:
    """``report`` with its setups named as a person reads them (:func:`setup_name`), for
    the table, the findings and the HTML page."""
    return {**report,
            "setups": [{**setup, "name": setup_name(setup["name"], _)}
                       for setup in report["setups"]],
            "differences": [{**difference,
                             "setup": setup_name(difference["setup"], _),
                             "baseline": setup_name(difference["baseline"], _)}
                            for difference in report["differences"]]}


def house_rule_title(rule: str, _: Speech) -> str:
    """A house rule's title in the language of ``_`` (its name when it is not here)."""
    record = record_of(get_house_rule, rule)
    return rule if record is None else words.speak(record, _.language)["title"]
