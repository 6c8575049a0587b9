"""A real Redis server for the tests and ``bench.rooms``: Debian's ``redis-server`` (``make
test`` and ``make bench`` install it) on a free loopback port, keeping nothing on disk,
stopped afterwards.

:func:`redis_server` starts one and yields its URL; ``tests/rooms/conftest.py`` makes it
a fixture. Any test may use it, a server process's ``FORACCIO_ROOMS`` included.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis

from bench.server import HOST, free_port

SERVER = "redis-server"
STARTS = 3
"""Tries at starting one: another process may take the free port first."""
UP_WITHIN = 10.0
"""Seconds a server has to answer ``PING``."""


class RedisMissing(RuntimeError):
    """``redis-server`` is not installed."""


@contextmanager
def redis_server(port: int | None = None, kept_in: Path | None = None) -> Iterator[str]:
    """Start a Redis server on ``port`` (by default a free loopback port), with neither
    RDB snapshots nor an append-only file, in a directory of its own; yield its URL
    (``redis://…/0``). With ``kept_in``, a directory, it writes every change to an
    append-only file there before answering, so that a server started again on the same
    port and directory (after a SIGKILL) holds every key. Raise :class:`RedisMissing`
    without ``redis-server``, RuntimeError (with its log) when it does not come up."""
    if shutil.which(SERVER) is None:
        raise RedisMissing(f"{SERVER} is missing: run `make test`, or "
                           f"`apt-get install redis-server`")
    kept = ["--appendonly", "no"] if kept_in is None else [
        "--appendonly", "yes", "--appendfsync", "always"]
    with tempfile.TemporaryDirectory(prefix="foraccio-redis-") as scratch:
        directory = scratch if kept_in is None else str(kept_in)
        log = Path(scratch, "redis.log")
        for attempt in range(STARTS if port is None else 1):
            chosen = free_port() if port is None else port
            process = subprocess.Popen(
                [SERVER, "--port", str(chosen), "--bind", HOST, "--save", "", *kept,
                 "--daemonize", "no", "--dir", directory, "--logfile", str(log)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            try:
                if _answers(chosen, process):
                    yield f"redis://{HOST}:{chosen}/0"
                    return
                if port is not None or attempt == STARTS - 1:
                    raise RuntimeError(f"{SERVER} did not come up:\n{_read(log)}")
            finally:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def kill(url: str) -> None:
    """SIGKILL the Redis server at ``url`` (found by the process id it reports), as a
    crash would stop it, and wait until its port is closed."""
    with redis.Redis.from_url(url) as client:
        pid = client.info("server")["process_id"]
    os.kill(pid, signal.SIGKILL)
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    deadline = time.monotonic() + UP_WITHIN
    while time.monotonic() < deadline:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            time.sleep(0.05)
        except OSError:
            return
    raise RuntimeError(f"{SERVER} on port {port} still answers after SIGKILL")


def flush(url: str) -> None:
    """Delete every key of the server at ``url`` (a test's leftovers)."""
    with redis.Redis.from_url(url) as client:
        client.flushall()


def _answers(port: int, process: subprocess.Popen) -> bool:
    """Whether the server on ``port`` answers ``PING`` before it exits or time runs out."""
    deadline = time.monotonic() + UP_WITHIN
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection((HOST, port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                if connection.recv(64) == b"+PONG\r\n":
                    return True
        except OSError:
            time.sleep(0.05)
    return False


def _read(log: Path) -> str:
    return log.read_text() if log.exists() else "(no log)"
