"""The glossary (docs/glossary.md) is the one vocabulary of every Italian surface: no
Italian string of the project's catalogue, of a shipped plugin's or of the web table
says a word the glossary rejects where its English says the thing that word must not
name; and the terminal and the web say each shared thing in the same words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from foraccio.bots import bot_plugins
from foraccio.core.words import PROJECT

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
WEB = ROOT / "web" / "static" / "locale"
PLUGINS = sorted(ROOT.glob("examples/*/*/locale/it/LC_MESSAGES/*.po"))


class Row:
    """One row of the glossary: the ``english`` thing, its ``italian`` words, the
    ``rejected`` ones and the surfaces (``where``) that say it."""

    def __init__(self, cells: list[str]) -> None:
        self.english, italian, rejected, where = cells
        self.italian = re.split(r"\s*[(:]", italian)[0].strip()
        self.rejected = [word.strip() for word in rejected.split(",") if word.strip()]
        self.where = {place.strip() for place in where.split(",")}

    def means(self, english: str) -> bool:
        """Whether an English text says this row's thing (its word, or the word's
        plural)."""
        return re.search(rf"(?<![\w{{]){re.escape(self.english)}(s|es)?(?![\w}}])", english,
                         re.IGNORECASE) is not None


def rows() -> list[Row]:
    table = [line for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
             if line.startswith("| ") and not line.startswith("| English")]
    return [Row([cell.strip() for cell in line.strip("|").split("|")]) for line in table]


def said(word: str, italian: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", italian, re.IGNORECASE) is not None


def catalogue_pairs(path: Path) -> list[tuple[str, str]]:
    """Each (English, Italian) of a ``.po``: a plural's every form, with both forms of
    its English."""
    with path.open("rb") as source:
        catalog = read_po(source, locale="it")
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else " / ".join(message.id)
        for italian in (message.string,) if isinstance(message.string, str) else message.string:
            pairs.append((english, italian))
    return pairs


def web_words(language: str) -> dict[str, str]:
    return json.loads((WEB / f"{language}.json").read_text(encoding="utf-8"))


def web_pairs() -> list[tuple[str, str]]:
    english, italian = web_words("en"), web_words("it")
    return [(english[key], italian[key]) for key in italian]


SURFACES = {"terminal": catalogue_pairs(PROJECT.path("it")), "web": web_pairs(),
            **{path.stem: catalogue_pairs(path) for path in PLUGINS}}


def test_the_glossary_names_the_things_the_issue_found_said_two_ways():
    things = {row.english: row for row in rows()}
    assert {"seed", "to play", "score sheet", "as a", "heuristic", "baseline"} <= set(things)
    assert things["seed"].italian == "numero" and "seme" in things["seed"].rejected
    assert things["to play"].italian == "di turno" and things["to play"].rejected == [
        "di mano"]


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_no_italian_string_says_a_rejected_word_for_its_thing(surface):
    wrong = [(row.english, word, italian) for english, italian in SURFACES[surface]
             for row in rows() if row.means(english)
             for word in row.rejected if said(word, italian)]
    assert wrong == []


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_seme_is_a_suit_never_the_number_a_match_is_dealt_from(surface):
    # "seme 6027..." or "seme {seed}": a suit is never followed by a number.
    assert [italian for _, italian in SURFACES[surface]
            if re.search(r"\bsem[ei]\s+(\d|\{)", italian, re.IGNORECASE)] == []
    assert [italian for english, italian in SURFACES[surface]
            if re.search(r"\bseeds?\b", english, re.IGNORECASE)
            and re.search(r"\bsem[ei]\b", italian, re.IGNORECASE)] == []


def test_a_thing_the_terminal_and_the_web_share_is_said_in_both():
    terminal = " ".join(italian for _, italian in SURFACES["terminal"])
    web = " ".join(web_words("it").values())
    shared = [row for row in rows() if {"terminale", "web"} <= row.where]
    assert shared
    assert [(row.english, row.italian) for row in shared
            if not (said(row.italian, terminal) and said(row.italian, web))] == []


SAME = {
    "to play": "seat.to_play",
    "dealer": "seat.dealer",
    "Partner": "seat.partner",
    "Right": "seat.right",
    "Left": "seat.left",
    "Opposite": "seat.opposite",
    "Far right": "seat.far-right",
    "Far left": "seat.far-left",
    "Us": "team.us",
    "Them": "team.them",
    "Score line": "sheet.line",
    "Points": "sheet.points",
    "The table is empty.": "table.empty",
    "takes only itself": "move.takes_itself",
    "Hand {hand}: {seat} deals.": "event.dealt",
    "Hand {hand}: you deal.": "event.dealt.you",
    "{seat} deals first (the highest card drawn).": "event.first_dealer",
    "You lay {card}.": "event.laid.you",
    "{seat} plays {card}: {move}.": "event.captured",
    "The hands are empty: more cards are dealt from the stock.": "event.dealt_more",
}
"""The terminal's message and the web table's key of each thing both say, in the same
words."""


@pytest.mark.parametrize("message", sorted(SAME))
def test_the_terminal_and_the_web_say_a_shared_thing_alike(message):
    terminal = dict(SURFACES["terminal"])
    assert terminal[message] == web_words("it")[SAME[message]]


def test_the_terminal_and_the_web_say_the_score_sheet_and_a_sweep_alike():
    terminal = dict(SURFACES["terminal"])
    assert web_words("it")["sheet.caption"].startswith(terminal["Score sheet"])
    assert terminal["as a sweep, {move}"] == web_words("it")["move.as_sweep"] + "{move}"
    assert terminal["as a {value}, {move}"] == web_words("it")["move.as_value"].replace(
        "{value}", web_words("it")["value.number"]) + "{move}"


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_built_in_bot_is_named_at_the_terminal_as_the_web_names_it(language):
    web = web_words(language)
    for name in ("heuristic", "random", "ismcts"):
        assert bot_plugins()[name].named(language) == web[f"bot.{name}.short"]

