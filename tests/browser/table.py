"""Helpers that play the web table as a person would: by clicking (or by keyboard), and
reading only what the page shows.

The page says where it is in ``body[data-state]``: ``setup``, ``waiting`` (the bots or
the server), ``your-turn``, ``choosing`` (a choice is asked), ``hand-over``,
``game-over`` or ``error``.

The page speaks the browser's language (English or Italian): a page is opened in a
``language`` (its browser's locale), and the words a test expects are the page's own
catalogue's (:func:`say`).
"""

from __future__ import annotations

import functools
import json
import re
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page

from foraccio.web.routes import STATIC

LANGUAGES = {"en": "en-GB", "it": "it-IT"}
"""The languages the page speaks, each with the browser locale that asks for it."""
MISSING = "⟦"
"""What the page shows for a key without a catalogue entry (web/static/js/i18n.js)."""

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
"""Where the tests leave screenshots of the table (git-ignored)."""

PERSON_STATES = ("your-turn", "hand-over", "game-over", "error")
SAVED = "JSON.parse(localStorage.getItem('foraccio.table.match'))"
"""The match the page keeps in localStorage: its latest token and the seat keys."""
DESKTOP = {"width": 1100, "height": 900}


class Watched:
    """A page whose requests and console are recorded."""

    def __init__(self, page):
        self.page = page
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.allowed: re.Pattern | None = None
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: message.type == "error" and self.errors.append(
            message.text))
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def allow(self, pattern: re.Pattern) -> None:
        """Console errors matching ``pattern`` are expected in this test."""
        self.allowed = pattern

    def unexpected_errors(self) -> list[str]:
        """The console errors this test did not :meth:`allow`."""
        return [error for error in self.errors
                if not (self.allowed and self.allowed.search(error))]


@functools.cache
def catalogue(language: str) -> dict[str, str]:
    """The page's catalogue of ``language``: web/static/locale/<language>.json."""
    return json.loads((STATIC / "locale" / f"{language}.json").read_text())


def say(language: str, key: str, **params: object) -> str:
    """What the page says for ``key`` with ``params`` in ``language``, as its ``t()``
    does (a ``count`` picks the entry of its plural form, ``one`` or ``other``)."""
    entries = catalogue(language)
    text = entries.get(key)
    if text is None and "count" in params:
        text = entries.get(f"{key}.{'one' if params['count'] == 1 else 'other'}")
    assert text is not None, f"no {language} entry for {key}"
    return re.sub(r"\{(\w+)\}", lambda found: str(params.get(found[1], found[0])), text)


def pattern(language: str, key: str, **params: str) -> str:
    r"""A regular expression of what the page says for ``key`` in ``language``, with each
    of ``params`` (a regular expression) in its place: ``pattern("en", "won.you",
    score=r"\d+ to \d+")``."""
    text = say(language, key, **{name: f"\0{name}\0" for name in params})
    return "".join(params[part] if index % 2 else re.escape(part)
                   for index, part in enumerate(text.split("\0")))


def card_name(language: str, card: str) -> str:
    """A card of the Italian-suited deck by its name, as the page says it: "king of
    swords" ("re di spade")."""
    rank, suit = card[:-1], card[-1]
    entries = catalogue(language)
    return say(language, "card.name", rank=entries.get(f"deck.rank.{rank}", rank),
               suit=say(language, f"deck.suit.{suit}"))


def the_card(language: str, card: str) -> str:
    """A card's name with its article: "the king of swords" ("il re di spade", "l'asso
    di coppe")."""
    name = card_name(language, card)
    vowel = re.match(r"([aeiou]|8\b|11\b)", name, re.IGNORECASE)
    return say(language, "card.the.vowel" if vowel else "card.the", card=name)


def cards_words(language: str, cards: list[str]) -> str:
    """Cards named with their articles in a list, as Intl.ListFormat joins them: "the 3
    of coins, the 4 of cups, and the 5 of swords" ("il 3 di denari, il 4 di coppe e il 5
    di spade")."""
    named = [the_card(language, card) for card in cards]
    if len(named) < 2:
        return "".join(named)
    last = {"en": " and " if len(named) == 2 else ", and ", "it": " e "}[language]
    return ", ".join(named[:-1]) + last + named[-1]


def value_words(language: str, value: int) -> str:
    """A value a wild card is given, with its article, named as the page names that rank:
    "an ace", "a 7", "an 8", "a jack" ("un asso", "un 7", "un fante")."""
    name = say(language, f"deck.rank.{value}") if value in (1, 11, 12, 13) else str(value)
    vowel = re.match(r"([aeiou]|8|11\b|18\b)", name, re.IGNORECASE)
    return say(language, "value.vowel" if vowel else "value.number", value=name)


@contextmanager
def watched_page(browser: Browser, language: str = "en", **context: Any) -> Iterator[Watched]:
    """A fresh page (its own localStorage) in a context of its own (``context``: its
    options, by default a desktop's viewport) whose browser speaks ``language``;
    afterwards, no error was logged but those the test allowed (a key the page has no
    words for is one)."""
    opened = browser.new_context(**({"viewport": DESKTOP, "locale": LANGUAGES[language]} | context))
    watch = Watched(opened.new_page())
    try:
        yield watch
    finally:
        opened.close()
    errors = watch.unexpected_errors()
    assert not errors, f"console errors: {errors}"


def variant_words(server: str, variant: str, language: str) -> dict:
    """``variant``'s words, as the server's ``GET /variants/{variant}`` says them in
    ``language``."""
    request = urllib.request.Request(f"{server}/variants/{variant}",
                                     headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)["words"]


def state(page: Page) -> str:
    return page.get_attribute("body", "data-state") or ""


def wait_for(page: Page, *states: str, timeout: float = 20_000) -> str:
    """Wait until the page is in one of ``states`` (by default: the person's move, the end
    of a hand or of the match, or an error); return it."""
    wanted = states or PERSON_STATES
    page.wait_for_selector(", ".join(f"body[data-state={s}]" for s in wanted), timeout=timeout)
    return state(page)


def more_choices(page: Page) -> None:
    """Unfold the form's advanced choices (the game's options, house rules, bots), as a
    person does by clicking their summary."""
    if page.get_attribute("#more", "open") is None:
        page.click("#more > summary")


def start_match(page: Page, url: str, variant: str = "foraccio", pace: str = "instant",
                options: dict[str, str | bool] | None = None, bots: str = "heuristic") -> None:
    """Open the table and deal a new match of ``variant`` at ``pace``; ``options`` fills
    option fields by name (a bool checks or unchecks a box); every bot seat gets
    ``bots``."""
    page.goto(url + "/")
    wait_for(page, "setup")
    page.select_option("#pace", pace)
    page.select_option("#variant", variant)
    more_choices(page)
    for name, value in (options or {}).items():
        if isinstance(value, bool):
            page.set_checked(f"#option-{name}", value)
        else:
            page.fill(f"#option-{name}", value)
    for seat in (1, 2, 3):
        page.select_option(f"#bot-{seat}", bots)
    page.click("#start")


@dataclass
class Hand:
    """What the person met while playing a hand."""

    plays: int = 0
    choices: list[str] = field(default_factory=list)
    """The titles of the choices asked, in order."""
    options: list[list[str]] = field(default_factory=list)
    """The options each choice offered."""


Prefer = Callable[[list[tuple[str, int]]], int | None]
"""Given the legal cards and how many ways each can be played, the index of the one to
play; None for the first."""


Answer = Callable[[list[str]], str]
"""Given the words of a choice's options, how the chosen one starts."""


def play_hand(page: Page, prefer: Prefer | None = None, answer: Answer | None = None) -> Hand:
    """Play the person's turns until the hand is over by clicking the first highlighted
    card (or the one ``prefer`` picks), answering each choice with the first option (or
    the first whose words start with what ``answer`` says)."""
    hand = Hand()
    while wait_for(page) == "your-turn":
        legal = page.locator("#hand .card.legal")
        cards = legal.evaluate_all("cards => cards.map(c => [c.dataset.card, +c.dataset.ways])")
        index = (prefer(cards) if prefer else None) or 0
        legal.nth(index).click()
        hand.plays += 1
        while True:
            page.wait_for_selector("#choice[open], body:not([data-state=choosing])")
            if not page.locator("#choice[open]").count():
                break
            hand.choices.append(page.text_content("#choice-title"))
            options = page.locator("#choice-options .choice")
            # Each option's words (its first span), without its cards' faces' letters.
            words = [text.strip() for text in page.locator(
                "#choice-options .choice > span:first-child").all_text_contents()]
            hand.options.append(words)
            start = answer(words) if answer else ""
            chosen = next((i for i, text in enumerate(words) if text.startswith(start)), 0)
            options.nth(chosen).click()
    assert state(page) in ("hand-over", "game-over"), page.text_content("#error")
    return hand


def sheet(page: Page) -> tuple[list[tuple[int, str, int]], str, str]:
    """The score sheet shown: its lines (team, name, points), the hand's and the match's
    totals."""
    rows = page.locator("#sheet-lines tr.line").evaluate_all(
        "rows => rows.map(r => [r.dataset.team, r.querySelector('.line-name').textContent,"
        " r.querySelector('.points').textContent])")
    lines = [(int(team), name, int(points)) for team, name, points in rows]
    return lines, page.text_content("#sheet-hand"), page.text_content("#sheet-match")


def seat_view(page: Page, url: str) -> dict:
    """Seat 0's view from the server, asked with the keys the page keeps: what the page
    should be showing."""
    saved = page.evaluate(SAVED)
    body = json.dumps({"token": saved["token"], "seat_key": saved["keys"][0]}).encode()
    request = urllib.request.Request(url + "/games/view", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def totals(words: str, language: str = "en") -> tuple[int, int]:
    """The two teams' points in a sentence of the score sheet ("us 12, them 9")."""
    us, them = (say(language, f"team.{side}.in") for side in ("us", "them"))
    found = re.search(rf"{us} (\d+)\D+{them} (\d+)", words)
    assert found, words
    return int(found[1]), int(found[2])


def origin(url: str) -> str | None:
    if url.startswith(("data:", "blob:")):
        return None
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def screenshot(page: Page, name: str, **options) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), **options)
    return path
