"""The rooms' settings, read from the environment at start-up.

``FORACCIO_ROOMS`` (default: SQLite in the data directory)
    Where rooms are kept: see :mod:`foraccio.rooms.store`.
``FORACCIO_ROOMS_MAX`` (default 1000)
    Rooms that may be open (not finished) at once; one more is refused with 503
    ``busy``.
``FORACCIO_ROOMS_FINISHED_SECONDS`` (default 3600)
    How long a finished room stays, for its players to read the last score sheet.
``FORACCIO_ROOMS_IDLE_SECONDS`` (default 86400)
    How long a room nobody changes stays (an abandoned one).
``FORACCIO_ROOMS_LEFT_SECONDS`` (default 60)
    How long a seat's person must have been away (no connection of their key) before
    the host may hand their seat to a bot or invite someone else to it.
``FORACCIO_ROOMS_DEAL_SECONDS`` (default 15)
    How long a hand's last score sheet stays up before the server deals the next hand,
    when no person deals it first.

A value out of its range stops the server at start-up, naming the variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from foraccio.api.environment import number

MOST_OPEN = "FORACCIO_ROOMS_MAX"
FINISHED_SECONDS = "FORACCIO_ROOMS_FINISHED_SECONDS"
IDLE_SECONDS = "FORACCIO_ROOMS_IDLE_SECONDS"
DEAL_SECONDS = "FORACCIO_ROOMS_DEAL_SECONDS"
LEFT_SECONDS = "FORACCIO_ROOMS_LEFT_SECONDS"


@dataclass(frozen=True)
class RoomsConfig:
    """The settings in force; see the module's text for each."""

    most_open: int = 1000
    finished_seconds: float = 3600.0
    idle_seconds: float = 86400.0
    deal_seconds: float = 15.0
    left_seconds: float = 60.0


def config_from_environment(environ: Mapping[str, str] | None = None) -> RoomsConfig:
    """The settings ``environ`` (the process's environment by default) gives."""
    environ = os.environ if environ is None else environ
    return RoomsConfig(
        most_open=int(number(environ, MOST_OPEN, int, 1000, 1, 1_000_000)),
        finished_seconds=number(environ, FINISHED_SECONDS, float, 3600.0, 1, 30 * 86400),
        idle_seconds=number(environ, IDLE_SECONDS, float, 86400.0, 1, 365 * 86400),
        deal_seconds=number(environ, DEAL_SECONDS, float, 15.0, 0, 3600),
        left_seconds=number(environ, LEFT_SECONDS, float, 60.0, 0, 86400),
    )
