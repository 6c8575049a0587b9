"""The web table at tables of other shapes than Foraccio's, in a real browser against a
real server: ``duet`` (two seats, each for themselves) and ``terzetto`` (three seats,
Scopa's cards), the test-only variants of tests/shapes.py, installed in the server as
an installed distribution's plugins would be. Seats, piles, scores and the score sheet
follow the seating; the stock shows while cards are kept back; each later deal is told.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import (
    more_choices,
    play_hand,
    screenshot,
    seat_view,
    sheet,
    state,
    wait_for,
)
from tests.shapes import shapes_environment

pytestmark = pytest.mark.xdist_group("browser-shapes")

@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("table") / "log",
                    **shapes_environment(tmp_path_factory.mktemp("shapes"))) as url:
        yield url


def start(page, url: str, variant: str, seats: int, options: dict[str, str] | None = None
          ) -> None:
    """Open the table and deal a match of ``variant``, random bots at its ``seats``."""
    page.goto(url + "/")
    wait_for(page, "setup")
    page.select_option("#pace", "instant")
    page.select_option("#variant", variant)
    more_choices(page)
    page.wait_for_selector(f"#bots[data-seats='{seats}']")
    for name, value in (options or {}).items():
        page.fill(f"#option-{name}", value)
    for seat in range(1, seats):
        page.select_option(f"#bot-{seat}", "random")
    page.click("#start")


def texts(page, selector: str) -> list[str]:
    return [text.strip() for text in page.locator(selector).all_text_contents()]


def test_the_form_offers_a_bot_for_each_other_seat(watched, server):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    more_choices(page)
    bots = {"foraccio": ["Your partner (opposite)", "Opponent on your right",
                         "Opponent on your left"],
            "terzetto": ["Opponent on your right", "Opponent on your left"],
            "duet": ["Opponent opposite"]}
    for variant, labels in bots.items():
        page.select_option("#variant", variant)
        page.wait_for_selector(f"#bots[data-seats='{len(labels) + 1}']")
        assert texts(page, "#bots label") == labels
    assert page.text_content("#setup-intro").startswith(
        "You sit at the bottom, against one bot.")
    page.select_option("#variant", "terzetto")
    page.wait_for_selector("#bots[data-seats='3']")
    assert page.text_content("#setup-intro").startswith(
        "You sit at the bottom, against two bots, each for themselves.")


def test_a_whole_hand_of_three_each_for_themselves(watched, server):
    page = watched.page
    start(page, server, "terzetto", 3)
    assert wait_for(page) == "your-turn"

    assert texts(page, ".seat .who") == ["Left", "Right", "You"]
    assert [page.get_attribute(f"#seat-{seat}", "data-position") for seat in range(3)] == [
        "you", "right", "left"]
    assert texts(page, ".pile h2") == ["Your pile", "Right's pile", "Left's pile"]
    # By name: a bot that played before this seat's turn may already have scored.
    assert [team.split()[0] for team in texts(page, "#scores .team")] == ["You", "Right", "Left"]
    stock = page.text_content("#stock")
    assert re.fullmatch(r"Stock: \d+ cards to deal", stock), stock
    screenshot(page, "terzetto")

    hand = play_hand(page)

    assert hand.plays == 12  # 36 cards played, dealt three at a time
    assert page.is_hidden("#stock")
    log = " ".join(texts(page, "#log li"))
    assert log.count("more cards are dealt from the stock") == 3
    lines, hand_words, match_words = sheet(page)
    view = seat_view(page, server)
    scored = [event for event in view["events"] if event["type"] == "hand_scored"][-1]
    names = ("You", "Right", "Left")
    assert [(team, points) for team, _, points in lines] == [  # grouped by team
        (names[line["team"]], line["points"])
        for line in sorted(scored["lines"], key=lambda line: line["team"])]
    points = ", ".join(f"{name if name != 'You' else 'you'} {score}"
                       for name, score in zip(names, scored["points"], strict=True))
    assert hand_words == f"This hand: {points}."
    assert match_words.endswith("first to 11 wins.")
    screenshot(page, "terzetto-score-sheet")


def test_a_match_of_two_to_its_end(watched, server):
    page = watched.page
    start(page, server, "duet", 2, options={"target": "1"})
    assert wait_for(page) == "your-turn"
    assert texts(page, ".seat .who") == ["Opposite", "You"]
    assert texts(page, ".pile h2") == ["Your pile", "Opposite's pile"]

    while play_hand(page).plays and state(page) == "hand-over":
        page.click("#next-hand")

    result = page.text_content("#sheet-result")
    assert re.fullmatch(r"You win the match, \d+ to \d+\.|Opposite wins the match, \d+ to \d+\.",
                        result), result
    assert page.is_visible("#sheet-new-match")
