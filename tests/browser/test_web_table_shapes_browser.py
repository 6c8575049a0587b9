"""The web table at tables of other shapes than Foraccio's, in a real browser against a
real server: ``duet`` (two seats, each for themselves) and ``terzetto`` (three seats,
Scopa's cards), the test-only variants of tests/shapes.py, installed in the server as
an installed distribution's plugins would be. Seats, piles, scores and the score sheet
follow the seating; the stock shows while cards are kept back; each later deal is told.
In English and in Italian.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import api_server
from tests.browser.table import (
    more_choices,
    pattern,
    play_hand,
    say,
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


def test_the_form_offers_a_bot_for_each_other_seat(watched, server, language):
    page = watched.page
    page.goto(server + "/")
    wait_for(page, "setup")
    more_choices(page)

    def opponent(where: str) -> str:
        return say(language, "setup.bot.opponent", where=say(language, f"where.{where}"))
    partner = say(language, "setup.bot.partner", where=say(language, "where.opposite"))
    bots = {"foraccio": [partner, opponent("right"), opponent("left")],
            "terzetto": [opponent("right"), opponent("left")],
            "duet": [opponent("opposite")]}
    for variant, labels in bots.items():
        page.select_option("#variant", variant)
        page.wait_for_selector(f"#bots[data-seats='{len(labels) + 1}']")
        assert texts(page, "#bots label") == labels
    assert page.text_content("#setup-intro").startswith(say(
        language, "setup.intro", company="", goal="",
        against=say(language, "setup.intro.against", count=1)).strip())
    page.select_option("#variant", "terzetto")
    page.wait_for_selector("#bots[data-seats='3']")
    assert page.text_content("#setup-intro").startswith(say(
        language, "setup.intro", company="", goal="", against=say(
            language, "setup.intro.against_each", count=2,
            number=say(language, "number.2"))).strip())


def test_a_whole_hand_of_three_each_for_themselves(watched, server, language):
    page = watched.page
    start(page, server, "terzetto", 3)
    assert wait_for(page) == "your-turn"

    right, left = say(language, "seat.right"), say(language, "seat.left")
    assert texts(page, ".seat .who") == [left, right, say(language, "seat.you")]
    assert [page.get_attribute(f"#seat-{seat}", "data-position") for seat in range(3)] == [
        "you", "right", "left"]
    assert texts(page, ".pile h2") == [say(language, "pile.you"),
                                       say(language, "pile.of", team=right),
                                       say(language, "pile.of", team=left)]
    # By name: a bot that played before this seat's turn may already have scored.
    assert [team.split()[0] for team in texts(page, "#scores .team")] == [
        say(language, "team.you"), right, left]
    stock = page.text_content("#stock")
    assert re.fullmatch(pattern(language, "stock", count=r"\d+"), stock), stock
    screenshot(page, f"terzetto-{language}")

    hand = play_hand(page)

    assert hand.plays == 12  # 36 cards played, dealt three at a time
    assert page.is_hidden("#stock")
    log = " ".join(texts(page, "#log li"))
    assert log.count(say(language, "event.dealt_more").rstrip(".")) == 3
    lines, hand_words, match_words = sheet(page)
    view = seat_view(page, server)
    scored = [event for event in view["events"] if event["type"] == "hand_scored"][-1]
    assert [(team, points) for team, _, points in lines] == [  # grouped by team
        (line["team"], line["points"])
        for line in sorted(scored["lines"], key=lambda line: line["team"])]
    names = (say(language, "team.you.in"), right, left)
    points = ", ".join(say(language, "team.score", team=name, score=score)
                       for name, score in zip(names[:-1], scored["points"], strict=False))
    assert hand_words.startswith(say(language, "sheet.hand", scores=points).rstrip("."))
    assert hand_words.endswith(say(language, "team.score", team=left, score=scored["points"][2])
                               + ".")
    assert match_words.endswith(say(language, "sheet.match", scores="", goal=11).split(";")[-1])
    screenshot(page, f"terzetto-score-sheet-{language}")


def test_a_match_of_two_to_its_end(watched, server, language):
    page = watched.page
    start(page, server, "duet", 2, options={"target": "1"})
    assert wait_for(page) == "your-turn"
    opposite = say(language, "seat.opposite")
    assert texts(page, ".seat .who") == [opposite, say(language, "seat.you")]
    assert texts(page, ".pile h2") == [say(language, "pile.you"),
                                       say(language, "pile.of", team=opposite)]

    while play_hand(page).plays and state(page) == "hand-over":
        page.click("#next-hand")

    result = page.text_content("#sheet-result")
    score = rf"\d+{re.escape(say(language, 'score.to'))}\d+"
    assert re.fullmatch(pattern(language, "won.you", score=score) + "|"
                        + pattern(language, "won.seat", team=re.escape(opposite), score=score),
                        result), result
    assert page.is_visible("#sheet-new-match")
