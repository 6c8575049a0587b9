"""The web table's catalogues (web/static/locale/<language>.json) hold the words of every
key the page uses, in each language: the same keys in English and Italian, each key of a
``t("...")`` call or of a family ``t(`family.${...}`)`` in the scripts and each ``data-t``
of the page, the same placeholders in both languages, and no word of a game's own
(those come from the server)."""

from __future__ import annotations

import json
import re

import pytest

from foraccio.web.routes import STATIC

LANGUAGES = ("en", "it")
PLURAL = re.compile(r"\.(zero|one|two|few|many|other)$")


def catalogue(language: str) -> dict[str, str]:
    return json.loads((STATIC / "locale" / f"{language}.json").read_text())


def scripts() -> str:
    return "\n".join(path.read_text() for path in sorted((STATIC / "js").glob("*.js")))


def keys_used() -> set[str]:
    """Every key the page names literally: ``t("key"``, a dotted key chosen by a
    condition (``t(a ? "b.c" : "d.e"``), a seat's doing (``does("key"``: ``key`` and
    ``key.you``), ``data-t="key"`` and ``data-t-<attribute>="key"``."""
    text = scripts()
    used = set(re.findall(r'\bt\(\s*"([^"]+)"', text))
    used |= set(re.findall(r'[?:]\s*"([\w-]+(?:\.[\w-]+)+)"', text))
    for key in re.findall(r'\bdoes\(\s*"([^"]+)"', text):  # a seat's doing, and the person's
        used |= {key, f"{key}.you"}
    used |= set(re.findall(r'data-t(?:-[a-z-]+)?="([^"]+)"', (STATIC / "index.html").read_text()))
    return used


def families_used() -> set[str]:
    """The start of every key the scripts put together: ``t(`seat.${position}`)``."""
    return set(re.findall(r"`([a-z_]+(?:\.[\w-]+)*\.)\$\{", scripts()))


def has(entries: dict[str, str], key: str) -> bool:
    """Whether ``key`` has words, itself or by its plural forms."""
    return key in entries or f"{key}.other" in entries


def test_both_languages_have_the_same_keys():
    english, italian = catalogue("en"), catalogue("it")
    assert set(english) == set(italian), set(english) ^ set(italian)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_page_uses_has_words(language):
    entries = catalogue(language)
    used = keys_used()
    assert len(used) > 100  # the scan finds the page's keys
    assert not [key for key in used if not has(entries, key)]
    for family in families_used():
        assert any(key.startswith(family) for key in entries), family


def test_a_plural_has_its_other_form_and_each_entry_is_used():
    english = catalogue("en")
    used, families = keys_used(), families_used()
    for key in english:
        base = PLURAL.sub("", key)
        if base != key:
            assert f"{base}.other" in english, key
        assert base in used or key in used or any(key.startswith(f) for f in families), (
            f"{key} is used by no script")


def test_each_entry_says_the_same_placeholders_in_both_languages():
    english, italian = catalogue("en"), catalogue("it")
    for key, text in english.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(
            re.findall(r"\{(\w+)\}", italian[key])), key
        assert italian[key] != text or len(text) < 12 or "{" in text, (
            f"{key} is not translated")


def test_no_script_names_a_line_or_a_rule_of_one_game():
    """A game's lines, house rules and wild card are named by the server, in its words."""
    words = scripts().lower() + json.dumps(catalogue("en")).lower()
    for name in ("napoli", "primo_onore", "la_24", "settebello", "primiera", "a re is a jolly",
                 "worth the value of the card", "in foraccio"):
        assert name not in words, name
