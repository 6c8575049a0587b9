"""When each seat was last seen connected, as every room store keeps it (SQLite and a
real Redis server): what the host's leave to hand a seat over is measured from."""

from __future__ import annotations

from tests.rooms.test_store import created, run


def test_the_last_time_a_seat_was_seen_is_shared_and_goes_with_its_room(stores):
    async def test():
        async with stores.opened() as store, stores.opened() as other:
            room = await created(store, status="playing", touched=50.0)
            assert await store.seen(room.id) == {}
            await store.see(room.id, "seat-0", 1000.0)
            await other.see(room.id, "seat-0", 1015.5)  # a later look, in another process
            await store.see(room.id, "seat-2", 990.0)
            assert await store.seen(room.id) == {"seat-0": 1015.5, "seat-2": 990.0}
            # A stream closing after its room expired leaves nothing behind.
            assert len(await store.expire(finished_before=0.0, idle_before=60.0)) == 1
            assert await other.seen(room.id) == {}
            await store.see(room.id, "seat-0", 1100.0)
            assert await store.seen(room.id) == {}

    run(test)
