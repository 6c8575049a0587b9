"""The web table tells and shows what a deal took, in a real browser against a real
server, in English and in Italian: ``taking-scopa`` (tests/deal_effects.py), whose dealer
takes every card a deal lays face up and scores a scopa for it at every stage, installed
in the server as an installed distribution's variant would be.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import cards_words, more_choices, play_hand, say, seat_view, wait_for
from tests.deal_effects import deal_effects_environment

pytestmark = pytest.mark.xdist_group("browser-deal-effects")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("table") / "log",
                    **deal_effects_environment(tmp_path_factory.mktemp("deal"))) as url:
        yield url


def told(language: str, event: dict) -> str:
    """How the table tells a ``deal_captured`` event to seat 0, against a random bot."""
    cards = cards_words(language, event["cards"])
    if event["seat"] == 0:
        return say(language, "event.deal_captured.you", cards=cards)
    seat = say(language, "seat.with_bot", seat=say(language, "seat.opposite"),
               bot=say(language, "bot.random.short"))
    return say(language, "event.deal_captured", seat=seat, cards=cards)


def log(page) -> list[str]:
    return [text.strip() for text in page.locator("#log li").all_text_contents()]


def test_the_table_tells_and_shows_what_each_deal_took(watched, server, language):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    page.select_option("#pace", "instant")
    page.select_option("#variant", "taking-scopa")
    more_choices(page)
    page.wait_for_selector("#bots[data-seats='2']")
    page.select_option("#bot-1", "random")
    page.click("#start")
    assert wait_for(page) == "your-turn"

    view = seat_view(page, server)
    (taken,) = [event for event in view["events"] if event["type"] == "deal_captured"]
    assert told(language, taken) in log(page)
    team = taken["team"]
    count = page.text_content(f"#pile-{team} .pile-count")
    assert count == say(language, "cards", count=len(view["piles"][team])), count
    assert page.locator(f"#pile-{team} .mark-scopa").count() == sum(
        event["type"] == "bonus" and event["team"] == team for event in view["events"])

    play_hand(page)

    view = seat_view(page, server)
    taken = [event for event in view["events"] if event["type"] == "deal_captured"]
    assert len({event["stage"] for event in taken}) > 1  # the first stage and later ones
    ending = say(language, "event.deal_captured.you", cards="\0").split("\0")[-1]
    assert [line for line in log(page) if line.endswith(ending)] == [
        told(language, event) for event in taken]
