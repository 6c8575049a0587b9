"""The rooms' default, one machine: a server with two worker processes and no
``FORACCIO_ROOMS`` keeps its rooms in the data directory's SQLite file, which carries
each change from the worker that made it to the streams the other holds. A worker
killed is replaced, and the other answers meanwhile.

Two people's event streams are held by different workers; each gets every change of
the room to the end of the hand. Every change is made in one worker (a play in the one
that took its request, a bot's move in the one whose driver got there first), so each
reached a stream held by the other worker.

A killed worker takes down the requests it held: those on its connections, and those of
new connections the kernel had queued on its listening socket, which stays open until
the last of its threads has exited. Each such request is reset (or closed before its
answer), and a client that sends it once more on a new connection gets its answer from a
worker alive (docs/api.md). Those are the tests' clients here. A worker killed again and
again, each time as soon as its replacement has started, never stops the other; the
server exits (for its own supervisor to start it again) only when no worker is left, as
when a setting keeps the app from starting.
"""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from bench.server import ROOT, Server, free_port, serving
from foraccio.api.cors import ORIGINS_VARIABLE
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.store import STORE_VARIABLE
from tests.deploy.holders import LISTEN, PROC, holder
from tests.deploy.table import Person, assert_each_saw_the_whole_hand
from tests.rooms.helpers import PEOPLE_AND_BOTS, bearer, make_room, started, wait_for

TRIES = 30
"""Connections opened at most until one is held by the other worker (the kernel hands each
new connection to either; here, about one in three went to the second)."""
TIMEOUT = 60
"""Seconds a request may wait for its answer (a replacement worker starts slowly on a
loaded machine)."""
RESETS = (httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError)
"""What a client meets when the worker holding its request dies: the connection reset, or
closed before the answer."""
QUEUED = 10
"""Requests on new connections sent while a worker is stopped: the kernel queues about
half of them on its socket."""
KILLS = 4
"""Times one worker's place is killed, each time as soon as its new worker has started:
granian alone took the second for a crash at every start, and stopped every worker."""


@contextmanager
def two_workers(directory: Path) -> Iterator[Server]:
    """A server with two workers, with the defaults of one machine: the rooms and the
    secret in the data directory."""
    with serving(directory / "server.log", workers=2, environment={
            STORE_VARIABLE: None, SECRET_VARIABLE: None,
            DATA_DIR_VARIABLE: str(directory / "data")}) as running:
        yield running


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    with two_workers(tmp_path_factory.mktemp("workers")) as running:
        yield running


def port_of(server: Server) -> int:
    return int(server.url.rsplit(":", 1)[1])


def held_by(server: Server, person: Person) -> int | None:
    """The worker process holding the person's stream."""
    return holder(server.pid, port_of(server), person.local_port)


def listeners(server: Server) -> list[int]:
    """The server's processes that listen on its port: its workers that have started (each
    binds a socket of its own once its app is built), whichever process started them."""
    port = port_of(server)
    sockets = set()
    for line in (PROC / "net" / "tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[3] == LISTEN and int(fields[1].split(":")[1], 16) == port:
            sockets.add(f"socket:[{fields[9]}]")
    found = []
    for entry in PROC.iterdir():
        try:
            if entry.name.isdigit() and os.getpgid(int(entry.name)) == server.pid and any(
                    os.readlink(fd) in sockets for fd in (entry / "fd").iterdir()):
                found.append(int(entry.name))
        except OSError:  # the process ended, or a descriptor closed, meanwhile
            continue
    return found


def exited(pid: int) -> bool:
    """Whether the process ``pid`` has exited (gone, or a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def asked(url: str, path: str, headers: dict | None = None,
          client: httpx.Client | None = None, trace=None) -> httpx.Response:
    """GET ``path`` as docs/api.md tells a client to: on ``client``'s kept-alive connection
    (else on a new one), then, if that connection was reset or closed before the answer,
    once more on a new connection. ``trace``: httpx's trace callback of the first try."""
    extensions = {} if trace is None else {"trace": trace}
    try:
        if client is not None:
            return client.get(path, headers=headers, extensions=extensions)
        with httpx.Client(base_url=url, timeout=TIMEOUT) as once:
            return once.get(path, headers=headers, extensions=extensions)
    except RESETS:
        with httpx.Client(base_url=url, timeout=TIMEOUT) as again:
            return again.get(path, headers=headers)


class Asking(threading.Thread):
    """``GET /health`` as :func:`asked` sends it, from a thread started at once; ``sent``
    is set once the request is out and its answer awaited (or the thread is done)."""

    def __init__(self, url: str, client: httpx.Client | None = None) -> None:
        super().__init__(daemon=True)
        self.url, self.client = url, client
        self.sent = threading.Event()
        self.answer: httpx.Response | Exception | None = None
        self.start()

    def run(self) -> None:
        try:
            self.answer = asked(self.url, "/health", client=self.client, trace=self._trace)
        except Exception as error:
            self.answer = error
        finally:
            self.sent.set()

    def _trace(self, event: str, _: dict) -> None:
        if event == "http11.receive_response_headers.started":
            self.sent.set()


def kept_alive(server: Server, workers: list[int]) -> dict[int, httpx.Client]:
    """For each of ``workers``, a client whose one kept-alive connection that worker holds."""
    kept: dict[int, httpx.Client] = {}
    for _ in range(TRIES):
        client = httpx.Client(base_url=server.url, timeout=TIMEOUT)
        network = client.get("/health").extensions["network_stream"]
        worker = holder(server.pid, port_of(server), network.get_extra_info("client_addr")[1])
        if worker in workers and worker not in kept:
            kept[worker] = client
            if len(kept) == len(workers):
                return kept
        else:
            client.close()
    for client in kept.values():
        client.close()
    raise AssertionError(f"no connection of each worker in {TRIES} tries: {list(kept)}")


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


def test_requests_a_killed_worker_held_are_answered_when_sent_again(tmp_path):
    with two_workers(tmp_path) as server:
        with httpx.Client(base_url=server.url, timeout=TIMEOUT) as client:
            made = started(client)
        # Each worker lists its socket once its app has started: killed before its sibling
        # listens, a worker would leave none to answer.
        killed, other = wait_for(lambda: len(now := listeners(server)) == 2 and now, seconds=60)
        kept = kept_alive(server, [killed, other])
        try:
            # Stopped first, so that requests wait in the worker's hands when it dies: a
            # loaded machine leaves a dying worker's threads without a CPU for a while.
            os.kill(killed, signal.SIGSTOP)
            assert kept[other].get("/health").status_code == 200
            held = [Asking(server.url, kept[killed]), *(Asking(server.url) for _ in range(QUEUED))]
            wait_for(lambda: all(asking.sent.is_set() for asking in held), seconds=TIMEOUT)
            os.kill(killed, signal.SIGKILL)
            for asking in held:
                asking.join(TIMEOUT * 2)
        finally:
            for client in kept.values():
                client.close()
        answers = [asking.answer for asking in held]
        assert all(isinstance(answer, httpx.Response) and answer.status_code == 200
                   for answer in answers), answers

        replaced = wait_for(lambda: len(now := listeners(server)) == 2 and killed not in now
                            and now, seconds=120)
        assert other in replaced
        # Each request on a new connection, so that the kernel hands it to either worker.
        for _ in range(10):
            assert asked(server.url, "/health").status_code == 200
            room = asked(server.url, f"/rooms/{made['room']}", bearer(made["seats"][0]))
            assert room.status_code == 200 and room.json()["room"] == made["room"], room.text


def test_a_worker_killed_again_and_again_stops_no_other(tmp_path):
    with two_workers(tmp_path) as server:
        other, killed = wait_for(lambda: len(now := listeners(server)) == 2 and now, seconds=60)
        for _ in range(KILLS):
            os.kill(killed, signal.SIGKILL)
            killed = wait_for(functools.partial(next_worker, server, other, killed),
                              seconds=120)
        assert other in listeners(server)


def next_worker(server: Server, other: int, killed: int) -> int | None:
    """The worker started in the place of ``killed``, or None while there is none yet. The
    server answers meanwhile, and ``other`` still listens."""
    assert not exited(server.pid), f"the server exited:\n{server.log.read_text()}"
    try:
        assert asked(server.url, "/health").status_code == 200
    except httpx.TransportError as error:
        raise AssertionError(f"{error!r}; the server's log:\n{server.log.read_text()}") from error
    now = listeners(server)
    assert other in now, f"{other} no longer listens: {now}"
    return next((pid for pid in now if pid not in (other, killed)), None)


def test_a_setting_that_keeps_the_app_from_starting_ends_the_server(tmp_path):
    # Two origins, one of them "*": foraccio serve starts, and each worker's app refuses it.
    environment = {**os.environ, ORIGINS_VARIABLE: "*,https://play.example.com",
                   DATA_DIR_VARIABLE: str(tmp_path / "data")}
    log = tmp_path / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "foraccio", "serve", "--port", str(free_port()),
             "--workers", "2"], cwd=ROOT, env=environment, stdout=output,
            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        # Not started again for ever: its own supervisor sees the failure.
        assert process.wait(timeout=300) == 1, log.read_text()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert ORIGINS_VARIABLE in log.read_text()
