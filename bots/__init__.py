"""Bots: players that see only their seat (a :class:`~core.view.SeatView`).

:data:`BOTS` names them; :func:`choose_move` asks one for the move of the
seat to play. Every bot draws its chances from its own generator, seeded by
the seed it is given, the bot's name and the position (hand number, plays
made, seat), never from global randomness: the same seed and view give the
same move.
"""

from __future__ import annotations

# Not ``import random``: the submodule bots.random would shadow it here.
from random import Random

from bots.base import Bot, Budget
from bots.heuristic import heuristic_bot
from bots.ismcts import ismcts_bot
from bots.random import random_bot
from core.errors import IllegalMove, Reason, UnknownBot
from core.model import Move, State
from core.quoting import quote
from core.view import SeatView, plays_made, seat_view

BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot, "ismcts": ismcts_bot}
"""Every bot by name."""

SEARCHING = frozenset({"ismcts"})
"""The bots whose work a :class:`Budget` sets (the others ignore it and take well under
a millisecond a move)."""

__all__ = ["BOTS", "SEARCHING", "Bot", "Budget", "bot_rng", "choose_move", "get_bot",
           "move_for_state", "ready_bot"]


def get_bot(name: str) -> Bot:
    """Return the bot called ``name``, or raise :class:`~core.errors.UnknownBot`."""
    try:
        return BOTS[name]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise UnknownBot(f"There is no bot {quote(name)}; known bots: {known}.") from None


def bot_rng(name: str, view: SeatView, seed: int) -> Random:
    """Return the generator bot ``name`` uses for ``view``: one per seed and position."""
    return Random(f"bot:{name}:{seed}:{view.hand}:{plays_made(view)}:{view.seat}")


def choose_move(name: str, view: SeatView, seed: int = 0, budget: Budget | None = None) -> Move:
    """Return the move bot ``name`` makes for ``view.seat``, whose turn it must be.

    Raise :class:`~core.errors.UnknownBot` for an unknown name, and
    :class:`~core.errors.IllegalMove` when no hand is in play or it is
    another seat's turn.
    """
    return ready_bot(name, view)(view, bot_rng(name, view, seed), budget)


def ready_bot(name: str, view: SeatView) -> Bot:
    """Return bot ``name`` if it may move for ``view.seat`` now; raise as
    :func:`choose_move` does otherwise (so that a caller can refuse a request before
    spending anything on it)."""
    bot = get_bot(name)
    if view.phase == "game_over":
        raise IllegalMove(Reason.MATCH_OVER, "The match is over; start a new one to play on.")
    if view.phase != "playing":
        raise IllegalMove(Reason.HAND_OVER,
                          "The hand is over; deal the next hand before playing.")
    if view.turn != view.seat:
        raise IllegalMove(Reason.NOT_YOUR_TURN,
                          f"It is seat {view.turn}'s turn to play, not seat {view.seat}'s.")
    return bot


def move_for_state(name: str, state: State, seed: int = 0, budget: Budget | None = None) -> Move:
    """Return the move bot ``name`` makes for the seat to play in ``state``, from its view."""
    seat = state.turn if state.turn is not None else 0
    return choose_move(name, seat_view(state, seat), seed, budget)
