"""The engine's verbs: pure functions from a state (and a move) to a new state.

- :func:`new_match` starts a match and deals its first hand;
- :func:`legal_moves` lists what the seat to play may do;
- :func:`play` plays one move and returns the new state and what happened;
- :func:`next_hand` deals the next hand once a hand is over;
- :func:`score_hand` gives the score lines of the current hand.

A simulation that plays a hand its own way (the bots' fast playout) deals, seats and
ends it with the engine's own steps: :func:`deal_stage`, :func:`deal_effects`,
:func:`next_seat_with_cards`, :func:`in_table_order` and :func:`end_hand`; a match
rebuilt from one of its hands (:func:`foraccio.core.reachable.resumed`) starts it with
:func:`first_dealer`, :func:`dealt_deck` and :func:`start_hand`, and one dealt from
decks of its own (the research adapters, :mod:`foraccio.research`) with
:func:`first_dealer`, :func:`before_first_hand`, :func:`next_dealer` and
:func:`start_hand`.

The match is over when ``state.phase == "game_over"``; ``state.winner`` is
the winning team. No function mutates its input; a refused move raises a
typed error from :mod:`foraccio.core.errors` and the caller keeps the state it had.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from itertools import filterfalse
from random import Random
from typing import Any

from msgspec.structs import replace

from foraccio.core.cards import DECK
from foraccio.core.errors import IllegalMove, InvalidCut, Reason, WrongPhase
from foraccio.core.model import (
    AnyEvent,
    Captured,
    DealCaptured,
    Dealt,
    DealtMore,
    Declared,
    FirstDealerChosen,
    HandRecord,
    HandScored,
    Laid,
    MatchWon,
    Move,
    ScoreLine,
    State,
    TableCollected,
)
from foraccio.core.notation import write
from foraccio.core.plays import Plays, index_of, kinded
from foraccio.core.quoting import quote
from foraccio.core.registry import Rules, get_variant, house_rules_for, resolve_options, rules_for
from foraccio.core.registry.catalogue import on_change
from foraccio.core.rng import generator
from foraccio.core.rules import LAY, MAX_SEATS, CaptureContext, Deal, DealContext, Seating
from foraccio.core.words import phrase

_NO_CARDS: tuple[str, ...] = ()


def rules_of(state: State) -> Rules:
    """Return the assembled rules of ``state``'s variant, options and house rules."""
    return rules_for(state.variant, state.options, state.house_rules)


# --- starting a match and a hand ------------------------------------------------------


def new_match(variant: str, seed: int, options: Mapping[str, Any] | None = None,
              house_rules: Sequence[str] = ()) -> State:
    """Start a match of ``variant``: draw for the first dealer and deal the first hand.

    ``seed`` decides every shuffle and cut of the match. ``options`` override
    the defaults of the variant's options and of its house rules' (named
    ``"<house rule>.<option>"``); unknown options or bad values raise
    :class:`~foraccio.core.errors.InvalidOptions`. ``house_rules`` names the house rules
    to play with, layered in that order; an unknown one raises
    :class:`~foraccio.core.errors.UnknownHouseRule`, one that does not apply to
    ``variant`` (or is named twice) :class:`~foraccio.core.errors.IncompatibleHouseRule`.
    """
    found = get_variant(variant)
    layered = house_rules_for(found, house_rules)
    resolved = resolve_options(found, options, layered)
    house_rules = tuple(rule.name for rule in layered)
    rules = rules_for(variant, resolved, house_rules)
    drawn = first_dealer(rules, seed)
    start = before_first_hand(variant, resolved, seed, drawn.dealer, house_rules)
    state = _shuffle_and_deal(start, rules, drawn.dealer, None, (drawn,))
    _known(state, rules)
    return state


def first_dealer(rules: Rules, seed: int) -> FirstDealerChosen:
    """Draw for the first dealer of the match of ``seed`` played by ``rules``."""
    rng = generator(seed, 0)
    deck = _shuffled(rng, rules.deck)
    first = rules.hook.foraccio_first_dealer(deck=tuple(deck), rng=rng, options=rules.options,
                                             seating=rules.seating)
    return FirstDealerChosen(draws=first.draws, dealer=first.dealer)


def before_first_hand(variant: str, options: Mapping[str, Any], seed: int, dealer: int,
                      house_rules: tuple[str, ...] = ()) -> State:
    """Return the empty state a match is in before its first deal."""
    seating = rules_for(variant, options, house_rules).seating
    teams = len(seating.teams)
    return State(
        variant=variant,
        options=dict(options),
        seed=seed,
        hand=0,
        dealer=dealer,
        turn=None,
        phase="hand_over",
        hands=(_NO_CARDS,) * seating.seats,
        table=_NO_CARDS,
        piles=(_NO_CARDS,) * teams,
        last_capturer=None,
        events=(),
        scores=(0,) * teams,
        winner=None,
        record=(),
        house_rules=house_rules,
    )


def next_hand(state: State, cut: int | None = None) -> State:
    """Deal the next hand of a match whose current hand is over.

    ``cut`` is where the cutter cuts the shuffled deck (1 to deck size - 1);
    when None, the match's seeded generator chooses it.
    """
    if state.phase == "playing":
        raise WrongPhase(phrase("The current hand is still being played; finish it first."),
                         "hand_in_progress")
    if state.phase == "game_over":
        raise WrongPhase(phrase("The match is over; start a new one."), "match_over")
    rules = rules_of(state)
    state = _shuffle_and_deal(state, rules, next_dealer(state, rules), cut, ())
    _known(state, rules)
    return state


def next_dealer(state: State, rules: Rules) -> int:
    """The seat that deals the hand after ``state``'s, played by ``rules``."""
    return rules.hook.foraccio_next_dealer(dealer=state.dealer, options=rules.options,
                                           seating=rules.seating)


def _shuffle_and_deal(state: State, rules: Rules, dealer: int, cut: int | None,
                      opening: tuple[AnyEvent, ...]) -> State:
    cut, deck = dealt_deck(rules, state.seed, state.hand + 1, cut)
    return start_hand(state, rules, dealer, cut, deck, opening)


def dealt_deck(rules: Rules, seed: int, hand: int, cut: int | None = None
               ) -> tuple[int, tuple[str, ...]]:
    """Return the cut and the deck of hand ``hand`` of the match of ``seed``, shuffled by
    the match's seeded generator and cut at ``cut`` (when None, where the generator
    cuts); raise :class:`~foraccio.core.errors.InvalidCut` for a cut out of range."""
    rng = generator(seed, hand)
    deck = _shuffled(rng, rules.deck)
    if cut is None:
        cut = rng.randint(1, len(deck) - 1)
    elif not 1 <= cut <= len(deck) - 1:
        raise InvalidCut(phrase("The cut must be between 1 and {last}; got {cut}.",
                                last=len(deck) - 1, cut=quote(cut)))
    return cut, tuple(deck[cut:] + deck[:cut])


def _shuffled(rng: Random, cards: Sequence[str]) -> list[str]:
    """Return a list of ``cards`` shuffled as ``rng.shuffle`` shuffles it, with the same
    draws of ``rng``, in a third of the time: the draws are made here rather than through
    a method call per card."""
    deck = list(cards)
    if type(rng) is not Random or not _DRAWS_AS_RANDOM_DOES:
        rng.shuffle(deck)
        return deck
    getrandbits = rng.getrandbits
    bits = _BIT_LENGTH
    for i in range(len(deck) - 1, 0, -1):
        # Random.shuffle swaps card i with one below i + 1 drawn as Random._randbelow
        # does: the bits of i + 1, drawn again until the number is below it.
        j = getrandbits(bits[i + 1])
        while j > i:
            j = getrandbits(bits[i + 1])
        deck[i], deck[j] = deck[j], deck[i]
    return deck


_BIT_LENGTH = tuple(n.bit_length() for n in range(len(DECK) + 1))


def _draws_as_random_does() -> bool:
    """Whether :func:`_shuffled` shuffles as this Python's ``Random.shuffle`` does (so a
    seed deals the same cards on any Python; if a Python ever shuffles otherwise, the
    engine uses its shuffle)."""
    for seed in range(16):
        for size in (0, 1, 2, 3, 36, 40, 52):
            expected = list(range(size))
            Random(seed).shuffle(expected)
            if _shuffled(Random(seed), range(size)) != expected:
                return False
    return True


_DRAWS_AS_RANDOM_DOES = True
_DRAWS_AS_RANDOM_DOES = _draws_as_random_does()


def start_hand(state: State, rules: Rules, dealer: int, cut: int, deck: tuple[str, ...],
               opening: tuple[AnyEvent, ...] = ()) -> State:
    """Deal ``deck`` (already shuffled and cut) from ``dealer`` and start the next hand."""
    deal = deal_stage(rules, deck, dealer, 0)
    hand = state.hand + 1
    hands = deal.hands
    state = replace(
        state,
        hand=hand,
        dealer=dealer,
        turn=next_seat_with_cards(rules.seating, hands, dealer),
        phase="playing",
        hands=hands,
        table=in_table_order(rules, deal.table),
        piles=(_NO_CARDS,) * len(rules.seating.teams),
        last_capturer=None,
        events=(*opening, Dealt(hand=hand, dealer=dealer, cut=cut)),
        record=(*state.record, HandRecord(dealer=dealer, cut=cut, deck=deck)),
        notation="",
        stock=deal.stock,
        stage=0,
    )
    return _after_deal(state, rules, deal.table)[0]


def deal_stage(rules: Rules, cards: tuple[str, ...], dealer: int, stage: int) -> Deal:
    """Deal ``stage`` of a hand (0: the first) from ``cards`` (the shuffled and cut deck,
    or the stock left) through the variant's deal hook; the hands and the stock as
    tuples."""
    deal = rules.hook.foraccio_deal(deck=cards, dealer=dealer, options=rules.options,
                                    seating=rules.seating, stage=stage,
                                    variant=rules.variant.name)
    return Deal(tuple(map(tuple, deal.hands)), tuple(deal.table), tuple(deal.stock))


def _deal_more(state: State, rules: Rules, seat: int) -> tuple[State, tuple[AnyEvent, ...]]:
    """Deal the next stage from the stock of ``state``, where every hand is empty and
    ``seat`` played last; the seat after it with cards plays next."""
    stage = state.stage + 1
    deal = deal_stage(rules, state.stock, state.dealer, stage)
    event = DealtMore(hand=state.hand, stage=stage, table=deal.table)
    table = in_table_order(rules, state.table + deal.table) if deal.table else state.table
    state = replace(state, hands=deal.hands, table=table, stock=deal.stock, stage=stage,
                    turn=next_seat_with_cards(rules.seating, deal.hands, seat),
                    events=(*state.events, event))
    state, effects = _after_deal(state, rules, deal.table)
    return state, (event, *effects)


def deal_effects(rules: Rules, hand: int, stage: int, dealer: int, laid: tuple[str, ...],
                 table: tuple[str, ...], hands: Sequence[tuple[str, ...]] = ()
                 ) -> tuple[AnyEvent, ...]:
    """Return the events of what stage ``stage`` of hand ``hand``'s deal does besides
    placing the cards (``foraccio_deal_effects``): a :class:`~foraccio.core.model.DealCaptured`
    for the table cards a team takes, then the bonuses earned, then what each seat's
    ``hands`` (the seats' hands after the stage; none: no declarations) declares
    (``foraccio_declarations``); none when the variant's deal does nothing more.
    ``laid`` are the cards the stage laid face up (in the order dealt) and ``table`` the
    whole table after it (in table order)."""
    context = DealContext(hand, stage, dealer, laid, table, rules.values)
    effects = rules.hook.foraccio_deal_effects(deal=context, options=rules.options,
                                               seating=rules.seating)
    declared = _declarations(rules, context, hands) if rules.declares and hands else ()
    if effects is None:
        return declared
    events: tuple[AnyEvent, ...] = tuple(effects.bonuses)
    if effects.take:
        # In table order, whatever the plugin's: the event's cards, as the pile's, are
        # then the same however a plugin lists them.
        taken = tuple(card for card in table if card in effects.take)
        seat = effects.seat
        events = (DealCaptured(hand=hand, stage=stage, seat=seat,
                               team=rules.seating.team_of[seat], cards=taken), *events)
    return events + declared


def _declarations(rules: Rules, context: DealContext,
                  hands: Sequence[tuple[str, ...]]) -> tuple[Declared, ...]:
    """The :class:`~foraccio.core.model.Declared` events of each seat's hand just dealt
    (``foraccio_declarations``), seat by seat in turn order from the seat after the
    dealer, each plugin's in plugin order."""
    seating = rules.seating
    declared: list[Declared] = []
    seat = context.dealer
    for _ in range(seating.seats):
        seat = seating.next_seat[seat]
        if not hands[seat]:
            continue
        answers = rules.hook.foraccio_declarations(cards=hands[seat], seat=seat, deal=context,
                                                   options=rules.options, seating=seating)
        # pluggy answers the plugins registered last first; declare in plugin order.
        declared += (Declared(hand=context.hand, stage=context.stage, seat=seat,
                              team=seating.team_of[seat], name=name, cards=tuple(cards),
                              points=points)
                     for answer in reversed(answers) if answer
                     for name, cards, points in answer)
    return tuple(declared)


def _after_deal(state: State, rules: Rules, laid: tuple[str, ...]
                ) -> tuple[State, tuple[AnyEvent, ...]]:
    """``state`` (a stage of its deal just dealt, ``laid`` the cards it laid face up)
    after the deal's effects, and their events."""
    events = deal_effects(rules, state.hand, state.stage, state.dealer, laid, state.table,
                          state.hands)
    if not events:
        return state, events
    taken = events[0]
    if type(taken) is DealCaptured:
        piles = [*state.piles]
        piles[taken.team] += taken.cards
        state = replace(state, table=tuple(card for card in state.table
                                           if card not in taken.cards),
                        piles=tuple(piles), last_capturer=taken.seat)
    return replace(state, events=(*state.events, *events)), events


def in_table_order(rules: Rules, cards: Iterable[str]) -> tuple[str, ...]:
    """``cards`` in the order the engine keeps the table in (by the rules' card values)."""
    return tuple(sorted(cards, key=rules.table_key))


# --- playing --------------------------------------------------------------------------


def legal_moves(state: State, kinds: bool = False) -> tuple[Move, ...]:
    """Return every move the seat to play may make, each once; empty when no hand is on.

    Exactly these moves are accepted by :func:`play` (which also accepts the
    cards of ``take`` in another order). They are the play rule's own moves,
    which need not say their kind; with ``kinds``, each says it
    (``move.kind``: ``"capture"`` or ``"lay"``, as the play rule listed it).
    """
    if state.phase != "playing":
        return ()
    last_state, rules, plays = _last[0]
    if state is not last_state:
        rules = rules_for(state.variant, state.options, state.house_rules)
    elif plays is not None:
        return kinded(plays) if kinds else plays[0]
    plays = rules.plays(state.hands[state.turn], state.table)
    _last[0] = (state, rules, plays)
    return kinded(plays) if kinds else plays[0]


def play(state: State, move: Move, seat: int | None = None) -> tuple[State, tuple[AnyEvent, ...]]:
    """Play ``move`` for the seat to play; return the new state and the events it caused.

    ``seat``, when given, is the seat the caller plays for: a move from any
    other seat than the one to play is refused with ``not_your_turn``. The
    cards of ``move.take`` may be listed in any order. ``move.kind`` may be
    left out (None); a move that gives it is refused with ``wrong_kind``
    unless it is the move's kind (as ``legal_moves(state, kinds=True)``
    says). The table is kept in value order. When the move ends the hand,
    the table is collected, the hand is scored and the match may end: those
    events are returned too.
    """
    last_state, rules, plays = _last[0]
    if state is not last_state or plays is None:
        # (plays are only ever known for a state in play)
        if state.phase != "playing":
            _refuse_out_of_play(state)
        legal_moves(state)  # which remembers the rules and plays of the state
        _, rules, plays = _last[0]
    moves, capturing = plays
    turn = state.turn
    if seat is not None and seat != turn:
        raise IllegalMove(Reason.NOT_YOUR_TURN,
                          phrase("It is seat {turn}'s turn to play, not seat {seat}'s.",
                                 turn=turn, seat=quote(seat)))
    # A caller nearly always plays one of the very moves legal_moves listed: looking for
    # it by identity first spares comparing the moves before it field by field.
    for index, listed in enumerate(moves):  # noqa: B007 (index is used after the loop)
        if listed is move:
            break
    else:
        if move.kind is None:
            try:
                index = moves.index(move)
            except ValueError:
                index = index_of(plays, move, state.hands, turn, state.table)
        else:  # looked up without its kind, which must be its own
            index = index_of(plays, move, state.hands, turn, state.table)
        move = moves[index]  # as listed: the client may order take otherwise
    card = move.card
    hands = [*state.hands]
    hand = [*hands[turn]]
    hand.remove(card)
    hands[turn] = tuple(hand)
    nxt = rules.seating.next_seat[turn]
    if not hands[nxt]:
        nxt = next_seat_with_cards(rules.seating, hands, turn)
    table = state.table
    notation = state.notation
    if index >= capturing:
        table = [*table]
        insort(table, card, key=rules.table_key)
        events: tuple[AnyEvent, ...] = _LAID[turn][card]
        state = replace(state, hands=tuple(hands), table=tuple(table),
                        events=state.events + events, turn=nxt,
                        notation=f"{notation} {card}" if notation else card)
    else:
        take = move.take
        if len(take) == len(table):
            after = _NO_CARDS
        elif len(take) == 1 and take[0] in table:
            at = table.index(take[0])
            after = table[:at] + table[at + 1:]
        else:
            after = tuple(filterfalse(take.__contains__, table))
        events = (Captured(turn, card, take, move.jolly, move.way),)
        if rules.effects:
            context = _capture_context((turn, card, take, move.jolly, table, after,
                                        nxt is None and not state.stock))
            for effect in rules.effects:
                events += effect(context)  # guarded: a tuple of checked bonuses
        piles = [*state.piles]
        piles[rules.seating.team_of[turn]] += (*take, card)
        word = _capture_word(move, moves, capturing)
        state = replace(state, hands=tuple(hands), table=after, last_capturer=turn,
                        piles=tuple(piles), events=state.events + events, turn=nxt,
                        notation=f"{notation} {word}" if notation else word)
    if nxt is None:
        state, closing = (_deal_more(state, rules, turn) if state.stock
                          else end_hand(state, rules))
        events += closing
    _last[0] = (state, rules, None)
    return state, events


_LAID: tuple[dict[str, tuple[Laid]], ...] = tuple(
    {card: (Laid(seat, card),) for card in DECK} for seat in range(MAX_SEATS))
"""The events of each seat laying each card, made once: events are immutable values, so
every lay of a card by a seat can share one (as :data:`foraccio.core.rules.LAY` shares moves)."""

_capture_context = partial(tuple.__new__, CaptureContext)
"""Build a :class:`CaptureContext` from the tuple of its fields, without the Python frame
of a named tuple's ``__new__``."""


def _known(state: State, rules: Rules) -> None:
    """Remember that ``state``, which the engine just made, plays by ``rules``: the
    caller's next call is nearly always about it (legal_moves, then play)."""
    _last[0] = (state, rules, None)


def _forget() -> None:
    _last[0] = (None, None, None)


# A state is immutable, so its rules and plays can be remembered by its identity until
# what is known of variants and house rules changes. They are kept in a list, not in a
# global rebound on every play: a compiled module (core/compiled.py) caches its global
# lookups until its globals change.
_last: list[tuple[State | None, Any, Plays | None]] = [(None, None, None)]
on_change(_forget)


def _capture_word(move: Move, moves: tuple[Move, ...], capturing: int) -> str:
    """The notation of the capture ``move``, one of the ``capturing`` first ``moves``:
    its cards taken go unwritten when it is its card's only capture there (with that
    jolly use)."""
    card, jolly = move.card, move.jolly
    if capturing > 1:
        for other in moves[:capturing]:
            if other.card == card and other is not move and other.jolly == jolly:
                return write(move, True, False)
    return write(move, True, True)


def next_seat_with_cards(seating: Seating, hands: Sequence[Sequence[str]],
                         seat: int) -> int | None:
    """The first seat after ``seat`` in turn order that holds cards (``seat`` itself
    last), or None when no seat does."""
    nxt = seat
    for _ in range(seating.seats):
        nxt = seating.next_seat[nxt]
        if hands[nxt]:
            return nxt
    return None


def _refuse_out_of_play(state: State):
    if state.phase == "game_over":
        raise IllegalMove(Reason.MATCH_OVER, phrase("The match is over; start a new one."))
    raise IllegalMove(Reason.HAND_OVER,
                      phrase("The hand is over; deal the next hand before playing."))


# --- end of a hand --------------------------------------------------------------------


def end_hand(state: State, rules: Rules) -> tuple[State, tuple[AnyEvent, ...]]:
    """End the hand of ``state``, played out (every hand and the stock empty): collect
    the table, score the hand, add the points and see whether the match is won; return
    the state after it and the events it made."""
    closing: list[AnyEvent] = []
    piles = state.piles
    if state.table:
        seat = rules.hook.foraccio_collect_table(state=state, options=rules.options,
                                                 seating=rules.seating)
        team = rules.seating.team_of[seat]
        piles = [*piles]
        piles[team] += state.table
        piles = tuple(piles)
        closing.append(TableCollected(seat=seat, team=team, cards=state.table))
    state = replace(state, table=_NO_CARDS, piles=piles)
    lines = _score_lines(state, rules)
    points = hand_points(lines, len(state.scores))
    scores = tuple(map(int.__add__, state.scores, points))
    winner = rules.hook.foraccio_match_winner(scores=scores, target=rules.target,
                                              options=rules.options, seating=rules.seating)
    closing.append(HandScored(lines=lines, points=points, scores=scores))
    if winner is not None:
        closing.append(MatchWon(team=winner, scores=scores))
    finished = replace(state.record[-1], moves=moves_of(state.events), points=points,
                       notation=state.notation)
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
    return _score_lines(state, rules_of(state))


def _score_lines(state: State, rules: Rules) -> tuple[ScoreLine, ...]:
    contributions = rules.hook.foraccio_score_lines(state=state, options=rules.options,
                                                    seating=rules.seating)
    # pluggy calls the plugins registered last first; list lines in plugin order.
    lines = tuple(line for lines in reversed(contributions) if lines for line in lines)
    if rules.declares:  # each declaration of the hand scores as a line of its name
        lines += tuple(ScoreLine(event.team, event.name, event.points, event.cards)
                       for event in state.events if type(event) is Declared)
    return lines


def hand_points(lines: Sequence[ScoreLine], teams: int = 2) -> tuple[int, ...]:
    """Add up score lines per team, for ``teams`` teams (Foraccio's two by default)."""
    points = [0] * teams
    for line in lines:
        points[line.team] += line.points
    return tuple(points)


def moves_of(events: Sequence[AnyEvent]) -> tuple[Move, ...]:
    """Return the moves played in ``events``, in order."""
    moves = []
    for event in events:
        kind = type(event)
        if kind is Laid:
            moves.append(LAY[event.card])
        elif kind is Captured:
            moves.append(Move(event.card, event.take, event.jolly))
    return tuple(moves)
