"""A game that shares no word with Foraccio, at the web table, in a real browser against a
real server, in English and in Italian: Lumaca (tests/foreign, installed in the test
environment as a plugin's distribution would be) is shown in its own words, as ``GET
/variants`` says them in the page's language: its title and option in the form, its
score lines on the score sheet (those the hand scored: it may score none), its
declarations and bonuses in the log, its wild card's choice; and no word of Foraccio's."""

from __future__ import annotations

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import (
    more_choices,
    play_hand,
    say,
    seat_view,
    sheet,
    variant_words,
    wait_for,
)

pytestmark = pytest.mark.xdist_group("browser-foreign")

FORACCIO_WORDS = ("foraccio", "napoli", "onori", "onore", "primiera", "settebello", "jolly: choose")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("foreign") / "log") as url:
        yield url


def table_text(page) -> str:
    """What the table, its log, its score sheet and its dialog say, in lower case."""
    return " ".join(page.text_content(selector) or "" for selector in
                    ("#variant-name", "#table", "#sheet", "#choice")).lower()


def test_lumaca_is_shown_in_its_own_words(watched, server, language):
    page = watched.page
    words = variant_words(server, "lumaca", language)
    lines = {name: line["name"] for name, line in words["lines"].items()}
    page.goto(server + "/")
    wait_for(page, "setup")
    page.select_option("#pace", "instant")
    page.select_option("#variant", "lumaca")
    assert page.text_content("#variant option[value=lumaca]") == words["title"]
    assert page.text_content("#variant-description").startswith(words["description"])
    more_choices(page)
    target = next(option for option in words["options"] if option["name"] == "target")
    assert page.text_content("label[for=option-target]") == target["title"]
    page.fill("#option-target", "50")  # one hand never ends the match
    page.wait_for_selector("#bots[data-seats='2']")
    page.select_option("#bot-1", "random")
    page.click("#start")

    wait_for(page)
    assert page.text_content("#variant-name") == words["title"]
    # The wild card's choice, as the page asks it for the asso of denari when it could
    # match a 3 or a 5 on the table, or take as itself what makes eleven with it.
    page.evaluate("""async () => {
        const {chooseMove} = await import('/table/js/prompt.js');
        chooseMove([{card: '1d', take: ['3c'], jolly: 3, way: 'match'},
                    {card: '1d', take: ['5s'], jolly: 5, way: 'match'},
                    {card: '1d', take: ['3c', '7s'], way: 'eleven'}]);
    }""")
    page.wait_for_selector("#choice[open]")
    assert words["wild"] in page.text_content("#choice-title")
    assert page.locator("#choice-options .choice > span:first-child").all_text_contents() == [
        say(language, "choice.as_itself"),
        *(say(language, "choice.as_value", value=say(language, "value.number", value=value))
          for value in (3, 5))]
    assert not any(word in table_text(page) for word in FORACCIO_WORDS), table_text(page)
    page.click("#choice-back")
    page.wait_for_function("!document.querySelector('#choice').open")
    # A hand shown at the deal, as the log says one, in the game's words.
    declared = page.evaluate("""async () => {
        const {eventWords, placesOf} = await import('/table/js/words.js');
        const view = {teams: [[0], [1]], seat: 0};
        return eventWords({type: 'declared', hand: 1, stage: 0, seat: 1, team: 1,
                           name: 'trio', cards: ['3c', '3d', '3s'], points: 3},
                          [null, 'random'], placesOf(view));
    }""")
    assert lines["trio"] in declared and "3" in declared

    play_hand(page)
    view = seat_view(page, server)
    log = page.text_content("#log")
    for event in view["events"]:  # each declaration and bonus the hand made, by its own name
        if event["type"] in ("declared", "bonus"):
            assert lines[event["name"]] in log, (event, log)
    # The score sheet shows the lines the hand scored, each by its own name. A hand may
    # score none (the heap and the sevens tied, no broom: about one hand in 200 as this
    # test plays), and then the sheet says so for each side.
    scored = next(event for event in reversed(view["events"]) if event["type"] == "hand_scored")
    assert sorted(sheet(page)[0]) == sorted(
        (line["team"], lines[line["name"]], line["points"]) for line in scored["lines"])
    if not scored["lines"]:
        assert page.locator("#sheet-lines .line-none").all_text_contents() == [
            say(language, "sheet.no_line")] * 2
    # Every line of the game by its own name, whichever this hand scored.
    assert page.evaluate("""async (names) => {
        const {lineName} = await import('/table/js/words.js');
        return names.map(lineName);
    }""", list(lines)) == list(lines.values())
    assert not any(word in table_text(page) for word in FORACCIO_WORDS), table_text(page)
