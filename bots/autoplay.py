"""Bots playing a match on their own, each from its seat's view."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal, NamedTuple

from foraccio.bots import Budget, choose_move, get_bot, limits
from foraccio.core.engine import next_hand, play, rules_of
from foraccio.core.errors import UnknownBot, WrongPhase
from foraccio.core.model import AnyEvent, State
from foraccio.core.view import seat_view
from foraccio.core.words import phrase


class Autoplay(NamedTuple):
    """Where the bots stopped: the state, the events in order, the plays made, and
    whether they reached the phase asked for (false when ``max_plays`` or the limits of
    :mod:`foraccio.bots.limits` stopped them, or a seat they do not play for was to play)."""

    state: State
    events: tuple[AnyEvent, ...]
    plays: int
    done: bool


def autoplay(state: State, bots: Sequence[str], until: Literal["hand_over", "game_over"],
             seed: int = 0, budget: Budget | None = None, max_plays: int = 520,
             seats: Collection[int] | None = None) -> Autoplay:
    """Let ``bots`` (index = seat) play ``state`` until the hand or the match is over.

    A hand already over is followed by the next one, dealt with the match's own
    cut; its deal is among the events. The bots play only for ``seats`` (None: every
    seat of the match): when another seat is to play, they stop there (``done``
    false). ``bots`` names a bot for each seat of the match (more are ignored).
    Raise :class:`~foraccio.core.errors.WrongPhase` on a match already over and
    :class:`~foraccio.core.errors.UnknownBot` on a bad name or a seat without a bot.

    The limits set from outside (:mod:`foraccio.bots.limits`) are checked before each
    play and during a search. When they stop the bots after at least one play,
    the plays made so far are returned (``done`` false; the move being searched
    is dropped, so they are the very plays an unlimited run starts with);
    before any, :class:`~foraccio.bots.limits.Interrupted` is raised.
    """
    check_autoplay(state, bots)
    if seats is None:
        seats = range(rules_of(state).seating.seats)
    events: list[AnyEvent] = []
    plays = 0
    while plays < max_plays:
        if state.phase == "hand_over":
            state = next_hand(state)
            events.append(state.events[-1])
        seat = state.turn
        if seat not in seats:
            break
        try:
            limits.check()
            move = choose_move(bots[seat], seat_view(state, seat), seed, budget)
        except limits.Interrupted:
            if not plays:
                raise
            break
        state, caused = play(state, move)
        events += caused
        plays += 1
        if state.phase == "game_over" or (until == "hand_over" and state.phase == "hand_over"):
            return Autoplay(state, tuple(events), plays, True)
    return Autoplay(state, tuple(events), plays, False)


def check_autoplay(state: State, bots: Sequence[str]) -> None:
    """Raise as :func:`autoplay` does on a bad bot name, a seat without a bot or a match
    already over (so that a caller can refuse a request before spending anything on
    it)."""
    for name in bots:
        get_bot(name)
    seats = rules_of(state).seating.seats
    if len(bots) < seats:
        raise UnknownBot(phrase("There is no bot for seat {seat}: bots names one bot per "
                                "seat, {seats} in this match.", seat=len(bots), seats=seats))
    if state.phase == "game_over":
        raise WrongPhase("The match is over; start a new one.", "match_over")
