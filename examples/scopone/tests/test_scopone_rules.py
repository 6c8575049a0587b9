"""Scopone scientifico, as a specification: four players in partnerships, ten cards each
and none on the table; everything else is Scopa's, played by Scopa's own modules."""

from __future__ import annotations

from functools import partial

import pytest
from foraccio_scopa import SCOPA
from foraccio_scopa.deck import SCOPA_DECK
from foraccio_scopone import SCOPONE

from foraccio.core.engine import legal_moves, new_match, play, rules_of, score_hand
from foraccio.core.errors import InvalidOptions
from foraccio.core.model import Bonus, Move
from foraccio.core.rules import PARTNERS_OPPOSITE
from foraccio.core.testing import scenario

NAME = SCOPONE.name
scopone_scenario = partial(scenario, variant=NAME)


def test_four_players_play_in_partnerships_partners_opposite():
    assert rules_of(new_match(NAME, 0)).seating == PARTNERS_OPPOSITE


def test_the_whole_deck_is_dealt_ten_cards_each_none_to_the_table():
    state = new_match(NAME, 0)

    assert [len(hand) for hand in state.hands] == [10] * 4
    assert state.table == () and state.stock == ()
    assert sorted(card for hand in state.hands for card in hand) == sorted(SCOPA_DECK)


def test_the_cards_go_out_in_turn_order_from_the_player_after_the_dealer():
    state = new_match(NAME, 4)
    deck = state.record[-1].deck
    first = (state.dealer + 1) % 4

    assert sorted(state.hands[first]) == sorted(deck[:10])
    assert sorted(state.hands[state.dealer]) == sorted(deck[30:])
    assert state.turn == first


def test_the_first_card_of_a_hand_is_laid():
    state = new_match(NAME, 0)

    assert all(not move.take for move in legal_moves(state))


def test_scopas_rules_are_scopas_own_modules():
    shared = [plugin for plugin in SCOPONE.plugins if plugin in SCOPA.plugins]

    assert len(shared) == len(SCOPONE.plugins) - 2  # all but the seating and the deal


@pytest.mark.parametrize(("hand", "table"), [
    (["6c", "13c"], ["2b", "4s", "6b"]),
    (["6c", "1d"], ["1s", "2b", "4s", "5c"]),
    (["12c", "7d"], ["3d", "6b", "11s"]),
])
def test_a_card_captures_as_in_scopa(hand, table):
    in_scopone = scopone_scenario(hands=[hand], table=table, turn=0)
    in_scopa = scenario(variant="scopa", hands=[hand], table=table, turn=0,
                        options={"players": 4})

    assert legal_moves(in_scopone) == legal_moves(in_scopa)


def test_a_scopa_is_worth_1_to_the_partnership_but_not_on_the_last_play():
    state = scopone_scenario(hands=[["5b"], [], ["13c"], ["4d"]], table=["4b", "6d"], turn=2)
    _, events = play(state, Move("13c", ("4b", "6d")))
    assert [event for event in events if isinstance(event, Bonus)] == [
        Bonus(seat=2, team=0, name="scopa", points=1, card="13c")]

    last = scopone_scenario(hands=[[], [], ["13c"], []], table=["4b", "6d"], turn=2)
    _, events = play(last, Move("13c", ("4b", "6d")))
    assert not [event for event in events if isinstance(event, Bonus)]


def test_a_hand_is_scored_by_scopas_lines():
    piles = [SCOPA_DECK[:24], SCOPA_DECK[24:]]  # team 0: coppe, denari and 1-4 of bastoni

    assert [(line.name, line.team) for line in score_hand(scopone_scenario(piles=piles))] == [
        ("carte", 0), ("denari", 0), ("settebello", 0)]


@pytest.mark.parametrize("target", [11, 21])
def test_the_match_is_played_to_11_or_21(target):
    assert rules_of(new_match(NAME, 0, {"target": target})).target == target


def test_scopone_has_no_players_option():
    with pytest.raises(InvalidOptions):
        new_match(NAME, 0, {"players": 2})


def test_no_other_target_is_accepted():
    with pytest.raises(InvalidOptions):
        new_match(NAME, 0, {"target": 15})
