"""The end of a hand, as a specification (foraccio_scopa.end_of_hand): the cards left on
the table go to the team of the player who captured last, and that is no scopa."""

from __future__ import annotations

from functools import partial

from foraccio_scopa import end_of_hand

from foraccio.core.engine import play
from foraccio.core.model import Bonus, Move, TableCollected
from foraccio.core.testing import scenario

scopa_scenario = partial(scenario, variant="scopa")


def test_the_cards_left_go_to_the_team_of_the_last_player_who_captured():
    state = scopa_scenario(hands=[[], ["2c"]], table=["4b", "5d"], turn=1, last_capturer=0,
                           piles=[[], []])

    after, events = play(state, Move("2c"))

    assert TableCollected(seat=0, team=0, cards=("2c", "4b", "5d")) in events
    assert sorted(after.piles[0]) == ["2c", "4b", "5d"]
    assert not any(isinstance(event, Bonus) for event in events)


def test_the_last_player_who_captured_is_the_one_who_took_cards_last_in_play():
    state = scopa_scenario(hands=[["5b", "2s"], ["12c", "1c"]], table=["4b", "5d"], turn=0,
                           last_capturer=1, piles=[[], []])

    for move in (Move("5b", ("5d",)), Move("12c"), Move("2s"), Move("1c")):
        state, events = play(state, move)

    assert TableCollected(seat=0, team=0, cards=("1c", "2s", "4b", "12c")) in events
    assert state.piles == (("5d", "5b", "1c", "2s", "4b", "12c"), ())


def test_were_nobody_to_capture_the_dealers_team_would_take_them():
    state = scopa_scenario(table=["5d"], dealer=1, last_capturer=None)

    assert end_of_hand.foraccio_collect_table(state=state) == 1
