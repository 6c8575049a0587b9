"""The streams of one process (rooms/hub.py) on each store, in process: a stream whose
room expired ends with an ``end`` event saying so, and the people of a process killed
elsewhere stop showing as connected within :func:`~foraccio.rooms.hub.presence_lag`,
not at the next heartbeat, which docs/api.md gives; a stream offers moves only on the
room's latest version, and shows each version with a room no older than it."""

from __future__ import annotations

import asyncio
import json
import re
import time
from types import SimpleNamespace

import msgspec

from foraccio.api.botpool import BotPool
from foraccio.api.limits import BotLimits
from foraccio.core.model import Move
from foraccio.rooms import redis_store, sqlite_store
from foraccio.rooms.actions import Holder, Rooms
from foraccio.rooms.config import RoomsConfig
from foraccio.rooms.hub import HEARTBEAT, Hub, presence_lag
from foraccio.rooms.redis_store import RedisStore
from tests.rooms.helpers import SEALER
from tests.test_docs import ROOT

GONE = 0.5
"""Seconds the tests' stores keep a silent process counted: short, so that the presence
of a killed process lapses long before a stream's heartbeat (15 s)."""
MARGIN = 5.0
"""Seconds more than the bound the tests wait: what a slow machine adds is the tests'
own work, a few milliseconds here."""


async def with_hub(store, scenario):
    rooms = Rooms(store, SEALER, RoomsConfig(), BotPool(BotLimits()))
    hub = Hub(rooms)
    await hub.start()
    await asyncio.sleep(0.2)  # listening, as a server's hub is long before any request
    try:
        made = await rooms.create("foraccio", {}, (), [None, "random", None, "random"], 0, None)
        await scenario(rooms, hub, made)
    finally:
        await hub.close()


def test_a_stream_of_an_expired_room_ends_saying_so(stores):
    async def scenario(rooms, hub, made):
        stream = hub.stream(made.room, Holder("seat", 0), None)
        first = await anext(stream)
        assert first.event == "room"
        assert len(await rooms.store.expire(time.time() + 1, time.time() + 1)) == 1
        # Any version's news wakes the stream (presence news is gathered, and the stream
        # reads the room again only for a version or its heartbeat).
        await rooms.store.publish(made.room.id, made.room.version + 1)
        # (A presence event may come first: the stream's own connection, announced.)
        while (last := await asyncio.wait_for(anext(stream), MARGIN)).event == "presence":
            pass
        assert (last.event, json.loads(last.data)) == ("end", {"reason": "room_expired"})
        await stream.aclose()

    async def main():
        async with stores.opened(GONE) as store:
            await with_hub(store, scenario)

    asyncio.run(asyncio.wait_for(main(), 60))


def test_the_people_of_a_killed_process_stop_showing_connected_within_the_lag(stores):
    # Longer than GONE: the other process must still count when the stream opens, however
    # slowly this test's own set-up runs (a SQLite store renews only as it reads news,
    # which the other never does).
    gone = 4 * GONE

    async def main():
        async with stores.opened(gone) as here:
            elsewhere = await stores.open(gone)
            try:
                await with_hub(here, lambda rooms, hub, made: scenario(rooms, hub, made,
                                                                       elsewhere))
            finally:
                await elsewhere.close()

    async def scenario(rooms, hub, made, elsewhere):
        # Seat 2's person is connected to the other process, alive as of now.
        await elsewhere.connect(made.room.id, "seat-2", 1)
        await elsewhere.check()
        stream = hub.stream(made.room, Holder("seat", 0), None)
        first = await anext(stream)
        assert json.loads(first.data)["seats"][2]["connected"]
        # The other process is killed: its heartbeat stops, nothing tells anyone.
        if isinstance(elsewhere, RedisStore):
            elsewhere._renewing.cancel()
        killed = time.monotonic()
        # (A SQLite store renews only while it reads the news, which this one never does.)
        bound = presence_lag(rooms.store) + MARGIN
        assert bound < HEARTBEAT * 0.8  # a heartbeat alone would come too late
        while True:
            event = await asyncio.wait_for(anext(stream), bound)
            if event.event == "presence" and not json.loads(event.data)["seats"][2][
                    "connected"]:
                break
        assert time.monotonic() - killed < bound
        await stream.aclose()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_the_docs_give_the_presence_lag_of_both_stores():
    said = re.search(r"stops showing its players as connected within (\d+) seconds",
                     " ".join((ROOT / "docs" / "api.md").read_text().split()))
    for gone in (redis_store.GONE, sqlite_store.GONE):
        assert presence_lag(SimpleNamespace(gone=gone)) == float(said.group(1))


async def _with_people(store, scenario):
    """A room of four people on a hub of ``store``: every seat may have moves."""

    async def people(rooms, hub, _made):
        made = await rooms.create("foraccio", {}, (), [None] * 4, 0, None)
        await scenario(rooms, hub, made, Holder("seat", rooms.state(made.room.token).turn))

    await with_hub(store, people)


async def _until_moves(stream) -> list[dict]:
    """The stream's ``room`` events up to the first with moves."""
    seen = []
    while not seen or not seen[-1]["moves"]:
        event = await asyncio.wait_for(anext(stream), MARGIN)
        if event.event == "room":
            seen.append(json.loads(event.data))
    return seen


def test_a_stream_shows_moves_only_on_the_room_s_latest_version(stores):
    """A stream catching up shows the versions it missed; only the latest may offer
    moves: a play chosen on an older one is refused as stale (409). Seen in a worker
    whose stream began reading after the match was started: the version before the
    start (waiting) came shown with the started room's status and the first seat's moves,
    and the person's play on it was refused."""

    async def scenario(rooms, hub, made, to_play):
        # The stream's answer was begun on the room as made; it reads the room only once
        # the host has started the match (a busy worker).
        stream = hub.stream(made.room, to_play, None)
        started = await rooms.start(made.room.id, Holder("host"))
        seen = await _until_moves(stream)
        assert [(view["version"], bool(view["moves"])) for view in seen] == [
            (made.room.version, False), (started.version, True)]
        move = msgspec.convert(seen[-1]["moves"][0], Move)
        assert (await rooms.play(made.room.id, to_play, move, seen[-1]["version"])).version == (
            started.version + 1)
        await stream.aclose()

    async def main():
        async with stores.opened(GONE) as store:
            await _with_people(store, scenario)

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_version_committed_after_the_stream_read_the_room_comes_with_its_own_room(stores):
    """Another process commits a version between the stream's reading of the room and of
    the log: that version is shown with the room it made (not the older one read), here
    the start with the first seat's moves, not as a room still waiting (the person would
    never have played)."""

    async def scenario(rooms, hub, made, to_play):
        store = rooms.store
        load = store.load
        starting = [True]

        async def load_then_start(room_id):
            room = await load(room_id)
            if starting and room_id == made.room.id:
                starting.clear()
                await rooms.start(room_id, Holder("host"))  # "in another process"
            return room

        store.load = load_then_start
        try:
            stream = hub.stream(made.room, to_play, None)
            seen = await _until_moves(stream)
        finally:
            del store.load
        assert seen[-1]["status"] == "playing"
        assert seen[-1]["version"] == made.room.version + 1
        await stream.aclose()

    async def main():
        async with stores.opened(GONE) as store:
            await _with_people(store, scenario)

    asyncio.run(asyncio.wait_for(main(), 60))
