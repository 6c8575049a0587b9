"""The web table tells and shows what a deal took, in a real browser against a real
server: ``taking-scopa`` (tests/deal_effects.py), whose dealer takes every card a deal
lays face up and scores a scopa for it at every stage, installed in the server as an
installed distribution's variant would be.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import more_choices, play_hand, seat_view, wait_for
from tests.deal_effects import deal_effects_environment

pytestmark = pytest.mark.xdist_group("browser-deal-effects")

TAKEN = "from the table as the cards are dealt."


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("table") / "log",
                    **deal_effects_environment(tmp_path_factory.mktemp("deal"))) as url:
        yield url


def told(event: dict) -> str:
    """How the table tells a ``deal_captured`` event to seat 0, against a random bot."""
    who = "You take" if event["seat"] == 0 else "Opposite (random) takes"
    return f"{who} {' '.join(event['cards'])} {TAKEN}"


def log(page) -> list[str]:
    return [text.strip() for text in page.locator("#log li").all_text_contents()]


def test_the_table_tells_and_shows_what_each_deal_took(watched, server):
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
    assert told(taken) in log(page)
    team = taken["team"]
    count = page.text_content(f"#pile-{team} .pile-count")
    assert re.fullmatch(rf"{len(view['piles'][team])} cards?", count), count
    assert page.locator(f"#pile-{team} .mark-scopa").count() == sum(
        event["type"] == "bonus" and event["team"] == team for event in view["events"])

    play_hand(page)

    view = seat_view(page, server)
    taken = [event for event in view["events"] if event["type"] == "deal_captured"]
    assert len({event["stage"] for event in taken}) > 1  # the first stage and later ones
    assert [line for line in log(page) if line.endswith(TAKEN)] == list(map(told, taken))
