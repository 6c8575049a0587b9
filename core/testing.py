"""Helpers for testing rules: build a hand-made state in the middle of a hand.

Scenario tests start from a state laid out by hand, as a rule's worked
example does: "table 5c 3b 2d, play 10s". :func:`scenario` fills in
everything the example leaves out so the state is a consistent one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from core.cards import DECK
from core.engine import before_first_hand
from core.model import AnyEvent, Dealt, HandRecord, State
from core.registry import get_variant, resolve_options


def scenario(
    *,
    variant: str = "foraccio",
    table: Iterable[str] = (),
    hands: Mapping[int, Iterable[str]] | Sequence[Iterable[str]] | None = None,
    piles: Sequence[Iterable[str]] | None = None,
    turn: int | None = None,
    dealer: int = 3,
    options: Mapping[str, Any] | None = None,
    events: Sequence[AnyEvent] = (),
    scores: tuple[int, int] = (0, 0),
    last_capturer: int | None = None,
    seed: int = 0,
) -> State:
    """Return a state of hand 1 in play with the given cards where they are said to be.

    ``hands`` maps seats to their cards (seats not given hold none). When
    ``piles`` is None, every card placed nowhere else goes to the piles,
    alternately to team 0 and team 1 in deck order, so all 52 cards are
    accounted for. ``turn`` defaults to the seat after the dealer.
    """
    if hands is None:
        hands = {}
    if not isinstance(hands, Mapping):
        hands = dict(enumerate(hands))
    seat_cards = tuple(tuple(hands.get(seat, ())) for seat in range(4))
    table = tuple(table)
    placed = {card for cards in (*seat_cards, table) for card in cards}
    if piles is None:
        rest = [card for card in DECK if card not in placed]
        piles = (rest[0::2], rest[1::2])
    resolved = resolve_options(get_variant(variant), options)
    state = before_first_hand(variant, resolved, seed, dealer)
    return replace(
        state,
        hand=1,
        turn=(dealer + 1) % 4 if turn is None else turn,
        phase="playing",
        hands=seat_cards,
        table=table,
        piles=tuple(tuple(pile) for pile in piles),
        last_capturer=last_capturer,
        events=(Dealt(hand=1, dealer=dealer, cut=1), *events),
        scores=scores,
        record=(HandRecord(dealer=dealer, cut=1, deck=DECK),),
    )
