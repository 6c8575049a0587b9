"""A real server for the tests that need one: granian on a free loopback port.

What only a real server shows (an event loop that other requests share, a
client that hangs up, several requests at once) is tested against this one,
started as ``make run`` starts it, with the environment the test gives. Its
log (standard error and output) goes to a file the test may read. The whole
process group, the pool's bot processes included, is stopped afterwards.
"""

from __future__ import annotations

import json
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from bench.server import serving


class Live(NamedTuple):
    url: str
    log: Path
    """The server's log so far: one JSON line per request and event."""
    pid: int
    """Leader of the server's session: its processes, the bot pool's included."""

    def log_lines(self) -> list[dict]:
        lines = []
        for line in self.log.read_text().splitlines():
            if line.startswith("{"):
                lines.append(json.loads(line))
        return lines


class Answer(NamedTuple):
    status: int
    body: dict
    headers: dict[str, str]
    seconds: float


def request(url: str, path: str, body: dict | None = None, timeout: float = 30) -> Answer:
    """One request (a POST when there is a body), its answer and how long it took."""
    data = None if body is None else json.dumps(body).encode()
    call = urllib.request.Request(url + path, data=data,
                                  headers={"Content-Type": "application/json"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(call, timeout=timeout) as response:
            status, content, headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, content, headers = error.code, error.read(), error.headers
    return Answer(status, json.loads(content), {k.lower(): v for k, v in headers.items()},
                  time.monotonic() - start)


@contextmanager
def live_server(cpus: set[int] | None = None, **environment: str | None) -> Iterator[Live]:
    """Serve the app with granian (one worker) and ``environment`` added (a None removes a
    variable), on ``cpus`` only if given; yield it."""
    with tempfile.TemporaryDirectory() as folder, serving(
            Path(folder) / "server.log", environment=environment, cpus=cpus) as running:
        yield Live(running.url, running.log, running.pid)
