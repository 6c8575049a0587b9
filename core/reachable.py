"""The state the engine itself reaches from what a posted state says happened.

A wire state (:mod:`foraccio.core.wire`) names its variant, options, house rules and
seed, and records every hand's cut and moves. :func:`reached` deals and plays
exactly that with the engine's own verbs and returns the engine's state; a
posted state is one the engine can reach exactly when it equals the wire form
of that state, field for field. Nothing is trusted from the posted state but
those inputs: the hands, table, piles, points, scores and winner must all
come out the same.

Replaying a whole match costs as much as the match, so replayed states are
remembered in a bounded memo keyed by a hash of the inputs that led to them
(the match, then each hand's cut and moves): a state one move further than
one checked before costs a single play. The memo can never make an
unreachable state pass: it only holds states the engine made, and the caller
compares the whole posted state, record included, with the one returned: a
hash collision could at worst refuse a good state.

A state the server made itself needs no such check, only its engine state:
:func:`resumed` rebuilds it from where its current hand began, dealing and
playing that hand alone, whatever the match's length.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from cachetools import LRUCache
from msgspec.structs import replace

from foraccio.core.engine import (
    before_first_hand,
    dealt_deck,
    first_dealer,
    new_match,
    next_hand,
    play,
    start_hand,
)
from foraccio.core.errors import EngineError, InvalidState
from foraccio.core.model import OptionValue, State
from foraccio.core.notation import find_move, read, words
from foraccio.core.plays import plays_of
from foraccio.core.registry import Rules, rules_for
from foraccio.core.wire import State as WireState

MEMO_SIZE = 4096
"""States remembered per process: a few MB, enough for many matches in progress."""

_memo: LRUCache[int, tuple[Rules, State]] = LRUCache(MEMO_SIZE)
"""Each state with the rule set that made it: holding the rule set keeps its id, part
of every key, from being reused by a rule set assembled later (a variant registered
anew under the same name)."""


def reached(state: WireState) -> State:
    """Return the engine's state after dealing and playing what ``state`` records.

    The inputs are ``state``'s variant, options, house rules and seed, and each
    recorded hand's cut and moves. Raise :class:`~foraccio.core.errors.InvalidState`
    naming the first recorded cut or move the engine refuses, or a hand
    recorded as finished that is not.
    """
    try:
        rules = rules_for(state.variant, state.options, state.house_rules)
    except EngineError as error:
        raise InvalidState(error.message) from None
    if not state.record:
        raise InvalidState("record must hold one entry per hand dealt; it is empty.")
    plan = _plan(state, rules)
    found = _recall(plan[-1][0])
    if found is not None:
        return found
    # One move short of the posted state: the one the server answered last.
    current_start, notation = plan[-1][1], plan[-1][2]
    if notation:
        earlier, _, word = notation.rpartition(" ")
        before = _recall(hash((current_start, earlier)))
        if before is not None:
            after = _play(before, word, state.hand, len(words(notation)), rules)
            return _remember(plan[-1][0], after, rules)
    return _replay(state, plan, rules)


# A plan step per hand: (key of the state at the end of what the step plays,
# key of the hand's start, the moves the step plays in the notation).
_Step = tuple[int, int, str]


def _plan(state: WireState, rules: Rules) -> list[_Step]:
    key = hash((id(rules), state.seed))
    plan: list[_Step] = []
    for entry in state.record:
        start = hash((key, entry.cut))
        key = hash((start, entry.moves))
        plan.append((key, start, entry.moves))
    return plan


def _replay(state: WireState, plan: Sequence[_Step], rules: Rules) -> State:
    # Start from the latest hand start the memo holds, or from the first deal.
    first = next((number for number in range(len(plan) - 1, -1, -1)
                  if _recall(plan[number][1]) is not None), None)
    if first is None:
        first, current = 0, _first_hand(state)
        _remember(plan[0][1], current, rules)
    else:
        current = _recall(plan[first][1])
    for number in range(first, len(plan)):
        key, start, notation = plan[number]
        if number > first:
            current = _remember(start, _deal(current, state, number + 1), rules)
        for index, word in enumerate(words(notation), start=1):
            current = _play(current, word, number + 1, index, rules)
        _remember(key, current, rules)
    return current


def _first_hand(state: WireState) -> State:
    try:
        current = new_match(state.variant, state.seed, state.options, state.house_rules)
    except EngineError as error:
        raise InvalidState(error.message) from None
    cut, seeded = state.record[0].cut, current.record[0].cut
    if cut != seeded:
        raise InvalidState(f"Hand 1 is recorded as cut at {cut}, but the match's seed "
                           f"{state.seed} cuts it at {seeded}: the first hand is always cut "
                           f"by the seed.")
    return current


def _deal(current: State, state: WireState, number: int) -> State:
    if current.phase == "playing":
        raise InvalidState(f"Hand {number - 1} is recorded as finished, but its recorded "
                           f"moves ({len(words(state.record[number - 2].moves))}) leave cards "
                           f"in hand.")
    try:
        return next_hand(current, state.record[number - 1].cut)
    except EngineError as error:
        raise InvalidState(f"Hand {number} cannot be dealt: {error.message}") from None


def _play(current: State, word: str, hand: int, index: int, rules: Rules) -> State:
    where = f"Move {index} of hand {hand}"
    if current.phase != "playing":
        raise InvalidState(f"{where} comes after the hand is over.")
    try:
        written = read(word)
        moves, capturing = plays_of(rules, current.hands[current.turn], current.table)
        move = find_move(written, moves[:capturing])
    except ValueError as error:
        raise InvalidState(f"{where} cannot be read: {error}.") from None
    try:
        return play(current, move)[0]
    except EngineError as error:
        raise InvalidState(f"{where} ({written.card}) cannot have been played: "
                           f"{error.message}") from None


class HandStart(NamedTuple):
    """Where the current hand of a match the server itself made begins: what a sealed
    game's token or a receipted state says of it (:func:`resumed`)."""

    variant: str
    options: Mapping[str, OptionValue]
    house_rules: tuple[str, ...]
    seed: int
    hand: int
    dealer: int
    scores: tuple[int, ...]
    """The match scores before this hand."""
    cut: int
    deck: tuple[str, ...] | None = None
    """The hand's deck as dealt (shuffled and cut); None: the one the seed deals."""


def resumed(start: HandStart, moves: str) -> State:
    """Return the engine's state of a match the server made, from where its current hand
    began (``start``) and that hand's ``moves`` so far, in the notation.

    Nothing is checked: the caller holds the server's proof (a token, a receipt) that
    these facts are the server's own. Only the current hand is dealt and played again,
    so the work does not grow with the match, and the state's ``record`` holds that
    hand only: the finished hands are the caller's to keep (a wire state's record, see
    :func:`foraccio.core.wire.to_wire`).
    """
    rules = rules_for(start.variant, start.options, start.house_rules)
    deck = start.deck
    if deck is None:
        deck = dealt_deck(rules, start.seed, start.hand, start.cut)[1]
    before = before_first_hand(start.variant, start.options, start.seed, start.dealer,
                               start.house_rules)
    if start.hand == 1:  # its events open with the draw for the first dealer
        state = start_hand(before, rules, start.dealer, start.cut, deck,
                           (first_dealer(rules, start.seed),))
    else:
        before = replace(before, hand=start.hand - 1, scores=start.scores)
        state = start_hand(before, rules, start.dealer, start.cut, deck)
    for index, word in enumerate(words(moves), start=1):
        state = _play(state, word, start.hand, index, rules)
    return state


def hand_start(state: WireState) -> HandStart:
    """Where the current hand of the wire ``state`` began."""
    current = state.record[-1]
    scores = state.scores
    if current.points is not None:  # the hand is over: its points are in the scores
        scores = tuple(map(int.__sub__, scores, current.points))
    return HandStart(state.variant, state.options, state.house_rules, state.seed, state.hand,
                     state.dealer, scores, current.cut)


def _recall(key: int) -> State | None:
    found = _memo.get(key)
    return None if found is None else found[1]


def _remember(key: int, state: State, rules: Rules) -> State:
    _memo[key] = (rules, state)
    return state


def forget() -> None:
    """Empty the memo (for tests and benchmarks that measure a cold start)."""
    _memo.clear()
