"""The event streams of one server process.

One task per process listens to the store's news (:meth:`foraccio.rooms.store.Store.news`: a room
at a new version, or its presence changed, from whichever process) and wakes the
streams of that room open here. Each stream then reads the log entries it has not sent
from the store and renders them for its holder (:func:`foraccio.rooms.views.room_view`): a
stream carries only what its link may see, and the news carries nothing but a room id
and a number.

A stream is Server-Sent Events: ``event: room`` with the version as its ``id`` and the
:class:`~foraccio.rooms.views.RoomView` as data, and ``event: presence`` (no id) when who is
connected changes. A client that reconnects sends the last id it had (the
``Last-Event-ID`` header, which browsers' EventSource send by themselves) and gets the
versions it missed, or the room as it is now when the log no longer holds them all.
A ``presence`` event at least every :data:`HEARTBEAT` seconds keeps proxies from
closing a quiet stream.

A stream that ends by the server's doing ends with ``event: end`` (no id), whose data
says why (:class:`End`): the room is finished (closed by its host, or its match over;
the last ``room`` event shows it) or expired, the rooms' store cannot be reached now
(reconnect later), or the server is stopping (reconnect now). So a client tells an end
it should accept from a network failure.

A process killed elsewhere stops counting as connected without telling anyone: every
:data:`PRESENCE_CHECKS`-th of the store's ``gone`` each process reads the presence of
the rooms it streams and wakes their streams when it changed. So the people of a killed
process stop showing as connected at most ``gone`` (the heartbeat lapsing) and a check
later: :func:`presence_lag` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import defaultdict
from collections.abc import AsyncIterator, Mapping
from typing import Literal

import msgspec
import structlog
from litestar.response import ServerSentEventMessage

from foraccio.rooms.actions import Holder, Rooms
from foraccio.rooms.model import Entry, Room
from foraccio.rooms.store import Store, StoreUnavailable
from foraccio.rooms.views import RoomView, SeatInfo, room_view, seat_infos

HEARTBEAT = 15.0
"""Seconds between two comments on a quiet stream."""

PRESENCE = 0
"""The version number of news that says only who is connected changed."""
HEARTBEAT_NEWS = -1
"""What a stream wakes to when it has had no news for :data:`HEARTBEAT` seconds."""
PRESENCE_CHECKS = 4
"""Reads of the presence of the rooms streamed here in each ``gone`` of the store."""

logger = structlog.get_logger("foraccio.rooms.hub")
_encode = msgspec.json.Encoder().encode


class Presence(msgspec.Struct, frozen=True):
    """Who has the room open: the data of an ``event: presence`` (as in a
    :class:`~foraccio.rooms.views.RoomView`)."""

    seats: tuple[SeatInfo, ...]
    spectators: int


Reason = Literal["room_finished", "room_expired", "rooms_unavailable", "server_stopping"]


class End(msgspec.Struct, frozen=True):
    """Why the server ended a stream: the data of an ``event: end``. ``room_finished``
    and ``room_expired``: nothing more will happen in the room (do not reconnect);
    ``rooms_unavailable``: the rooms' store cannot be reached now (reconnect after a
    pause, from the last id); ``server_stopping``: this server process is stopping
    (reconnect from the last id: another one answers)."""

    reason: Reason


def presence_lag(store: Store) -> float:
    """The most seconds after which the people of a killed process stop showing as
    connected on the streams of the others (see the module's text)."""
    return store.gone * (1 + 1 / PRESENCE_CHECKS)


class Hub:
    """The streams open in this process, by room."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self._streams: dict[str, set[asyncio.Queue]] = defaultdict(set)
        self._listening: asyncio.Task | None = None
        self._watching: asyncio.Task | None = None
        self._closing = asyncio.Event()

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._listening = loop.create_task(self._listen())
        self._watching = loop.create_task(self._watch_presence())

    async def close(self) -> None:
        """End every stream (the server is stopping) and stop listening."""
        self._closing.set()
        for queues in self._streams.values():
            for queue in queues:
                queue.put_nowait(None)
        for task in (self._listening, self._watching):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _listen(self) -> None:
        async for room_id, version in self.rooms.store.news():
            for queue in self._streams.get(room_id, ()):
                queue.put_nowait(version)

    async def _watch_presence(self) -> None:
        """Wake the streams of each room streamed here whose presence changed since the
        last look: the connections of a process killed elsewhere stop counting with no
        news (see the module's text)."""
        store = self.rooms.store
        seen: dict[str, Mapping[str, int]] = {}
        while True:
            await asyncio.sleep(store.gone / PRESENCE_CHECKS)
            try:
                for room_id in list(self._streams):
                    now = await store.presence(room_id)
                    if room_id in seen and now != seen[room_id]:
                        for queue in self._streams.get(room_id, ()):
                            queue.put_nowait(PRESENCE)
                    seen[room_id] = now
            except StoreUnavailable:
                continue  # the streams end by themselves at their next read
            seen = {room_id: last for room_id, last in seen.items() if room_id in self._streams}

    async def stream(self, room: Room, holder: Holder, after: int | None
                     ) -> AsyncIterator[ServerSentEventMessage]:
        """The events of ``room`` for ``holder``, from the version after ``after`` (None:
        the room as it is now), until the client goes, or an ``end`` event (:class:`End`)
        says why the server ended it."""
        queue: asyncio.Queue = asyncio.Queue()
        # Not room.id below: ``room`` is None once the room has expired (the stream was
        # then cut by an AttributeError in its ``finally``).
        room_id = room.id
        self._streams[room_id].add(queue)
        store = self.rooms.store
        try:
            await store.connect(room_id, holder.slot, 1)
            await store.publish(room_id, PRESENCE)
            sent = room.version - 1 if after is None or after > room.version else after
            while True:
                room = await store.load(room_id)
                if room is None:
                    yield _end("room_expired")
                    return
                missed = await store.entries(room.id, sent) if room.version > sent else []
                if missed and missed[0].version > sent + 1:
                    missed = missed[-1:]  # the log no longer holds them all: as it is now
                presence = await store.presence(room.id)
                for entry in missed:
                    yield self._message(room, entry, holder, presence)
                    sent = entry.version
                if room.status == "finished" and sent >= room.version:
                    yield _end("room_finished")
                    return
                news = await self._next(queue)
                if news is None:
                    yield _end("server_stopping")
                    return
                if news in (PRESENCE, HEARTBEAT_NEWS):
                    # Also now and then without news: it keeps a proxy from closing a
                    # quiet stream, and drops the people of a server process killed since
                    # (whose connections stop counting, news or not).
                    yield ServerSentEventMessage(
                        event="presence", data=_encode(Presence(
                            *seat_infos(room, await store.presence(room.id)))).decode())
        except StoreUnavailable:
            # Not cut mid-response: the client learns why, and reconnects later.
            yield _end("rooms_unavailable")
        finally:
            self._streams[room_id].discard(queue)
            if not self._streams[room_id]:
                del self._streams[room_id]
            with contextlib.suppress(Exception):  # the store may be closing
                await store.connect(room_id, holder.slot, -1)
                await store.publish(room_id, PRESENCE)

    async def _next(self, queue: asyncio.Queue) -> int | None:
        """The next news for a stream: a version, :data:`PRESENCE`, :data:`HEARTBEAT_NEWS`
        after :data:`HEARTBEAT` seconds without news, or None when the server stops."""
        if self._closing.is_set():
            return None
        try:
            # Each stream's own beat: the streams opened together (a server's restart)
            # must not all beat at once, every 15 s, and hold the loop meanwhile.
            return await asyncio.wait_for(queue.get(), HEARTBEAT * random.uniform(0.8, 1.0))
        except TimeoutError:
            return HEARTBEAT_NEWS

    def _message(self, room: Room, entry: Entry, holder: Holder,
                 presence) -> ServerSentEventMessage:
        view: RoomView = room_view(room, entry, self.rooms.state(entry.token), holder, presence)
        return ServerSentEventMessage(data=_encode(view).decode(), event="room",
                                      id=str(entry.version))


def _end(reason: Reason) -> ServerSentEventMessage:
    return ServerSentEventMessage(event="end", data=_encode(End(reason)).decode())
