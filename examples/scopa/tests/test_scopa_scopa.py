"""The scopa, as a specification (foraccio_scopa.scopa): emptying the table is worth 1
point, except on the last play of the hand."""

from __future__ import annotations

from functools import partial

from msgspec.structs import replace

from foraccio.core.engine import play
from foraccio.core.model import Bonus, Move
from foraccio.core.testing import scenario

scopa_scenario = partial(scenario, variant="scopa")


def bonuses(state, move):
    _, events = play(state, move)
    return [event for event in events if isinstance(event, Bonus)]


def test_a_capture_that_empties_the_table_is_a_scopa_worth_1():
    state = scopa_scenario(hands=[["13c", "2c"], ["4d"]], table=["4b", "6d"], turn=0)

    assert bonuses(state, Move("13c", ("4b", "6d"))) == [
        Bonus(seat=0, team=0, name="scopa", points=1, card="13c")]


def test_a_scopa_is_worth_1_whatever_the_card():
    state = scopa_scenario(hands=[["2c", "5c"], ["4d"]], table=["2d"], turn=0)

    assert [bonus.points for bonus in bonuses(state, Move("2c", ("2d",)))] == [1]


def test_an_asso_taking_the_last_card_makes_a_scopa_too():
    state = scopa_scenario(hands=[["1c", "5c"], ["4d"]], table=["1d"], turn=0)

    assert bonuses(state, Move("1c", ("1d",))) == [
        Bonus(seat=0, team=0, name="scopa", points=1, card="1c")]


def test_a_capture_that_leaves_cards_on_the_table_is_no_scopa():
    state = scopa_scenario(hands=[["5c", "2c"], ["4d"]], table=["1b", "5d"], turn=0)

    assert bonuses(state, Move("5c", ("5d",))) == []


def test_a_scopa_on_the_last_play_of_the_hand_does_not_count():
    state = scopa_scenario(hands=[[], ["7c"]], table=["3d", "4b"], turn=1)

    assert bonuses(state, Move("7c", ("3d", "4b"))) == []


def test_the_last_play_of_a_stage_is_not_the_last_play_of_the_hand():
    stock = ("1c", "2c", "3c", "4c", "5c", "6c")
    state = replace(scopa_scenario(hands=[[], ["7c"]], table=["3d", "4b"], turn=1,
                                   piles=[[], []]), stock=stock)

    assert bonuses(state, Move("7c", ("3d", "4b"))) == [
        Bonus(seat=1, team=1, name="scopa", points=1, card="7c")]


def test_a_scopa_is_for_the_players_team_with_four_players():
    state = scopa_scenario(hands=[["5b"], [], ["13c"], ["4d"]], table=["4b", "6d"], turn=2,
                           dealer=1, options={"players": 4})

    assert bonuses(state, Move("13c", ("4b", "6d"))) == [
        Bonus(seat=2, team=0, name="scopa", points=1, card="13c")]
