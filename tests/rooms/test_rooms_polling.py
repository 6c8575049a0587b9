"""Playing is presence: a person who plays by asking for the room now and then, with no
event stream open, is at the table as long as they keep asking, and the host may not
hand their seat to a bot. Reported: 30 plays answered 200, no stream open, and at 60 s
the person counted as gone and their seat went to a bot. Noting it costs a write, at
most one a second, and never refuses a look at the room."""

from __future__ import annotations

import asyncio
import os
import time

import httpx
import pytest

from bench.server import serving
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.actions import Holder
from foraccio.rooms.store import STORE_VARIABLE
from tests.api.live import live_server
from tests.deploy.holders import workers
from tests.rooms.helpers import bearer, disk_full, started, view, wait_for
from tests.rooms.test_outage import environment
from tests.rooms.test_rooms_actions import new, run

LEFT = 2.0
"""``FORACCIO_ROOMS_LEFT_SECONDS`` of these tests."""


def test_a_person_who_plays_without_a_stream_has_not_left():
    with live_server(**{SECRET_VARIABLE: EXAMPLE_SECRET,
                        "FORACCIO_ROOMS_LEFT_SECONDS": f"{LEFT:g}"}) as server, \
            httpx.Client(base_url=server.url, timeout=30) as client:
        made = started(client, ["person", "random", "random", "random"])
        room, key = made["room"], made["seats"][0]

        def hand_over() -> httpx.Response:
            return client.post(f"/rooms/{room}/seats/0", headers=bearer(made["host"]),
                               json={"bot": "random"})

        played = 0
        until = time.monotonic() + 3 * LEFT
        while time.monotonic() < until:
            mine = view(client, made, 0)  # asked now and then, never streamed
            if mine["moves"]:
                answer = client.post(f"/rooms/{room}/play", headers=bearer(key),
                                     json={"move": mine["moves"][0],
                                           "version": mine["version"]})
                assert answer.status_code == 200, answer.text
                played += 1
            refusal = hand_over()
            assert refusal.status_code == 409, refusal.text
            assert refusal.json()["code"] == "person_at_seat"
            time.sleep(LEFT / 4)
        assert played
        # They stop asking: gone once LEFT has passed.
        handed = wait_for(lambda: (answer := hand_over()).status_code == 200 and answer)
        assert handed.json()["seats"][0]["bot"] == "random"


@pytest.fixture
def rooms_run(tmp_path):
    return lambda scenario: asyncio.run(run(scenario)(tmp_path / "rooms.sqlite3"))


def test_a_seat_key_is_noted_seen_at_most_once_a_second(rooms_run):
    # Every request of a seat's key notes it seen; a client asking in a loop costs the
    # store one write a second, and the host's leave comes at most that much early.
    async def scenario(rooms, clock):
        made = await new(rooms, bots=(None, "random", "random", "random"))
        room_id = made.room.id
        key = (await rooms.join(room_id, Holder("invite", 0))).key
        start = clock.now
        await rooms.holder(room_id, key)
        assert (await rooms.store.seen(room_id)) == {"seat-0": start}
        clock.now += 0.5
        await rooms.holder(room_id, key)
        assert (await rooms.store.seen(room_id)) == {"seat-0": start}
        clock.now += 0.5
        await rooms.holder(room_id, key)
        assert (await rooms.store.seen(room_id)) == {"seat-0": start + 1.0}
        # Other links note no seat.
        await rooms.holder(room_id, made.host)
        await rooms.holder(room_id, made.spectator)
        assert (await rooms.store.seen(room_id)) == {"seat-0": start + 1.0}

    rooms_run(scenario)


def test_a_seat_key_sees_its_room_while_the_store_cannot_be_written(tmp_path):
    # A full disk, as tests/rooms/test_outage.py makes it: the worker may write no file
    # past the size the rooms' write-ahead log has now. Reading the room needs no write;
    # noting its person seen is not worth refusing it.
    data = tmp_path / "data"
    with serving(tmp_path / "server.log", environment=environment(data, **{
            STORE_VARIABLE: None})) as server, \
            httpx.Client(base_url=server.url, timeout=60) as client:
        made = started(client, ["person", "random", "random", "random"])
        full = os.path.getsize(data / "rooms.sqlite3-wal")
        assert os.path.getsize(server.log) < full // 2, "the log would reach the limit first"
        (worker,) = workers(server.pid)
        with disk_full(worker, full):
            refused = client.post(f"/rooms/{made['room']}/close",
                                  headers=bearer(made["host"]))
            assert refused.status_code == 503, refused.text  # the disk is full indeed
            # The key's first request since it joined: its person is noted seen.
            assert view(client, made, 0)["seat"] == 0
