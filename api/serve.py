"""Serve the app with granian: :func:`serve` becomes granian with the service's options,
or, with several workers, the supervisor of one granian for each.

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
- ``--workers 1``. With ``FORACCIO_WORKERS`` (or ``--workers``) above 1, the process
  becomes :mod:`foraccio.api.supervisor`, which runs that many granians of one worker
  on the same address and starts again any that exits: one granian with several
  workers stops them all when one of them dies twice in a row, and a granian starts
  its worker again for ever when it fails a little slower;
- ``--workers-kill-timeout``: :data:`STOP_SECONDS`. On SIGTERM granian lets open
  connections finish before the app shuts down, and a room's event stream never
  finishes by itself: without it a server followed by one browser never stopped.
  Past it the worker is killed; its streams' clients reconnect (``Last-Event-ID``),
  and its connections stop counting as present when its store's heartbeat lapses;
- ``--respawn-failed-workers``, for one worker alone: granian replaces it at once when
  it dies (SIGKILL, the kernel's OOM killer), rather than stopping. When it dies again
  within 5.5 s of being replaced (granian's sign of a crash at every start), the server
  stops, and its own supervisor starts it again (``deploy/foraccio.service``). Under
  :mod:`foraccio.api.supervisor` a granian stops when its worker dies, and the
  supervisor's rules decide when it starts again.

granian keeps its default event loop (uvloop). The process becomes granian or the
supervisor (``exec``), so signals reach it as they would a ``granian`` command.
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


def granian_arguments(host: str, port: int, workers: int, timeouts: Timeouts,
                      respawn: bool = True) -> list[str]:
    """granian's command-line arguments (after ``granian``) serving the app; ``respawn``:
    whether granian replaces a worker that dies (else it stops)."""
    return ["--interface", "asgi", "--factory", "--http", "1",
            "--http1-header-read-timeout", str(round(timeouts.header_seconds * 1000)),
            "--host", host, "--port", str(port), "--workers", str(workers),
            "--workers-kill-timeout", str(STOP_SECONDS),
            *(["--respawn-failed-workers"] if respawn else []), APP]


def workers_from_environment(environ: Mapping[str, str] | None = None) -> int:
    """``FORACCIO_WORKERS``, or 1; raise :class:`ValueError` naming it when it is not a
    whole number from 1 to :data:`MAX_WORKERS`."""
    return int(number(os.environ if environ is None else environ, WORKERS, int, 1, 1,
                      MAX_WORKERS))


def serve(host: str, port: int, workers: int, timeouts: Timeouts) -> NoReturn:
    """Become the server of the app on ``host``:``port`` with ``workers`` workers (the
    process is replaced): granian for one, :mod:`foraccio.api.supervisor` for more."""
    if workers == 1:
        os.execv(sys.executable, [sys.executable, "-m", "granian",
                                  *granian_arguments(host, port, 1, timeouts)])
    os.execv(sys.executable, [sys.executable, "-m", "foraccio.api.supervisor", str(workers),
                              *granian_arguments(host, port, 1, timeouts, respawn=False)])
