"""Only states the engine can reach: the check of a state that comes from outside.

The engine trusts its input: every state it returns is consistent by
construction. A state a client posts back (in the wire form of
:mod:`foraccio.core.wire`) may have been edited, truncated or made up.
:func:`validate_state` accepts it exactly when the engine itself reaches it
from the state's seed and recorded cuts and moves, and returns the engine's
own state; otherwise it raises :class:`~foraccio.core.errors.InvalidState` naming the
problem.

Quick checks come first and name the common problems precisely (a card
missing or doubled, hands out of step with the turn, a match over but still
played); then :func:`foraccio.core.reachable.reached` deals and plays what the state
records and the result must equal the state, field for field. The API calls
it on every request that carries a state; the replay is remembered, so a
state the server answered costs at most one play to check.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple, NoReturn

import msgspec

from foraccio.core.errors import EngineError, InvalidState
from foraccio.core.model import State as EngineState
from foraccio.core.reachable import reached
from foraccio.core.registry import Variant, get_variant, house_rules_for, resolve_options, rules_for
from foraccio.core.registry.catalogue import on_change
from foraccio.core.rules import Seating
from foraccio.core.wire import VERSION, State, to_wire
from foraccio.core.words import phrase


def validate_state(state: State) -> EngineState:
    """Return the engine's state that ``state`` is the wire form of; raise
    :class:`~foraccio.core.errors.InvalidState` if the engine cannot reach it.

    The checks run in this order and the first failing one is reported:
    version; variant; options; house rules (known, applying to the variant,
    each once); shape (a hand per seat, a pile and a score per team, as the
    variant seats them); every card of the deck exactly once across hands,
    table, piles and stock; hand number and record; phase; turn and hand sizes;
    a match won but not over (docs/rules.md §9.2); then the whole state against
    the one the engine reaches from its seed, options, house rules and recorded
    cuts and moves.
    """
    if state.version != VERSION:
        _invalid(phrase("State version {version} is not supported; this server reads "
                        "version {supported}: start a new match.", version=state.version,
                        supported=VERSION))
    checked = _checked(state)
    _check_shape(state, checked.seating)
    _check_cards(state, checked.deck, checked.cards)
    _check_hand_and_record(state)
    _check_phase(state)
    _check_match_over(state)
    # Hand sizes are checked on the assumption that every seat is dealt as many cards
    # as the others, which a variant need not do: a state that fails it is refused
    # with its message only when the engine does not reach it either.
    problem = _hand_sizes_problem(state, checked.seating) if state.phase == "playing" else None
    if problem is None:
        return _check_reachable(state)
    try:
        return _check_reachable(state)
    except InvalidState:
        _invalid(problem)


def _invalid(message: str) -> NoReturn:
    raise InvalidState(message)


# --- variant, options and deck --------------------------------------------------------


def _checked(state: State) -> _Checked:
    try:
        variant = get_variant(state.variant)
    except EngineError as error:
        raise InvalidState(error.message) from None
    # In one order whatever the client's (a dict's order is not part of its value), and
    # the types are part of the key: True == 1, but 1 is no value for a bool option.
    options = sorted(state.options.items())
    key = (variant.name, tuple(options), tuple(type(value) for _, value in options),
           state.house_rules)
    checked = _checked_options(*key)
    if checked.variant is not variant:  # registered anew under the same name
        _checked_options.cache_clear()
        checked = _checked_options(*key)
    return checked


class _Checked(NamedTuple):
    variant: Variant
    deck: tuple[str, ...]
    cards: frozenset[str]
    seating: Seating


@lru_cache(maxsize=64)
def _checked_options(variant_name: str, option_items: tuple, _types: tuple,
                     house_rules: tuple[str, ...]) -> _Checked:
    # Invalid options or house rules raise, and raising caches nothing.
    variant = get_variant(variant_name)
    given = dict(option_items)
    try:
        resolved = resolve_options(variant, given, house_rules_for(variant, house_rules))
    except EngineError as error:
        raise InvalidState(error.message) from None
    if resolved != given:
        missing = next(name for name in resolved if name not in given)
        _invalid(phrase("The state's options must list every option of variant {variant} "
                        "and of its house rules; {missing} is missing (its default is "
                        "{default}).", variant=repr(variant.name), missing=repr(missing),
                        default=repr(resolved[missing])))
    rules = rules_for(variant.name, resolved, house_rules)
    return _Checked(variant, rules.deck, frozenset(rules.deck), rules.seating)


# A house rule registered anew may have other options, or none of that name at all.
on_change(_checked_options.cache_clear)


# --- cards ----------------------------------------------------------------------------


def _check_shape(state: State, seating: Seating) -> None:
    seats, teams = seating.seats, len(seating.teams)
    if len(state.hands) != seats:
        _invalid(phrase("hands must hold {seats} hands, one per seat of {variant}; got "
                        "{got}.", seats=seats, variant=state.variant, got=len(state.hands)))
    if len(state.piles) != teams:
        _invalid(phrase("piles must hold {teams} piles, one per team; got {got}.", teams=teams,
                        got=len(state.piles)))
    if len(state.scores) != teams:
        _invalid(phrase("scores must hold {teams} scores, one per team; got {got}.",
                        teams=teams, got=len(state.scores)))
    if state.teams != seating.teams:
        _invalid(phrase("teams must be {teams}, the seats of each team as {variant} with "
                        "these options seats them; got {got}.", teams=_short(seating.teams),
                        variant=state.variant, got=_short(state.teams)))
    for name in ("dealer", "turn", "last_capturer"):
        seat = getattr(state, name)
        if seat is not None and seat >= seats:
            _invalid(phrase("{name} is seat {seat}, but the seats are 0 to {last}.",
                            name=name, seat=seat, last=seats - 1))
    if state.winner is not None and state.winner >= teams:
        _invalid(phrase("winner is team {team}, but the teams are 0 to {last}.",
                        team=state.winner, last=teams - 1))


def _check_cards(state: State, deck: tuple[str, ...], cards: frozenset[str]) -> None:
    placed = [card for place in (*state.hands, state.table, *state.piles) for card in place]
    if len(placed) + state.stock == len(cards) and cards.issuperset(placed) and len(
            set(placed)) == len(placed):
        return  # each card at most once, and as many as the deck without the stock
    seen: dict[str, str] = {}
    for place, held in _places(state):
        for card in held:
            if card not in cards:
                _invalid(phrase("{card} ({place}) is not a card of the {variant} deck.",
                                card=card, place=place, variant=state.variant))
            if card in seen:
                where = (phrase("twice {place}", place=place) if seen[card] == place
                         else phrase("{one} and {other}", one=seen[card], other=place))
                _invalid(phrase("{card} appears more than once: {where}; every card of the "
                                "deck must be in exactly one hand, pile or on the table.",
                                card=card, where=where))
            seen[card] = place
    if state.stock == 0:
        missing = next(card for card in deck if card not in seen)
        _invalid(phrase("{card} is missing: every card of the deck must be in a hand, in a "
                        "pile or on the table.", card=missing))
    _invalid(phrase("The hands, table and piles hold {placed} cards and the stock {stock}: "
                    "together they must hold the {deck} cards of the deck.",
                    placed=len(placed), stock=state.stock, deck=len(deck)))


def _places(state: State) -> Iterator[tuple[str, tuple[str, ...]]]:
    for seat, hand in enumerate(state.hands):
        yield phrase("in seat {seat}'s hand", seat=seat), hand
    yield phrase("on the table"), state.table
    for team, pile in enumerate(state.piles):
        yield phrase("in team {team}'s pile", team=team), pile


# --- hand, phase and turn -------------------------------------------------------------


def _check_hand_and_record(state: State) -> None:
    if state.hand < 1:
        _invalid(phrase("hand must be at least 1: a match's state always has a hand dealt; "
                        "got {hand}.", hand=state.hand))
    if len(state.record) != state.hand:
        _invalid(phrase("record must hold one entry per hand dealt: {hand} for hand {hand}; "
                        "got {got}.", hand=state.hand, got=len(state.record)))


def _check_phase(state: State) -> None:
    if state.phase == "playing":
        if state.turn is None:
            _invalid(phrase("turn must name the seat to play while a hand is being played; "
                            "got null."))
        if state.winner is not None:
            _invalid(phrase("A match with a winner (team {team}) is over: phase must be "
                            "game_over, not playing.", team=state.winner))
        if not state.hands[state.turn]:
            _invalid(phrase("Seat {seat} is to play but holds no cards.", seat=state.turn))
        return
    if state.turn is not None:
        _invalid(phrase("turn must be null once the hand is over (phase {phase}); got seat "
                        "{seat}.", phase=state.phase, seat=state.turn))
    holding = next((seat for seat, hand in enumerate(state.hands) if hand), None)
    if holding is not None:
        _invalid(phrase("Seat {seat} still holds cards, but the hand is over (phase {phase}); "
                        "a hand ends when every hand is empty.", seat=holding,
                        phase=state.phase))
    if state.table:
        _invalid(phrase("The table must be empty once the hand is over (phase {phase}): the "
                        "cards left are collected; got {cards}.", phase=state.phase,
                        cards=", ".join(state.table)))
    if state.phase == "game_over" and state.winner is None:
        _invalid(phrase("phase is game_over but winner is null: a match is over only when a "
                        "team has won."))
    if state.phase == "hand_over" and state.winner is not None:
        _invalid(phrase("winner is team {team} but phase is hand_over: a match with a winner "
                        "is over (game_over).", team=state.winner))


def _hand_sizes_problem(state: State, seating: Seating) -> str | None:
    # In a round each seat plays one card, starting with the seat after the dealer
    # in turn order. The seats that have already played in this round, those from
    # that seat up to the one before the seat in turn, hold one card fewer.
    turn = state.turn
    size = len(state.hands[turn])
    leader = seating.next_seat[state.dealer]
    order = seating.order
    start = order.index(leader)
    played = (order.index(turn) - start) % seating.seats
    for step in range(seating.seats):
        seat = order[(start + step) % seating.seats]
        expected = size - 1 if step < played else size
        held = len(state.hands[seat])
        if held != expected:
            return phrase("Seat {seat} holds {held} cards but should hold {expected}: seat "
                          "{turn}, to play, holds {size}, and each seat from the one after the "
                          "dealer (seat {leader}) up to the one in turn has played one card "
                          "more in this round.", seat=seat, held=held, expected=expected,
                          turn=turn, size=size, leader=leader)
    return None


def _check_match_over(state: State) -> None:
    if state.phase == "game_over":
        return
    rules = rules_for(state.variant, state.options, state.house_rules)
    if max(state.scores) < rules.target:
        return  # nobody can have won: spare the hook call on every request
    winner = rules.hook.foraccio_match_winner(scores=state.scores, target=rules.target,
                                              options=rules.options, seating=rules.seating)
    if winner is not None:
        _invalid(phrase("Team {team} has {points} points, at or over the target {target}: "
                        "it has won and the match is over (docs/rules.md §9.2), but phase is "
                        "{phase}.", team=winner, points=state.scores[winner],
                        target=rules.target, phase=state.phase))


# --- the state the engine reaches -----------------------------------------------------


def _check_reachable(state: State) -> EngineState:
    engine_state = reached(state)
    expected = to_wire(engine_state)
    if state.receipt is not None:  # a server's proof, not part of the match
        state = msgspec.structs.replace(state, receipt=None)
    if expected != state:
        path, mine, theirs = _first_difference(expected, state, "state")
        _invalid(phrase("{path} is not what the engine reaches from the state's seed, "
                        "options, house rules and recorded cuts and moves: it would be "
                        "{mine}; got {theirs}.", path=path, mine=_short(mine),
                        theirs=_short(theirs)))
    return engine_state


def _first_difference(expected, got, path: str) -> tuple[str, object, object]:
    """The first place where two values differ, and both values there."""
    if isinstance(expected, msgspec.Struct) and type(expected) is type(got):
        for name in expected.__struct_fields__:
            mine, theirs = getattr(expected, name), getattr(got, name)
            if mine != theirs:
                return _first_difference(mine, theirs, f"{path}.{name}")
    if isinstance(expected, tuple) and isinstance(got, tuple) and len(expected) == len(got):
        for index, (mine, theirs) in enumerate(zip(expected, got, strict=True)):
            if mine != theirs:
                return _first_difference(mine, theirs, f"{path}[{index}]")
    return path, expected, got


SHOWN = 100
"""Characters of a value shown in a message: enough to see it, never a flood."""


def _short(value: object) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"
