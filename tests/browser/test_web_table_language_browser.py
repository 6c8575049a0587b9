"""The web table's language, in a real browser against a real server: the browser's
language chooses it (Italian for an Italian browser, English otherwise), the control in
the bar switches it and the choice is remembered after a reload; the API is asked in it
(``Accept-Language``), so a game's own words (Zobelon's title, description and option
values) and a refusal's ``detail`` come back in it."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import say, start_match, variant_words, wait_for, watched_page

pytestmark = pytest.mark.xdist_group("browser-language")

CHOSEN = "localStorage.getItem('foraccio.table.language')"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("language") / "log") as url:
        yield url


def shows(page, language: str) -> bool:
    """Whether the form is in ``language``: its title, and the page's ``lang``."""
    return (page.text_content("#setup-title") == say(language, "setup.title")
            and page.evaluate("document.documentElement.lang") == language)


@pytest.mark.parametrize(("locale", "language"), [("it-IT", "it"), ("it", "it"),
                                                  ("en-US", "en"), ("de-DE", "en")])
def test_the_browsers_language_chooses(browser, server, locale, language):
    with watched_page(browser, locale=locale) as watch:
        page = watch.page
        page.goto(server + "/")
        wait_for(page, "setup")
        assert shows(page, language)
        assert page.input_value("#language") == language
        assert page.evaluate(CHOSEN) is None  # nothing chosen: the browser's, next time too


def test_the_control_switches_the_language_and_it_is_remembered(browser, server):
    with watched_page(browser, "en") as watch:
        page = watch.page
        asked = []
        page.on("request", lambda request: asked.append(
            (request.url, request.headers.get("accept-language"))))
        page.goto(server + "/")
        wait_for(page, "setup")
        assert shows(page, "en")
        assert "it" not in {language for _, language in asked}

        with page.expect_navigation():
            page.select_option("#language", "it")
        wait_for(page, "setup")
        assert shows(page, "it") and page.evaluate(CHOSEN) == "it"
        assert page.input_value("#language") == "it"
        # The game's own words, asked in Italian.
        page.select_option("#variant", "zobelon")
        words = variant_words(server, "zobelon", "it")
        assert page.text_content("#variant option[value=zobelon]") == words["title"]
        assert page.text_content("#variant-description").startswith(words["description"])
        values = next(option["values"] for option in words["options"]
                      if option["name"] == "deal_scheme")
        assert page.locator("#option-deal_scheme option").all_text_contents() == [
            values[value] for value in page.locator("#option-deal_scheme option").evaluate_all(
                "options => options.map(o => o.value)")]
        apis = {url.split("?")[0].removeprefix(server): language for url, language in asked
                if "/table/" not in url and url.removeprefix(server) != "/"}
        assert apis and apis.get("/variants") == "it", apis

        page.reload()
        wait_for(page, "setup")
        assert shows(page, "it")  # remembered

        with page.expect_navigation():
            page.select_option("#language", "en")
        wait_for(page, "setup")
        assert shows(page, "en") and page.evaluate(CHOSEN) == "en"


def test_a_match_resumes_in_the_language_switched_to(browser, server):
    """Switching mid-match reloads the page, which resumes the match, now in Italian; a
    refusal of the server is said in it too."""
    with watched_page(browser, "en") as watch:
        page = watch.page
        start_match(page, server, "zobelon")
        assert wait_for(page) == "your-turn"
        hand = page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
        with page.expect_navigation():
            page.select_option("#language", "it")
        assert wait_for(page) == "your-turn"
        assert page.locator("#hand .card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)") == hand
        assert page.text_content("#status") == say("it", "status.your_turn")
        assert page.text_content("#variant-name") == variant_words(server, "zobelon", "it")["title"]
        assert page.text_content("#hand-number") == say("it", "hand.number", hand=1)

        # A move the server refuses (a card not in the hand): its detail, in Italian.
        card = next(f"{rank}{suit}" for rank in range(1, 14) for suit in "cdbs"
                    if f"{rank}{suit}" not in hand)
        refused = page.evaluate("""async (card) => {
            const {post} = await import('/table/js/api.js');
            const saved = JSON.parse(localStorage.getItem('foraccio.table.match'));
            try {
                await post('/games/play', {token: saved.token, seat_key: saved.keys[0],
                                           move: {card}});
            } catch (error) { return error.detail; }
            return null;
        }""", card)
        watch.allow(re.compile(r"^Failed to load resource: "))  # the refusals, on purpose
        english = page.evaluate("""async (card) => {
            const saved = JSON.parse(localStorage.getItem('foraccio.table.match'));
            const answer = await fetch('/games/play', {method: 'POST',
                headers: {'Content-Type': 'application/json', 'Accept-Language': 'en'},
                body: JSON.stringify({token: saved.token, seat_key: saved.keys[0],
                                      move: {card}})});
            return (await answer.json()).detail;
        }""", card)
        assert refused and english and refused != english, (refused, english)
