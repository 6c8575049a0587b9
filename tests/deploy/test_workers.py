"""The rooms' default, one machine: a server with two worker processes and no
``FORACCIO_ROOMS`` keeps its rooms in the data directory's SQLite file, which carries
each change from the worker that made it to the streams the other holds. A worker
killed is replaced, and the other answers meanwhile.

Two people's event streams are held by different workers; each gets every change of
the room to the end of the hand. Every change is made in one worker (a play in the one
that took its request, a bot's move in the one whose driver got there first), so each
reached a stream held by the other worker.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import httpx
import pytest

from bench.server import Server, serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.store import STORE_VARIABLE
from tests.deploy.holders import holder, listening, workers
from tests.deploy.table import Person, assert_each_saw_the_whole_hand
from tests.rooms.helpers import PEOPLE_AND_BOTS, bearer, make_room, started, view, wait_for

TRIES = 30
"""Streams opened at most until one is held by the other worker (the kernel hands each
new connection to either; here, about one in three went to the second)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    """Two workers, with the defaults of one machine: the rooms and the secret in the
    data directory."""
    directory = tmp_path_factory.mktemp("workers")
    with serving(directory / "server.log", workers=2, environment={
            STORE_VARIABLE: None, SECRET_VARIABLE: None,
            DATA_DIR_VARIABLE: str(directory / "data")}) as running:
        yield running


def held_by(server: Server, person: Person) -> int | None:
    """The worker process holding the person's stream."""
    return holder(server.pid, int(server.url.rsplit(":", 1)[1]), person.local_port)


def exited(pid: int) -> bool:
    """Whether the process ``pid`` has exited (gone, or a zombie: its sockets closed)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_each_stream_gets_every_change_whichever_worker_holds_it(server):
    with httpx.Client(base_url=server.url, timeout=10) as client:
        made = make_room(client, PEOPLE_AND_BOTS)
        people: list[Person] = []
        try:
            people.append(Person(server.url, made, 0))
            workers = [held_by(server, people[0])]
            for _ in range(TRIES):
                person = Person(server.url, made, 2)
                worker = held_by(server, person)
                if worker not in workers:
                    people.append(person)
                    workers.append(worker)
                    break
                person.close()
            assert len(people) == 2 and None not in workers, (
                f"no two workers held the streams in {TRIES} tries: {workers}")
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
    assert all(person.plays for person in people)


def test_a_worker_killed_is_replaced_while_the_other_answers(tmp_path):
    with serving(tmp_path / "server.log", workers=2, environment={
            STORE_VARIABLE: None, SECRET_VARIABLE: None,
            DATA_DIR_VARIABLE: str(tmp_path / "data")}) as server:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            made = started(client)
        port = int(server.url.rsplit(":", 1)[1])
        # Both workers listening (each binds its own socket once its app has started):
        # killed before its sibling listens, a worker would leave none to answer.
        wait_for(lambda: listening(port) == 2, seconds=60)
        first = workers(server.pid)
        assert len(first) == 2, first
        os.kill(first[0], signal.SIGKILL)
        # Until the killed worker has exited, its listening socket still takes connections,
        # which its exit then resets (seen under load: "Connection reset by peer"); the
        # answers this test wants are those of the worker left, once the other is gone.
        wait_for(lambda: exited(first[0]), seconds=60)

        # Each request on a new connection, so that the kernel hands it to either worker:
        # all are answered, by the one left and then by its new sibling too.
        def answers() -> None:
            with httpx.Client(base_url=server.url, timeout=30) as client:
                assert client.get("/health").status_code == 200
                assert view(client, made, 0)["room"] == made["room"]

        for _ in range(10):
            answers()
        replaced = wait_for(lambda: (now := workers(server.pid)) and len(now) == 2
                            and first[0] not in now and now, seconds=60)
        assert first[1] in replaced
        wait_for(lambda: listening(port) == 2, seconds=60)
        for _ in range(10):
            answers()
