"""What every room store does (:class:`foraccio.rooms.store.Store`), checked on each kind.

Each test runs on SQLite and on a real Redis server (the ``stores`` fixture). Two stores
opened side by side stand for two server processes: on one SQLite file, two processes
of one machine; on one Redis server, two processes anywhere.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import time

import pytest

from bench.server import ROOT
from foraccio.rooms.store import KEPT_ENTRIES, RoomsFull
from tests.rooms.listening import Listener, eventually
from tests.rooms.samples import a_room, first_entry, next_version
from tests.rooms.seated import SEATED

MOST_OPEN = 1000
SHORT_GONE = 1.0
"""Seconds of silence after which the presence tests take a process for dead."""


def run(test):
    return asyncio.run(test())


async def created(store, **fields):
    room = a_room(**fields)
    await store.create(room, first_entry(room), MOST_OPEN)
    return room


# --- rooms: create, load, commit ----------------------------------------------------------


def test_a_room_created_is_loaded_as_it_was_stored_with_its_first_entry(stores):
    async def test():
        async with stores.opened() as store, stores.opened() as other:
            room = await created(store, due=1500.0, due_kind="bot")
            assert await other.load(room.id) == room
            assert await other.entries(room.id, 0) == [first_entry(room)]
            assert await store.load("no-such-room") is None
            assert await store.entries("no-such-room", 0) == []

    run(test)


def test_a_commit_lands_only_on_the_version_it_was_decided_on(stores):
    async def test():
        async with stores.opened() as store:
            room = await created(store)
            won, won_entry = next_version(room, status="playing", token="first")
            lost, lost_entry = next_version(room, status="finished", token="second")
            assert await store.commit(won, won_entry)
            assert not await store.commit(lost, lost_entry)
            assert await store.load(room.id) == won
            assert await store.entries(room.id, 0) == [first_entry(room), won_entry]
            assert await store.count_open() == 1  # the refused change finished nothing

            ahead, ahead_entry = next_version(won, version=won.version + 2)
            assert not await store.commit(ahead, ahead_entry), "a version skipped"
            assert await store.load(room.id) == won

            stranger, stranger_entry = next_version(a_room())
            assert not await store.commit(stranger, stranger_entry), "a room never created"
            assert await store.load(stranger.id) is None
            assert await store.entries(stranger.id, 0) == []

    run(test)


def test_a_room_with_an_id_taken_is_refused(stores):
    async def test():
        async with stores.opened() as store:
            room = await created(store)
            with pytest.raises(Exception):  # noqa: B017 -- each store has its own error
                await store.create(room, first_entry(room), MOST_OPEN)

    run(test)


def test_entries_after_a_version_come_oldest_first_and_the_log_keeps_the_last_ones(stores):
    async def test():
        async with stores.opened() as store:
            room = await created(store)
            entries = [first_entry(room)]
            for _ in range(KEPT_ENTRIES + 10):
                room, entry = next_version(room)
                assert await store.commit(room, entry)
                entries.append(entry)
            assert await store.entries(room.id, room.version - 3) == entries[-3:]
            assert await store.entries(room.id, room.version) == []
            kept = await store.entries(room.id, 0)
            assert kept == entries[-KEPT_ENTRIES:]
            assert kept[0].version == room.version - KEPT_ENTRIES + 1

    run(test)


# --- due, expiry, the ceiling -------------------------------------------------------------


def test_the_rooms_due_are_those_whose_time_has_come_soonest_first(stores):
    async def test():
        async with stores.opened() as store:
            later = await created(store, due=30.0, due_kind="bot")
            sooner = await created(store, due=10.0, due_kind="clock")
            await created(store)  # nothing due
            await created(store, due=50.0, due_kind="deal")
            assert await store.due(40.0) == [sooner.id, later.id]
            assert await store.due(30.0) == [sooner.id, later.id]
            assert await store.due(5.0) == []

            done, entry = next_version(later, due=None, due_kind=None)
            assert await store.commit(done, entry)
            put_off, entry = next_version(sooner, due=45.0)
            assert await store.commit(put_off, entry)
            assert await store.due(40.0) == []
            assert await store.due(45.0) == [sooner.id]

    run(test)


def test_expiry_deletes_the_rooms_finished_long_ago_and_those_idle_longer(stores):
    async def test():
        async with stores.opened() as store:
            finished_long_ago = await created(store, status="finished", touched=100.0,
                                              due=10.0)
            finished_lately = await created(store, status="finished", touched=900.0)
            idle = await created(store, status="playing", touched=50.0, due=20.0)
            playing = await created(store, status="playing", touched=100.0, due=30.0)
            # Untouched *since* the time given: a room touched at that very time stays.
            finished_then = await created(store, status="finished", touched=500.0)
            idle_since_then = await created(store, status="playing", touched=60.0)
            kept_rooms = (finished_lately, playing, finished_then, idle_since_then)
            for room in (finished_long_ago, idle, *kept_rooms):
                await store.connect(room.id, "seat-0", 1)

            assert len(await store.expire(finished_before=500.0, idle_before=60.0)) == 2

            for gone in (finished_long_ago, idle):
                assert await store.load(gone.id) is None
                assert await store.entries(gone.id, 0) == []
                assert await store.presence(gone.id) == {}
            for kept in kept_rooms:
                assert await store.load(kept.id) == kept
                assert await store.entries(kept.id, 0) == [first_entry(kept)]
                assert await store.presence(kept.id) == {"seat-0": 1}
            assert await store.due(100.0) == [playing.id]
            assert await store.count_open() == 2
            assert len(await store.expire(finished_before=500.0, idle_before=60.0)) == 0

    run(test)


def test_expiry_deletes_every_room_due_however_many(stores):
    many = 600  # more than the Redis store deletes in one script

    async def test():
        async with stores.opened() as store:
            for _ in range(many):
                await created(store, touched=10.0)
            await created(store, touched=100.0)
            assert len(await store.expire(finished_before=0.0, idle_before=50.0)) == many
            assert await store.count_open() == 1

    run(test)


def test_no_room_is_created_past_the_ceiling_on_open_rooms(stores):
    async def test():
        async with stores.opened() as store, stores.opened() as other:
            first = a_room()
            await store.create(first, first_entry(first), 2)
            await other.create(second := a_room(), first_entry(second), 2)
            third = a_room()
            with pytest.raises(RoomsFull):
                await other.create(third, first_entry(third), 2)
            assert await store.load(third.id) is None
            assert await store.count_open() == 2

            finished, entry = next_version(first, status="finished")
            assert await store.commit(finished, entry)
            assert await other.count_open() == 1
            await other.create(third, first_entry(third), 2)
            assert await store.load(third.id) == third
            assert await store.count_open() == 2

    run(test)


# --- news ---------------------------------------------------------------------------------


def test_news_reaches_every_process_its_own_included(stores):
    async def test():
        async with stores.opened() as one, stores.opened() as two:
            hears_one, hears_two = Listener(one), Listener(two)
            await hears_one.tuned_in(one, two)
            await hears_two.tuned_in(one, two)

            for version in (2, 3, 4):
                await one.publish("room-a", version)
            await two.publish("room-b", 7)
            await two.publish("room-b", 0)
            for listener in (hears_one, hears_two):
                await eventually(lambda listener=listener: (
                    listener.of("room-a") == [2, 3, 4] and listener.of("room-b") == [7, 0]))
            await hears_one.stop()
            await hears_two.stop()

    run(test)


# --- presence -----------------------------------------------------------------------------


def test_presence_sums_the_connections_of_every_process(stores):
    async def test():
        async with stores.opened() as one, stores.opened() as two:
            room = await created(one)
            await one.connect(room.id, "seat-0", 1)
            await two.connect(room.id, "seat-0", 1)
            await two.connect(room.id, "spectator", 1)
            await two.connect(room.id, "spectator", 1)
            assert await one.presence(room.id) == {"seat-0": 2, "spectator": 2}
            assert await two.presence(room.id) == {"seat-0": 2, "spectator": 2}

            await two.connect(room.id, "spectator", -1)
            await one.connect(room.id, "seat-0", -1)
            await one.connect(room.id, "host", 1)
            assert await two.presence(room.id) == {"seat-0": 1, "spectator": 1, "host": 1}
            await two.connect(room.id, "seat-0", -1)
            await two.connect(room.id, "spectator", -1)
            assert await one.presence(room.id) == {"host": 1}
            assert await one.presence(a_room().id) == {}

    run(test)


def test_a_process_closed_counts_no_more(stores):
    async def test():
        async with stores.opened() as one:
            room = await created(one)
            async with stores.opened() as two:
                await two.connect(room.id, "seat-0", 1)
                assert await one.presence(room.id) == {"seat-0": 1}
            assert await one.presence(room.id) == {}

    run(test)


def test_the_connections_of_a_process_killed_stop_counting_within_its_silence(stores):
    async def test():
        async with stores.opened(gone=SHORT_GONE) as store:
            room = await created(store)
            listening = Listener(store)  # as the hub does: SQLite renews as it listens
            await store.connect(room.id, "host", 1)
            seated = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.rooms.seated", stores.kind, stores.address,
                str(SHORT_GONE), room.id, "seat-0", cwd=ROOT, stdout=asyncio.subprocess.PIPE)
            try:
                line = await asyncio.wait_for(seated.stdout.readline(), 30)
                assert line.decode().strip() == SEATED
                both = {"host": 1, "seat-0": 1}
                assert await store.presence(room.id) == both
                # Alive longer than its silence may last: it renews, so it still counts.
                await asyncio.sleep(2 * SHORT_GONE)
                assert await store.presence(room.id) == both
            finally:
                if seated.returncode is None:
                    seated.send_signal(signal.SIGKILL)
                await seated.wait()
            killed = time.monotonic()
            while await store.presence(room.id) != {"host": 1}:
                assert time.monotonic() - killed < SHORT_GONE + 1.0, "the dead still count"
                await asyncio.sleep(0.02)
            await listening.stop()

    run(test)
