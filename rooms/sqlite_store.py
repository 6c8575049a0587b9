"""The default room store: one SQLite file in the data directory, for one machine.

The file is written in WAL mode with ``synchronous=NORMAL``: a committed change survives
the process being killed at any moment (the write-ahead log is in the operating
system's hands once the transaction ends), though not a power cut in the instant after,
the usual trade of a game server. Each operation is one short transaction, run in the
event loop: tens of microseconds.

Several server processes of one machine (``FORACCIO_WORKERS``) share the file, and the
news travels through it too: a change is announced at once to the streams of the
process that made it, and written to the ``news`` table, which every other process
reads every :data:`POLL` seconds. So every seat gets every change, whichever worker
serves its stream, at most :data:`POLL` later. Who is connected is counted per process
in the ``presence`` table, each process renewing its ``alive`` row as it polls; the
counts of a process gone silent for :data:`GONE` seconds (killed) no longer count.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Mapping

import msgspec
import structlog

from foraccio.rooms.model import Entry, Room
from foraccio.rooms.store import KEPT_ENTRIES, RoomsFull, StoreUnavailable

POLL = 0.02
"""Seconds between two reads of the news of other processes."""
GONE = 8.0
"""Seconds after which a process that stopped renewing its ``alive`` row is taken for
dead, and its connections no longer count."""
NEWS_KEPT = 60.0
"""Seconds news stays in the ``news`` table."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    touched REAL NOT NULL,
    due REAL,
    body BLOB NOT NULL,
    joined INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL DEFAULT 0,
    client TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS rooms_due ON rooms (due) WHERE due IS NOT NULL;
CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched);
CREATE TABLE IF NOT EXISTS entries (
    room TEXT NOT NULL,
    version INTEGER NOT NULL,
    body BLOB NOT NULL,
    PRIMARY KEY (room, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS news (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    process TEXT NOT NULL,
    room TEXT NOT NULL,
    version INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    process TEXT NOT NULL,
    room TEXT NOT NULL,
    slot TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (room, slot, process)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seen (
    room TEXT NOT NULL,
    slot TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (room, slot)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS alive (
    process TEXT PRIMARY KEY,
    at REAL NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS admitted (
    key TEXT PRIMARY KEY,
    until REAL NOT NULL
) WITHOUT ROWID;
"""
"""``joined`` is 0 while no seat's person has joined the room, ``created`` when it was
made and ``client`` who made it (:mod:`foraccio.rooms.clients`); ``admitted`` holds, for
:meth:`SqliteStore.admit`, when each key's count is back to nothing."""

_encode = msgspec.msgpack.Encoder().encode
_room = msgspec.msgpack.Decoder(Room).decode
_entry = msgspec.msgpack.Decoder(Entry).decode

logger = structlog.get_logger("foraccio.rooms.sqlite")


def _outage(method):
    """``method`` (a coroutine function of the store) raising
    :class:`~foraccio.rooms.store.StoreUnavailable` when SQLite cannot read or write the
    file now (``OperationalError``: a full or read-only disk, an I/O error, a lock held
    too long)."""

    @functools.wraps(method)
    async def reaching(*args, **kwargs):
        try:
            return await method(*args, **kwargs)
        except sqlite3.OperationalError as error:
            raise StoreUnavailable(f"SQLite: {error}") from error

    return reaching


class SqliteStore:
    """A :class:`~foraccio.rooms.store.Store` in one SQLite file (see the module's text)."""

    def __init__(self, path: str, gone: float = GONE) -> None:
        self.path = path
        self.gone = gone
        """Seconds after which a process that stopped renewing is taken for dead (see
        :data:`GONE`)."""
        self.process = secrets.token_hex(8)
        """This store's name among the processes sharing the file."""
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                                   timeout=10.0)
        self._db.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;" + SCHEMA)
        columns = [row[1] for row in self._db.execute("PRAGMA table_info(rooms)")]
        # A file of an earlier version: its rooms count as joined, made when last changed,
        # by nobody in particular.
        if "joined" not in columns:
            self._db.execute("ALTER TABLE rooms ADD COLUMN joined INTEGER NOT NULL DEFAULT 1")
        if "created" not in columns:
            self._db.execute("ALTER TABLE rooms ADD COLUMN created REAL NOT NULL DEFAULT 0")
            self._db.execute("UPDATE rooms SET created = touched")
        if "client" not in columns:
            self._db.execute("ALTER TABLE rooms ADD COLUMN client TEXT NOT NULL DEFAULT ''")
        self._db.execute("CREATE INDEX IF NOT EXISTS rooms_client ON rooms (client) "
                         "WHERE finished = 0")
        # One connection, which the tests use from several event loops' threads.
        self._mutex = threading.Lock()
        self._listeners: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = []
        self._renew()

    # --- rooms ----------------------------------------------------------------------

    @_outage
    async def create(self, room: Room, entry: Entry, most_open: int, client: str = "",
                     most_of_client: int = 0) -> None:
        with self._mutex, _transaction(self._db):
            (open_rooms,) = self._db.execute(
                "SELECT count(*) FROM rooms WHERE finished = 0").fetchone()
            if open_rooms >= most_open:
                raise RoomsFull(mine=False)
            if most_of_client:
                (of_client,) = self._db.execute(
                    "SELECT count(*) FROM rooms WHERE finished = 0 AND client = ?",
                    (client,)).fetchone()
                if of_client >= most_of_client:
                    raise RoomsFull(mine=True)
            self._db.execute("INSERT INTO rooms (id, version, finished, touched, due, body, "
                             "joined, created, client) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)",
                             (*_row(room), room.created, client))
            self._add_entry(room.id, entry)

    @_outage
    async def first_expiry(self, client: str | None, idle_seconds: float,
                           unjoined_seconds: float) -> float | None:
        mine = "" if client is None else "AND client = ?"
        with self._mutex:
            (first,) = self._db.execute(
                "SELECT min(CASE WHEN joined = 0 THEN min(created + ?, touched + ?) "
                f"ELSE touched + ? END) FROM rooms WHERE finished = 0 {mine}",
                (unjoined_seconds, idle_seconds, idle_seconds,
                 *(() if client is None else (client,)))).fetchone()
        return first

    @_outage
    async def load(self, room_id: str) -> Room | None:
        with self._mutex:
            row = self._db.execute("SELECT body FROM rooms WHERE id = ?", (room_id,)).fetchone()
        return None if row is None else _room(row[0])

    @_outage
    async def commit(self, room: Room, entry: Entry) -> bool:
        with self._mutex, _transaction(self._db):
            changed = self._db.execute(
                "UPDATE rooms SET version = ?, finished = ?, touched = ?, due = ?, body = ? "
                "WHERE id = ? AND version = ?",
                (*_row(room)[1:], room.id, room.version - 1)).rowcount
            if changed:
                self._add_entry(room.id, entry)
        return bool(changed)

    def _add_entry(self, room_id: str, entry: Entry) -> None:
        self._db.execute("INSERT INTO entries VALUES (?, ?, ?)",
                         (room_id, entry.version, _encode(entry)))
        self._db.execute("DELETE FROM entries WHERE room = ? AND version <= ?",
                         (room_id, entry.version - KEPT_ENTRIES))

    @_outage
    async def entries(self, room_id: str, after: int) -> list[Entry]:
        with self._mutex:
            rows = self._db.execute(
                "SELECT body FROM entries WHERE room = ? AND version > ? ORDER BY version",
                (room_id, after)).fetchall()
        return [_entry(body) for (body,) in rows]

    @_outage
    async def due(self, now: float) -> list[str]:
        with self._mutex:
            rows = self._db.execute("SELECT id FROM rooms WHERE due <= ? ORDER BY due",
                                    (now,)).fetchall()
        return [room_id for (room_id,) in rows]

    @_outage
    async def expire(self, finished_before: float, idle_before: float,
                     unjoined_before: float = 0.0) -> list[str]:
        with self._mutex, _transaction(self._db):
            gone = [room_id for (room_id,) in self._db.execute(
                "SELECT id FROM rooms WHERE (finished = 1 AND touched < ?) OR touched < ? "
                "OR (joined = 0 AND created < ?)",
                (finished_before, idle_before, unjoined_before)).fetchall()]
            for room_id in gone:
                for table, column in (("rooms", "id"), ("entries", "room"),
                                      ("presence", "room"), ("seen", "room")):
                    self._db.execute(f"DELETE FROM {table} WHERE {column} = ?", (room_id,))
            self._db.execute("DELETE FROM news WHERE at < ?", (time.time() - NEWS_KEPT,))
            self._db.execute("DELETE FROM presence WHERE process IN (SELECT process FROM "
                             "alive WHERE at < ?)", (time.time() - self.gone,))
            self._db.execute("DELETE FROM alive WHERE at < ?", (time.time() - self.gone,))
            self._db.execute("DELETE FROM admitted WHERE until < ?", (time.time(),))
        return gone

    @_outage
    async def join(self, room_id: str) -> None:
        with self._mutex:
            self._db.execute("UPDATE rooms SET joined = 1 WHERE id = ? AND joined = 0",
                             (room_id,))

    @_outage
    async def admit(self, key: str, every: float, burst: int, now: float) -> float:
        # The generic cell rate algorithm: ``until`` is when the key's count is back to
        # nothing; each one counted adds ``every``, and one more may come while it is at
        # most ``burst - 1`` ahead of now.
        with self._mutex, _transaction(self._db):
            row = self._db.execute("SELECT until FROM admitted WHERE key = ?",
                                   (key,)).fetchone()
            until = max(now, row[0] if row else now)
            wait = until - now - (burst - 1) * every
            if wait > 0:
                return wait
            self._db.execute("INSERT OR REPLACE INTO admitted VALUES (?, ?)",
                             (key, until + every))
        return 0.0

    @_outage
    async def count_open(self) -> int:
        with self._mutex:
            return self._db.execute("SELECT count(*) FROM rooms WHERE finished = 0").fetchone()[0]

    # --- news and presence ----------------------------------------------------------------

    @_outage
    async def publish(self, room_id: str, version: int) -> None:
        with self._mutex:
            self._db.execute("INSERT INTO news (process, room, version, at) VALUES (?, ?, ?, ?)",
                             (self.process, room_id, version, time.time()))
        for loop, queue in list(self._listeners):
            with contextlib.suppress(RuntimeError):  # a loop closed meanwhile
                loop.call_soon_threadsafe(queue.put_nowait, (room_id, version))

    async def news(self) -> AsyncIterator[tuple[str, int]]:
        queue: asyncio.Queue = asyncio.Queue()
        listener = (asyncio.get_running_loop(), queue)
        self._listeners.append(listener)
        with self._mutex:
            (seen,) = self._db.execute("SELECT coalesce(max(seq), 0) FROM news").fetchone()
        renewed = polled = time.monotonic()
        failing = False  # an outage is logged as it begins, not at every poll
        try:
            while True:
                # This process's own news at once; the others' every POLL, even while
                # this process's own keep coming.
                # asyncio.timeout, not wait_for: Python 3.11's wait_for returns the news
                # when it arrives as the listener is cancelled, and the cancellation is
                # lost (the hub's close then waited for ever).
                try:
                    async with asyncio.timeout(max(0.0, polled + POLL - time.monotonic())):
                        news = await queue.get()
                except TimeoutError:
                    pass
                else:
                    yield news
                    if time.monotonic() < polled + POLL:
                        continue
                polled = time.monotonic()
                try:
                    with self._mutex:
                        rows = self._db.execute(
                            "SELECT seq, room, version FROM news WHERE seq > ? AND "
                            "process != ? ORDER BY seq", (seen, self.process)).fetchall()
                    if time.monotonic() - renewed > self.gone / 4:
                        self._renew()
                        renewed = time.monotonic()
                except sqlite3.OperationalError as error:
                    # A full or read-only disk: the news waits, and the listening goes on
                    # (it must not end, or this process's streams would hear nothing more
                    # once the disk is back).
                    if not failing:
                        logger.warning("rooms_news_unread", error=str(error))
                    failing, rows = True, []
                else:
                    failing = False
                for seq, room_id, version in rows:
                    seen = seq
                    yield room_id, version
        finally:
            self._listeners.remove(listener)

    @_outage
    async def check(self) -> None:
        self._renew()

    def _renew(self) -> None:
        with self._mutex:
            self._db.execute("INSERT OR REPLACE INTO alive VALUES (?, ?)",
                             (self.process, time.time()))

    @_outage
    async def connect(self, room_id: str, slot: str, change: int) -> None:
        with self._mutex, _transaction(self._db):
            self._db.execute(
                "INSERT INTO presence VALUES (?, ?, ?, ?) ON CONFLICT (room, slot, process) "
                "DO UPDATE SET count = count + excluded.count",
                (self.process, room_id, slot, change))
            self._db.execute("DELETE FROM presence WHERE count <= 0")

    @_outage
    async def see(self, room_id: str, slot: str, at: float) -> None:
        with self._mutex:
            self._db.execute("INSERT OR REPLACE INTO seen SELECT ?, ?, ? WHERE EXISTS "
                             "(SELECT 1 FROM rooms WHERE id = ?)", (room_id, slot, at, room_id))

    @_outage
    async def seen(self, room_id: str) -> Mapping[str, float]:
        with self._mutex:
            rows = self._db.execute("SELECT slot, at FROM seen WHERE room = ?",
                                    (room_id,)).fetchall()
        return dict(rows)

    @_outage
    async def presence(self, room_id: str) -> Mapping[str, int]:
        with self._mutex:
            rows = self._db.execute(
                "SELECT slot, sum(count) FROM presence JOIN alive USING (process) "
                "WHERE room = ? AND alive.at >= ? GROUP BY slot",
                (room_id, time.time() - self.gone)).fetchall()
        return {slot: count for slot, count in rows if count > 0}

    async def close(self) -> None:
        with self._mutex:
            # A disk that cannot be written leaves the rows; they stop counting GONE later.
            with contextlib.suppress(sqlite3.OperationalError):
                self._db.execute("DELETE FROM presence WHERE process = ?", (self.process,))
                self._db.execute("DELETE FROM alive WHERE process = ?", (self.process,))
            self._db.close()


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on an exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, error, trace) -> None:
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.Error:
                self._roll_back()
                raise
        self._roll_back()

    def _roll_back(self) -> None:
        # SQLite may have rolled back by itself (an I/O error, a full disk); a transaction
        # left open would refuse every later BEGIN, even once the disk is back.
        if self.db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")


def _row(room: Room) -> tuple:
    return (room.id, room.version, int(room.status == "finished"), room.touched, room.due,
            _encode(room))
