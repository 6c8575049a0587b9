"""The guards of the rule functions a variant's play-phase hooks return (the play rule,
each capture effect): :mod:`foraccio.core.registry.guards` puts them around each, as it does
around every hook implementation. They run on every play, so this is a module of the
compiled engine (:mod:`foraccio.core.compiled`); it holds what the guards' checks share too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from foraccio.core.cards import RANK
from foraccio.core.errors import PluginError
from foraccio.core.model import MAX_SAFE_INTEGER, Bonus
from foraccio.core.quoting import quote
from foraccio.core.rules import Seating

if TYPE_CHECKING:
    from foraccio.core.registry.guards import Owner


def guarded_play_rule(rule: Callable, owner: Owner) -> Callable:
    """``rule`` behind ``owner``'s guard: a failure in it is ``owner``'s PluginError.

    The guarded rule answers as ``rule`` does, a pair ``(captures, lays)``, for the
    plugins that wrap it; its attribute ``plays`` is the same rule behind the same
    guard answering the engine's :data:`~foraccio.core.plays.Plays` (the moves in one tuple,
    the capturing ones first, and how many capture), which the engine asks on every
    play without a call of the guarded rule in between."""
    if getattr(rule, "_foraccio_guarded", False):
        return rule  # passed on unchanged from a plugin below: its owner's guard stays

    def play_rule(hand, table):
        try:
            _captures, _lays = moves = rule(hand, table)  # a pair, or it raises here
        except PluginError:
            raise
        except Exception as error:
            raise owner.error("foraccio_play_rule") from error
        return moves

    def plays(hand, table):
        try:
            captures, lays = rule(hand, table)
        except PluginError:
            raise
        except Exception as error:
            raise owner.error("foraccio_play_rule") from error
        return (*captures, *lays), len(captures)

    play_rule._foraccio_guarded = True  # type: ignore[attr-defined]
    play_rule.plays = plays  # type: ignore[attr-defined]
    play_rule.__wrapped__ = rule  # type: ignore[attr-defined]
    return play_rule


def guarded_effect(effect: Callable, owner: Owner, seating: Seating) -> Callable:
    """``effect`` behind ``owner``'s guard: a failure in it, or a bonus it makes that is
    not one of ``seating``'s table, is ``owner``'s PluginError."""
    if getattr(effect, "_foraccio_guarded", False):
        return effect

    def capture_effect(context):
        try:
            bonuses = tuple(effect(context))
        except PluginError:
            raise
        except Exception as error:
            raise owner.error("foraccio_capture_effects") from error
        if bonuses:
            problem = next(filter(None, (bonus_problem(bonus, seating)
                                         for bonus in bonuses)), None)
            if problem:
                raise owner.error("foraccio_capture_effects", f"a capture effect it returned "
                                                              f"made {problem}")
        return bonuses

    capture_effect._foraccio_guarded = True  # type: ignore[attr-defined]
    return capture_effect


def bonus_problem(bonus: Any, seating: Seating) -> str | None:
    """What is wrong with ``bonus`` made at ``seating``'s table, or None: a capture
    effect's bonus, or a deal effect's."""
    if not isinstance(bonus, Bonus):
        return f"{kind_of(bonus)}, not a Bonus"
    if not is_int(bonus.seat, 0, seating.seats - 1):
        return f"a bonus for seat {quote(bonus.seat, 40)} (seats are {numbers(seating.seats)})"
    if bonus.team != seating.team_of[bonus.seat]:
        return f"a bonus of seat {bonus.seat} for team {quote(bonus.team, 40)}, not its own"
    if not is_int(bonus.points, 0, MAX_SAFE_INTEGER):
        return f"a bonus of {quote(bonus.points, 40)} points (an int from 0)"
    if not isinstance(bonus.name, str) or not bonus.name:
        return "a bonus without a name"
    if bonus.card is not None and (not isinstance(bonus.card, str) or bonus.card not in RANK):
        return "a bonus whose card is neither a card nor None"
    return None


def numbers(count: int, conjunction: str = "and") -> str:
    """The numbers from 0 below ``count``, in words: "0 and 1", "0 to 3"."""
    return f"0 {conjunction} 1" if count == 2 else f"0 to {count - 1}"


def is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def kind_of(value: Any) -> str:
    return "None" if value is None else f"a {type(value).__name__}"
