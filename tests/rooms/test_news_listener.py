"""The hub's listening to the store's news outlives a failure (rooms/hub.py): a message on
Redis' news channel that is not news (another program's, another version's) made the
listener raise and end, and every stream of the process heard nothing more but its
heartbeat, each play reaching it up to 15 s late. The listener now starts again, and
every stream reads its room again then, so that what was announced meanwhile arrives
too."""

from __future__ import annotations

import asyncio

import redis.asyncio

from foraccio.api.botpool import BotPool
from foraccio.api.limits import BotLimits
from foraccio.rooms.actions import Holder, Rooms
from foraccio.rooms.config import RoomsConfig
from foraccio.rooms.hub import HEARTBEAT, RESTART_AFTER, Hub
from foraccio.rooms.redis_store import PREFIX, RedisStore
from tests.rooms.helpers import SEALER

NEWS = PREFIX + "news"
MARGIN = 5.0
"""Seconds a change has to reach the stream beyond the listener's restart: a few store
reads, on a slow machine; yet the stream's own heartbeat comes later still (12 s at the
earliest), so only the restart brings it in time."""


async def subscribed(admin: redis.asyncio.Redis) -> None:
    """Once the hub's listener is subscribed to the news (it subscribes as it starts)."""
    async with asyncio.timeout(MARGIN + RESTART_AFTER):
        while (await admin.pubsub_numsub(NEWS))[0][1] == 0:
            await asyncio.sleep(0.01)


async def next_version(stream) -> int:
    """The version of the stream's next ``room`` event (its ``presence`` events skipped)."""
    async with asyncio.timeout(MARGIN + RESTART_AFTER):
        while (event := await anext(stream)).event != "room":
            pass
    return int(event.id)


def test_a_message_that_is_not_news_stops_no_stream(redis_url):
    assert MARGIN + RESTART_AFTER < HEARTBEAT * 0.8

    async def main():
        store = await RedisStore.open(redis_url)
        admin = redis.asyncio.Redis.from_url(redis_url)
        rooms = Rooms(store, SEALER, RoomsConfig(), BotPool(BotLimits()))
        hub = Hub(rooms)
        await hub.start()
        try:
            made = await rooms.create("foraccio", {}, (), [None, "random", None, "random"],
                                      0, None)
            stream = hub.stream(made.room, Holder("seat", 0), None)
            assert await next_version(stream) == made.room.version
            await subscribed(admin)
            await admin.publish(NEWS, "not news")
            # Announced while the listener is down: the restart's reading brings it.
            started = await rooms.start(made.room.id, Holder("host"))
            assert await next_version(stream) == started.version
            # Announced once the listener is back: the news itself brings it.
            await subscribed(admin)
            closed = await rooms.close(made.room.id, Holder("host"))
            assert await next_version(stream) == closed.version
            await stream.aclose()
        finally:
            await hub.close()
            await store.close()
            await admin.aclose()

    asyncio.run(asyncio.wait_for(main(), 60))
