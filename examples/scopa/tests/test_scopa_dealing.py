"""The deal and the dealer, as a specification (foraccio_scopa.dealing,
foraccio_scopa.dealer): three cards each and four on the table, then three each whenever
the hands are empty; the highest card drawn deals first, then the deal passes on."""

from __future__ import annotations

from itertools import pairwise
from random import Random

import pytest
from foraccio_scopa import dealer
from foraccio_scopa.deck import SCOPA_DECK

from foraccio.core.engine import legal_moves, new_match, play
from foraccio.core.model import DealtMore, Draw, FirstDealerChosen
from foraccio.core.rules import FirstDealer, seating
from foraccio.core.testing import random_playout

STAGES = {2: 6, 3: 4, 4: 3}
"""Stages of a hand's deal, by the number of players: (40 - 4) / (3 x players)."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_three_cards_and_four_go_face_up_on_the_table(players):
    state = new_match("scopa", 5, {"players": players})

    assert [len(hand) for hand in state.hands] == [3] * players
    assert len(state.table) == 4
    assert len(state.stock) == 40 - 3 * players - 4


def test_the_cards_go_out_in_turn_order_from_the_player_after_the_dealer():
    state = new_match("scopa", 5, {"players": 4})
    deck = state.record[-1].deck
    first = (state.dealer + 1) % 4

    assert sorted(state.hands[first]) == sorted(deck[:3])
    assert sorted(state.hands[state.dealer]) == sorted(deck[9:12])
    assert sorted(state.table) == sorted(deck[12:16])
    assert state.stock == deck[16:]
    assert state.turn == first


def play_stage(state):
    """Play every card of the hands with the first legal move; return the state and the
    events of the last play (which deal the next stage, or end the hand)."""
    while True:
        state, events = play(state, legal_moves(state)[0])
        if state.phase != "playing" or isinstance(events[-1], DealtMore):
            return state, events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_when_the_hands_are_empty_three_more_each_come_from_the_stock_and_none_to_the_table(
        players):
    state = new_match("scopa", 5, {"players": players})
    stock = state.stock

    state, events = play_stage(state)

    assert isinstance(events[-1], DealtMore) and events[-1].table == ()
    assert [len(hand) for hand in state.hands] == [3] * players
    assert sorted(card for hand in state.hands for card in hand) == sorted(stock[:3 * players])
    assert state.stock == stock[3 * players:]


@pytest.mark.parametrize(("players", "stages"), STAGES.items())
def test_the_deal_goes_on_until_the_deck_is_used_up(players, stages):
    state = new_match("scopa", 5, {"players": players})
    dealt_more = 0
    while state.phase == "playing":
        state, events = play_stage(state)
        dealt_more += sum(isinstance(event, DealtMore) for event in events)

    assert dealt_more == stages - 1
    assert sorted(card for pile in state.piles for card in pile) == sorted(SCOPA_DECK)


def test_the_first_dealer_is_drawn_the_highest_card_deals():
    first = dealer.foraccio_first_dealer(deck=("7d", "13c", "2b"), rng=Random(0),
                                         seating=seating(2))

    assert first == FirstDealer(dealer=1, draws=(Draw(seat=0, card="7d"),
                                                 Draw(seat=1, card="13c")))


def test_players_tied_for_the_highest_card_draw_again():
    first = dealer.foraccio_first_dealer(deck=("13d", "5s", "13c", "6b", "2c"),
                                         rng=Random(0), seating=seating(3))

    assert first.dealer == 0
    assert [draw.card for draw in first.draws] == ["13d", "5s", "13c", "6b", "2c"]


def test_a_match_starts_with_the_draw():
    state = new_match("scopa", 3, {"players": 4})

    assert state.events[0] == FirstDealerChosen(draws=state.events[0].draws,
                                                dealer=state.dealer)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_passes_to_the_next_player_in_turn_order(players):
    dealers = list(dict.fromkeys(
        (step.before.hand, step.before.dealer)
        for step in random_playout("scopa", 2, {"players": players, "target": 30})))

    assert len(dealers) >= 3
    assert all(later == (earlier + 1) % players
               for (_, earlier), (_, later) in pairwise(dealers))
