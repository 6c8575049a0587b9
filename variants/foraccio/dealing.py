"""The deck, the draw for the first dealer, the rotation of the deal and the deal itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from core.cards import DECK, RANK, sort_cards
from core.hookspecs import hookimpl
from core.model import Draw
from core.rules import Deal, FirstDealer, picker

SEATS = 4
DEAL_ROUNDS = {"one_at_a_time": (1,) * 13, "5-4-4": (5, 4, 4)}


@hookimpl
def foraccio_build_deck():
    return DECK


@hookimpl
def foraccio_first_dealer(deck, rng):
    """Each seat draws a card; the highest value deals; seats tied for highest draw again."""
    cards = list(deck)
    drawing = list(range(SEATS))
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
def foraccio_next_dealer(dealer, options):
    step = 1 if options["deal_passes_to"] == "right" else SEATS - 1
    return (dealer + step) % SEATS


@hookimpl
def foraccio_deal(deck, dealer, options):
    return deal_in_rounds(deck, dealer, DEAL_ROUNDS[options["deal_scheme"]])


def deal_in_rounds(deck: Sequence[str], dealer: int, rounds: Sequence[int]) -> Deal:
    """Deal from the top of ``deck`` counter-clockwise from ``dealer + 1``: in each round
    every seat gets that many cards at once. The cards left over go face up on the table.
    """
    pickers, dealt = _deal_pickers(tuple(rounds))
    hands = [()] * SEATS
    for step, pick in enumerate(pickers, start=1):
        hands[(dealer + step) % SEATS] = sort_cards(pick(deck))
    return Deal(hands=tuple(hands), table=tuple(deck[dealt:]))


@cache
def _deal_pickers(rounds: tuple[int, ...]) -> tuple[tuple[Callable, ...], int]:
    """For a deal in ``rounds``, a getter per seat (from dealer + 1 on) picking its cards
    from the deck, and the number of cards dealt."""
    positions: list[list[int]] = [[] for _ in range(SEATS)]
    top = 0
    for size in rounds:
        for seat_positions in positions:
            seat_positions += range(top, top + size)
            top += size
    return tuple(map(picker, positions)), top
