"""Serve the app with granian: ``python -m foraccio.api.serve [--host H] [--port P] [--workers N]``.

The one place that spells out the server's command line: ``make run``, the
benchmarks and the tests' servers (:func:`bench.server.serving`) all start it
here, so each runs with the same options:

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
  and its connections stop counting as present when its store's heartbeat lapses.

granian keeps its default event loop (uvloop). The process becomes granian
(``exec``), so signals reach it as they would a ``granian`` command.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

from foraccio.api.environment import number
from foraccio.api.timeouts import Timeouts, timeouts_from_environment

APP = "foraccio.api.app:create_app"
STOP_SECONDS = 5
"""Seconds a stopping worker has to finish its open requests before it is killed."""
WORKERS = "FORACCIO_WORKERS"
"""The environment variable giving the number of worker processes (default 1)."""


def granian_arguments(host: str, port: int, workers: int, timeouts: Timeouts) -> list[str]:
    """granian's command-line arguments (after ``granian``) serving the app."""
    return ["--interface", "asgi", "--factory", "--http", "1",
            "--http1-header-read-timeout", str(round(timeouts.header_seconds * 1000)),
            "--host", host, "--port", str(port), "--workers", str(workers),
            "--workers-kill-timeout", str(STOP_SECONDS), APP]


def workers_from_environment(environ: Mapping[str, str] | None = None) -> int:
    """``FORACCIO_WORKERS``, or 1; raise :class:`ValueError` naming it when it is not a
    whole number from 1 to 256."""
    return int(number(os.environ if environ is None else environ, WORKERS, int, 1, 1, 256))


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and become granian serving the app."""
    parser = argparse.ArgumentParser(prog="python -m foraccio.api.serve",
                                     description="Serve the app with granian.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on "
                        "(default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--workers", type=int, help=f"worker processes (default "
                        f"{WORKERS}, else 1)")
    options = parser.parse_args(argv)
    try:
        workers = workers_from_environment() if options.workers is None else options.workers
        timeouts = timeouts_from_environment()
    except ValueError as error:
        parser.error(str(error))
    arguments = granian_arguments(options.host, options.port, workers, timeouts)
    os.execv(sys.executable, [sys.executable, "-m", "granian", *arguments])


if __name__ == "__main__":
    main()
