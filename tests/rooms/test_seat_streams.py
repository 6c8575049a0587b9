"""A person's own seat is never locked out by someone else's streams: the streams behind
one address (a household, a NAT) share its limit, but each seat key's first stream is
its own, outside that limit. Reported: a host behind the person's address held its 20
streams, the person's stream dropped once, every reconnection was refused (429) and,
the person "gone" for a minute, the host invited someone new to their seat.

The person and their neighbour are one client here (both connect from one loopback
address), on a real server as ``make run`` starts it."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.clients import StreamCounts
from tests.api.live import live_server
from tests.rooms.helpers import bearer, joined, wait_for
from tests.rooms.test_floods import client_from, made, opened, refused

pytestmark = pytest.mark.xdist_group("rooms_live")

STREAMS_PER_CLIENT = 2
HOUSE = "127.0.0.30"
"""The one address the person and their neighbour, the host, connect from."""


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    with live_server(**{SECRET_VARIABLE: EXAMPLE_SECRET,
                        "FORACCIO_STREAMS_PER_CLIENT": str(STREAMS_PER_CLIENT)},
                     FORACCIO_DATA_DIR=str(tmp_path_factory.mktemp("data"))) as server:
        yield server.url


def _refused_stream(client, room: dict, invite: str) -> None:
    with client.stream("GET", f"/rooms/{room['room']}/events",
                       headers=bearer(invite)) as answer:
        answer.read()
        refused(answer, 429, "too_many_streams")


def test_a_seat_key_opens_its_stream_whatever_others_at_its_address_hold(server_url):
    with client_from(server_url, HOUSE) as host, client_from(server_url, HOUSE) as person, \
            ExitStack() as streams:
        room = made(host)
        mine = joined(person, room["seats"][0])
        theirs = joined(host, room["seats"][2])
        for _ in range(STREAMS_PER_CLIENT):
            streams.enter_context(opened(host, room, room["host"]))
        _refused_stream(host, room, room["host"])
        # The address holds all it may: the person's key still opens its stream.
        with opened(person, room, mine):
            # A second stream of the same key counts against the address: refused.
            _refused_stream(person, room, mine)
        # Each key's first stream is its own, the host's seat's too; the links many
        # share (the spectator's) and the host's stay under the address's limit.
        streams.enter_context(opened(host, room, theirs))
        _refused_stream(host, room, room["spectator"])
        # The person's stream dropped: they come back (once the server saw it close).
        wait_for(lambda: _opens(person, room, mine))


def _opens(client, room: dict, invite: str) -> bool:
    with client.stream("GET", f"/rooms/{room['room']}/events",
                       headers=bearer(invite)) as stream:
        return stream.status_code == 200


def test_one_client_holds_its_limit_plus_one_stream_per_seat_key():
    counts = StreamCounts(2)
    held = [counts.take("house") for _ in range(2)]
    assert all(held) and counts.take("house") is None
    own = counts.take("house", "key-0")
    assert own is not None and counts.held("house") == 2
    assert counts.take("house", "key-0") is None  # the key's own is taken; the house full
    other = counts.take("house", "key-1")
    assert other is not None
    own.release()
    own.release()  # once, however often
    again = counts.take("house", "key-0")
    assert again is not None
    held[0].release()
    # A key holding its own stream takes a second one within its client's limit.
    second = counts.take("house", "key-0")
    assert second is not None and counts.held("house") == 2
    for stream in (held[1], other, again, second):
        stream.release()
    assert counts.held("house") == 0
    assert counts.take("house", "key-0") is not None and counts.held("house") == 0
