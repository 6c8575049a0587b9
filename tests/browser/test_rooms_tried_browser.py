"""A room's web table as a new user tried it (issue #33): the hand within the screen at
1280 x 800 and on a phone, the room's panel, an error and the seats' last plays
notwithstanding; nothing of the match (a hand, a "to play") before it starts, and a room
of bots alone asks for no links; a person who is away is said to be, a move the turn
clock made is said to be a bot's, and the clock counts down by the hand; a seat of the
second team sees its own team first."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import api_server
from tests.browser.room import make_room, play_a_card
from tests.browser.table import Watched, state, wait_for
from tests.browser.test_web_table_browser import NO_SUCH_RESOURCE

pytestmark = pytest.mark.xdist_group("browser-rooms-tried")

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                   "is_mobile": True, "has_touch": True}}
BOTS = "heuristic"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("rooms-tried") / "log",
                    FORACCIO_DATA_DIR=str(tmp_path_factory.mktemp("rooms-tried-data"))) as url:
        yield url


@pytest.fixture
def contexts(browser, server):
    """A maker of pages, each in a browser context of its own (``contexts(size)``);
    afterwards, no page logged an error but those its test allowed."""
    made: list[tuple[object, Watched]] = []

    def open_page(size: str = "desktop") -> Watched:
        context = browser.new_context(**SIZES[size])
        watched = Watched(context.new_page())
        made.append((context, watched))
        return watched

    yield open_page
    for context, _ in made:
        context.close()
    for _, watched in made:
        errors = watched.unexpected_errors()
        assert not errors, f"console errors: {errors}"


def box(page, selector: str) -> dict:
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect(); "
                                           "return {top: r.top, bottom: r.bottom, left: r.left};}")


def assert_the_hand_is_in_view(page) -> None:
    """Every card of the hand within the screen as the page stands, the table above it too."""
    height = page.evaluate("innerHeight")
    cards = page.locator("#hand .card").evaluate_all(
        "cards => cards.map(c => [c.dataset.card, c.getBoundingClientRect().top,"
        " c.getBoundingClientRect().bottom])")
    assert cards
    below = [(card, round(bottom)) for card, top, bottom in cards if top < 0 or bottom > height]
    assert not below, f"cards outside the {height} px screen: {below}"
    assert box(page, ".felt")["top"] >= 0


@pytest.mark.parametrize("size", list(SIZES))
def test_the_hand_is_in_view_and_nothing_shows_before_the_start(contexts, server, size):
    watched = contexts(size)
    page = watched.page
    watched.allow(NO_SUCH_RESOURCE)  # its network is cut on purpose below
    # The host plays seat 1 (0 to the API), bots the others, against a turn clock.
    make_room(page, server, ["person", BOTS, BOTS, BOTS], my_seat=0, pace="0.1",
              turn_seconds=600)
    # Bots only besides the host: no link to send.
    assert page.text_content("#status") == "Start the match when you are ready."
    # Before the start: no hand, and nobody "to play".
    assert page.is_hidden("#hand")
    assert not page.locator(".seat .turn:visible").count()
    page.click("[data-key=start]")
    for _ in range(3):  # each seat's last play in its place
        assert wait_for(page, "your-turn") == "your-turn"
        assert_the_hand_is_in_view(page)
        # The clock counts down by the hand, not in the room's panel far above it.
        assert page.is_visible(".status-line #room-clock")
        assert box(page, "#hand")["top"] - box(page, "#room-clock")["bottom"] < 150
        version = page.get_attribute("body", "data-version")
        play_a_card(page)
        page.wait_for_selector(f"body:not([data-version='{version}'])")
    assert wait_for(page, "your-turn") == "your-turn"
    # A failure said in a banner still leaves the hand in view.
    page.context.set_offline(True)
    page.locator("#hand .card.legal").first.click()
    if page.locator("#choice[open]").count():
        page.locator("#choice-options .choice").first.click()
    wait_for(page, "error")
    assert page.is_visible("#error")
    assert_the_hand_is_in_view(page)
    page.context.set_offline(False)


def test_an_away_person_and_a_move_the_clock_made_are_said(contexts, server):
    page = contexts().page
    # Seat 2 (the host's partner) is a person's who never comes; a clock of 5 s a move.
    make_room(page, server, ["person", BOTS, "person", BOTS], my_seat=0, pace="0.1",
              turn_seconds=5)
    page.click("[data-key=start]")
    # Seat 2's bot plays, then the partner's turn: they are away, not "playing".
    page.wait_for_selector("#status:text('Waiting for Partner to play… they are away.')")
    assert page.is_visible("#room-clock")
    # Their clock runs out: a bot plays for them, and the page says so (in the hand's
    # plays, folded away: attached, not visible).
    page.wait_for_selector("#log li:text-matches('^Partner (lays|plays) .*: time ran out, "
                           "so a bot played it\\.$')", state="attached", timeout=20_000)
    assert wait_for(page, "your-turn") == "your-turn"
    # The host lets their own clock run out too.
    page.wait_for_selector("#log li:text-matches('^You (lay|play) .*: time ran out, so a bot "
                           "played it\\.$')", state="attached", timeout=20_000)
    said = page.locator("#log li").all_text_contents()
    assert sum("time ran out" in line for line in said) == 2, said
    # The bots' own plays are said as they were: the one between the partner and the host
    # has played (the other may not have, as the deal decides who leads).
    assert any(re.match(r"(Right|Left) \(heuristic\) (lays|plays) [^:]+(: takes [^:]+)?\.$",
                        line)
               for line in said), said


@pytest.mark.parametrize("size", list(SIZES))
def test_a_seat_of_the_second_team_sees_its_team_first(contexts, server, size):
    page = contexts(size).page
    make_room(page, server, [BOTS, "person", BOTS, BOTS], my_seat=1, pace="0.1")
    page.click("[data-key=start]")
    assert wait_for(page, "your-turn") == "your-turn"
    teams = page.locator("#scores .team").all_text_contents()
    assert [team.split()[0] for team in teams] == ["Us", "Them"], teams
    piles = page.locator("#piles .pile h2").all_text_contents()
    assert piles == ["Our pile", "Their pile"], piles
    ours, theirs = (box(page, f"#piles .pile >> nth={index}") for index in (0, 1))
    assert (ours["left"], ours["top"]) <= (theirs["left"], theirs["top"])
    assert state(page) == "your-turn"


def test_a_room_waits_for_people_it_has_links_for(contexts, server):
    page = contexts().page
    make_room(page, server, ["person", BOTS, "person", BOTS], my_seat=0)
    assert page.text_content("#status") == ("Send each person their link; start the match "
                                            "when everyone is here.")
