"""One client's share of the open rooms, and rooms nobody plays expiring whatever their
host does, on a real server with its limits scaled down (#40: one address kept a server
full by joining a seat of each room it made, or by touching each as host)."""

from __future__ import annotations

import time

import httpx

from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.hub import HEARTBEAT
from tests.api.live import live_server
from tests.rooms.helpers import bearer, wait_for
from tests.rooms.test_floods import NEW_ROOM, client_from, made, refused
from tests.rooms.test_streams import events

UNJOINED_SECONDS = 2
SCALED = {SECRET_VARIABLE: EXAMPLE_SECRET, "FORACCIO_ROOMS_MAX": "6",
          "FORACCIO_ROOMS_OPEN_PER_CLIENT": "2", "FORACCIO_ROOMS_PER_CLIENT": "100",
          "FORACCIO_ROOMS_UNJOINED_SECONDS": str(UNJOINED_SECONDS)}


def test_one_address_joining_each_room_it_makes_holds_only_its_share(tmp_path):
    with live_server(**SCALED, FORACCIO_DATA_DIR=str(tmp_path / "data")) as server, \
            client_from(server.url, "127.0.0.11") as greedy, \
            client_from(server.url, "127.0.0.12") as other:
        kept = [made(greedy, join=True) for _ in range(2)]
        wait = refused(greedy.post("/rooms", json=NEW_ROOM), 429, "too_many_open_rooms")
        # Joined, the rooms live a day: so says Retry-After, not a minute.
        assert wait > 3600
        made(other)
        # Closing one of its rooms gives the client its place back at once.
        assert greedy.post(f"/rooms/{kept[0]['room']}/close",
                           headers=bearer(kept[0]["host"])).status_code == 200
        made(greedy)


def test_a_room_nobody_joined_expires_however_often_its_host_changes_it(tmp_path):
    with live_server(**SCALED, FORACCIO_DATA_DIR=str(tmp_path / "data")) as server, \
            client_from(server.url, "127.0.0.13") as host:
        room = made(host)
        gone = f"/rooms/{room['room']}"

        def toggled() -> bool:
            # The host hands a seat to a bot and back, as often as it can.
            for bot in ("random", None):
                answer = host.post(f"{gone}/seats/2", json={"bot": bot},
                                   headers=bearer(room["host"]))
                if answer.status_code == 404:
                    return True
                assert answer.status_code == 200, answer.text
            return False

        wait_for(toggled, seconds=UNJOINED_SECONDS + 60)


def test_a_full_server_says_the_real_wait(tmp_path):
    with live_server(**SCALED, FORACCIO_DATA_DIR=str(tmp_path / "data")) as server:
        clients = [client_from(server.url, f"127.0.0.{20 + n}") for n in range(4)]
        try:
            made_at = time.monotonic()
            for client in clients[:3]:
                made(client)
                made(client)
            wait = refused(clients[3].post("/rooms", json=NEW_ROOM), 503, "busy")
            # Nobody joined them: the first expires UNJOINED_SECONDS after it was made,
            # found so within a quarter of that.
            assert wait <= UNJOINED_SECONDS + 1
            wait_for(lambda: clients[3].post("/rooms", json=NEW_ROOM).status_code == 201,
                     seconds=60)
            # Not much later than it said (a loaded machine may be later still).
            assert time.monotonic() - made_at < wait + 30
        finally:
            for client in clients:
                client.close()


def test_a_stream_on_a_room_that_expires_ends_at_once(tmp_path):
    with live_server(**SCALED, FORACCIO_DATA_DIR=str(tmp_path / "data")) as server, \
            httpx.Client(base_url=server.url, timeout=60) as client:
        room = made(client)
        opened_at = time.monotonic()
        with client.stream("GET", f"/rooms/{room['room']}/events",
                           headers=bearer(room["host"])) as stream:
            assert stream.status_code == 200
            ended = [event for event in events(stream.iter_lines())
                     if event.get("event") == "end"]
        # Expired about UNJOINED_SECONDS after it was made: the stream ends then, not at
        # its next heartbeat, at least 0.8 * HEARTBEAT after it opened.
        assert ended and '"room_expired"' in ended[0]["data"]
        assert time.monotonic() - opened_at < 0.8 * HEARTBEAT
