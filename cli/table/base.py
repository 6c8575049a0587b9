"""What the terminal table plays through: a :class:`Table`, local or remote.

Everything crosses this boundary in the API's wire form (the JSON of
``foraccio.core.view.SeatView``, ``foraccio.core.model.Move`` and the events), so that the
engine and a server are interchangeable behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from foraccio.cli.table.speech import _

Json = dict[str, Any]

PERSON = 0
"""The person sits at seat 0 (in Foraccio, its partner is seat 2: docs/rules.md §2.2)."""


class TableError(Exception):
    """A refusal or a failure, in plain words for the person at the table.

    ``code`` is the engine's or the API's code when there is one (``capture_required``,
    ``invalid_token``), ``"network"`` when a server could not be reached.
    """

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def seat_bots(bots: Sequence[str], seats: int) -> tuple[str, ...]:
    """The bot of each of ``seats`` seats (index = seat; seat 0's entry is the person's)
    from ``bots``: seat 0's entry then one bot for every other seat, or one per seat.
    Raise :class:`TableError` when they are neither."""
    if len(bots) == 2:
        return (bots[0], *(bots[1],) * (seats - 1))
    if len(bots) != seats:
        raise TableError(_("This match seats {seats}: give 1 bot (for every other seat) or "
                           "{others} (one for each other seat, in seat order), not "
                           "{given}.").format(seats=seats, others=seats - 1,
                                              given=len(bots) - 1), "bots")
    return tuple(bots)


class Table(Protocol):
    """A match with the person at seat 0 and a bot at every other seat."""

    bots: tuple[str, ...]
    """The bot of each seat (index = seat; seat 0's is the person's, unused)."""
    target: int
    """The match score to reach."""
    where: str
    """Where the match is played, for the person: "local engine, seed 3", a URL."""
    described: dict[str, str]
    """What each bot at the table does, by name in seat order, in the table's language."""

    def view(self) -> Json:
        """Seat 0's view of the match now."""

    def legal_moves(self) -> list[Json]:
        """Seat 0's legal moves (none unless it is to play)."""

    def play(self, move: Json) -> list[Json]:
        """Play seat 0's ``move``; return the events it caused."""

    def bot_play(self) -> list[Json]:
        """Let the bot of the seat to play (not seat 0) make one move; return its events."""

    def next_hand(self) -> None:
        """Deal the next hand, once a hand is over."""
