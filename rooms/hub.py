"""The event streams of one server process.

One task per process listens to the store's news (:meth:`foraccio.rooms.store.Store.news`: a room
at a new version, or its presence changed, from whichever process) and wakes the
streams of that room open here. Each stream then reads the log entries it has not sent
from the store and renders them for its holder (:func:`foraccio.rooms.views.room_view`): a
stream carries only what its link may see, and the news carries nothing but a room id
and a number. That task outlives whatever fails in it: it starts again
:data:`RESTART_AFTER` seconds later, and every stream then reads its room again, so that
none waits for what was announced meanwhile.

A stream is Server-Sent Events: ``event: room`` with the version as its ``id`` and the
:class:`~foraccio.rooms.views.RoomView` as data, and ``event: presence`` (no id) when who is
connected changes. A client that reconnects sends the last id it had (the
``Last-Event-ID`` header, which browsers' EventSource send by themselves) and gets the
versions it missed, or the room as it is now when the log no longer holds them all.
A ``presence`` event at least every :data:`HEARTBEAT` seconds keeps proxies from
closing a quiet stream.

Who is connected changes with every stream opened or closed, and each change used to
reach every stream of the room at once: n streams opening cost n²/2 events, and one
client opening and closing its stream in a loop sent two events to every other stream
for each time. Presence news is coalesced instead: the first of a room starts a wait of
:data:`PRESENCE_EVERY` seconds, after which the room's presence is read once for all its
streams of this process, and each stream is sent it only if it differs from what that
stream last showed. So a stream gets at most one presence event per
:data:`PRESENCE_EVERY` (besides its heartbeat), however many changes there were.

How many streams one client may hold in this process: :class:`foraccio.rooms.clients.StreamCounts`.

A stream that ends by the server's doing ends with ``event: end`` (no id), whose data
says why (:class:`End`): the room is finished (closed by its host, or its match over;
the last ``room`` event shows it) or expired, the link's seat key was replaced by a new
invite, the rooms' store cannot be reached now (reconnect later), or the server is
stopping (reconnect now). So a client tells an end it should accept from a network
failure.

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
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Literal

import msgspec
import structlog
from litestar.response import ServerSentEventMessage

from foraccio.rooms.actions import Holder, Rooms
from foraccio.rooms.clients import Held, StreamCounts
from foraccio.rooms.model import Entry, Room
from foraccio.rooms.store import Store, StoreUnavailable
from foraccio.rooms.views import RoomView, SeatInfo, room_view, seat_infos

HEARTBEAT = 15.0
"""Seconds between two comments on a quiet stream."""

PRESENCE = 0
"""The version number of news that says only who is connected changed."""
HEARTBEAT_NEWS = -1
"""What a stream wakes to when it has had no news for :data:`HEARTBEAT` seconds."""
EXPIRED_NEWS = -2
"""The version number of news that says the room expired: its streams look at it again,
find it gone and end (``room_expired``) at once."""
PRESENCE_EVERY = 0.5
"""Seconds during which a room's changes of presence are gathered into one event."""
PRESENCE_CHECKS = 4
"""Reads of the presence of the rooms streamed here in each ``gone`` of the store."""
RESTART_AFTER = 1.0
"""Seconds after which the hub's listening to the news, or its look at presence, starts
again when it failed."""
MISSED_NEWS = -3
"""What every stream wakes to when the listening starts again: news may have been lost
meanwhile, so each reads its room again (as for any version's news; unlike a heartbeat,
it writes nothing, so a stream goes on through an outage of the store)."""

logger = structlog.get_logger("foraccio.rooms.hub")
_encode = msgspec.json.Encoder().encode


class Presence(msgspec.Struct, frozen=True):
    """Who has the room open: the data of an ``event: presence`` (as in a
    :class:`~foraccio.rooms.views.RoomView`)."""

    seats: tuple[SeatInfo, ...]
    spectators: int


Reason = Literal["room_finished", "room_expired", "key_replaced", "rooms_unavailable",
                 "server_stopping"]


class End(msgspec.Struct, frozen=True):
    """Why the server ended a stream: the data of an ``event: end``. ``room_finished``
    and ``room_expired``: nothing more will happen in the room (do not reconnect);
    ``key_replaced``: the host invited someone new to the link's seat, whose key opens
    it no more (a stream opened again with it is refused, 403 ``wrong_key``);
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
        self.counts = StreamCounts(rooms.config.streams_per_client)
        """The streams each client holds here."""
        self._presence_due: dict[str, asyncio.Task] = {}

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._listening = loop.create_task(self._keep_running(self._listen, self._wake_all))
        self._watching = loop.create_task(self._keep_running(self._watch_presence))

    async def _keep_running(self, work: Callable[[], Awaitable[None]],
                            restarted: Callable[[], None] | None = None) -> None:
        """Run ``work`` (one of the hub's loops) as long as the hub lives: whatever ends it,
        it runs again :data:`RESTART_AFTER` seconds later, ``restarted()`` first."""
        while True:
            try:
                await work()
            except Exception:
                with contextlib.suppress(Exception):  # nor may a log that fails stop it
                    logger.exception("rooms_hub_failed", task=work.__name__)
            await asyncio.sleep(RESTART_AFTER)
            if restarted is not None:
                restarted()

    def _wake_all(self) -> None:
        """Wake every stream to read its room again (:data:`MISSED_NEWS`), and so send
        what the news lost while nobody listened announced."""
        for queues in self._streams.values():
            for queue in queues:
                queue.put_nowait(MISSED_NEWS)

    async def close(self) -> None:
        """End every stream (the server is stopping) and stop listening."""
        self._closing.set()
        for task in list(self._presence_due.values()):
            task.cancel()
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
            if version == PRESENCE:
                self._presence_soon(room_id)
            else:
                for queue in self._streams.get(room_id, ()):
                    queue.put_nowait(version)

    def _presence_soon(self, room_id: str) -> None:
        """Tell the room's streams who is connected :data:`PRESENCE_EVERY` from now, unless
        that is planned already."""
        if room_id in self._streams and room_id not in self._presence_due:
            self._presence_due[room_id] = asyncio.get_running_loop().create_task(
                self._tell_presence(room_id))

    async def _tell_presence(self, room_id: str) -> None:
        try:
            await asyncio.sleep(PRESENCE_EVERY)
            del self._presence_due[room_id]  # news from now on plans the next
            presence = await self.rooms.store.presence(room_id)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the store unreachable: the heartbeats will tell
            logger.warning("rooms_presence_failed", room=room_id, error=str(error))
            return
        for queue in self._streams.get(room_id, ()):
            queue.put_nowait(presence)

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
                        self._presence_soon(room_id)
                    seen[room_id] = now
            except StoreUnavailable:
                continue  # the streams end by themselves at their next read
            seen = {room_id: last for room_id, last in seen.items() if room_id in self._streams}

    async def stream(self, room: Room, holder: Holder, after: int | None,
                     held: Held | None = None) -> AsyncIterator[ServerSentEventMessage]:
        """The events of ``room`` for ``holder``, from the version after ``after`` (None:
        the room as it is now), until the client goes, or an ``end`` event (:class:`End`)
        says why the server ended it; ``held``, the stream as its client's count holds
        it, is released at the end."""
        queue: asyncio.Queue = asyncio.Queue()
        # Not room.id below: ``room`` is None once the room has expired (the stream was
        # then cut by an AttributeError in its ``finally``).
        room_id = room.id
        self._streams[room_id].add(queue)
        store = self.rooms.store
        # A seat's key opens the seat only as long as the person who joined holds it.
        joined = room.seats[holder.seat].joined if holder.role == "seat" else None
        try:
            await store.connect(room_id, holder.slot, 1)
            await self._see(room_id, holder)
            await store.publish(room_id, PRESENCE)
            sent = room.version - 1 if after is None or after > room.version else after
            shown = None  # the presence this stream showed last
            while True:
                room = await store.load(room_id)
                if room is None:
                    yield _end("room_expired")
                    return
                if holder.role == "seat" and room.seats[holder.seat].joined != joined:
                    yield _end("key_replaced")  # the host invited someone new to the seat
                    return
                missed = await store.entries(room.id, sent) if room.version > sent else []
                # A version committed (by another process) after the room was read waits
                # for the next round, its news on its way: shown with the older room, the
                # start would show a room still waiting, and never again.
                missed = [entry for entry in missed if entry.version <= room.version]
                if missed and missed[0].version > sent + 1:
                    missed = missed[-1:]  # the log no longer holds them all: as it is now
                presence = await store.presence(room.id)
                for entry in missed:
                    yield self._message(room, entry, holder, presence)
                    sent = entry.version
                    shown = Presence(*seat_infos(room, presence))
                if room.status == "finished" and sent >= room.version:
                    yield _end("room_finished")
                    return
                news = await self._next(queue)
                while isinstance(news, Mapping):  # who is connected, gathered (see above)
                    now = Presence(*seat_infos(room, news))
                    if now != shown:
                        yield _presence_message(now)
                        shown = now
                    news = await self._next(queue)
                if news is None:
                    yield _end("server_stopping")
                    return
                if news == HEARTBEAT_NEWS:
                    await self._see(room.id, holder)
                    # Also now and then without news: it keeps a proxy from closing a
                    # quiet stream, and drops the people of a server process killed since
                    # (whose connections stop counting, news or not).
                    shown = Presence(*seat_infos(room, await store.presence(room.id)))
                    yield _presence_message(shown)
        except StoreUnavailable:
            # Not cut mid-response: the client learns why, and reconnects later.
            yield _end("rooms_unavailable")
        finally:
            if held is not None:
                held.release()
            self._streams[room_id].discard(queue)
            if not self._streams[room_id]:
                del self._streams[room_id]
            with contextlib.suppress(Exception):  # the store may be closing
                await store.connect(room_id, holder.slot, -1)
                await self._see(room_id, holder)
                await store.publish(room_id, PRESENCE)

    async def _see(self, room_id: str, holder: Holder) -> None:
        """Note that a seat's person is here, as a stream opens, beats and closes: whether
        they have left is measured from the last time (:meth:`Rooms.left`)."""
        if holder.role == "seat":
            await self.rooms.store.see(room_id, holder.slot, self.rooms.clock())

    async def _next(self, queue: asyncio.Queue) -> int | Mapping[str, int] | None:
        """The next news for a stream: a version, the room's presence,
        :data:`HEARTBEAT_NEWS` after :data:`HEARTBEAT` seconds without news, or None when
        the server stops."""
        if self._closing.is_set():
            return None
        try:
            # Each stream's own beat: the streams opened together (a server's restart)
            # must not all beat at once, every 15 s, and hold the loop meanwhile. (Not
            # wait_for, which in Python 3.11 may lose a cancellation that comes as news
            # arrives: the stream would then outlive its client.)
            async with asyncio.timeout(HEARTBEAT * random.uniform(0.8, 1.0)):
                return await queue.get()
        except TimeoutError:
            return HEARTBEAT_NEWS

    def _message(self, room: Room, entry: Entry, holder: Holder,
                 presence) -> ServerSentEventMessage:
        # A version the room has moved on from is history: room_view offers no moves on
        # it (a play chosen on it is refused as stale), whatever the room's status is now.
        view: RoomView = room_view(room, entry, self.rooms.state(entry.token), holder, presence)
        return ServerSentEventMessage(data=_encode(view).decode(), event="room",
                                      id=str(entry.version))


def _presence_message(presence: Presence) -> ServerSentEventMessage:
    return ServerSentEventMessage(event="presence", data=_encode(presence).decode())


def _end(reason: Reason) -> ServerSentEventMessage:
    return ServerSentEventMessage(event="end", data=_encode(End(reason)).decode())
