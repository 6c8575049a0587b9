"""One client cannot stop everyone else: the limits per client on rooms made and streams
held, the rooms nobody joined expiring within minutes, and presence news coalesced.

Each client here is a loopback address of its own (the whole of 127.0.0.0/8 is this
machine's), or, behind a proxy the server trusts, an address named in
``X-Forwarded-For``; every server is a real one, as ``make run`` starts it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx
import pytest

from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.clients import client_of
from foraccio.rooms.config import config_from_environment, networks
from foraccio.rooms.hub import HEARTBEAT, PRESENCE_EVERY
from foraccio.rooms.store import RoomsFull
from tests.api.live import live_server
from tests.deploy.proxy import nginx
from tests.rooms.helpers import bearer, joined, wait_for
from tests.rooms.samples import a_room, first_entry, next_version
from tests.rooms.test_streams import events

pytestmark = pytest.mark.xdist_group("rooms_live")

ROOMS_PER_CLIENT = 3
STREAMS_PER_CLIENT = 3
LIMITS = {SECRET_VARIABLE: EXAMPLE_SECRET, "FORACCIO_ROOMS_PER_CLIENT": str(ROOMS_PER_CLIENT),
          "FORACCIO_ROOMS_CLIENT_SECONDS": "600",
          "FORACCIO_STREAMS_PER_CLIENT": str(STREAMS_PER_CLIENT)}
NEW_ROOM = {"variant": "foraccio", "seats": ["person", "heuristic", "person", "random"],
            "pace": 0}


def client_from(url: str, address: str, **headers: str) -> httpx.Client:
    """A client whose connections come from ``address`` (a loopback address)."""
    return httpx.Client(base_url=url, timeout=30, headers=headers,
                        transport=httpx.HTTPTransport(local_address=address))


def refused(response: httpx.Response, status: int, code: str) -> int:
    """Check that ``response`` is a problem of ``status`` and ``code`` saying when to try
    again; return its ``Retry-After``."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == code
    return int(response.headers["retry-after"])


def made(client: httpx.Client, join: bool = False) -> dict:
    """A new room; its person seats joined (``seats``: their keys) when ``join``."""
    answer = client.post("/rooms", json=NEW_ROOM)
    assert answer.status_code == 201, answer.text
    room = answer.json()
    if join:
        room["seats"] = [None if invite is None else joined(client, invite)
                         for invite in room["seats"]]
    return room


@pytest.fixture(scope="module")
def limited(tmp_path_factory):
    """A server with small limits and rooms nobody joined kept one second; its URL."""
    with live_server(**LIMITS, FORACCIO_DATA_DIR=str(tmp_path_factory.mktemp("data")),
                     FORACCIO_ROOMS_UNJOINED_SECONDS="1") as server:
        yield server.url


@pytest.fixture(scope="module")
def behind_a_proxy(tmp_path_factory):
    """A server that trusts loopback's first address as its proxy; its URL."""
    with live_server(**{**LIMITS, "FORACCIO_STREAMS_PER_CLIENT": "100"},
                     FORACCIO_DATA_DIR=str(tmp_path_factory.mktemp("data")),
                     FORACCIO_TRUSTED_PROXIES="127.0.0.1") as server:
        yield server.url


# --- who a client is ----------------------------------------------------------------------


def test_a_forwarded_address_names_the_client_only_behind_a_trusted_proxy():
    trusted = networks({"PROXIES": "127.0.0.1, 10.0.0.0/8"}, "PROXIES")
    assert client_of("203.0.113.7", ["198.51.100.1"], trusted) == "203.0.113.7"
    assert client_of("127.0.0.1", ["198.51.100.1"], trusted) == "198.51.100.1"
    # Read from the end: what the client wrote itself, left of its address, is not believed.
    assert client_of("127.0.0.1", ["192.0.2.9, 198.51.100.1, 10.1.2.3"],
                     trusted) == "198.51.100.1"
    assert client_of("127.0.0.1", ["not an address, 198.51.100.1"], trusted) == "198.51.100.1"
    # A household holds a /56: it is one client, whichever address (and /64) it takes.
    assert client_of("2001:db8:1:205::5", [], trusted) == client_of(
        "2001:db8:1:2ff:1::9", [], trusted) == "2001:db8:1:200::/56"
    assert client_of("2001:db8:1:300::5", [], trusted) == "2001:db8:1:300::/56"
    # Where each client is a phone's /64, so configured.
    assert client_of("2001:db8:1:205::5", [], trusted, 64) == "2001:db8:1:205::/64"
    assert config_from_environment({"FORACCIO_IPV6_PREFIX": "64"}).ipv6_prefix == 64
    with pytest.raises(ValueError, match="FORACCIO_IPV6_PREFIX"):
        config_from_environment({"FORACCIO_IPV6_PREFIX": "129"})
    with pytest.raises(ValueError, match="PROXIES"):
        networks({"PROXIES": "10.0.0.0/33"}, "PROXIES")


# --- rooms made ---------------------------------------------------------------------------


def test_a_client_past_its_rooms_is_refused_while_another_still_makes_one(limited):
    with client_from(limited, "127.0.0.2") as flooder, \
            client_from(limited, "127.0.0.3") as other:
        for _ in range(ROOMS_PER_CLIENT):
            made(flooder)
        wait = refused(flooder.post("/rooms", json=NEW_ROOM), 429, "too_many_rooms")
        assert 1 <= wait <= 600
        made(other)
        refused(flooder.post("/rooms", json=NEW_ROOM), 429, "too_many_rooms")


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(limited, behind_a_proxy):
    # Not trusted: a client naming a new address each time is still one client.
    with client_from(limited, "127.0.0.4") as spoofer:
        for number in range(ROOMS_PER_CLIENT):
            assert spoofer.post("/rooms", json=NEW_ROOM, headers={
                "X-Forwarded-For": f"192.0.2.{number}"}).status_code == 201
        refused(spoofer.post("/rooms", json=NEW_ROOM, headers={
            "X-Forwarded-For": "192.0.2.200"}), 429, "too_many_rooms")
    # Trusted: each address the proxy names is a client; a client's own additions on the
    # left of it change nothing.
    with client_from(behind_a_proxy, "127.0.0.1") as proxy:
        for number in range(ROOMS_PER_CLIENT):
            assert proxy.post("/rooms", json=NEW_ROOM, headers={
                "X-Forwarded-For": f"192.0.2.{number}, 198.51.100.1"}).status_code == 201
        refused(proxy.post("/rooms", json=NEW_ROOM, headers={
            "X-Forwarded-For": "198.51.100.1"}), 429, "too_many_rooms")
        assert proxy.post("/rooms", json=NEW_ROOM, headers={
            "X-Forwarded-For": "198.51.100.2"}).status_code == 201


def test_behind_the_recipes_nginx_each_client_has_its_own_limit(tmp_path):
    with live_server(**LIMITS, FORACCIO_TRUSTED_PROXIES="127.0.0.1",
                     FORACCIO_DATA_DIR=str(tmp_path / "data")) as server, \
            nginx([server.url], tmp_path) as url, \
            client_from(url, "127.0.0.5") as flooder, client_from(url, "127.0.0.6") as other:
        for _ in range(ROOMS_PER_CLIENT):
            made(flooder)
        refused(flooder.post("/rooms", json=NEW_ROOM), 429, "too_many_rooms")
        made(other)


def test_the_ceiling_on_open_rooms_says_when_to_try_again(tmp_path):
    with live_server(**LIMITS, FORACCIO_ROOMS_MAX="1",
                     FORACCIO_DATA_DIR=str(tmp_path / "data")) as server, \
            client_from(server.url, "127.0.0.7") as first, \
            client_from(server.url, "127.0.0.8") as second:
        made(first)
        assert refused(second.post("/rooms", json=NEW_ROOM), 503, "busy") >= 1


def test_a_room_nobody_joined_expires_and_a_joined_one_stays(limited):
    with client_from(limited, "127.0.0.9") as client:
        left, kept = made(client), made(client, join=True)
        assert client.get(f"/rooms/{kept['room']}",
                          headers=bearer(kept["seats"][0])).status_code == 200
        wait_for(lambda: client.get(f"/rooms/{left['room']}",
                                    headers=bearer(left["host"])).status_code == 404)
        # Expiry has run since (the room left is gone): the joined room, as old, is there.
        assert client.get(f"/rooms/{kept['room']}",
                          headers=bearer(kept["host"])).status_code == 200


# --- streams held -------------------------------------------------------------------------


@contextmanager
def opened(client: httpx.Client, room: dict, invite: str) -> Iterator[Iterator[dict]]:
    """The room's stream opened by ``client``, its first event read (so it counts)."""
    with client.stream("GET", f"/rooms/{room['room']}/events",
                       headers=bearer(invite)) as stream:
        assert stream.status_code == 200, stream.read()
        # Kept until the end: an iterator of its lines dropped would close the stream.
        read = events(stream.iter_lines())
        next(event for event in read if event.get("event") == "room")
        yield read


def test_a_client_holding_its_streams_is_refused_while_another_opens_one(limited):
    with client_from(limited, "127.0.0.10") as holder, \
            client_from(limited, "127.0.0.11") as other, ExitStack() as streams:
        room = made(other, join=True)
        # A link many people share counts against each client; a seat key's first stream
        # would be its own (tests/rooms/test_seat_streams.py).
        link = room["spectator"]
        for _ in range(STREAMS_PER_CLIENT):
            streams.enter_context(opened(holder, room, link))
        with holder.stream("GET", f"/rooms/{room['room']}/events",
                           headers=bearer(link)) as answer:
            assert answer.status_code != 200, "a stream more was opened"
            answer.read()
            assert refused(answer, 429, "too_many_streams") >= 1
        with opened(other, room, link):
            pass
        streams.close()
        # Its streams closed, the client may open one again.
        wait_for(lambda: _opens(holder, room, link))


def _opens(client: httpx.Client, room: dict, invite: str) -> bool:
    with client.stream("GET", f"/rooms/{room['room']}/events",
                       headers=bearer(invite)) as stream:
        return stream.status_code == 200


# --- presence, coalesced ------------------------------------------------------------------


class Recorder:
    """A stream read in a thread of its own: each event as it arrives."""

    def __init__(self, client: httpx.Client, room: dict, invite: str) -> None:
        self.events: list[dict] = []
        self._context = opened(client, room, invite)
        self._read_events = self._context.__enter__()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        with contextlib.suppress(Exception):  # the stream closed by stop()
            for event in self._read_events:
                self.events.append(event)

    def presence(self) -> list[dict]:
        return [json.loads(event["data"]) for event in list(self.events)
                if event.get("event") == "presence"]

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._context.__exit__(None, None, None)
        self._thread.join(timeout=30)


def most_presence_events(seconds: float) -> int:
    """What coalescing allows a stream in ``seconds``: one presence event per
    PRESENCE_EVERY, one more for the last changes, and its heartbeats (each at least
    0.8 HEARTBEAT after the last)."""
    return int(seconds / PRESENCE_EVERY) + 1 + int(seconds / (0.8 * HEARTBEAT)) + 1


def test_one_client_flapping_its_stream_costs_another_stream_few_presence_events(
        behind_a_proxy):
    with client_from(behind_a_proxy, "127.0.0.1",
                     **{"X-Forwarded-For": "198.51.100.20"}) as player, \
            client_from(behind_a_proxy, "127.0.0.1",
                        **{"X-Forwarded-For": "198.51.100.21"}) as flapper:
        room = made(player, join=True)
        watching = Recorder(player, room, room["seats"][0])
        start = time.monotonic()
        for _ in range(200):
            with opened(flapper, room, room["spectator"]):
                pass
        time.sleep(3 * PRESENCE_EVERY)  # the last changes gathered and sent
        seconds = time.monotonic() - start
        watching.stop()
    # Before, each opening and each closing was an event of its own: 400.
    seen = watching.presence()
    assert len(seen) <= most_presence_events(seconds)
    assert not seen or seen[-1]["spectators"] == 0


def test_streams_opening_together_cost_each_stream_few_presence_events(behind_a_proxy):
    count = 60
    clients = [client_from(behind_a_proxy, "127.0.0.1",
                           **{"X-Forwarded-For": f"198.51.100.{100 + number}"})
               for number in range(count)]
    with ExitStack() as stack:
        for client in clients:
            stack.enter_context(client)
        room = made(clients[0])
        first = Recorder(clients[0], room, room["spectator"])
        start = time.monotonic()
        with ExitStack() as streams:
            for client in clients[1:]:
                streams.enter_context(opened(client, room, room["spectator"]))
            wait_for(lambda: first.presence() and
                     first.presence()[-1]["spectators"] == count)
        wait_for(lambda: first.presence()[-1]["spectators"] == 1)
        seconds = time.monotonic() - start
        first.stop()
    # Before, the first stream heard every other one come and go: 118 events (and n
    # streams together n²/2).
    assert len(first.presence()) <= most_presence_events(seconds)


# --- the store's part -------------------------------------------------------------------


def test_rooms_made_are_counted_for_every_process_on_the_store(stores):
    async def test():
        async with stores.opened() as store, stores.opened() as other:
            now = 1000.0
            for process in (store, other, store):  # three in a row, from two processes
                assert await process.admit("made:192.0.2.1", 10.0, 3, now) == 0
            assert await other.admit("made:192.0.2.1", 10.0, 3, now) == pytest.approx(10.0)
            assert await store.admit("made:192.0.2.2", 10.0, 3, now) == 0
            # One more every ten seconds after that.
            assert await store.admit("made:192.0.2.1", 10.0, 3, now + 4) == pytest.approx(6.0)
            assert await other.admit("made:192.0.2.1", 10.0, 3, now + 10) == 0
            assert await store.admit("made:192.0.2.1", 10.0, 3, now + 10) > 0

    asyncio.run(test())


def test_a_room_nobody_joined_expires_sooner_than_an_idle_one(stores):
    async def test():
        async with stores.opened() as store, stores.opened() as other:
            left, joined = (a_room(created=100.0, touched=100.0) for _ in range(2))
            for room in (left, joined):
                await store.create(room, first_entry(room), 1000)
            await other.join(joined.id)
            assert await store.expire(0.0, 50.0, unjoined_before=200.0) == [left.id]
            assert await store.load(left.id) is None
            assert await store.load(joined.id) == joined
            # Counted from when it was made: a change (its host's) keeps it no longer.
            changed = a_room(created=100.0, touched=100.0)
            await store.create(changed, first_entry(changed), 1000)
            assert await store.commit(*next_version(changed, touched=300.0))
            assert await store.expire(0.0, 50.0, unjoined_before=99.0) == []
            assert await store.expire(0.0, 50.0, unjoined_before=200.0) == [changed.id]

    asyncio.run(test())


def test_a_client_has_so_many_open_rooms_and_no_more(stores):
    async def test():
        async with stores.opened() as store, stores.opened() as other:
            mine = [a_room(created=100.0 + n, touched=100.0 + n) for n in range(3)]
            for room in mine[:2]:
                await store.create(room, first_entry(room), 1000, "192.0.2.1", 2)
            with pytest.raises(RoomsFull) as full:
                await other.create(mine[2], first_entry(mine[2]), 1000, "192.0.2.1", 2)
            assert full.value.mine
            assert await store.load(mine[2].id) is None
            # Another client is not held back, nor is the ceiling of every client's.
            theirs = a_room()
            await other.create(theirs, first_entry(theirs), 1000, "192.0.2.2", 2)
            with pytest.raises(RoomsFull) as full:
                await other.create(mine[2], first_entry(mine[2]), 3, "192.0.2.3", 2)
            assert not full.value.mine
            # A room finished, then one expired, each frees a place.
            assert await store.commit(*next_version(mine[0], status="finished"))
            await store.create(mine[2], first_entry(mine[2]), 1000, "192.0.2.1", 2)
            again = a_room()
            with pytest.raises(RoomsFull):
                await store.create(again, first_entry(again), 1000, "192.0.2.1", 2)
            await store.expire(0.0, 102.0)
            await store.create(again, first_entry(again), 1000, "192.0.2.1", 2)

    asyncio.run(test())


def test_the_first_expiry_is_when_the_first_room_counted_expires(stores):
    async def test():
        async with stores.opened() as store:
            assert await store.first_expiry(None, 1000.0, 100.0) is None
            assert await store.first_expiry("192.0.2.1", 1000.0, 100.0) is None
            joined = a_room(created=10.0, touched=500.0)
            unjoined = a_room(created=300.0, touched=450.0)
            finished = a_room(created=0.0, touched=1.0, status="finished")
            theirs = a_room(created=200.0, touched=200.0)
            for room, client in ((joined, "192.0.2.1"), (unjoined, "192.0.2.1"),
                                 (finished, "192.0.2.1"), (theirs, "192.0.2.2")):
                await store.create(room, first_entry(room), 1000, client, 10)
            for room in (joined, theirs, finished):
                await store.join(room.id)
            # The unjoined one at 300 + 100, before the joined one's 500 + 1000; the
            # finished one is not counted.
            assert await store.first_expiry("192.0.2.1", 1000.0, 100.0) == 400.0
            assert await store.first_expiry("192.0.2.2", 1000.0, 100.0) == 1200.0
            assert await store.first_expiry(None, 1000.0, 100.0) == 400.0
            assert await store.first_expiry(None, 1000.0, 1000.0) == 1200.0

    asyncio.run(test())
