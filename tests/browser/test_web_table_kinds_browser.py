"""The web table words each legal move by its kind, as the variant's play rule decided,
in a real browser against a real server, in English and in Italian: in Scopa with the
test-only house rule ``ace-sweeps`` (tests/ace_sweeps.py, installed in the server as an
installed distribution's plugin would be), an ace on a table without an asso may sweep
it or be laid, and the choice offers the lay as one, never as taking "only itself"."""

from __future__ import annotations

import re

import pytest

from tests.ace_sweeps import install_ace_sweeps
from tests.browser.conftest import api_server
from tests.browser.table import (
    more_choices,
    play_hand,
    say,
    seat_view,
    state,
    wait_for,
)

pytestmark = pytest.mark.xdist_group("browser-kinds")

ACE = re.compile(r"1[cdbs]")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("table") / "log",
                    **install_ace_sweeps(tmp_path_factory.mktemp("ace-sweeps"))) as url:
        yield url


def an_ace_of_two_ways(cards):
    """The first legal ace that can be played in two ways or more, if any."""
    return next((i for i, (card, ways) in enumerate(cards)
                 if ACE.fullmatch(card) and ways >= 2), None)


def test_an_ace_that_may_be_laid_offers_the_lay_as_one(watched, server, language):
    page = watched.page
    lays, itself = say(language, "move.lay"), say(language, "move.takes_itself")
    takes = say(language, "move.takes", cards="\0").split("\0")[0]
    ace = say(language, "choice.which", card=say(language, "card.the.vowel", card=say(
        language, "card.name", rank=say(language, "deck.rank.1"), suit="\0"))).split("\0")[0]
    page.goto(server + "/")
    wait_for(page, "setup")
    page.select_option("#pace", "instant")
    page.select_option("#variant", "scopa")
    more_choices(page)
    page.wait_for_selector("#bots[data-seats='2']")
    page.check("#house-rule-ace-sweeps")
    # A match long enough for the hands below: one to 11 may end after three of them.
    page.fill("#option-target", "100")
    page.select_option("#bot-1", "random")
    page.click("#start")

    # The cards the person clicked, and the aces they chose to lay when a choice offered it.
    clicked, lay_chosen = [], []

    def an_ace_to_lay(cards):
        index = an_ace_of_two_ways(cards)
        clicked.append(cards[index or 0][0])
        return index

    def lay_it(words):
        # Each choice is the last clicked card's: an ace's when the lay is among its words.
        if lays in words:
            lay_chosen.append(clicked[-1])
        return lays

    aces, laid = [], []
    # The deals are the server's own, unseeded: not every hand gives the person an ace that
    # may sweep or be laid (it needs a table without an asso: an ace on an empty table is
    # laid without a choice, and one beside a table asso takes or sweeps); four hands once
    # missed it. So the hands go on until the person has chosen to lay an ace.
    for _ in range(10):
        hand = play_hand(page, prefer=an_ace_to_lay, answer=lay_it)
        aces += [options for title, options in zip(hand.choices, hand.options, strict=True)
                 if title.startswith(ace)]
        laid += [event["card"] for event in seat_view(page, server)["events"]
                 if event["type"] == "laid" and event["seat"] == 0]
        if lay_chosen or state(page) == "game-over":
            break
        page.click("#next-hand")
    # An ace offers its sweep and, unless a table asso is there to take, its lay.
    assert lay_chosen, aces
    for options in aces:
        assert all(option.startswith(takes) or option == lays for option in options), options
        assert itself not in options, options
    assert set(lay_chosen) <= set(laid), "each lay chosen was played as a lay"
