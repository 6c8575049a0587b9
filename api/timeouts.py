"""How long a client may take to send its request, read from the environment at start-up.

A connection costs the server a file descriptor and some memory for as long as
it stays open, whoever holds it; without limits a few clients that open
connections and then send nothing, or a body a byte at a time, hold them for
ever. Two ceilings, each from an environment variable:

``FORACCIO_HEADER_SECONDS`` (default 10, at most 60)
    To send a request's headers, counted from when the connection opens or the
    previous answer is sent: so it is also how long a kept-alive connection may
    stay idle. Past it granian closes the connection without an answer (there is
    no request to answer). Enforced by granian (:mod:`foraccio.api.serve`).
``FORACCIO_BODY_SECONDS`` (default 30)
    To send the whole body, counted from when the headers arrived. Past it the
    server answers 408 ``request_timeout`` and closes the connection. Enforced by
    the app (:class:`foraccio.api.asgi.WholeBody`): granian has no such setting.

A value that is not a number in its range stops the server at start-up with a
message naming the variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from foraccio.api.environment import number

HEADER_SECONDS = "FORACCIO_HEADER_SECONDS"
BODY_SECONDS = "FORACCIO_BODY_SECONDS"

MOST_HEADER_SECONDS = 60
"""granian's own bound on its header timeout (``--http1-header-read-timeout``, 60000 ms)."""


@dataclass(frozen=True)
class Timeouts:
    """The ceilings in force; see the module's documentation for each."""

    header_seconds: float = 10.0
    body_seconds: float = 30.0


def timeouts_from_environment(environ: Mapping[str, str] | None = None) -> Timeouts:
    """The ceilings the environment sets, each variable's default where it is unset or
    empty; raise :class:`ValueError` naming a variable whose value is out of range."""
    environ = os.environ if environ is None else environ
    defaults = Timeouts()
    return Timeouts(
        header_seconds=number(environ, HEADER_SECONDS, float, defaults.header_seconds, 0.001,
                              MOST_HEADER_SECONDS),
        body_seconds=number(environ, BODY_SECONDS, float, defaults.body_seconds, 0.01, 3600),
    )
