"""Every string a person is shown has an entry in the catalogues of both languages, and an
Italian translation: the project's (``foraccio/locale``: the messages marked in its code,
extracted with Babel as ``pybabel extract`` does, and the built-in games' words), and
each shipped plugin's own. A translation keeps the placeholders of its English."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po

from foraccio.core.messages import main, marked, template
from foraccio.core.registry import house_rules, variants
from foraccio.core.words import LANGUAGES, PROJECT, Catalogue, sources, untranslated

SHIPPED = ("foraccio", "foraccio-scopa", "foraccio-scopone", "foraccio-napoli-to-ten")
"""The distributions of this repository: theirs must be whole in both languages (another
installed plugin answers for its own)."""


def shipped() -> list:
    return [record for record in (*variants().values(), *house_rules().values())
            if record.distribution in SHIPPED]


CATALOGUES = [PROJECT, *sorted({record.words.catalogue for record in shipped()
                                if record.words is not None
                                and record.words.catalogue is not None},
                               key=lambda catalogue: catalogue.domain)]
"""In a fixed order: pytest-xdist's workers must collect the same tests."""


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
    found = marked("foraccio")
    assert "It is seat {turn}'s turn to play, not seat {seat}'s." in found
    assert "Illegal capture: {problem}{options}." in found


def test_every_distribution_of_the_repository_is_checked():
    assert {record.distribution for record in shipped()} == set(SHIPPED)
    assert {catalogue.domain for catalogue in CATALOGUES} == {
        "foraccio", "foraccio_scopa", "foraccio_scopone", "foraccio_napoli_to_ten"}


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda catalogue: catalogue.domain)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_of_a_domain_has_an_entry_in_each_language(catalogue, language):
    listed = entries(catalogue, language)
    missing = {message.id: message.auto_comments for message in template(catalogue.domain)
               if message.id and message.id not in listed}
    assert missing == {}, (f"not in {catalogue.path(language)}: see docs/plugins.md, "
                           f"'For a translator'")


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda catalogue: catalogue.domain)
def test_every_text_of_a_domain_is_translated_into_italian(catalogue):
    italian = entries(catalogue, "it")
    assert [message.id for message in template(catalogue.domain)
            if message.id and not italian.get(message.id)] == []


@pytest.mark.parametrize("record", shipped(), ids=lambda record: record.name)
def test_every_word_of_a_shipped_plugin_is_translated(record):
    assert sources(record)
    assert untranslated(record, "it") == []


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda catalogue: catalogue.domain)
def test_a_translation_keeps_the_placeholders_of_its_english(catalogue):
    wrong = {message: text for message, text in entries(catalogue, "it").items()
             if text and placeholders(text) != placeholders(message)}
    assert wrong == {}
    # The English catalogue lists the same messages: it is the one translators copy.
    assert set(entries(catalogue, "en")) == set(entries(catalogue, "it"))


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda catalogue: catalogue.domain)
def test_a_catalogue_holds_nothing_its_template_lacks(catalogue):
    # So `pybabel update` with the template makes nothing obsolete.
    texts = {message.id for message in template(catalogue.domain) if message.id}
    assert set(entries(catalogue, "it")) - texts == set()


def test_the_template_is_written_for_pybabel(tmp_path):
    main(["foraccio_scopa", "-o", str(tmp_path / "scopa.pot")])
    with (tmp_path / "scopa.pot").open("rb") as written:
        texts = {message.id for message in read_po(written) if message.id}
    assert "The 7 of coins: 1 point" in texts
    assert "Scopa" in texts
