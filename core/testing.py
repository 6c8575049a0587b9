"""Helpers for testing rules: build a hand-made state in the middle of a hand.

Scenario tests start from a state laid out by hand, as a rule's worked
example does: "table 5c 3b 2d, play 10s". :func:`scenario` fills in
everything the example leaves out so the state is a consistent one.

Random-play tests play whole matches with random legal moves:
:func:`random_playout` yields every play, and :func:`check_random_match`
checks, on one such match, what the engine guarantees for every variant
and house rule. It is the conformance kit: the shared conformance test runs
it over every registered variant, alone and with each house rule that
applies to it (:func:`compatible_house_rules`); a third-party variant or
house rule runs it in its own tests the same way.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

import msgspec
from msgspec.structs import replace

from foraccio.core.engine import (
    before_first_hand,
    deal_effects,
    hand_points,
    legal_moves,
    moves_of,
    new_match,
    next_hand,
    play,
    rules_of,
)
from foraccio.core.errors import EngineError, IllegalMove, Reason
from foraccio.core.model import (
    AnyEvent,
    Bonus,
    DealCaptured,
    Dealt,
    Declared,
    HandRecord,
    HandScored,
    MatchWon,
    Move,
    OptionValue,
    State,
)
from foraccio.core.registry import (
    HouseRule,
    Variant,
    applicable_variants,
    get_variant,
    house_rules,
    house_rules_for,
    resolve_options,
    rules_for,
)
from foraccio.core.replay import replay
from foraccio.core.validation import validate_state
from foraccio.core.wire import State as WireState
from foraccio.core.wire import to_wire


def scenario(
    *,
    variant: str = "foraccio",
    table: Iterable[str] = (),
    hands: Mapping[int, Iterable[str]] | Sequence[Iterable[str]] | None = None,
    piles: Sequence[Iterable[str]] | None = None,
    turn: int | None = None,
    dealer: int | None = None,
    options: Mapping[str, Any] | None = None,
    events: Sequence[AnyEvent] = (),
    scores: Sequence[int] | None = None,
    last_capturer: int | None = None,
    seed: int = 0,
    house_rules: Sequence[str] = (),
    deck: Sequence[str] | None = None,
) -> State:
    """Return a state of hand 1 in play with the given cards where they are said to be.

    ``hands`` maps seats to their cards (seats not given hold none). When
    ``piles`` is None, every card of the variant's deck placed nowhere else goes
    to the piles, to each team in turn in deck order, so every card is
    accounted for. ``dealer`` defaults to the last seat in turn order (seat 3 in
    Foraccio), ``turn`` to the seat after the dealer, ``scores`` to 0 for every
    team. ``house_rules`` names the house rules the match is played with.

    ``deck`` is the hand's deck as dealt (shuffled and cut, top card first), which the
    state records (``state.record[-1].deck``) for a rule that reads it, such as one
    rebuilding the first table; it must be the variant's deck in some order, else
    ValueError says what is wrong. By default the variant's deck unshuffled is
    recorded: a deck no deal gave, which nothing in the scenario follows from. The
    cards stay where ``hands``, ``table`` and ``piles`` put them: the deck is recorded,
    not dealt.
    """
    found = get_variant(variant)
    layered = house_rules_for(found, house_rules)
    resolved = resolve_options(found, options, layered)
    house_rules = tuple(rule.name for rule in layered)
    rules = rules_for(variant, resolved, house_rules)
    deck = rules.deck if deck is None else _checked_deck(deck, rules.deck, variant)
    seating = rules.seating
    teams = len(seating.teams)
    if dealer is None:
        dealer = seating.order[-1]
    if hands is None:
        hands = {}
    if not isinstance(hands, Mapping):
        hands = dict(enumerate(hands))
    seat_cards = tuple(tuple(hands.get(seat, ())) for seat in range(seating.seats))
    table = tuple(table)
    placed = {card for cards in (*seat_cards, table) for card in cards}
    if piles is None:
        rest = [card for card in rules.deck if card not in placed]
        piles = tuple(rest[team::teams] for team in range(teams))
    state = before_first_hand(variant, resolved, seed, dealer, house_rules)
    return replace(
        state,
        hand=1,
        turn=seating.next_seat[dealer] if turn is None else turn,
        phase="playing",
        hands=seat_cards,
        table=table,
        piles=tuple(tuple(pile) for pile in piles),
        last_capturer=last_capturer,
        events=(Dealt(hand=1, dealer=dealer, cut=1), *events),
        scores=(0,) * teams if scores is None else tuple(scores),
        record=(HandRecord(dealer=dealer, cut=1, deck=deck),),
    )


def declarations_of(
    cards: Iterable[str],
    *,
    variant: str = "foraccio",
    seat: int = 0,
    stage: int = 0,
    dealer: int | None = None,
    table: Iterable[str] = (),
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
) -> tuple[Declared, ...]:
    """Return what ``seat``'s hand ``cards``, just dealt at ``stage`` of hand 1, declares
    (``foraccio_declarations``) in a match of ``variant`` with ``house_rules``: the
    :class:`~foraccio.core.model.Declared` events the engine would record, each checked as
    the engine checks a plugin's answer (a malformed one raises
    :class:`~foraccio.core.errors.PluginError`). ``table`` is the table after the stage (the
    cards it laid too); ``dealer`` defaults to the seat before ``seat`` in turn order.

    No deal is made: the hand is the one given, whatever the variant's deal would give
    (a :func:`scenario`, which deals nothing, declares nothing).
    """
    found = get_variant(variant)
    layered = house_rules_for(found, house_rules)
    resolved = resolve_options(found, options, layered)
    rules = rules_for(variant, resolved, tuple(rule.name for rule in layered))
    seating = rules.seating
    if dealer is None:
        dealer = next(before for before in range(seating.seats)
                      if seating.next_seat[before] == seat)
    hands = tuple(tuple(cards) if other == seat else () for other in range(seating.seats))
    table = tuple(table)
    return tuple(event for event in deal_effects(rules, 1, stage, dealer, table, table, hands)
                 if type(event) is Declared)


def _checked_deck(deck: Sequence[str], cards: tuple[str, ...], variant: str) -> tuple[str, ...]:
    """``deck`` as a tuple, when it holds each card of ``cards`` (the deck of
    ``variant``) once; otherwise a ValueError naming what is wrong."""
    if isinstance(deck, str) or not all(isinstance(card, str) for card in deck):
        raise ValueError(f"deck must be a sequence of card codes such as '7d', not "
                         f"{deck!r:.40}")
    deck = tuple(deck)
    counts = Counter(deck)
    problems = [f"{_some(found)} {what}" for found, what in (
        ([card for card in counts if card not in cards], f"not in the {variant} deck"),
        (sorted(card for card, count in counts.items() if count > 1), "more than once"),
        ([card for card in cards if card not in counts], "missing")) if found]
    if problems:
        raise ValueError(f"deck must be the {len(cards)} cards of the {variant} deck, each "
                         f"once, in any order: {'; '.join(problems)}")
    return deck


def _some(cards: Sequence[str], shown: int = 5) -> str:
    more = f" and {len(cards) - shown} more" if len(cards) > shown else ""
    return ", ".join(cards[:shown]) + more


# --- random play ---------------------------------------------------------------------

MAX_HANDS = 200
"""A random match that has not ended after this many hands is taken never to end."""


class Step(NamedTuple):
    """One play of a random match: the state before it, the move, the state after it
    and the events the play returned."""

    before: State
    move: Move
    after: State
    events: tuple[AnyEvent, ...]


def random_playout(
    variant: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    players_seed: int | None = None,
    max_hands: int = MAX_HANDS,
    house_rules: Sequence[str] = (),
) -> Iterator[Step]:
    """Play a match of ``variant`` (with ``house_rules``) with uniformly random legal
    moves; yield every play.

    The players choose with their own generator, seeded by ``players_seed``
    (by default derived from ``seed``), never with the match's. Each next hand
    is dealt with the match's own cut. Raise AssertionError when the match has
    not ended after ``max_hands`` hands.
    """
    players = random.Random(f"players:{seed if players_seed is None else players_seed}")
    state = new_match(variant, seed, options, house_rules)
    while state.phase != "game_over":
        if state.phase == "hand_over":
            _check(state.hand < max_hands,
                   f"{variant} seed {seed}: the match did not end within {max_hands} hands")
            state = next_hand(state)
        move = players.choice(legal_moves(state))
        after, events = play(state, move)
        yield Step(state, move, after, events)
        state = after


def find_step(
    variant: str,
    wanted: Callable[[Step], bool],
    *,
    seeds: Iterable[int] = range(500),
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
) -> Step:
    """Return the first play of a seeded random match for which ``wanted`` holds.

    For tests that need a particular position which the engine itself reaches
    (a capture with a choice, a scopa, a long napoli): the API accepts only
    reachable states, so a hand-made :func:`scenario` will not do there.
    Raise LookupError when none of the ``seeds`` gives one.
    """
    for seed in seeds:
        for step in random_playout(variant, seed, options, house_rules=house_rules):
            if wanted(step):
                return step
    raise LookupError(f"no random {variant} match of these seeds reaches the position wanted")


def check_random_match(
    variant: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    players_seed: int | None = None,
    house_rules: Sequence[str] = (),
) -> State:
    """Play a random match of ``variant`` and check what the engine guarantees for any variant
    and any house rules.

    ``house_rules`` names the house rules to play with (see
    :func:`~foraccio.core.engine.new_match`); :func:`compatible_house_rules` lists those
    that apply to a variant.

    Before every play: each card of the hand's recorded deck is in exactly one
    place (the stock included); a move's way (``Move.way``) is one of the variant's
    ``ways``; the state survives a JSON round trip, and so
    does its wire form, which the API's validation
    (:func:`~foraccio.core.validation.validate_state`) accepts and turns back into the very
    same state; the legal moves are listed
    once each, and each is accepted by :func:`~foraccio.core.engine.play` (its take in
    any order), while sampled unlisted moves are refused with an
    :class:`~foraccio.core.errors.IllegalMove`; no play, accepted or refused, changes
    the state it was given. At the end of every hand its record and score
    agree, and, without house rules, every line scored is one its variant's
    ``awards`` declare (when it declares them). At the end of every hand and at
    random points, :func:`~foraccio.core.replay.replay` rebuilds the state, also under
    another seed.
    At the end the match has a winner at or above the target, and the same
    seed and moves give the very same states again.

    Return the final state; raise AssertionError on the first violation.
    """
    checker = random.Random(f"checker:{variant}:{seed}:{players_seed}:{list(house_rules)}")
    states: list[State] = []
    moves: list[Move] = []
    for step in random_playout(variant, seed, options, players_seed=players_seed,
                               house_rules=house_rules):
        if not states or step.before is not states[-1]:  # a hand was dealt
            states.append(step.before)
            _check_deal(step.before)
        _check_before_play(step.before, checker)
        _check_play(step)
        moves.append(step.move)
        states.append(step.after)
        if step.after.phase != "playing":
            _check_hand_end(step.after)
        if step.after.phase != "playing" or checker.random() < 0.02:
            _check_replay(step.after, checker)
    _check_match_end(states[-1])
    _check_same_game_again(variant, seed, options, house_rules, moves, states)
    return states[-1]


def option_variations(variant: Variant) -> list[dict[str, OptionValue]]:
    """Return ``{}`` (every default) and, for each bool or choice option of ``variant``,
    one options mapping per value other than the default."""
    variations: list[dict[str, OptionValue]] = [{}]
    for spec in variant.options:
        if isinstance(spec.default, bool):
            variations.append({spec.name: not spec.default})
        elif spec.choices is not None:
            variations += [{spec.name: value} for value in spec.choices if value != spec.default]
    return variations


def compatible_house_rules(variant: Variant) -> list[HouseRule]:
    """Return every known house rule that applies to ``variant``, by name."""
    return [rule for _, rule in sorted(house_rules().items())
            if variant.name in applicable_variants(rule)]


def hand_scores(record: Iterable[HandRecord], teams: int = 2) -> tuple[int, ...]:
    """Add up per team the points of the finished hands in ``record``, for ``teams``
    teams (Foraccio's two by default)."""
    totals = [0] * teams
    for hand in record:
        for team, points in enumerate(hand.points or ()):
            totals[team] += points
    return tuple(totals)


def move_key(move: Move) -> tuple[str, frozenset[str], object]:
    """What tells moves apart: the card, the set of cards taken and the jolly use."""
    return move.card, frozenset(move.take), move.jolly


def _check(condition: object, message: str) -> None:
    # Plain asserts vanish under ``python -O`` and pytest does not rewrite
    # them outside test modules; this keeps both the check and its message.
    if not condition:
        raise AssertionError(message)


def _where(state: State) -> str:
    played = f" with {', '.join(state.house_rules)}" if state.house_rules else ""
    return f"{state.variant}{played} seed {state.seed} hand {state.hand}, seat {state.turn} to play"


def _check_deal(state: State) -> None:
    # The deal, then what the deal did besides placing cards (foraccio_deal_effects).
    dealt = [index for index, event in enumerate(state.events) if isinstance(event, Dealt)]
    _check(state.phase == "playing" and len(dealt) == 1 and all(
        isinstance(event, DealCaptured | Bonus | Declared)
        for event in state.events[dealt[0] + 1:]),
           f"{_where(state)}: a new hand does not start with its deal")
    _check(state.scores == hand_scores(state.record, len(state.scores)),
           f"{_where(state)}: the scores changed at the deal")


def _check_before_play(state: State, checker: random.Random) -> None:
    copy = _json_copy(state)
    _check_validated(state)
    _check_cards_kept(state)
    _check_legal_moves(state, checker)
    _check_refusals(state, checker)
    _check(state == copy, f"{_where(state)}: playing on the state changed it")


def _json_copy(state: State) -> State:
    copy = msgspec.json.decode(msgspec.json.encode(state), type=State)
    _check(copy == state, f"{_where(state)}: the state does not survive a JSON round trip")
    return copy


def _check_validated(state: State) -> None:
    """The state's wire form survives JSON, and the API's validation accepts it and gives
    back this very state."""
    wire = to_wire(state)
    decoded = msgspec.json.decode(msgspec.json.encode(wire), type=WireState)
    _check(decoded == wire, f"{_where(state)}: the wire form does not survive a JSON round trip")
    try:
        validated = validate_state(decoded)
    except EngineError as error:
        raise AssertionError(f"{_where(state)}: the API's validation refuses the state: "
                             f"{error}") from error
    _check(to_wire(validated) == wire and validated.hands == state.hands
           and validated.stock == state.stock,
           f"{_where(state)}: the API's validation gives back another state")


def _check_cards_kept(state: State) -> None:
    placed = Counter(card for cards in (*state.hands, state.table, *state.piles, state.stock)
                     for card in cards)
    _check(placed == Counter(state.record[-1].deck),
           f"{_where(state)}: hands, table, piles and stock do not hold the dealt deck, each "
           f"card once")


def _check_legal_moves(state: State, checker: random.Random) -> None:
    moves = legal_moves(state)
    _check(moves and state.hands[state.turn], f"{_where(state)}: nothing to play")
    ways = get_variant(state.variant).ways or ()
    named = {move.way for move in moves if move.way is not msgspec.UNSET}
    _check(named <= set(ways), f"{_where(state)}: a move says the way {sorted(named - set(ways))}"
                               f", which the variant's ways do not name")
    keys = [move_key(move) for move in moves]
    _check(len(set(keys)) == len(keys), f"{_where(state)}: a legal move is listed twice")
    for move in moves:
        after = _accepted(state, move)
        if len(move.take) > 1:
            reordered = replace(move, take=tuple(checker.sample(move.take, len(move.take))))
            _check(_accepted(state, reordered) == after,
                   f"{_where(state)}: {move} with its take reordered plays differently")


def _accepted(state: State, move: Move) -> State:
    try:
        after, _ = play(state, move, seat=state.turn)
    except IllegalMove as error:
        raise AssertionError(f"{_where(state)}: legal move {move} refused: {error}") from error
    return after


def _check_refusals(state: State, checker: random.Random) -> None:
    legal = {move_key(move) for move in legal_moves(state)}
    for move, reasons in _unlisted_moves(state, legal, checker):
        try:
            play(state, move)
        except IllegalMove as error:
            _check(error.reason in reasons,
                   f"{_where(state)}: {move} refused for {error.reason}, "
                   f"not for {' or '.join(reasons)}")
        else:
            raise AssertionError(f"{_where(state)}: unlisted move {move} was accepted")
    seats = len(state.hands)
    other = (state.turn + checker.randint(1, seats - 1)) % seats
    try:
        play(state, checker.choice(legal_moves(state)), seat=other)
    except IllegalMove as error:
        _check(error.reason == Reason.NOT_YOUR_TURN,
               f"{_where(state)}: a move for seat {other} refused for {error.reason}")
    else:
        raise AssertionError(f"{_where(state)}: seat {other} played out of turn")


def _unlisted_moves(state: State, legal: set, checker: random.Random):
    """Yield sampled moves that are not listed, each with the reasons it may be refused for."""
    hand = state.hands[state.turn]
    elsewhere = [card for cards in (state.table, *state.piles) for card in cards]
    for _ in range(4):
        card = checker.choice(hand)
        take = tuple(checker.sample(state.table, checker.randint(0, len(state.table))))
        roll = checker.random()
        if roll < 0.2 and elsewhere:
            take += (checker.choice(elsewhere),)
        elif roll < 0.3 and take:
            take += (take[0],)
        jolly = checker.choice((None, None, None, "sweep", checker.randint(1, 13)))
        move = Move(card, take, jolly)
        if len(set(take)) == len(take) and move_key(move) in legal:
            continue
        yield move, (Reason.CAPTURE_REQUIRED, Reason.ILLEGAL_CAPTURE)
    for seat, cards in enumerate(state.hands):
        if seat != state.turn and cards:
            # Refused as not held, whoever holds it: naming the holder would tell a
            # sealed game's seat where a hidden card lies.
            yield Move(checker.choice(cards)), (Reason.CARD_NOT_IN_HAND,)
    if elsewhere:
        yield Move(checker.choice(elsewhere)), (Reason.CARD_NOT_IN_HAND,)


def _check_play(step: Step) -> None:
    before, after, events = step.before, step.after, step.events
    _check(after.events == before.events + events,
           f"{_where(before)}: the events returned are not those added to the state")
    if after.phase == "playing":
        _check(after.scores == before.scores and after.record == before.record,
               f"{_where(before)}: the scores or the record changed during a hand")


def _check_hand_end(state: State) -> None:
    _check(state.turn is None and not state.table and not any(state.hands),
           f"{_where(state)}: the hand is over but cards are left in play")
    _check_cards_kept(state)
    _json_copy(state)
    _check_validated(state)
    scored = [event for event in state.events if isinstance(event, HandScored)]
    _check(len(scored) == 1, f"{_where(state)}: a finished hand is scored {len(scored)} times")
    record = state.record[-1]
    teams = len(state.scores)
    _check(record.points == scored[0].points == hand_points(scored[0].lines, teams),
           f"{_where(state)}: the hand's record and its score lines disagree on its points")
    _check(record.moves == moves_of(state.events),
           f"{_where(state)}: the record does not hold the hand's moves")
    _check(state.scores == scored[0].scores == hand_scores(state.record, teams),
           f"{_where(state)}: the match score is not the sum of the hands' points")
    _check_awards_declared(state, scored[0])


def _check_awards_declared(state: State, scored: HandScored) -> None:
    # A house rule may add lines it never declared (none had to before `awards`), so
    # only a match without house rules holds its variant to its declaration.
    declared = get_variant(state.variant).awards
    if declared is None or state.house_rules:
        return
    undeclared = sorted({line.name for line in scored.lines} - set(declared))
    _check(not undeclared, f"{_where(state)}: the variant awards {undeclared}, which its "
                           f"awards do not declare")


def _check_replay(state: State, checker: random.Random) -> None:
    _check(replay(state) == state, f"{_where(state)}: replay does not rebuild the state")
    reseeded = replace(state, seed=state.seed + checker.randint(1, 2**31))
    _check(replay(reseeded) == reseeded, f"{_where(state)}: replay depends on the seed")


def _check_match_end(state: State) -> None:
    _check(state.phase == "game_over" and state.winner is not None,
           f"{_where(state)}: the match ended without a winner")
    _check(state.events[-1] == MatchWon(team=state.winner, scores=state.scores),
           f"{_where(state)}: the match's last event does not announce its winner")
    target = rules_of(state).target
    _check(state.scores[state.winner] >= target,
           f"{_where(state)}: team {state.winner} won with {state.scores}, below {target}")
    _check(legal_moves(state) == (), f"{_where(state)}: moves are listed after the match")


def _check_same_game_again(variant: str, seed: int, options: Mapping[str, Any] | None,
                           house_rules: Sequence[str], moves: Sequence[Move],
                           states: Sequence[State]) -> None:
    state = new_match(variant, seed, options, house_rules)
    again = [state]
    for move in moves:
        if state.phase == "hand_over":
            state = next_hand(state)
            again.append(state)
        state, _ = play(state, move)
        again.append(state)
    _check(again == list(states),
           f"{variant} seed {seed}: the same seed and moves gave a different match")
