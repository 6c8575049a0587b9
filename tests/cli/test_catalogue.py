"""Every sentence the command line, the terminal table and the lab say is in the project's
catalogue in both languages (foraccio/locale), and a person chooses the language with
``--lang`` or the locale."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from foraccio.cli.language import language_asked
from foraccio.core.messages import KEYWORDS
from foraccio.core.words import LANGUAGES, PROJECT

ROOT = Path(__file__).resolve().parents[2]


def said() -> list[str | tuple[str, ...]]:
    """The msgids marked in cli/ and lab/ (``_``, ``N_``, ``_.plural``), as the project's
    template extracts them (:mod:`foraccio.core.messages`)."""
    found = []
    for folder in ("cli", "lab"):
        for _, _, message, _, _ in extract_from_dir(ROOT / folder, keywords=KEYWORDS,
                                                    method_map=[("**.py", "python")]):
            found.append(message)
    return found


def test_every_sentence_shown_is_in_the_catalogue_of_both_languages():
    messages = said()
    assert len(messages) > 200  # the extraction found the command's sentences
    for language in LANGUAGES:
        with PROJECT.path(language).open("rb") as source:
            catalogue = read_po(source, locale=language)
        ids = {message.id if isinstance(message.id, str) else message.id[0]
               for message in catalogue if message.id}
        missing = [m for m in messages if (m if isinstance(m, str) else m[0]) not in ids]
        assert not missing, f"{language}: not in the catalogue: {missing}"
    untranslated = [m for m in messages
                    if not PROJECT.translates("it", m if isinstance(m, str) else m[0])]
    assert not untranslated, f"no Italian for: {untranslated}"


def test_the_italian_keeps_every_placeholder():
    with PROJECT.path("it").open("rb") as source:
        catalogue = read_po(source, locale="it")
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = {tuple(sorted(re.findall(r"\{\w+(?:!r)?\}|%\(\w+\)s", one))) for one in ids}
        for string in strings:
            assert tuple(sorted(re.findall(r"\{\w+(?:!r)?\}|%\(\w+\)s", string))) in wanted, (
                message.id, string)


@pytest.mark.parametrize(("argv", "environ", "language"), [
    (["--lang", "it", "simulate"], {"LANG": "en_US.UTF-8"}, "it"),
    (["simulate", "--lang=en"], {"LC_ALL": "it_IT.UTF-8"}, "en"),
    (["simulate"], {"LC_ALL": "it_IT.UTF-8", "LANG": "en_GB.UTF-8"}, "it"),
    (["simulate"], {"LC_MESSAGES": "it_IT", "LANG": "C"}, "it"),
    (["simulate"], {"LANG": "it_CH.UTF-8"}, "it"),
    (["simulate"], {"LANG": "de_DE.UTF-8"}, "en"),
    (["simulate"], {}, "en"),
    (["play", "--", "--lang", "it"], {}, "en"),
])
def test_the_language_is_lang_else_the_locale_else_english(argv, environ, language):
    assert language_asked(argv, environ) == language
