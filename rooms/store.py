"""Where rooms live, and how a change to one reaches every server process.

A store keeps each room's latest version and the end of its log, applies a change only
on top of the version it was made from (:meth:`Store.commit`: compare-and-set), and
carries two kinds of news between the server's processes: a room's new version, and
who is connected to it. Two stores exist:

- :class:`foraccio.rooms.sqlite_store.SqliteStore`, the default: a file in the data directory,
  nothing to set up, for the server processes of one machine (the news travels through
  the file);
- :class:`foraccio.rooms.redis_store.RedisStore`: Redis or Valkey, for several machines (or
  processes that share no disk), which also carries the news between them (pub/sub).

``FORACCIO_ROOMS`` chooses (:func:`open_store`): unset, or ``sqlite`` (the file
``rooms.sqlite3`` in the data directory), or ``sqlite:///path/to/file``; or a Redis
URL, ``redis://host:6379/0`` (``rediss://`` with TLS).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Mapping
from typing import Protocol

from foraccio.rooms.model import Entry, Room

STORE_VARIABLE = "FORACCIO_ROOMS"

KEPT_ENTRIES = 512
"""Log entries kept per room: a reconnecting client missing more than these gets the
room as it is now instead (a hand of Zobelon has 52 plays)."""


class RoomsFull(Exception):
    """The store holds as many open rooms as the server allows (503 ``busy``), or, when
    ``mine``, as many made by the client as one client may hold (429
    ``too_many_open_rooms``)."""

    def __init__(self, mine: bool) -> None:
        super().__init__("the client's open rooms" if mine else "the open rooms")
        self.mine = mine


class StoreUnavailable(Exception):
    """The store cannot be reached or written now (Redis down or unreachable, a SQLite
    file on a full or read-only disk): 503 ``rooms_unavailable``, and ``GET /ready``
    answers 503. Each store raises it in place of its own errors of that kind, so that
    the rest of the server tells an outage from a bug."""


RETRY_AFTER = 5
"""Seconds a client is told to wait (``Retry-After``) when the store is unavailable."""


class Store(Protocol):
    """The operations a room store offers; every one is atomic, and any may raise
    :class:`StoreUnavailable`."""

    gone: float
    """Seconds after which the connections of a process that stopped renewing its
    heartbeat (killed) no longer count in :meth:`presence`."""

    async def create(self, room: Room, entry: Entry, most_open: int, client: str = "",
                     most_of_client: int = 0) -> None:
        """Store a new room, made by ``client``, and its first entry; raise
        :class:`RoomsFull` when ``most_open`` rooms that are not finished are stored
        already, or ``most_of_client`` (unless 0) of them made by ``client``."""

    async def first_expiry(self, client: str | None, idle_seconds: float,
                           unjoined_seconds: float) -> float | None:
        """When the first of the open rooms (those ``client`` made, unless None) expires
        as things stand (Unix time), if none of them is played or finished before: a room
        nobody joined ``unjoined_seconds`` after it was made, any room ``idle_seconds``
        after it was last touched (:meth:`expire`); None when there is none."""

    async def load(self, room_id: str) -> Room | None:
        """The room's latest version, or None if there is no such room (or it expired)."""

    async def commit(self, room: Room, entry: Entry) -> bool:
        """Store ``room`` and append ``entry`` if the stored version is
        ``room.version - 1``; return False, changing nothing, if it is not."""

    async def entries(self, room_id: str, after: int) -> list[Entry]:
        """The kept log entries of the room after version ``after``, oldest first."""

    async def due(self, now: float) -> list[str]:
        """The rooms whose ``due`` time has come."""

    async def expire(self, finished_before: float, idle_before: float,
                     unjoined_before: float = 0.0) -> list[str]:
        """Delete the rooms finished and untouched since ``finished_before``, the rooms
        nobody joined (:meth:`join`) made before ``unjoined_before``, and any room
        untouched since ``idle_before``; return their ids."""

    async def join(self, room_id: str) -> None:
        """A seat's person has come to the room: from now on it expires as an idle room,
        no longer as one nobody joined."""

    async def admit(self, key: str, every: float, burst: int, now: float) -> float:
        """Count one more of what ``key`` names (a client's rooms made) if it may have it:
        ``burst`` in a row, then one more every ``every`` seconds. Return 0 when counted,
        else the seconds until one more would be (counting nothing). The same for every
        process on this store."""

    async def count_open(self) -> int:
        """How many rooms are stored that are not finished."""

    async def publish(self, room_id: str, version: int) -> None:
        """Tell every process that the room is at ``version`` (or that its presence
        changed, when ``version`` is the room's current one)."""

    def news(self) -> AsyncIterator[tuple[str, int]]:
        """Every ``(room, version)`` published, by any process, from now on."""

    async def connect(self, room_id: str, slot: str, change: int) -> None:
        """Count one connection more (``change`` 1) or less (-1) to ``slot`` of the
        room: ``seat-N``, ``spectator`` or ``host``."""

    async def see(self, room_id: str, slot: str, at: float) -> None:
        """Note that a connection to ``slot`` of the room was open at ``at`` (Unix time),
        if the room still exists."""

    async def seen(self, room_id: str) -> Mapping[str, float]:
        """When each slot of the room was last noted open (:meth:`see`)."""

    async def presence(self, room_id: str) -> Mapping[str, int]:
        """The connections to each slot of the room, in every process."""

    async def check(self) -> None:
        """Write to the store (this process's heartbeat) and return; raise
        :class:`StoreUnavailable` when it cannot be reached or written now."""

    async def close(self) -> None:
        """Release the store's file or connections."""


async def open_store(data_dir_path: str, environ: Mapping[str, str] | None = None) -> Store:
    """The store ``FORACCIO_ROOMS`` names (see the module's text); raise
    :class:`ValueError` naming the variable for a value that is neither."""
    environ = os.environ if environ is None else environ
    where = environ.get(STORE_VARIABLE, "").strip()
    if where in ("", "sqlite"):
        from foraccio.rooms.sqlite_store import SqliteStore

        return SqliteStore(os.path.join(data_dir_path, "rooms.sqlite3"))
    if where.startswith("sqlite:///"):
        from foraccio.rooms.sqlite_store import SqliteStore

        return SqliteStore(where.removeprefix("sqlite://"))
    if where.startswith(("redis://", "rediss://", "unix://")):
        from foraccio.rooms.redis_store import RedisStore

        return await RedisStore.open(where)
    raise ValueError(f"{STORE_VARIABLE} must be sqlite, sqlite:///path or a redis:// URL; "
                     f"got {where[:60]!r}")
