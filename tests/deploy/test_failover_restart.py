"""The deployment recipe (deploy/) when a server comes back: nginx in front of two server
processes on one Redis; the first is killed (SIGKILL, its whole process group), started
again on its address, then the second is killed, while a client reads a room through
the proxy, one request after the other.

While a server is down the proxy sends each request to the other, a new room's POST
included: it never reached the dead server, so it is not played twice. Once the server
started again answers ``/health``, the proxy uses it at once. With nginx's defaults it
did not: a server that had failed was skipped for 10 s, so when the other was killed
the proxy answered 502 to every request for seconds while the first one was up again.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import threading
import time
from collections import Counter
from collections.abc import Mapping
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from bench.redis_server import RedisMissing, redis_server
from bench.server import Server, serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.store import STORE_VARIABLE
from tests.deploy.proxy import NginxMissing, nginx
from tests.rooms.helpers import PEOPLE_AND_BOTS, bearer, make_room, wait_for

GAP = 0.05
"""Seconds the client waits between two requests."""
READS = 20
"""Requests the client makes in each state of the servers: a second's worth, well within
the 10 s nginx's default kept a failed server out."""
ROOM = {"variant": "foraccio", "seats": PEOPLE_AND_BOTS, "pace": 0}
"""A new room's body."""
WITHIN = 120.0
"""Seconds the client has for them (a request waits while a server starts)."""


class Reader:
    """A client reading a room through the proxy, one request after the other, in a
    thread; it keeps each answer's status, or the name of the error that stood for it."""

    def __init__(self, url: str, made: dict) -> None:
        self.answers: list[int | str] = []
        self._client = httpx.Client(base_url=url, timeout=60, headers=bearer(made["host"]))
        self._path = f"/rooms/{made['room']}"
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def read(self, count: int) -> None:
        """Return once ``count`` more answers have come."""
        wanted = len(self.answers) + count
        wait_for(lambda: len(self.answers) >= wanted, seconds=WITHIN)

    def stop(self) -> None:
        self._done.set()
        self._thread.join(WITHIN)
        self._client.close()

    def _run(self) -> None:
        while not self._done.is_set():
            try:
                self.answers.append(self._client.get(self._path).status_code)
            except httpx.TransportError as error:
                self.answers.append(type(error).__name__)
            time.sleep(GAP)


def test_a_server_started_again_is_used_at_once_when_the_other_is_killed(tmp_path):
    try:
        with ExitStack() as stack:
            environment = {STORE_VARIABLE: stack.enter_context(redis_server()),
                           SECRET_VARIABLE: secrets.token_hex(32)}
            first, second = (started(stack, tmp_path, name, environment)
                             for name in ("one", "two"))
            url = stack.enter_context(nginx([first.url, second.url], tmp_path))
            client = stack.enter_context(httpx.Client(base_url=url, timeout=60))
            reader = Reader(url, make_room(client, join=False))
            stack.callback(reader.stop)
            states = {"both up": len(reader.answers)}
            reader.read(READS)

            killed(first)
            states["first killed"] = len(reader.answers)
            reader.read(READS)
            made = {"first killed": client.post("/rooms", json=ROOM).status_code}

            started(stack, tmp_path, "one", environment, again=first)
            states["first up again"] = len(reader.answers)
            killed(second)
            states["second killed"] = len(reader.answers)
            reader.read(READS)
            made["second killed"] = client.post("/rooms", json=ROOM).status_code
            reader.stop()
    except (RedisMissing, NginxMissing) as missing:
        pytest.fail(str(missing))

    bounds = [*states.values(), len(reader.answers)]
    seen = {state: Counter(reader.answers[start:end])
            for state, start, end in zip(states, bounds, bounds[1:], strict=False)}
    assert set(reader.answers) == {200}, seen
    # A POST the dead server never took went to the one up.
    assert made == {"first killed": 201, "second killed": 201}, made


def started(stack: ExitStack, directory: Path, name: str, environment: Mapping[str, str],
            again: Server | None = None) -> Server:
    """A server process with the data directory ``name`` in ``directory``, stopped when
    ``stack`` closes; on the address of the server ``again`` when given."""
    (directory / name).mkdir(exist_ok=True)
    log = directory / f"{name}{'-again' if again else ''}.log"
    return stack.enter_context(serving(
        log, environment={**environment, DATA_DIR_VARIABLE: str(directory / name)},
        port=None if again is None else urlsplit(again.url).port))


def killed(server: Server) -> None:
    """SIGKILL ``server``'s whole process group; return once its port refuses connections."""
    os.killpg(server.pid, signal.SIGKILL)
    address = urlsplit(server.url)
    wait_for(lambda: refuses(address.hostname, address.port))


def refuses(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), timeout=1).close()
    except ConnectionRefusedError:
        return True
    return False
