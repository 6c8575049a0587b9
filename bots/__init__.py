"""Bots: players that see only their seat (a :class:`~foraccio.core.view.SeatView`).

:mod:`foraccio.bots.registry` knows them by name, each a :class:`BotPlugin`: the built-in
``random``, ``heuristic`` and ``ismcts``, those installed distributions declare
(entry-point group ``foraccio.bots``) and those registered at run time;
:func:`choose_move` asks one for the move of the seat to play. Every bot draws its
chances from its own generator, seeded by the seed it is given, the bot's name and
the position (hand number, plays made, seat), never from global randomness: the same
seed and view give the same move.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, MutableMapping

# Not ``import random``: the submodule foraccio.bots.random would shadow it here.
from random import Random

from foraccio.bots import limits
from foraccio.bots.base import Bot, BotPlugin, Budget
from foraccio.bots.registry import (
    bot_called,
    bot_plugins,
    get_bot_plugin,
    register_bot,
    unregister_bot,
)
from foraccio.bots.traits import traits_known
from foraccio.core.errors import EngineError, IllegalMove, PluginError, Reason
from foraccio.core.model import Move, State
from foraccio.core.registry import Rules
from foraccio.core.view import SeatView, plays_made, seat_view, view_legal_moves


class _Bots(MutableMapping[str, Bot]):
    """Every known bot's play function by name (:func:`~foraccio.bots.registry.bot_plugins`),
    built-in, installed and registered. Setting a name registers a function as a bot
    (:func:`~foraccio.bots.registry.register_bot`, with a description saying no more);
    deleting one forgets a bot registered so."""

    def __getitem__(self, name: str) -> Bot:
        return bot_plugins()[name].play

    def __setitem__(self, name: str, play: Bot) -> None:
        register_bot(BotPlugin(name, "A bot registered at run time.", play))

    def __delitem__(self, name: str) -> None:
        if name not in bot_plugins():
            raise KeyError(name)
        unregister_bot(name)

    def __iter__(self) -> Iterator[str]:
        return iter(bot_plugins())

    def __len__(self) -> int:
        return len(bot_plugins())

    def __repr__(self) -> str:
        return f"BOTS({', '.join(bot_plugins())})"


BOTS: MutableMapping[str, Bot] = _Bots()
"""Every bot's play function by name, as it has always been; :func:`~foraccio.bots.registry.
bot_plugins` gives each bot's whole record."""


def __getattr__(name: str) -> object:
    # SEARCHING named the bots a budget sets when the built-in ones were all there were.
    if name == "SEARCHING":
        warnings.warn("foraccio.bots.SEARCHING is deprecated: a bot's record says which budget "
                      "fields it reads, get_bot_plugin(name).budget, and whether it is "
                      "quick enough to run without the bot pool, .quick",
                      DeprecationWarning, stacklevel=2)
        return frozenset(name for name, bot in bot_plugins().items() if bot.budget)
    raise AttributeError(f"module 'bots' has no attribute {name!r}")


__all__ = ["BOTS", "Bot", "BotPlugin", "Budget", "bot_called", "bot_plugins", "bot_rng",
           "choose_move", "get_bot", "get_bot_plugin", "move_for_state", "moves_at_once",
           "ready_bot", "register_bot", "unregister_bot"]


def get_bot(name: str) -> Bot:
    """Return the play function of the bot called ``name``, or raise
    :class:`~foraccio.core.errors.UnknownBot`."""
    return get_bot_plugin(name).play


def moves_at_once(name: str, rules: Rules) -> bool:
    """Whether bot ``name`` may move where it is asked, with ``rules``, rather than in a
    server's bot pool: a quick bot, once the traits of these rules are found (the first
    move of a rule set finds them, tens of milliseconds: :func:`foraccio.bots.traits.traits_known`;
    a client choosing new options each time must not hold a server's event loop so)."""
    return get_bot_plugin(name).quick and traits_known(rules)


def bot_rng(name: str, view: SeatView, seed: int) -> Random:
    """Return the generator bot ``name`` uses for ``view``: one per seed and position."""
    return Random(f"bot:{name}:{seed}:{view.hand}:{plays_made(view)}:{view.seat}")


def choose_move(name: str, view: SeatView, seed: int = 0, budget: Budget | None = None) -> Move:
    """Return the move bot ``name`` makes for ``view.seat``, whose turn it must be.

    Raise :class:`~foraccio.core.errors.UnknownBot` for an unknown name, and
    :class:`~foraccio.core.errors.IllegalMove` when no hand is in play or it is
    another seat's turn. A bot that raises, or answers anything but one of the seat's
    legal moves, raises :class:`~foraccio.core.errors.PluginError` naming it (kind ``bot``),
    its own exception as the cause.
    """
    bot = ready_bot(name, view)
    try:
        move = bot(view, bot_rng(name, view, seed), budget)
    except (EngineError, PluginError, limits.Interrupted):
        raise  # the engine's refusals, a variant's failure, the limits set from outside
    except Exception as error:  # the bot's own bug
        raise _failed(name) from error
    if move not in view_legal_moves(view):
        raise _failed(name, "it answered something that is not one of the seat's legal "
                            "moves")
    return move


def _failed(name: str, problem: str | None = None) -> PluginError:
    return PluginError("bot", name, None, problem, get_bot_plugin(name).distribution)


def ready_bot(name: str, view: SeatView) -> Bot:
    """Return bot ``name`` if it may move for ``view.seat`` now; raise as
    :func:`choose_move` does otherwise (so that a caller can refuse a request before
    spending anything on it)."""
    bot = get_bot(name)
    if view.phase == "game_over":
        raise IllegalMove(Reason.MATCH_OVER, "The match is over; start a new one.")
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
