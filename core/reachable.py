"""The state the engine itself reaches from what a posted state says happened.

A wire state (:mod:`core.wire`) names its variant, options, house rules and
seed, and records every hand's cut and moves. :func:`reached` deals and plays
exactly that with the engine's own verbs and returns the engine's state; a
posted state is one the engine can reach exactly when it equals the wire form
of that state, field for field. Nothing is trusted from the posted state but
those inputs: the hands, table, piles, points, scores and winner must all
come out the same.

Replaying a whole match on every request would cost as much as the match, so
replayed states are remembered in a bounded memo keyed by a hash of the inputs
that led to them (the match, then each hand's cut and moves). The memo can
never make an unreachable state pass: it only holds states the engine made,
and the caller compares the whole posted state, record included, with the one
returned: a hash collision could at worst refuse a good state. A state the
server has just answered is found at once, and the next one (one move
further) costs a single play.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from msgspec.structs import replace

from core.engine import before_first_hand, new_match, next_hand, play, start_hand
from core.errors import EngineError, InvalidState
from core.model import HandRecord, State
from core.notation import find_move, read, words
from core.plays import plays_of
from core.registry import Rules, rules_for
from core.wire import State as WireState
from core.wire import to_wire

MEMO_SIZE = 4096
"""States remembered per process: a few MB, enough for many matches in progress."""

_memo: OrderedDict[int, tuple[Rules, State, WireState | None]] = OrderedDict()
"""Each state with the rule set that made it and, when known, its wire form: holding
the rule set keeps its id, part of every key, from being reused by a rule set
assembled later (a variant registered anew under the same name)."""


def reached(state: WireState) -> State:
    """Return the engine's state after dealing and playing what ``state`` records
    (with :func:`wire_of`, its wire form to compare ``state`` with).

    The inputs are ``state``'s variant, options, house rules and seed, and each
    recorded hand's cut and moves. Raise :class:`~core.errors.InvalidState`
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


def resumed(summary: WireState, seed: int, deck: tuple[str, ...]) -> State:
    """Return the engine's state of a sealed game from its token: its ``summary``
    (:func:`core.wire.summary`: the finished hands give only their cuts and points,
    the current hand its moves), the match's ``seed`` and the current hand's ``deck``
    as dealt.

    The token proves all this is the server's own, so nothing is checked: the
    current hand is dealt from ``deck`` and its moves played again. The finished
    hands' records in the result hold their dealer, cut and points only.
    """
    rules = rules_for(summary.variant, summary.options, summary.house_rules)
    start, end = _resumed_keys(summary, seed, deck, rules)
    found = _recall(end)
    # Nothing compares a sealed game's state with what was posted, so what the memo
    # gives must be this very game's (a hash collision must never show another's).
    if found is not None and _same_deal(found, seed, deck):
        return found
    state = _recall(start)
    if state is None or not _same_deal(state, seed, deck):
        state = _remember(start, _resumed_start(summary, seed, deck, rules), rules)
    for index, word in enumerate(words(summary.record[-1].moves), start=1):
        state = _play(state, word, summary.hand, index, rules)
    return _remember(end, state, rules)


def _same_deal(state: State, seed: int, deck: tuple[str, ...]) -> bool:
    return state.seed == seed and state.record[-1].deck == deck


def _resumed_keys(summary: WireState, seed: int, deck: tuple[str, ...],
                  rules: Rules) -> tuple[int, int]:
    history = tuple((log.cut, log.points) for log in summary.record[:-1])
    current = summary.record[-1]
    start = hash(("resumed", id(rules), seed, history, current.cut, deck))
    return start, hash((start, current.moves))


def _resumed_start(summary: WireState, seed: int, deck: tuple[str, ...], rules: Rules) -> State:
    # The first dealer and the draw for it come from the seed, as in new_match.
    first = new_match(summary.variant, seed, summary.options, summary.house_rules)
    before = before_first_hand(summary.variant, summary.options, seed, first.dealer,
                               summary.house_rules)
    finished = summary.record[:-1]
    if not finished:
        return start_hand(before, rules, first.dealer, summary.record[0].cut, deck,
                          first.events[:-1])
    dealers = [first.dealer]
    for _ in finished:
        dealers.append(rules.hook.foraccio_next_dealer(dealer=dealers[-1], options=rules.options,
                                                       seating=rules.seating))
    record = tuple(HandRecord(dealer=dealer, cut=log.cut, deck=(), points=log.points)
                   for dealer, log in zip(dealers, finished, strict=False))
    scores = tuple(map(sum, zip(*(log.points for log in finished), strict=True)))
    before = replace(before, hand=len(finished), scores=scores, record=record,
                     dealer=dealers[-2])
    return start_hand(before, rules, dealers[-1], summary.record[-1].cut, deck)


def remember(state: State, wire: WireState) -> None:
    """Remember that ``wire``, the wire form of the engine's ``state``, rebuilds to it.

    For a state the server has just made and answered: when the client posts it
    back, checking it then costs no replay at all.
    """
    rules = rules_for(state.variant, state.options, state.house_rules)
    _remember(_plan(wire, rules)[-1][0], state, rules, wire)


def wire_of(state: State) -> WireState:
    """Return the wire form of the engine's ``state``: the one remembered with it when
    the server answered it, else made anew."""
    return _wires.get(id(state)) or to_wire(state)


def remember_resumed(state: State, summary: WireState, deck: tuple[str, ...]) -> None:
    """Remember that a sealed game's ``summary``, with ``state``'s seed and ``deck``,
    resumes to the engine's ``state`` (see :func:`remember`)."""
    rules = rules_for(state.variant, state.options, state.house_rules)
    _remember(_resumed_keys(summary, state.seed, deck, rules)[1], state, rules)


def _recall(key: int) -> State | None:
    found = _memo.get(key)
    if found is None:
        return None
    _memo.move_to_end(key)
    return found[1]


def _remember(key: int, state: State, rules: Rules, wire: WireState | None = None) -> State:
    if key in _memo:
        _forget_wire(_memo[key])
    _memo[key] = (rules, state, wire)
    _memo.move_to_end(key)
    if wire is not None:
        _wires[id(state)] = wire
    if len(_memo) > MEMO_SIZE:
        _forget_wire(_memo.popitem(last=False)[1])
    return state


def _forget_wire(entry: tuple[Rules, State, WireState | None]) -> None:
    if entry[2] is not None:
        _wires.pop(id(entry[1]), None)


_wires: dict[int, WireState] = {}
"""The wire forms of remembered states, by the state's id: the memo holds each such
state, so its id stays its own while it is here."""


def forget() -> None:
    """Empty the memo (for tests and benchmarks that measure a cold start)."""
    _memo.clear()
    _wires.clear()
