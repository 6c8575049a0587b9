"""Every stream ends with an ``end`` event: one of a seat's former key, once the host has
invited someone new to the seat, ends saying ``key_replaced`` (do not reconnect with it)
and carries nothing of the seat's new hand. Reported: 17 of 88 streams opened with a
former key at the moment of a re-invite answered 200 and then closed with no event at
all, which a client cannot tell from a network failure."""

from __future__ import annotations

import asyncio
import json

import pytest

from foraccio.rooms.actions import Holder
from foraccio.rooms.hub import Hub
from tests.rooms.test_rooms_actions import new, run

HOST = Holder("host")
SEAT = Holder("seat", 0)
LEFT = 60.0
"""The default of ``FORACCIO_ROOMS_LEFT_SECONDS``, which these rooms run with."""


@pytest.fixture
def rooms_run(tmp_path):
    return lambda scenario: asyncio.run(run(scenario)(tmp_path / "rooms.sqlite3"))


def test_a_stream_of_a_seats_former_key_ends_saying_the_key_was_replaced(rooms_run,
                                                                        monkeypatch):
    # The streams wake by their heartbeat, made short, rather than by the store's news.
    monkeypatch.setattr("foraccio.rooms.hub.HEARTBEAT", 0.05)

    async def scenario(rooms, clock):
        room_id = (await new(rooms, bots=(None, None, "random", "random"))).room.id
        await rooms.join(room_id, Holder("invite", 0))
        hub = Hub(rooms)
        as_joined = await rooms.room(room_id)
        following = hub.stream(as_joined, SEAT, None)
        assert (await anext(following)).event == "room"
        # The host's check of who is here came before this stream counted (the race
        # the leave-time cannot close).
        await rooms.store.connect(room_id, "seat-0", -1)
        clock.now += LEFT + 1
        await rooms.invite(room_id, HOST, 0)
        # One stream was open already; another had its key checked on the room as it
        # was, and began once the new invite had landed.
        opening = hub.stream(as_joined, SEAT, None)
        for stream in (following, opening):
            rest = await asyncio.wait_for(_all(stream), 10)
            assert all(message.event != "room" for message in rest)
            assert (rest[-1].event, json.loads(rest[-1].data)) == (
                "end", {"reason": "key_replaced"})

    rooms_run(scenario)


async def _all(stream) -> list:
    return [message async for message in stream]
