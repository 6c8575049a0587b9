"""A Scopa hand laid out by hand, for the rule tests.

``core.testing.scenario`` builds Foraccio's table (four seats, the 52 cards) and
does not yet lay out two or three seats, a 40-card deck or a stock; this does,
for Scopa, until it does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from foraccio_scopa.deck import SCOPA_DECK
from msgspec.structs import replace

from core.engine import before_first_hand, rules_of
from core.model import AnyEvent, Dealt, HandRecord, State
from core.registry import get_variant, resolve_options


def scopa_scenario(
    *,
    table: Iterable[str] = (),
    hands: Sequence[Iterable[str]] = (),
    piles: Sequence[Iterable[str]] | None = None,
    stock: Iterable[str] = (),
    turn: int | None = None,
    dealer: int = 1,
    options: Mapping[str, Any] | None = None,
    events: Sequence[AnyEvent] = (),
    scores: Sequence[int] | None = None,
    last_capturer: int | None = None,
    variant: str = "scopa",
) -> State:
    """Return a state of hand 1 of ``variant`` in play with the cards where they are said to
    be: ``hands`` by seat (seats left out hold none), ``table``, ``stock``; every card placed
    nowhere else goes to the piles, by turns to each team, unless ``piles`` says where.
    ``turn`` defaults to the seat after the dealer."""
    resolved = resolve_options(get_variant(variant), options)
    state = before_first_hand(variant, resolved, 0, dealer)
    rules = rules_of(state)
    seats, teams = rules.seating.seats, len(rules.seating.teams)
    hands = tuple(tuple(cards) for cards in hands) + ((),) * (seats - len(hands))
    table, stock = tuple(table), tuple(stock)
    if piles is None:
        placed = {card for cards in (*hands, table, stock) for card in cards}
        rest = [card for card in SCOPA_DECK if card not in placed]
        piles = [rest[team::teams] for team in range(teams)]
    return replace(
        state,
        hand=1,
        turn=rules.seating.next_seat[dealer] if turn is None else turn,
        phase="playing",
        hands=hands,
        table=tuple(sorted(table, key=rules.table_order.__getitem__)),
        piles=tuple(tuple(pile) for pile in piles),
        stock=stock,
        last_capturer=last_capturer,
        events=(Dealt(hand=1, dealer=dealer, cut=1), *events),
        scores=tuple(scores) if scores is not None else state.scores,
        record=(HandRecord(dealer=dealer, cut=1, deck=SCOPA_DECK),),
    )
