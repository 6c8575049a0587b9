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
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import defaultdict
from collections.abc import AsyncIterator

import msgspec
import structlog
from litestar.response import ServerSentEventMessage

from foraccio.rooms.actions import Holder, Rooms
from foraccio.rooms.model import Entry, Room
from foraccio.rooms.views import RoomView, SeatInfo, room_view, seat_infos

HEARTBEAT = 15.0
"""Seconds between two comments on a quiet stream."""

PRESENCE = 0
"""The version number of news that says only who is connected changed."""
HEARTBEAT_NEWS = -1
"""What a stream wakes to when it has had no news for :data:`HEARTBEAT` seconds."""

logger = structlog.get_logger("foraccio.rooms.hub")
_encode = msgspec.json.Encoder().encode


class Presence(msgspec.Struct, frozen=True):
    """Who has the room open: the data of an ``event: presence`` (as in a
    :class:`~foraccio.rooms.views.RoomView`)."""

    seats: tuple[SeatInfo, ...]
    spectators: int


class Hub:
    """The streams open in this process, by room."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self._streams: dict[str, set[asyncio.Queue]] = defaultdict(set)
        self._listening: asyncio.Task | None = None
        self._closing = asyncio.Event()

    async def start(self) -> None:
        self._listening = asyncio.get_running_loop().create_task(self._listen())

    async def close(self) -> None:
        """End every stream (the server is stopping) and stop listening."""
        self._closing.set()
        for queues in self._streams.values():
            for queue in queues:
                queue.put_nowait(None)
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listening

    async def _listen(self) -> None:
        async for room_id, version in self.rooms.store.news():
            for queue in self._streams.get(room_id, ()):
                queue.put_nowait(version)

    async def stream(self, room: Room, holder: Holder, after: int | None
                     ) -> AsyncIterator[ServerSentEventMessage]:
        """The events of ``room`` for ``holder``, from the version after ``after`` (None:
        the room as it is now), until the client goes or the server stops."""
        queue: asyncio.Queue = asyncio.Queue()
        self._streams[room.id].add(queue)
        store = self.rooms.store
        await store.connect(room.id, holder.slot, 1)
        await self._see(room.id, holder)
        await store.publish(room.id, PRESENCE)
        # A seat's key opens the seat only as long as the person who joined holds it.
        joined = room.seats[holder.seat].joined if holder.role == "seat" else None
        try:
            sent = room.version - 1 if after is None or after > room.version else after
            while True:
                room = await store.load(room.id)
                if room is None:
                    return  # expired
                if holder.role == "seat" and room.seats[holder.seat].joined != joined:
                    return  # the host invited someone new to the seat: this key is void
                missed = await store.entries(room.id, sent) if room.version > sent else []
                if missed and missed[0].version > sent + 1:
                    missed = missed[-1:]  # the log no longer holds them all: as it is now
                presence = await store.presence(room.id)
                for entry in missed:
                    yield self._message(room, entry, holder, presence)
                    sent = entry.version
                news = await self._next(queue)
                if news is None:
                    return
                if news == HEARTBEAT_NEWS:
                    await self._see(room.id, holder)
                if news in (PRESENCE, HEARTBEAT_NEWS):
                    # Also now and then without news: it keeps a proxy from closing a
                    # quiet stream, and drops the people of a server process killed since
                    # (whose connections stop counting, news or not).
                    yield ServerSentEventMessage(
                        event="presence", data=_encode(Presence(
                            *seat_infos(room, await store.presence(room.id)))).decode())
        finally:
            self._streams[room.id].discard(queue)
            if not self._streams[room.id]:
                del self._streams[room.id]
            with contextlib.suppress(Exception):  # the store may be closing
                await store.connect(room.id, holder.slot, -1)
                await self._see(room.id, holder)
                await store.publish(room.id, PRESENCE)

    async def _see(self, room_id: str, holder: Holder) -> None:
        """Note that a seat's person is here, as a stream opens, beats and closes: whether
        they have left is measured from the last time (:meth:`Rooms.left`)."""
        if holder.role == "seat":
            await self.rooms.store.see(room_id, holder.slot, self.rooms.clock())

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
