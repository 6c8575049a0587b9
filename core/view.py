"""What one seat can legitimately know of a match: its :class:`SeatView`.

Anyone at the table, a spectator too, sees a :class:`PublicView`: the table, every
card played in the current hand and by whom (the events), the teams' captured cards
(captures are made face up, so a player with a good memory knows every pile), how
many cards each seat holds, and the scores. A seat sees its own hand besides. No
view shows the other hands, the seed or the recorded decks: either would tell where
every card is. Bots receive a view, never the state, so they cannot cheat by
construction.
"""

from __future__ import annotations

from typing import Annotated

from foraccio.core.model import (
    ONE_PER_SEAT_OR_TEAM,
    AnyEvent,
    Captured,
    Card,
    CardLists,
    Laid,
    Move,
    OptionValue,
    Phase,
    Scores,
    Seat,
    State,
    Team,
    Teams,
    Wire,
)
from foraccio.core.plays import kinded, plays_of, position
from foraccio.core.registry import rules_for


class PublicView(Wire):
    """The match as anyone at the table sees it, a spectator included: no hand.

    ``hand_sizes`` is how many cards each seat holds (index = seat); ``stock`` how many
    cards are kept back for a later stage of the deal; ``events`` the current hand's
    events, which show only cards played face up; ``teams`` the seats of each team and
    ``order`` the order they play in; ``piles`` each team's captured cards in the
    current hand and ``scores`` its match score.
    """

    variant: str
    options: dict[str, OptionValue]
    house_rules: tuple[str, ...]
    hand: int
    dealer: Seat
    turn: Seat | None
    phase: Phase
    table: tuple[Card, ...]
    hand_sizes: Annotated[tuple[int, ...], ONE_PER_SEAT_OR_TEAM]
    stock: int
    teams: Teams
    order: Annotated[tuple[Seat, ...], ONE_PER_SEAT_OR_TEAM]
    piles: CardLists
    last_capturer: Seat | None
    events: tuple[AnyEvent, ...]
    scores: Scores
    winner: Team | None


class SeatView(PublicView):
    """The match as ``seat`` sees it: what anyone sees (:class:`PublicView`), and
    ``cards``, the seat's own hand."""

    seat: Seat
    cards: tuple[Card, ...]


def public_view(state: State) -> PublicView:
    """Return what anyone at the table can know of ``state``."""
    return PublicView(**_public(state))


def seat_view(state: State, seat: int) -> SeatView:
    """Return what ``seat`` can know of ``state``."""
    return SeatView(**_public(state), seat=seat, cards=state.hands[seat])


def _public(state: State) -> dict:
    seating = rules_for(state.variant, state.options, state.house_rules).seating
    return {"variant": state.variant, "options": state.options, "house_rules": state.house_rules,
            "hand": state.hand, "dealer": state.dealer, "turn": state.turn,
            "phase": state.phase, "table": state.table,
            "hand_sizes": tuple(len(cards) for cards in state.hands),
            "stock": len(state.stock), "teams": seating.teams, "order": seating.order,
            "piles": state.piles, "last_capturer": state.last_capturer,
            "events": state.events, "scores": state.scores, "winner": state.winner}


def unseen_cards(view: SeatView) -> tuple[str, ...]:
    """Return the cards ``view.seat`` has not seen, in deck order: the other seats'
    hands and the stock.

    Every other card of the deck is in the seat's hand, on the table or in a
    pile, and all of those were seen.
    """
    seen = {*view.cards, *view.table, *(card for pile in view.piles for card in pile)}
    return tuple(card for card in rules_for(view.variant, view.options, view.house_rules).deck
                 if card not in seen)


def plays_made(view: SeatView) -> int:
    """Return how many cards have been played in the current hand."""
    return sum(1 for event in view.events if type(event) is Laid or type(event) is Captured)


def view_legal_moves(view: SeatView, kinds: bool = False) -> tuple[Move, ...]:
    """Return the moves ``view.seat`` may make: none unless it is the seat to play.

    Legal moves depend only on the seat's hand and the table, so the view is
    enough; they are exactly those :func:`foraccio.core.engine.legal_moves` lists, and
    with ``kinds`` each says its kind as it does.
    """
    if view.phase != "playing" or view.turn != view.seat:
        return ()
    rules = rules_for(view.variant, view.options, view.house_rules)
    plays = plays_of(rules, view.cards, view.table)
    return kinded(plays) if kinds else plays[0]


def with_kind(view: SeatView, move: Move) -> Move:
    """``move`` saying its kind, when it is one of the moves ``view.seat`` may make
    (:func:`view_legal_moves`); otherwise ``move`` as it is."""
    moves = view_legal_moves(view, kinds=True)
    index = position(moves, move)
    return move if index is None else moves[index]
