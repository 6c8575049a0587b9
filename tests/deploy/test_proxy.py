"""The deployment recipe (deploy/) on loopback: nginx with the recipe's configuration in
front of two server processes that share one Redis and one secret, as on two machines.

A room is played through the proxy by two people whose event streams are held by
different processes: every change, made in either process (a person's play, through the
proxy, or a bot's), arrives on both streams, in order, to the end of the hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bench.redis_server import RedisMissing
from bench.server import Server
from tests.deploy.proxy import Deployment, NginxMissing, deployed
from tests.deploy.table import Person, assert_each_saw_the_whole_hand
from tests.rooms.helpers import PEOPLE_AND_BOTS, bearer, make_room, wait_for

PEOPLE = (0, 2)
"""The person seats of :data:`PEOPLE_AND_BOTS`; the others are bots'."""


@pytest.fixture(scope="module")
def deployment(tmp_path_factory) -> Iterator[Deployment]:
    """Redis, two server processes (each with a data directory of its own, the secret
    shared) and nginx in front of them."""
    try:
        with deployed(tmp_path_factory.mktemp("deploy")) as deployment:
            yield deployment
    except (RedisMissing, NginxMissing) as missing:
        pytest.fail(str(missing))


def served_by(servers: list[Server]) -> dict[str, int]:
    """Which server (its index) logged each request, by request id."""
    found = {}
    for index, server in enumerate(servers):
        for line in Path(server.log).read_text().splitlines():
            if line.startswith("{") and (entry := json.loads(line))["event"] == "request":
                found[entry["request_id"]] = index
    return found


def test_a_room_played_through_the_proxy_reaches_each_person_from_either_process(deployment):
    with httpx.Client(base_url=deployment.url, timeout=10) as client:
        made = make_room(client, PEOPLE_AND_BOTS)
        people: list[Person] = []
        try:
            # One request after the other: nginx sends them to the two servers in turn.
            for seat in PEOPLE:
                people.append(Person(deployment.url, made, seat))
            for person in people:
                person.start()
            started = client.post(f"/rooms/{made['room']}/start", headers=bearer(made["host"]))
            assert started.status_code == 200, started.text
            for person in people:
                person.finish()
        finally:
            for person in people:
                person.close()

    assert_each_saw_the_whole_hand(people)
    # From the room as made and its seats joined (a version each), before the start.
    assert people[0].seen[0]["version"] == 1 + len(PEOPLE)
    plays = [play for person in people for play in person.plays]

    # The two streams were held by two processes, and both served plays: so a change made
    # in each process reached the stream held by the other.
    streams = [person.stream_id for person in people]

    def logged() -> dict[str, int] | None:  # a stream is logged once it has ended
        found = served_by(deployment.servers)
        return found if found.keys() >= {*streams} else None

    served = wait_for(logged, seconds=10)
    assert {served[stream] for stream in streams} == {0, 1}
    assert {served[play.request_id] for play in plays} == {0, 1}
