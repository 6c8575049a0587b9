"""Replay a match from its record: the dealt decks and the moves, never the seed."""

from __future__ import annotations

from foraccio.core.engine import before_first_hand, moves_of, play, rules_of, start_hand
from foraccio.core.model import Dealt, State


def replay(state: State) -> State:
    """Rebuild ``state`` by dealing every recorded deck and playing every recorded move.

    The seed is carried over but never used: the record alone decides the
    cards. The result equals ``state`` for any state the engine produced.
    """
    rules = rules_of(state)
    if not state.record:
        return state
    replayed = before_first_hand(state.variant, state.options, state.seed,
                                 state.record[0].dealer, state.house_rules)
    last = len(state.record) - 1
    for number, hand in enumerate(state.record):
        # Events before the current hand's deal (the first dealer's draw) are
        # not part of the record; take them from the state.
        opening = _events_before_deal(state) if number == last else ()
        replayed = start_hand(replayed, rules, hand.dealer, hand.cut, hand.deck, opening)
        moves = hand.moves if hand.points is not None else moves_of(state.events)
        for move in moves:
            replayed, _ = play(replayed, move)
    return replayed


def _events_before_deal(state: State):
    for index, event in enumerate(state.events):
        if isinstance(event, Dealt):
            return state.events[:index]
    return ()
