"""Serve the app with granian: :func:`serve` becomes granian with the service's options.

The one place that spells out the server's command line: ``foraccio serve``
(:mod:`foraccio.cli.serve`), and so ``make run``, the benchmarks and the tests'
servers (:func:`bench.server.serving`), all start it here, so each runs with the
same options:

- ``--interface asgi --factory foraccio.api.app:create_app``: granian's own default
  interface (RSGI) would answer every request with a 500;
- ``--http 1``: HTTP/1.1 only. granian's default (``auto``) tells HTTP/1.1 from
  cleartext HTTP/2 by a connection's first bytes, and runs no timer while it
  waits for them (hyper-util's protocol detection), so a connection that sends
  nothing was held open for ever. Browsers speak HTTP/2 only over TLS, which a
  proxy in front of the service ends;
- ``--http1-header-read-timeout``: ``FORACCIO_HEADER_SECONDS`` (:mod:`foraccio.api.timeouts`),
  also the idle limit of a kept-alive connection;
- ``--workers``: ``FORACCIO_WORKERS`` (default 1) unless given;
- ``--workers-kill-timeout``: :data:`STOP_SECONDS`. On SIGTERM granian lets open
  connections finish before the app shuts down, and a room's event stream never
  finishes by itself: without it a server followed by one browser never stopped.
  Past it the worker is killed; its streams' clients reconnect (``Last-Event-ID``),
  and its connections stop counting as present when its store's heartbeat lapses;
- ``--respawn-failed-workers``: a worker that dies (SIGKILL, the kernel's OOM killer)
  is replaced at once while the others go on answering; by default granian stopped the
  whole server when one worker died. A worker that dies again within granian's 5.5 s of
  being replaced (a crash at every start) still stops the server.

granian keeps its default event loop (uvloop). The process becomes granian
(``exec``), so signals reach it as they would a ``granian`` command.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import NoReturn

from foraccio.api.environment import number
from foraccio.api.timeouts import Timeouts

APP = "foraccio.api.app:create_app"
STOP_SECONDS = 5
"""Seconds a stopping worker has to finish its open requests before it is killed."""
MAX_WORKERS = 256
"""The most worker processes ``--workers`` (or ``FORACCIO_WORKERS``) may ask for."""
WORKERS = "FORACCIO_WORKERS"
"""The environment variable giving the number of worker processes (default 1)."""


def granian_arguments(host: str, port: int, workers: int, timeouts: Timeouts) -> list[str]:
    """granian's command-line arguments (after ``granian``) serving the app."""
    return ["--interface", "asgi", "--factory", "--http", "1",
            "--http1-header-read-timeout", str(round(timeouts.header_seconds * 1000)),
            "--host", host, "--port", str(port), "--workers", str(workers),
            "--workers-kill-timeout", str(STOP_SECONDS), "--respawn-failed-workers", APP]


def workers_from_environment(environ: Mapping[str, str] | None = None) -> int:
    """``FORACCIO_WORKERS``, or 1; raise :class:`ValueError` naming it when it is not a
    whole number from 1 to :data:`MAX_WORKERS`."""
    return int(number(os.environ if environ is None else environ, WORKERS, int, 1, 1,
                      MAX_WORKERS))


def serve(host: str, port: int, workers: int, timeouts: Timeouts) -> NoReturn:
    """Become granian serving the app on ``host``:``port`` (the process is replaced)."""
    arguments = granian_arguments(host, port, workers, timeouts)
    os.execv(sys.executable, [sys.executable, "-m", "granian", *arguments])

