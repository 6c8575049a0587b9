"""What one seat can legitimately know of a match: its :class:`SeatView`.

A seat sees its own hand, the table, every card played in the current hand
and by whom (the events), the teams' captured cards (captures are made face
up, so a player with a good memory knows every pile), how many cards each
seat holds, and the scores. It never sees the other hands, the seed or the
recorded decks: either would tell it where every card is. Bots receive a
view, never the state, so they cannot cheat by construction.
"""

from __future__ import annotations

from core.model import (
    AnyEvent,
    Captured,
    Card,
    Laid,
    Move,
    OptionValue,
    Phase,
    Seat,
    State,
    Team,
    Wire,
)
from core.plays import plays_of
from core.registry import rules_for


class SeatView(Wire):
    """The match as ``seat`` sees it.

    ``cards`` is the seat's own hand; ``hand_sizes`` how many cards each seat
    holds (index = seat); ``events`` the current hand's events, which show
    only cards played face up; ``piles`` each team's captured cards in the
    current hand.
    """

    variant: str
    options: dict[str, OptionValue]
    house_rules: tuple[str, ...]
    seat: Seat
    hand: int
    dealer: Seat
    turn: Seat | None
    phase: Phase
    cards: tuple[Card, ...]
    table: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    last_capturer: Seat | None
    events: tuple[AnyEvent, ...]
    scores: tuple[int, int]
    winner: Team | None


def seat_view(state: State, seat: int) -> SeatView:
    """Return what ``seat`` can know of ``state``."""
    return SeatView(
        variant=state.variant,
        options=state.options,
        house_rules=state.house_rules,
        seat=seat,
        hand=state.hand,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        cards=state.hands[seat],
        table=state.table,
        hand_sizes=tuple(len(cards) for cards in state.hands),
        piles=(state.piles[0], state.piles[1]),
        last_capturer=state.last_capturer,
        events=state.events,
        scores=state.scores,
        winner=state.winner,
    )


def unseen_cards(view: SeatView) -> tuple[str, ...]:
    """Return the cards ``view.seat`` has not seen, in deck order: the other seats' hands.

    Every other card of the deck is in the seat's hand, on the table or in a
    pile, and all of those were seen.
    """
    seen = {*view.cards, *view.table, *view.piles[0], *view.piles[1]}
    return tuple(card for card in rules_for(view.variant, view.options, view.house_rules).deck
                 if card not in seen)


def plays_made(view: SeatView) -> int:
    """Return how many cards have been played in the current hand."""
    return sum(1 for event in view.events if type(event) is Laid or type(event) is Captured)


def view_legal_moves(view: SeatView) -> tuple[Move, ...]:
    """Return the moves ``view.seat`` may make: none unless it is the seat to play.

    Legal moves depend only on the seat's hand and the table, so the view is
    enough; they are exactly those :func:`core.engine.legal_moves` lists.
    """
    if view.phase != "playing" or view.turn != view.seat:
        return ()
    rules = rules_for(view.variant, view.options, view.house_rules)
    return plays_of(rules, view.cards, view.table)[0]
