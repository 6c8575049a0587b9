"""Every string a person is shown has an entry in the catalogues of both languages, and an
Italian translation: the project's messages (extracted with Babel from the package, as
``pybabel extract`` does) in ``foraccio/locale``, and the words of every shipped variant
and house rule in their own catalogue or the project's. A translation keeps the
placeholders of its English."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from foraccio.core.registry import house_rules, variants
from foraccio.core.words import LANGUAGES, PROJECT, Catalogue, sources, untranslated

ROOT = Path(__file__).resolve().parents[2]
PARTS = ("foraccio", "core", "variants", "bots", "api", "cli", "web", "rooms", "lab")
"""The folders of the package, as pyproject.toml maps them."""

KEYWORDS = {"phrase": None, "Phrase": None, "gettext": (2,), "ngettext": (2, 3)}
"""What marks a message: ``phrase(template, ...)`` and ``gettext(language, message, ...)``
(``pybabel extract -k phrase -k Phrase -k gettext:2 -k ngettext:2,3``)."""

SHIPPED = ("foraccio", "foraccio-scopa", "foraccio-scopone", "foraccio-napoli-to-ten")
"""The distributions of this repository: theirs must be whole in both languages (another
installed plugin answers for its own)."""


def extracted() -> dict[str, str]:
    """Each message marked in the package's code, with where it is."""
    found = {}
    for part in PARTS:
        for filename, line, message, _, _ in extract_from_dir(
                ROOT / part, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=(), strip_comment_tags=True):
            singular = message if isinstance(message, str) else message[0]
            if singular:
                found.setdefault(singular, f"{part}/{filename}:{line}")
    return found


def entries(catalogue: Catalogue, language: str) -> dict[str, str]:
    """The catalogue's msgids in ``language`` and their translations ("" for none)."""
    with catalogue.path(language).open("rb") as source:
        read = read_po(source, locale=language)
    return {(message.id if isinstance(message.id, str) else message.id[0]):
            ("" if message.fuzzy else message.string if isinstance(message.string, str)
             else message.string[0])
            for message in read if message.id}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_project_marks_its_messages():
    found = extracted()
    assert "It is seat {turn}'s turn to play, not seat {seat}'s." in found
    assert "Illegal capture: {problem}{options}." in found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_project_has_an_entry_in_each_language(language):
    listed = entries(PROJECT, language)
    missing = {message: where for message, where in extracted().items()
               if message not in listed}
    assert missing == {}, f"not in foraccio/locale/{language}: add them (docs/plugins.md)"


def test_every_message_of_the_project_is_translated_into_italian():
    italian = entries(PROJECT, "it")
    untranslated_ = {message: where for message, where in extracted().items()
                     if not italian.get(message)}
    assert untranslated_ == {}


def shipped() -> list:
    return [record for record in (*variants().values(), *house_rules().values())
            if record.distribution in SHIPPED]


def test_every_distribution_of_the_repository_is_checked():
    assert {record.distribution for record in shipped()} == set(SHIPPED)


@pytest.mark.parametrize("record", shipped(), ids=lambda record: record.name)
def test_every_word_of_a_shipped_plugin_is_in_its_catalogues_and_translated(record):
    catalogue = record.words.catalogue if record.words and record.words.catalogue else PROJECT
    for language in LANGUAGES:
        listed = set(entries(catalogue, language)) | set(entries(PROJECT, language))
        assert [text for text in sources(record) if text not in listed] == [], language
    assert untranslated(record, "it") == []


@pytest.mark.parametrize("catalogue", [
    PROJECT,
    *{record.words.catalogue for record in shipped()
      if record.words and record.words.catalogue}],
    ids=lambda catalogue: catalogue.domain)
def test_a_translation_keeps_the_placeholders_of_its_english(catalogue):
    wrong = {message: text for message, text in entries(catalogue, "it").items()
             if text and placeholders(text) != placeholders(message)}
    assert wrong == {}
    # The English catalogue lists the same messages: it is the one translators copy.
    assert set(entries(catalogue, "en")) == set(entries(catalogue, "it"))
