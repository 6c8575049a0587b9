"""What the Redis store does beyond the contract every store keeps (test_store.py): its
keys, its connections, and how it rides out a lost connection or a late renewal."""

from __future__ import annotations

import asyncio

import pytest
import redis

from bench.server import HOST, free_port
from foraccio.rooms.redis_store import PREFIX, RedisStore
from foraccio.rooms.store import STORE_VARIABLE, open_store
from tests.rooms.listening import Listener, eventually
from tests.rooms.samples import a_room, first_entry, next_version


def run(test):
    return asyncio.run(test())


def test_foraccio_rooms_names_the_redis_server(redis_url, tmp_path):
    async def test():
        store = await open_store(str(tmp_path), {STORE_VARIABLE: redis_url})
        try:
            assert isinstance(store, RedisStore)
            assert await store.count_open() == 0
        finally:
            await store.close()

    run(test)


def test_a_redis_server_that_cannot_be_reached_stops_the_start_without_the_password(tmp_path):
    url = f"redis://:hunter2@{HOST}:{free_port()}/0"  # nothing listens there

    async def test():
        with pytest.raises(ConnectionError) as refused:
            await open_store(str(tmp_path), {STORE_VARIABLE: url})
        assert STORE_VARIABLE in str(refused.value)
        assert "hunter2" not in str(refused.value)

    run(test)


def test_every_key_is_the_stores_own_and_closing_leaves_no_connection(redis_url):
    async def test():
        store = await RedisStore.open(redis_url)
        try:
            listener = Listener(store)
            await listener.tuned_in(store)
            room = a_room(due=5.0)
            await store.create(room, first_entry(room), 10)
            await store.commit(*next_version(room, status="finished"))
            await store.connect(room.id, "host", 1)
            await store.publish(room.id, 2)
            with redis.Redis.from_url(redis_url) as looking:
                assert {key.decode() for key in looking.scan_iter()} == {
                    f"{PREFIX}{name}" for name in (
                        f"room:{room.id}", f"log:{room.id}", f"presence:{room.id}",
                        "touched", "finished", "due", "unjoined", "made:",
                        f"alive:{store.process}")}
                await listener.stop()
        finally:
            await store.close()
        with redis.Redis.from_url(redis_url) as looking:
            assert len(looking.client_list()) == 1, "this one only"
            assert not looking.exists(f"{PREFIX}alive:{store.process}")
        with pytest.raises(RuntimeError):
            await store.load(room.id)

    run(test)


def test_the_news_comes_again_after_the_connection_carrying_it_is_lost(redis_url):
    async def test():
        store = await RedisStore.open(redis_url)
        try:
            listener = Listener(store)
            await listener.tuned_in(store)
            with redis.Redis.from_url(redis_url) as looking:
                assert looking.client_kill_filter(_type="pubsub") == 1
            # What was published while it was away is lost: the streams catch up at their
            # next heartbeat. What is published once it is back arrives.
            await listener.tuned_in(store)
            await store.publish("room-a", 5)
            await eventually(lambda: listener.of("room-a") == [5])
            await listener.stop()
        finally:
            await store.close()

    run(test)


def test_a_process_late_to_renew_counts_again_once_it_renews(redis_url):
    gone = 0.4

    async def test():
        store = await RedisStore.open(redis_url, gone=gone)
        try:
            room = a_room()
            await store.create(room, first_entry(room), 10)
            await store.connect(room.id, "seat-0", 1)
            with redis.Redis.from_url(redis_url) as looking:
                looking.delete(f"{PREFIX}alive:{store.process}")  # as if it had lapsed
            assert await store.presence(room.id) == {}
            await asyncio.sleep(gone / 2)  # a renewal comes every quarter of `gone`
            assert await store.presence(room.id) == {"seat-0": 1}
        finally:
            await store.close()

    run(test)
