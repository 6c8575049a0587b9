"""The table, the deck, the draw for the first dealer, the rotation of the deal and the
deal itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from foraccio.core.cards import DECK, RANK, sort_cards
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Draw
from foraccio.core.rules import PARTNERS_OPPOSITE, Deal, FirstDealer, Seating, picker

DEAL_ROUNDS = {"one_at_a_time": (1,) * 13, "5-4-4": (5, 4, 4)}


@hookimpl
def foraccio_seating():
    """Four players, partners opposite, playing in seat order (docs/rules.md §2)."""
    return PARTNERS_OPPOSITE


@hookimpl
def foraccio_build_deck():
    return DECK


@hookimpl
def foraccio_first_dealer(deck, rng, seating):
    """Each seat draws a card; the highest rank deals; seats tied for highest draw again."""
    cards = list(deck)
    drawing = list(range(seating.seats))
    draws: list[Draw] = []
    while True:
        if len(cards) < len(drawing):
            cards = list(deck)
            rng.shuffle(cards)
        drawn = [Draw(seat=seat, card=cards.pop(0)) for seat in drawing]
        draws.extend(drawn)
        best = max(RANK[draw.card] for draw in drawn)
        drawing = [draw.seat for draw in drawn if RANK[draw.card] == best]
        if len(drawing) == 1:
            return FirstDealer(dealer=drawing[0], draws=tuple(draws))


@hookimpl
def foraccio_next_dealer(dealer, options, seating):
    """The deal passes to the next seat in turn order ("right"), or the one before."""
    if options["deal_passes_to"] == "right":
        return seating.next_seat[dealer]
    return seating.order[seating.order.index(dealer) - 1]


@hookimpl
def foraccio_deal(deck, dealer, options, seating):
    return deal_in_rounds(deck, dealer, DEAL_ROUNDS[options["deal_scheme"]], seating)


def deal_in_rounds(deck: Sequence[str], dealer: int, rounds: Sequence[int],
                   seating: Seating = PARTNERS_OPPOSITE, table: int | None = None) -> Deal:
    """Deal from the top of ``deck`` in turn order from the seat after ``dealer``: in each
    round every seat gets that many cards at once. Then ``table`` cards go face up on
    the table and the rest is kept as the stock; with ``table`` None every card left
    over goes on the table.
    """
    pickers, dealt = _deal_pickers(tuple(rounds), seating.seats)
    hands = [()] * seating.seats
    seat = dealer
    for pick in pickers:
        seat = seating.next_seat[seat]
        hands[seat] = sort_cards(pick(deck))
    laid = len(deck) - dealt if table is None else table
    return Deal(hands=tuple(hands), table=tuple(deck[dealt:dealt + laid]),
                stock=tuple(deck[dealt + laid:]))


@cache
def _deal_pickers(rounds: tuple[int, ...], seats: int) -> tuple[tuple[Callable, ...], int]:
    """For a deal in ``rounds``, a getter per seat (in turn order from the seat after the
    dealer) picking its cards from the deck, and the number of cards dealt."""
    positions: list[list[int]] = [[] for _ in range(seats)]
    top = 0
    for size in rounds:
        for seat_positions in positions:
            seat_positions += range(top, top + size)
            top += size
    return tuple(map(picker, positions)), top
