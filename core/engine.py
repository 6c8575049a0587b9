"""The engine's verbs: pure functions from a state (and a move) to a new state.

- :func:`new_match` starts a match and deals its first hand;
- :func:`legal_moves` lists what the seat to play may do;
- :func:`play` plays one move and returns the new state and what happened;
- :func:`next_hand` deals the next hand once a hand is over;
- :func:`score_hand` gives the score lines of the current hand;
- :func:`replay` rebuilds a match from its record, without the seed.

No function mutates its input; a refused move raises a typed error from
:mod:`core.errors` and the caller keeps the state it had.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from msgspec.structs import replace

from core.cards import DECK
from core.errors import IllegalMove, InvalidCut, Reason, WrongPhase
from core.model import (
    AnyEvent,
    Capture,
    Captured,
    Dealt,
    FirstDealerChosen,
    HandRecord,
    HandScored,
    Laid,
    MatchWon,
    Move,
    ScoreLine,
    State,
    TableCollected,
    team_of,
)
from core.registry import Rules, get_variant, resolve_options, rules_for
from core.rng import generator
from core.rules import CaptureContext

SEATS = 4
_NO_CARDS: tuple[str, ...] = ()


def rules_of(state: State) -> Rules:
    """Return the assembled rules of ``state``'s variant and options."""
    # Every engine call needs the rules; remembering the last ones saves
    # rebuilding the cache key on the hot path. Rules are pure, so this
    # cannot change a result.
    global _last_rules
    variant, options, rules = _last_rules
    if state.variant == variant and state.options == options:
        return rules
    rules = rules_for(state.variant, state.options)
    _last_rules = (state.variant, dict(state.options), rules)
    return rules


_last_rules: tuple[str | None, Mapping[str, Any] | None, Any] = (None, None, None)


# --- starting a match and a hand ------------------------------------------------------


def new_match(variant: str, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """Start a match of ``variant``: draw for the first dealer and deal the first hand.

    ``seed`` decides every shuffle and cut of the match. ``options`` override
    the variant's defaults; unknown options or bad values raise
    :class:`~core.errors.InvalidOptions`.
    """
    resolved = resolve_options(get_variant(variant), options)
    rules = rules_for(variant, resolved)
    rng = generator(seed, 0, "first-dealer")
    deck = list(rules.hook.foraccio_build_deck(options=resolved))
    rng.shuffle(deck)
    first = rules.hook.foraccio_first_dealer(deck=tuple(deck), rng=rng, options=resolved)
    drawn = FirstDealerChosen(draws=first.draws, dealer=first.dealer)
    start = before_first_hand(variant, resolved, seed, first.dealer)
    return _shuffle_and_deal(start, rules, first.dealer, None, (drawn,))


def before_first_hand(variant: str, options: Mapping[str, Any], seed: int, dealer: int) -> State:
    """Return the empty state a match is in before its first deal."""
    return State(
        variant=variant,
        options=dict(options),
        seed=seed,
        hand=0,
        dealer=dealer,
        turn=None,
        phase="hand_over",
        hands=(_NO_CARDS,) * SEATS,
        table=_NO_CARDS,
        piles=(_NO_CARDS, _NO_CARDS),
        last_capturer=None,
        events=(),
        scores=(0, 0),
        winner=None,
        record=(),
    )


def next_hand(state: State, cut: int | None = None) -> State:
    """Deal the next hand of a match whose current hand is over.

    ``cut`` is where the cutter cuts the shuffled deck (1 to deck size - 1);
    when None, the match's seeded generator chooses it.
    """
    if state.phase == "playing":
        raise WrongPhase("The current hand is still being played; finish it first.",
                         "hand_in_progress")
    if state.phase == "game_over":
        raise WrongPhase("The match is over; start a new one.", "match_over")
    rules = rules_of(state)
    dealer = rules.hook.foraccio_next_dealer(dealer=state.dealer, options=rules.options)
    return _shuffle_and_deal(state, rules, dealer, cut, ())


def _shuffle_and_deal(state: State, rules: Rules, dealer: int, cut: int | None,
                      opening: tuple[AnyEvent, ...]) -> State:
    hand = state.hand + 1
    deck = list(rules.hook.foraccio_build_deck(options=rules.options))
    generator(state.seed, hand, "shuffle").shuffle(deck)
    if cut is None:
        cut = generator(state.seed, hand, "cut").randint(1, len(deck) - 1)
    elif not 1 <= cut <= len(deck) - 1:
        raise InvalidCut(f"The cut must be between 1 and {len(deck) - 1}; got {cut}.")
    return start_hand(state, rules, dealer, cut, tuple(deck[cut:] + deck[:cut]), opening)


def start_hand(state: State, rules: Rules, dealer: int, cut: int, deck: tuple[str, ...],
               opening: tuple[AnyEvent, ...] = ()) -> State:
    """Deal ``deck`` (already shuffled and cut) from ``dealer`` and start the next hand."""
    deal = rules.hook.foraccio_deal(deck=deck, dealer=dealer, options=rules.options)
    dealt = [card for cards in (*deal.hands, deal.table) for card in cards]
    if len(deal.hands) != SEATS or sorted(dealt) != sorted(deck):
        raise RuntimeError(f"variant {rules.variant.name!r} dealt cards that are not its deck")
    hand = state.hand + 1
    return replace(
        state,
        hand=hand,
        dealer=dealer,
        turn=_next_seat_with_cards(deal.hands, dealer),
        phase="playing",
        hands=tuple(tuple(cards) for cards in deal.hands),
        table=tuple(deal.table),
        piles=(_NO_CARDS, _NO_CARDS),
        last_capturer=None,
        events=(*opening, Dealt(hand=hand, dealer=dealer, cut=cut)),
        record=(*state.record, HandRecord(dealer=dealer, cut=cut, deck=deck)),
    )


# --- playing --------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Return every move the seat to play may make, each once; empty when no hand is on.

    Exactly these moves are accepted by :func:`play` (which also accepts the
    cards of ``take`` in another order).
    """
    if state.phase != "playing":
        return ()
    rules = rules_of(state)
    hand = state.hands[state.turn]
    captures_of = rules.capture(hand, state.table)
    if not captures_of:
        return tuple(_LAY.get(card) or Move(card) for card in hand)
    moves: list[Move] = []
    for card in hand:
        captures = captures_of.get(card)
        if captures:
            moves += [Move(card, capture.take, capture.jolly) for capture in captures]
            if not rules.may_lay(card, captures):
                continue
        moves.append(_LAY.get(card) or Move(card))
    return tuple(moves)


_LAY = {card: Move(card) for card in DECK}
"""The move laying each card, built once: most legal moves are lays."""


def play(state: State, move: Move, seat: int | None = None) -> tuple[State, tuple[AnyEvent, ...]]:
    """Play ``move`` for the seat to play; return the new state and the events it caused.

    ``seat``, when given, is the seat the caller plays for: a move from any
    other seat than the one to play is refused with ``not_your_turn``. The
    cards of ``move.take`` may be listed in any order. When the move ends the
    hand, the table is collected, the hand is scored and the match may end:
    those events are returned too.
    """
    turn = state.turn
    if state.phase != "playing":
        _refuse_out_of_play(state)
    if seat is not None and seat != turn:
        raise IllegalMove(Reason.NOT_YOUR_TURN,
                          f"It is seat {turn}'s turn to play, not seat {seat}'s.")
    card = move.card
    if card not in state.hands[turn]:
        _refuse_card_not_in_hand(state, card)
    rules = rules_of(state)
    table = state.table
    captures = rules.capture((card,), table).get(card, ())
    capture = _matching_capture(move, captures)
    hands = _without(state.hands, turn, card)
    if capture is not None:
        state, events = _apply_capture(state, rules, hands, turn, card, capture.take,
                                       capture.jolly)
    elif move.take or move.jolly is not None or (captures and not rules.may_lay(card, captures)):
        _refuse(move, captures, table)
    else:
        events = (Laid(seat=turn, card=card),)
        state = replace(state, hands=hands, table=(*table, card), events=state.events + events,
                        turn=_next_seat_with_cards(hands, turn))
    if state.turn is None:
        state, closing = _end_hand(state, rules)
        events += closing
    return state, events


def _apply_capture(state, rules, hands, seat, card, take, jolly):
    table = state.table
    table_after = () if len(take) == len(table) else tuple(c for c in table if c not in take)
    piles = state.piles
    pile = piles[seat % 2] + take + (card,)
    piles = (pile, piles[1]) if seat % 2 == 0 else (piles[0], pile)
    turn = _next_seat_with_cards(hands, seat)
    events: tuple[AnyEvent, ...] = (Captured(seat=seat, card=card, take=take, jolly=jolly),)
    if rules.effects:
        context = CaptureContext(seat, card, take, jolly, table, table_after, turn is None)
        for effect in rules.effects:
            events += tuple(effect(context))
    state = replace(state, hands=hands, table=table_after, piles=piles, last_capturer=seat,
                    events=state.events + events, turn=turn)
    return state, events


def _matching_capture(move: Move, captures: tuple[Capture, ...]) -> Capture | None:
    take, jolly = move.take, move.jolly
    for capture in captures:
        if capture.take == take and capture.jolly == jolly:
            return capture
    if len(take) > 1 and len(set(take)) == len(take):
        # The client may list the taken cards in any order.
        wanted = frozenset(take)
        for capture in captures:
            if capture.jolly == jolly and frozenset(capture.take) == wanted:
                return capture
    return None


def _refuse(move: Move, captures: tuple[Capture, ...], table: tuple[str, ...]) -> NoReturn:
    card = move.card
    if not move.take and move.jolly is None:
        raise IllegalMove(
            Reason.CAPTURE_REQUIRED,
            f"{card} can capture, and capture is compulsory: take one of "
            f"{_describe(captures)}.",
        )
    missing = [c for c in move.take if c not in table]
    if missing:
        problem = f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not on the table"
    elif len(set(move.take)) != len(move.take):
        problem = "take lists a card twice"
    elif move.jolly is not None and not any(c.jolly is not None for c in captures):
        problem = f"{card} is not a jolly card, so the move must not give a jolly use"
    else:
        problem = f"{card} cannot take {_describe_take(move.take, move.jolly)}"
    options = (f"; its captures are {_describe(captures)}" if captures
               else "; it cannot capture here, so it must be laid (take [])")
    raise IllegalMove(Reason.ILLEGAL_CAPTURE, f"Illegal capture: {problem}{options}.")


def _describe_take(take, jolly) -> str:
    cards = "[" + ", ".join(take) + "]"
    return cards if jolly is None else f"{cards} as jolly {jolly!r}"


def _describe(captures) -> str:
    shown = [_describe_take(c.take, c.jolly) for c in captures[:6]]
    more = f" and {len(captures) - 6} more" if len(captures) > 6 else ""
    return " or ".join(shown) + more


def _refuse_out_of_play(state: State):
    if state.phase == "game_over":
        raise IllegalMove(Reason.MATCH_OVER, "The match is over; start a new one to play on.")
    raise IllegalMove(Reason.HAND_OVER, "The hand is over; deal the next hand before playing.")


def _refuse_card_not_in_hand(state: State, card: str):
    holder = next((seat for seat, hand in enumerate(state.hands) if card in hand), None)
    if holder is not None:
        raise IllegalMove(Reason.NOT_YOUR_TURN,
                          f"{card} is in seat {holder}'s hand, but it is seat {state.turn}'s turn.")
    raise IllegalMove(Reason.CARD_NOT_IN_HAND,
                      f"{card} is not in the hand of seat {state.turn}, the seat to play.")


def _without(hands, seat: int, card: str):
    hand = hands[seat]
    i = hand.index(card)
    return (*hands[:seat], hand[:i] + hand[i + 1:], *hands[seat + 1:])


def _next_seat_with_cards(hands: Sequence[Sequence[str]], seat: int) -> int | None:
    nxt = (seat + 1) % SEATS
    if hands[nxt]:
        return nxt
    for step in range(1, SEATS + 1):
        nxt = (seat + step) % SEATS
        if hands[nxt]:
            return nxt
    return None


# --- end of a hand --------------------------------------------------------------------


def _end_hand(state: State, rules: Rules) -> tuple[State, tuple[AnyEvent, ...]]:
    closing: list[AnyEvent] = []
    piles = state.piles
    if state.table:
        seat = rules.hook.foraccio_collect_table(state=state, options=rules.options)
        team = team_of(seat)
        piles = tuple(pile + state.table if i == team else pile for i, pile in enumerate(piles))
        closing.append(TableCollected(seat=seat, team=team, cards=state.table))
    state = replace(state, table=_NO_CARDS, piles=piles)
    lines = score_hand(state)
    points = hand_points(lines)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    winner = rules.hook.foraccio_match_winner(scores=scores, target=rules.target,
                                              options=rules.options)
    closing.append(HandScored(lines=lines, points=points, scores=scores))
    if winner is not None:
        closing.append(MatchWon(team=winner, scores=scores))
    finished = replace(state.record[-1], moves=moves_of(state.events), points=points)
    state = replace(
        state,
        phase="hand_over" if winner is None else "game_over",
        scores=scores,
        winner=winner,
        events=state.events + tuple(closing),
        record=(*state.record[:-1], finished),
    )
    return state, tuple(closing)


def score_hand(state: State) -> tuple[ScoreLine, ...]:
    """Return the score lines of the current hand: final once it is over, so far during play."""
    rules = rules_of(state)
    contributions = rules.hook.foraccio_score_lines(state=state, options=rules.options)
    # pluggy calls the plugins registered last first; list lines in plugin order.
    return tuple(line for lines in reversed(contributions) if lines for line in lines)


def hand_points(lines: Sequence[ScoreLine]) -> tuple[int, int]:
    """Add up score lines per team."""
    points = [0, 0]
    for line in lines:
        points[line.team] += line.points
    return points[0], points[1]


def moves_of(events: Sequence[AnyEvent]) -> tuple[Move, ...]:
    """Return the moves played in ``events``, in order."""
    return tuple(
        Move(event.card, event.take, event.jolly) if isinstance(event, Captured)
        else Move(event.card)
        for event in events if isinstance(event, Captured | Laid)
    )
