"""Logging: structlog through Litestar's plugin, and one line per request.

Lines are JSON when standard output is not a terminal (a server, CI, a pipe)
and readable text when it is. :class:`RequestLog` writes one line per request
with its method, path, status, duration and request id, and returns the id in
the ``X-Request-ID`` header. Bodies are never logged: a state holds every
player's hand.

Logging never fails what logs: a full disk under the log must not turn requests into
bare 500s (an error handler's own line failing too) nor stop the task that feeds the
rooms' streams. Each line is written whole, straight to the file beneath standard output
(:class:`LogLines`); a line the file refuses is dropped, not raised, and the first line
written afterwards is a ``log_lines_dropped`` warning saying how many were lost. The
standard library's loggers (the plugins', granian's) drop such a line by themselves
(``logging.Handler.handleError``).
"""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING

import msgspec
import structlog
from litestar.logging.config import StructLoggingConfig
from litestar.plugins.structlog import StructlogConfig, StructlogPlugin
from structlog.contextvars import bind_contextvars, reset_contextvars

if TYPE_CHECKING:
    from typing import BinaryIO

    from litestar.types import ASGIApp, Message, Receive, Scope, Send

REQUEST_ID_HEADER = "X-Request-ID"
_HEADER_KEY = REQUEST_ID_HEADER.lower().encode()
_SANE_ID = re.compile(rb"[A-Za-z0-9._:-]{1,128}")
"""A client's request id is echoed only if it is a short plain token, so it cannot
forge log lines or headers."""


def logging_config() -> StructLoggingConfig:
    """The service's structlog configuration; :meth:`~StructLoggingConfig.configure` it
    before anything logs (the app's factory does, first), so that every line of the
    process, those written before the app is built included, goes through
    :class:`LogLines`."""
    as_json = not sys.stdout.isatty()
    rendering = _rendering(as_json)
    lines = LogLines(_unbuffered(sys.stdout),
                     lambda count: _render(rendering, DROPPED, lines=count))
    return StructLoggingConfig(
        processors=[structlog.contextvars.merge_contextvars, *rendering],
        logger_factory=lambda *_: lines,
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO),
        log_exceptions="never",
    )


def structlog_plugin(config: StructLoggingConfig) -> StructlogPlugin:
    """Litestar's structlog plugin, with the service's ``config`` (:func:`logging_config`).

    Litestar's own request logging is off (:class:`RequestLog` writes one line
    instead of two, without bodies), and so is its exception logging: handled
    client errors need no stack trace, and unexpected errors are logged with
    theirs by :mod:`foraccio.api.errors`. Lines go to standard output through
    :class:`LogLines`.
    """
    return StructlogPlugin(StructlogConfig(structlog_logging_config=config,
                                           enable_middleware_logging=False))


def _rendering(as_json: bool) -> list:
    # Every line's processors but the request's context, which the notice of dropped
    # lines (rendered by these alone) does not belong to.
    stamped = [structlog.processors.add_log_level, stamp_utc]
    if as_json:
        return [*stamped, structlog.processors.format_exc_info,
                structlog.processors.JSONRenderer(serializer=_to_json)]
    return [*stamped, structlog.dev.ConsoleRenderer()]


def _render(processors: list, event: str, **fields: object) -> str | bytes:
    """A warning line, rendered by ``processors`` as structlog would render it."""
    rendered: object = {"event": event, **fields}
    for processor in processors:
        rendered = processor(None, "warning", rendered)
    return rendered


def _unbuffered(stream) -> BinaryIO:
    # Below the text and buffer layers: a line refused in part would otherwise wait in
    # the buffer, and come out later, cut, in the middle of another.
    binary = getattr(stream, "buffer", stream)
    return getattr(binary, "raw", binary)


DROPPED = "log_lines_dropped"
"""The event of the warning that says how many lines were dropped (field ``lines``)."""


class LogLines:
    """The structlog logger of the service: each rendered line written whole to ``file``
    (the process's standard output, unbuffered), one at a time across threads.

    A line that ``file`` refuses, wholly or in part (``OSError``: a full disk, a closed
    pipe; ``ValueError``: a file closed as the interpreter stops), is dropped and
    counted. Once writing works again, ``dropped_line(count)`` (a rendered warning) is
    written first; when the last line was cut short, a line break before it ends that
    line, so that each line stays one event.
    """

    def __init__(self, file: BinaryIO, dropped_line: Callable[[int], str | bytes]) -> None:
        self._write = file.write
        self._dropped_line = dropped_line
        self._lock = threading.Lock()
        self.dropped = 0
        """Lines dropped since the last one written."""
        self._cut = False

    def msg(self, message: str | bytes) -> None:
        """Write ``message`` (one rendered line) and a line break, or drop it."""
        line = _line(message)
        with self._lock:
            if self.dropped:
                if not self._put(_line(self._dropped_line(self.dropped))):
                    self.dropped += 1
                    return
                self.dropped = 0
            if not self._put(line):
                self.dropped += 1

    log = debug = info = warn = warning = msg
    fatal = failure = err = error = critical = exception = msg

    def _put(self, line: bytes) -> bool:
        """Write ``line``; whether the file took all of it."""
        if self._cut:
            line = b"\n" + line
        try:
            written = self._write(line)  # all of it, but on a full disk
        except (OSError, ValueError):
            return False
        if written == len(line):
            self._cut = False
            return True
        left = memoryview(line)[written or 0:]
        with contextlib.suppress(OSError, ValueError):
            while left:
                written = self._write(left)
                if not written:  # None: a non-blocking file with no room now
                    break
                left = left[written:]
        if len(left) < len(line):
            self._cut = bool(left)
        return not left


def _line(message: str | bytes) -> bytes:
    return (message if isinstance(message, bytes)
            else message.encode("utf-8", "backslashreplace")) + b"\n"


def stamp_utc(logger, method_name, event_dict):
    """structlog's ``TimeStamper(fmt="iso", utc=True)``: the line's ``timestamp``, now in
    UTC to the microsecond, such as ``2026-12-05T14:25:29.131973Z``."""
    event_dict["timestamp"] = iso_utc(time.time_ns())
    return event_dict


def iso_utc(nanoseconds: int) -> str:
    """The instant ``nanoseconds`` after the epoch, as ``datetime.isoformat`` writes it in
    UTC (floored to the microsecond, without a fraction when it is whole) with ``Z``."""
    second, microsecond = divmod(nanoseconds // 1000, 1_000_000)
    text = _iso_second(second)
    return f"{text}.{microsecond:06d}Z" if microsecond else f"{text}Z"


@lru_cache(maxsize=1)
def _iso_second(second: int) -> str:
    # Formatted once a second: formatting the date and time on every line, as
    # TimeStamper does, cost 3 us of the 0.2 ms of CPU of a request.
    return datetime.fromtimestamp(second, UTC).replace(tzinfo=None).isoformat()


_encoder = msgspec.json.Encoder(enc_hook=repr)


def _to_json(event_dict, **_) -> bytes:
    # structlog passes json.dumps options (default=...) that msgspec does not take.
    return _encoder.encode(event_dict)


class RequestLog:
    """ASGI middleware around the whole app: a request id and one log line per request.

    It wraps Litestar's exception handling too, so requests for unknown paths
    and methods are logged and get an id like any other.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        # Bound now, the app's structlog configuration being in place: the lazy proxy
        # that get_logger() returns would look its logger up again on every line.
        self.logger = structlog.get_logger("foraccio.api.request").bind()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        request_id = _request_id(scope["headers"])
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), (_HEADER_KEY, request_id)]
            await send(message)

        # Bound for every line of the request, then the previous value restored: as
        # structlog's bound_contextvars() does, which costs four times as much (it copies
        # the whole context twice), some 5 us of every request's 0.2 ms of CPU.
        bound = bind_contextvars(request_id=request_id.decode())
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            self.logger.info(
                "request", method=scope["method"], path=scope["path"], status=status,
                duration_ms=round((time.perf_counter() - start) * 1000, 3),
            )
            reset_contextvars(**bound)


def _request_id(headers) -> bytes:
    for name, value in headers:
        if name == _HEADER_KEY:
            if _SANE_ID.fullmatch(value):
                return value
            break
    return secrets.token_hex(16).encode()
