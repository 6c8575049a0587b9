"""The web table read by a native speaker, in a real browser against a real server, in
English and in Italian: a figure's letter is the game's (Lumaca's queen and emperor are
not a knight and a king), the score sheet opens at its top and its header's words stay
whole on a phone, the plays' log stays open across a change of language, the game's
focus ring leaves its description readable, the form says what a player needs (no
arithmetic, no house rule's code, the note on the bots last) and the table links to the
rules, in its language, and to the API's documentation."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import (
    LANGUAGES,
    more_choices,
    play_hand,
    say,
    start_match,
    wait_for,
    watched_page,
)

pytestmark = pytest.mark.xdist_group("browser-native")

PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
FIGURES = ("11c", "12c", "13c")
LETTERS = {
    # The page's own letters, for a game that names its figures as the page does.
    "foraccio": {"en": ["J", "N", "K"], "it": ["F", "C", "R"]},
    # Lumaca's jack is the page's; its queen (regina) and emperor (imperatore) its own.
    "lumaca": {"en": ["J", "Q", "E"], "it": ["F", "R", "I"]},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("native") / "log") as url:
        yield url


def letters(page) -> list[tuple[str, str, str]]:
    """The figures' faces as the table draws them for the match shown: each one's letter
    in its corner, its letter in the middle, its name under it."""
    return page.evaluate("""async (cards) => {
        const {cardFace} = await import('/table/js/cards.js');
        return cards.map((card) => {
            const face = cardFace(card);
            return [face.querySelector('.rank').textContent,
                    face.querySelector('.figure-letter').textContent,
                    face.querySelector('.figure-name').textContent];
        });
    }""", list(FIGURES))


@pytest.mark.parametrize("variant", list(LETTERS))
def test_a_figure_is_lettered_in_its_games_words(watched, server, language, variant):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    page.select_option("#pace", "instant")
    page.select_option("#variant", variant)
    more_choices(page)
    for select in page.locator("#bots select").all():
        select.select_option("random")
    page.click("#start")
    wait_for(page)
    drawn = letters(page)
    assert [corner for corner, _, _ in drawn] == LETTERS[variant][language]
    assert [middle for _, middle, _ in drawn] == LETTERS[variant][language]
    # Each letter is its name's, where the game names the figure its own way.
    for (_, letter, name), page_letter in zip(drawn, LETTERS["foraccio"][language], strict=True):
        assert letter in (name[0].upper(), page_letter), (letter, name)
    # And the cards in play are drawn so: every figure in the hand or on the table.
    shown = page.locator("#hand .card, #table-cards .card").evaluate_all(
        "cards => cards.map(c => [c.dataset.card, c.querySelector('.rank').textContent])")
    for card, letter in shown:
        if card[:-1] in ("11", "12", "13"):
            assert letter == LETTERS[variant][language][int(card[:-1]) - 11], (card, letter)


def header_lines(page) -> dict[str, int]:
    """Each header cell of the score sheet: on how many lines its words are set."""
    return page.locator("#sheet-lines thead th").evaluate_all("""cells => Object.fromEntries(
        cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            return [cell.textContent, cell.scrollWidth > cell.clientWidth ? -1 : tops.size];
        }))""")


def test_the_score_sheet_opens_at_its_top_with_its_header_whole_on_a_phone(browser, server,
                                                                           language):
    with watched_page(browser, language, **PHONE) as watch:
        page = watch.page
        start_match(page, server, options={"target": "500"}, bots="random")
        play_hand(page)
        headers = header_lines(page)
        assert headers == dict.fromkeys(
            [say(language, key) for key in ("sheet.line", "sheet.points", "sheet.cards")], 1)
        # The person reads the sheet to its end...
        body = page.locator("#sheet-body")
        assert body.evaluate("body => body.scrollHeight > body.clientHeight")
        body.evaluate("body => { body.scrollTop = body.scrollHeight; }")
        assert body.evaluate("body => body.scrollTop") > 0
        page.click("#next-hand")
        play_hand(page)
        # ...and the next hand's sheet opens at its top: its title and the first team.
        assert body.evaluate("body => body.scrollTop") == 0
        assert page.text_content("#sheet-title") == say(language, "sheet.title", hand=2)


def test_the_plays_log_stays_open_when_the_language_changes(watched, server, language):
    page = watched.page
    start_match(page, server, bots="random")
    wait_for(page, "your-turn")
    page.click("details.log > summary")
    assert page.get_attribute("details.log", "open") is not None
    other = next(other for other in LANGUAGES if other != language)
    with page.expect_navigation():  # the page reloads in the other language
        page.select_option("#language", other)
    wait_for(page, "your-turn")
    assert page.text_content("details.log > summary") == say(other, "log.title")
    assert page.get_attribute("details.log", "open") is not None
    assert page.locator("#log li").count() > 0


def test_the_form_speaks_to_a_player(watched, server, language):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    # The game's select, focused at once, rings clear of its description's first line.
    assert page.evaluate("document.activeElement.id") == "variant"
    ring = page.evaluate("""() => {
        const select = document.querySelector('#variant');
        const style = getComputedStyle(select);
        return {visible: select.matches(':focus-visible'),
                bottom: select.getBoundingClientRect().bottom + parseFloat(style.outlineOffset)
                        + parseFloat(style.outlineWidth),
                below: document.querySelector('#variant-description').getBoundingClientRect().top};
    }""")
    assert ring["visible"] and ring["bottom"] <= ring["below"], ring
    # The note on the bots' cards comes after the button that deals, not before the game.
    assert page.evaluate("""() => Boolean(document.querySelector('#start').compareDocumentPosition(
        document.querySelector('#bots-note')) & Node.DOCUMENT_POSITION_FOLLOWING)""")
    assert page.text_content("#bots-note") == say(language, "setup.bots_note")
    # Who deals next, in words: no arithmetic on seats.
    more_choices(page)
    hint = page.text_content("#option-deal_passes_to-hint")
    assert hint and not re.search(r"[+\d]", hint), hint


def test_the_table_links_to_the_rules_in_its_language_and_to_the_api_docs(watched, server,
                                                                           language):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    assert page.text_content("#rules-link") == say(language, "links.rules")
    assert page.text_content("#docs-link") == say(language, "links.docs")
    page.click("#rules-link")
    page.wait_for_url(f"**/rules?lang={language}")
    title = {"en": "The rules of Foraccio and Zobelon",
             "it": "Le regole del Foraccio e dello Zobelon"}[language]
    assert page.text_content("h1") == title
    assert page.evaluate("document.documentElement.lang") == language
    page.click("#to-docs")
    page.wait_for_url("**/schema")
    page.go_back()
    page.go_back()
    page.wait_for_url(server + "/")
    page.click("#docs-link")
    page.wait_for_url("**/schema")
