"""A seat's view: what one seat can know, and nothing more."""

from __future__ import annotations

import random

import msgspec
import pytest

from foraccio.core.engine import legal_moves
from foraccio.core.registry import variants
from foraccio.core.testing import random_playout
from foraccio.core.view import SeatView, seat_view, unseen_cards, view_legal_moves


def states(variant: str, seed: int, every: int = 7):
    for index, step in enumerate(random_playout(variant, seed)):
        if index % every == 0:
            yield step.before
        if index > 120:
            return


@pytest.mark.parametrize("variant", sorted(variants()))
def test_the_seat_to_play_sees_exactly_its_legal_moves(variant):
    for state in states(variant, 1):
        assert view_legal_moves(seat_view(state, state.turn)) == legal_moves(state)
        other = (state.turn + 1) % len(state.hands)
        assert view_legal_moves(seat_view(state, other)) == ()


@pytest.mark.parametrize("variant", sorted(variants()))
def test_the_unseen_cards_are_the_other_seats_hands_and_the_stock(variant):
    for state in states(variant, 2):
        for seat in range(len(state.hands)):
            others = {card for s, cards in enumerate(state.hands) if s != seat for card in cards}
            assert set(unseen_cards(seat_view(state, seat))) == others | set(state.stock)


def test_a_view_shows_no_other_hand_nor_the_seed_nor_the_decks():
    state = next(states("foraccio", 3))
    view = seat_view(state, 1)
    assert view.cards == state.hands[1]
    assert view.hand_sizes == tuple(len(cards) for cards in state.hands)
    assert not {"hands", "seed", "record"} & set(SeatView.__struct_fields__)
    hidden = {card for seat in (0, 2, 3) for card in state.hands[seat]}
    played = {event.card for event in view.events if hasattr(event, "seat")
              and hasattr(event, "card")}
    assert not hidden & {*view.cards, *view.table, *view.piles[0], *view.piles[1], *played}


def test_a_view_is_the_same_when_the_hidden_hands_are_shuffled():
    rng = random.Random(0)
    for state in states("zobelon", 4):
        seat = state.turn
        pool = [card for s, cards in enumerate(state.hands) if s != seat for card in cards]
        rng.shuffle(pool)
        hands = []
        for s, cards in enumerate(state.hands):
            hands.append(cards if s == seat else tuple(pool[:len(cards)]))
            pool = pool if s == seat else pool[len(cards):]
        shuffled = msgspec.structs.replace(state, hands=tuple(hands))
        assert seat_view(shuffled, seat) == seat_view(state, seat)


def test_a_view_travels_as_json():
    view = seat_view(next(states("zobelon", 5)), 2)
    assert msgspec.json.decode(msgspec.json.encode(view), type=SeatView) == view
