"""A room as it is stored: its setup, its seats, the match's token, and its log.

A room changes only by whole versions: each change writes the next :class:`Room` (its
``version`` one higher) and one :class:`Entry` of the log, together, or nothing
(:meth:`foraccio.rooms.store.Store.commit`). The log is what the event streams send: a client
that reconnects asks for the entries after the last version it saw.

Nothing stored is secret to the server's own reader but the token, which is sealed
(:mod:`foraccio.api.sealing`); the links' secrets are kept as hashes only
(:mod:`foraccio.rooms.keys`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from foraccio.core.model import AnyEvent, OptionValue, Seat, Wire

Status = Literal["waiting", "playing", "finished"]
"""``waiting`` for the host to start, ``playing``, or ``finished`` (the match is won, or
the host closed the room)."""

Due = Literal["bot", "clock", "deal"]
"""What the server does when a room is due: a bot's move, a move for a person whose
turn clock ran out, or the next hand's deal."""

Pace = Annotated[float, msgspec.Meta(
    ge=0, le=10, description="Seconds the server waits before each bot move, so that "
                             "people can follow the bots' plays.")]
TurnSeconds = Annotated[int, msgspec.Meta(
    ge=5, le=3600, description="Seconds a person has for each move; when they run out, "
                               "the server plays the heuristic bot's move for them.")]


class SeatSetup(Wire):
    """Who plays a seat: a person or a bot.

    A seat made for a person has an invite (``invite_hash``), which whoever joins the seat
    first exchanges, once, for the seat's key (``key_hash``, made then and given to them
    alone): the key sees the seat's hand and acts for it, the invite alone does neither.
    A person's seat handed to a bot keeps its ``key_hash``, so that the person can take
    it back with the same key."""

    bot: str | None = None
    """The bot playing the seat now; None while the person plays it."""
    key_hash: str | None = None
    """The hash of the seat's key, once a person has joined it."""
    invite_hash: str | None = None
    """The hash of the seat's invite, for a seat made for a person."""
    joined: float | None = None
    """When the seat's person joined it (Unix time), or None while it is free."""

    @property
    def person(self) -> bool:
        return self.bot is None


class Room(Wire, kw_only=True):
    """One room at one version."""

    id: str
    version: int
    status: Status
    created: float
    """When the room was created (Unix time, seconds)."""
    touched: float
    """When anyone last changed the room: it expires some time after (see
    :class:`foraccio.rooms.config.RoomsConfig`)."""
    variant: str
    options: dict[str, OptionValue]
    house_rules: tuple[str, ...] = ()
    seats: tuple[SeatSetup, ...]
    host_hash: str
    spectator_hash: str
    pace: float
    turn_seconds: int | None = None
    token: str
    """The match, sealed."""
    counter: int = 0
    """The token's counter, sealed in it too."""
    due: float | None = None
    """When the server must act (Unix time), or None."""
    due_kind: Due | None = None
    deadline: float | None = None
    """When the turn clock of the person to play runs out, if it runs."""


EntryKind = Literal["created", "started", "played", "dealt", "seat", "closed"]
"""What a version did; ``seat``: the seat ``seat`` changed hands: handed to a bot or back,
joined by a person with its invite, or given a new invite by the host (its former key
and invite no longer work)."""


class Entry(Wire, kw_only=True):
    """What one version of a room did: ``events`` are the engine's events of it (public:
    cards played face up, captures, bonuses, scores), ``seat`` who acted, if a seat."""

    version: int
    kind: EntryKind
    token: str
    """The match after this version, sealed: what a stream renders for each seat."""
    events: tuple[AnyEvent, ...] = ()
    seat: Seat | None = None
    at: float
    timed_out: bool = False
    """Whether the seat's person ran out of time: the room's turn clock had a bot make
    this move for them."""
