"""A real server process, as ``make run`` starts it, for the benchmarks and the tests.

``foraccio serve`` (:mod:`foraccio.cli.serve`: granian serving the app, with the options
of :mod:`foraccio.api.serve`) listens on a free loopback port with the environment given;
:func:`serving` waits until ``GET /health`` answers, yields the server, and
stops its whole process group afterwards (the bot pool's processes included).
Its log, standard output and error, goes to a file.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from foraccio.api.serve import granian_arguments
from foraccio.api.timeouts import timeouts_from_environment

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[1]


class Server(NamedTuple):
    url: str
    pid: int
    """Leader of the server's process group."""
    log: Path


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@contextmanager
def serving(log: Path, workers: int | None = 1,
            environment: Mapping[str, str | None] | None = None,
            cpus: set[int] | None = None, arguments: Sequence[str] = (),
            app: str | None = None, port: int | None = None) -> Iterator[Server]:
    """Serve the app with ``workers`` granian workers (None: no ``--workers``, so
    ``FORACCIO_WORKERS`` decides); ``environment`` sets (or, with None, removes) variables
    of the server's environment; ``cpus``, when given, are the only CPUs the server and
    every process it starts may run on (as ``taskset`` would); ``arguments`` are more
    flags of ``foraccio serve``; ``app``, when given, is another app factory for granian,
    started with the same options (``bench/tail.py``'s probed app); ``port``, when given,
    is where it listens (a server started again where one was killed), else a free port.
    Raise RuntimeError, with the log, when the server does not come up."""
    port = free_port() if port is None else port
    env = {**os.environ, **(environment or {})}
    command = [sys.executable, "-m", "foraccio", "serve", "--host", HOST, "--port", str(port),
               *([] if workers is None else ["--workers", str(workers)]), *arguments]
    if app is not None:
        command = [sys.executable, "-m", "granian",
                   *granian_arguments(HOST, port, workers or 1, timeouts_from_environment(
                       {name: value for name, value in env.items() if value is not None}))
                   [:-1], app]
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
            env={name: value for name, value in env.items() if value is not None},
            preexec_fn=None if cpus is None else lambda: os.sched_setaffinity(0, cpus))
    server = Server(f"http://{HOST}:{port}", process.pid, log)
    try:
        _wait_until_up(server, process)
        yield server
    finally:
        _stop(process)


def _stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:  # the whole group has exited already (a failed start)
        process.wait()
        return
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _wait_until_up(server: Server, process: subprocess.Popen, timeout: float = 120) -> None:
    # A few seconds idle; servers took over twenty beside a CPU hog on both cores.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited early:\n{server.log.read_text()}")
        try:
            with urllib.request.urlopen(f"{server.url}/health", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer /health within {timeout:g} s:\n"
                       f"{server.log.read_text()}")
