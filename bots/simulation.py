"""A fast, mutable playout of the rest of a hand, for the bots' searches.

The engine's :func:`~foraccio.core.engine.play` keeps every state frozen: each move builds a
new :class:`~foraccio.core.model.State`, a longer event tuple and the hand's notation, which a
search playing thousands of hands out to their end never reads. :class:`Playout`
plays the same moves on a mutable copy instead (hands and piles in lists, the new
events in a list) with the same rule functions of the same assembled rules
(``rules.play`` through :func:`~foraccio.core.plays.plays_of`, ``rules.effects``, the deal
and deal-effect hooks for the later stages of a deal), so house rules and third-party
variants play as in the engine. When the hand is over it builds one engine state and ends the hand
with the engine's own code (table collection, score lines, hand points), so every
variant scores as in the engine.

:func:`determinize` makes the state a playout starts from out of a seat's view: the
cards the seat has not seen dealt at random where the view says cards are.

tests/core/test_simulation.py checks it against the public engine move for move.
"""

from __future__ import annotations

import random
from bisect import bisect

from msgspec.structs import replace

from foraccio.core.engine import (
    deal_effects,
    deal_stage,
    end_hand,
    in_table_order,
    next_seat_with_cards,
    rules_of,
)
from foraccio.core.model import (
    AnyEvent,
    Captured,
    DealCaptured,
    DealtMore,
    Declared,
    HandRecord,
    HandScored,
    Laid,
    Move,
    State,
)
from foraccio.core.plays import plays_of
from foraccio.core.registry import rules_for
from foraccio.core.rules import CaptureContext
from foraccio.core.view import SeatView, unseen_cards


class Playout:
    """The rest of the hand of ``state`` (a hand in play), played move by move.

    :meth:`plays` lists the legal moves of the seat to play (``turn``) as
    :func:`~foraccio.core.engine.legal_moves` does, :meth:`play` plays one of them; once
    ``turn`` is None the hand is over and :attr:`final` is the engine's state after
    it (scored), :meth:`points` its hand points.
    """

    __slots__ = ("_capturing", "_moves", "dealer", "events", "final", "hands", "last_capturer",
                 "piles", "rules", "stage", "start", "stock", "table", "turn")

    def __init__(self, state: State) -> None:
        self.start = state
        self.rules = rules_of(state)
        self.hands = list(state.hands)
        self.table = state.table
        self.piles = [list(pile) for pile in state.piles]
        self.last_capturer = state.last_capturer
        self.stock = state.stock
        self.stage = state.stage
        self.dealer = state.dealer
        self.turn = state.turn if state.phase == "playing" else None
        self.events: list[AnyEvent] = []
        self.final: State | None = None if self.turn is not None else state
        self._moves: tuple[Move, ...] = ()
        self._capturing = 0

    def plays(self) -> tuple[tuple[Move, ...], int]:
        """The legal moves of the seat to play and how many (the first ones) capture."""
        plays = plays_of(self.rules, self.hands[self.turn], self.table)
        self._moves, self._capturing = plays
        return plays

    def play(self, move: Move) -> None:
        """Play ``move``, one of the moves :meth:`plays` listed last (as listed)."""
        moves = self._moves
        index = moves.index(move)
        rules = self.rules
        seating = rules.seating
        turn, card, hands, table = self.turn, move.card, self.hands, self.table
        hand = [*hands[turn]]
        hand.remove(card)
        hands[turn] = tuple(hand)
        nxt = seating.next_seat[turn]
        if not hands[nxt]:
            nxt = next_seat_with_cards(seating, hands, turn)
        if index >= self._capturing:
            at = bisect(table, rules.table_order[card], key=rules.table_key)
            self.table = (*table[:at], card, *table[at:])
            self.events.append(Laid(turn, card))
        else:
            take, jolly = move.take, move.jolly
            after = () if len(take) == len(table) else tuple(
                [c for c in table if c not in take])
            self.events.append(Captured(turn, card, take, jolly, move.way))
            if rules.effects:
                context = CaptureContext(turn, card, take, jolly, table, after,
                                         nxt is None and not self.stock)
                for effect in rules.effects:
                    self.events.extend(effect(context))
            pile = self.piles[seating.team_of[turn]]
            pile.extend(take)
            pile.append(card)
            self.table = after
            self.last_capturer = turn
        self.turn = nxt
        if nxt is None:
            if self.stock:
                self._deal_more(turn)
            else:
                self._end()

    def copy(self) -> Playout:
        """Another playout of the hand from here, played on without changing this one
        (the bots' exact search of a hand's end, :mod:`foraccio.bots.endgame`)."""
        new = Playout.__new__(Playout)
        for name in Playout.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.piles = [list(pile) for pile in self.piles]
        new.events = list(self.events)
        return new

    def points(self) -> tuple[int, ...]:
        """The hand points of each team, once the hand is over."""
        scored = next(event for event in reversed(self.final.events)
                      if type(event) is HandScored)
        return scored.points

    def _deal_more(self, seat: int) -> None:
        rules = self.rules
        self.stage += 1
        deal = deal_stage(rules, self.stock, self.dealer, self.stage)
        self.events.append(DealtMore(hand=self.start.hand, stage=self.stage, table=deal.table))
        if deal.table:
            self.table = in_table_order(rules, self.table + deal.table)
        self.hands = list(deal.hands)
        self.stock = deal.stock
        self.turn = next_seat_with_cards(rules.seating, deal.hands, seat)
        effects = deal_effects(rules, self.start.hand, self.stage, self.dealer, deal.table,
                               self.table, deal.hands)
        if effects and type(effects[0]) is DealCaptured:
            taken = effects[0]
            self.piles[taken.team].extend(taken.cards)
            self.table = tuple(card for card in self.table if card not in taken.cards)
            self.last_capturer = taken.seat
        self.events.extend(effects)

    def _end(self) -> None:
        state = replace(self.start, hands=tuple(self.hands), table=self.table,
                        piles=tuple(map(tuple, self.piles)), last_capturer=self.last_capturer,
                        events=self.start.events + tuple(self.events), turn=None,
                        stock=self.stock, stage=self.stage)
        self.final = end_hand(state, self.rules)[0]


def determinize(view: SeatView, rng: random.Random) -> State:
    """Return a state consistent with ``view``: the unseen cards dealt at random to the
    other seats, each getting as many as it holds, and to the stock, as many as it
    holds (the stock's order is the deal's, so it is random too). A card another seat
    declared and has not played is still in that seat's hand, and is dealt there."""
    held = declared_held(view)
    known = {card for cards in held.values() for card in cards}
    unseen = [card for card in unseen_cards(view) if card not in known]
    rng.shuffle(unseen)
    hands: list[tuple[str, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.cards)
        else:
            shown = held.get(seat, ())
            dealt = size - len(shown)
            hands.append((*shown, *unseen[:dealt]))
            del unseen[:dealt]
    deck = rules_for(view.variant, view.options, view.house_rules).deck
    return State(
        variant=view.variant, options=view.options, seed=0, hand=view.hand, dealer=view.dealer,
        turn=view.turn, phase=view.phase, hands=tuple(hands), table=view.table,
        piles=view.piles, last_capturer=view.last_capturer, events=view.events,
        scores=view.scores, winner=view.winner,
        record=(HandRecord(dealer=view.dealer, cut=1, deck=deck),),
        house_rules=view.house_rules, stock=tuple(unseen[:view.stock]),
        stage=sum(1 for event in view.events if type(event) is DealtMore),
    )


def declared_held(view: SeatView) -> dict[int, tuple[str, ...]]:
    """The cards each other seat declared in this hand (a ``declared`` event shows them to
    everyone) and has not played yet, by seat: every card played lies on the table or in
    a pile."""
    played = {*view.table, *(card for pile in view.piles for card in pile)}
    held: dict[int, dict[str, None]] = {}
    for event in view.events:
        if type(event) is Declared and event.hand == view.hand and event.seat != view.seat:
            cards = held.setdefault(event.seat, {})
            cards.update(dict.fromkeys(card for card in event.cards if card not in played))
    return {seat: tuple(cards) for seat, cards in held.items()}
