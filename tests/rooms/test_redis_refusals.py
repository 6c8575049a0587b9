"""Redis refusing writes for a while is an outage of the rooms' store, however redis-py
names the refusal: out of memory (``maxmemory`` reached, with ``noeviction``) or short of
the replicas it must write to (``min-replicas-to-write``). The store raises
:class:`~foraccio.rooms.store.StoreUnavailable` (503 ``rooms_unavailable``, ``GET /ready``
503), not the client's own error (a 500), and works again once Redis takes writes.

redis-py takes the code off the message of the refusals it has a class for (``OOM``:
``OutOfMemoryError("command not allowed...")``), so an out-of-memory Redis was a 500."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis

from foraccio.rooms.redis_store import RedisStore
from foraccio.rooms.store import StoreUnavailable

REFUSING = {
    "out_of_memory": ("maxmemory", "1", "0"),
    "no_replicas": ("min-replicas-to-write", "1", "0"),
}
"""A setting that makes Redis refuse writes, its value then and its value after."""


@pytest.mark.parametrize("refusal", sorted(REFUSING))
def test_redis_refusing_writes_makes_the_store_unavailable_until_it_takes_them(redis_url,
                                                                                refusal):
    setting, refusing, taking = REFUSING[refusal]

    async def main():
        store = await RedisStore.open(redis_url)
        try:
            with redis.Redis.from_url(redis_url) as admin:
                admin.config_set(setting, refusing)
                try:
                    with pytest.raises(StoreUnavailable):
                        await store.check()  # a command
                    with pytest.raises(StoreUnavailable):
                        await store.admit("made:a", 1.0, 3, time.time())  # a script
                finally:
                    admin.config_set(setting, taking)
            await store.check()
            assert await store.admit("made:a", 1.0, 3, time.time()) == 0
        finally:
            await store.close()

    asyncio.run(asyncio.wait_for(main(), 60))
