"""What the lab compares: setups of one game, each a variant with its options, house rules
and the bot of every seat.

The bots are looked up here and only here (:func:`check_bot`, through
:func:`foraccio.bots.get_bot`), so that a bot a distribution adds is found wherever the engine
finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from foraccio.bots import get_bot, get_bot_plugin
from foraccio.core.engine import new_match, rules_of
from foraccio.core.rules import Seating
from foraccio.lab.speech import ENGLISH, Speech


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One way of playing: ``bots`` names the bot of each seat (index = seat)."""

    name: str
    variant: str
    options: dict[str, Any]
    house_rules: tuple[str, ...]
    bots: tuple[str, ...]


def check_bot(name: str) -> None:
    """Raise :class:`~foraccio.core.errors.UnknownBot` (saying which bots there are) unless a bot
    is called ``name``."""
    get_bot(name)


def slow(bots: Sequence[str]) -> bool:
    """Whether one of ``bots`` is not quick (a search, or a third party's bot), so that it
    may take long over each move."""
    return any(not get_bot_plugin(bot).quick for bot in bots)


def searching(setups: Sequence[Setup]) -> bool:
    """Whether a bot of ``setups`` may take long over each move."""
    return slow([bot for setup in setups for bot in setup.bots])


def seating_of(variant: str, options: dict[str, Any], house_rules: Sequence[str]) -> Seating:
    """The seating of ``variant`` played with ``options`` and ``house_rules``; raise the
    engine's error when one of them is wrong (before any match is played)."""
    return rules_of(new_match(variant, 0, options, tuple(house_rules))).seating


def seat_bots(names: Sequence[str], seating: Seating, _: Speech = ENGLISH
              ) -> tuple[str, ...]:
    """The bot of each seat from ``names``: one bot for every seat, one per team (it plays
    each seat of its team) or one per seat. Raise ValueError (in the language of ``_``)
    otherwise, or :class:`~foraccio.core.errors.UnknownBot` on a name no bot has."""
    for name in names:
        check_bot(name)
    if len(names) == 1:
        return tuple(names) * seating.seats
    if len(names) == seating.seats:
        return tuple(names)
    if len(names) == len(seating.teams):
        bots = [""] * seating.seats
        for name, team in zip(names, seating.teams, strict=True):
            for seat in team:
                bots[seat] = name
        return tuple(bots)
    if len(seating.teams) == seating.seats:
        raise ValueError(_("give 1 bot (for every seat) or {seats} (one per seat), not "
                           "{given}").format(seats=seating.seats, given=len(names)))
    raise ValueError(_("give 1 bot (for every seat), {teams} (one per team) or {seats} (one "
                       "per seat), not {given}").format(teams=len(seating.teams),
                                                        seats=seating.seats, given=len(names)))
