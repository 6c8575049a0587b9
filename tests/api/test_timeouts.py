"""How long a client may take to send its request (api/timeouts.py), on a real server
started as ``make run`` starts it (api/serve.py), with timeouts of a second: a connection
that sends nothing, or its headers or its body too slowly, or that stays idle after an
answer, is closed rather than held."""

from __future__ import annotations

import json
import socket
import time
from typing import NamedTuple
from urllib.parse import urlsplit

import pytest

from foraccio.api.serve import WORKERS, granian_arguments, workers_from_environment
from foraccio.api.timeouts import BODY_SECONDS, HEADER_SECONDS, Timeouts, timeouts_from_environment
from tests.api.live import live_server

HELD = 20.0
"""Seconds after which a connection counts as held open: twenty times the timeouts, so a
slow machine still closes it well before."""


@pytest.fixture(scope="module")
def server():
    with live_server(**{HEADER_SECONDS: "1", BODY_SECONDS: "1"}) as running:
        yield running


def connect(server) -> socket.socket:
    address = urlsplit(server.url)
    return socket.create_connection((address.hostname, address.port), timeout=HELD)


class Heard(NamedTuple):
    """What the server sent on a connection, and when."""

    received: bytes
    answered: float | None
    """Seconds until its first byte; None when it sent none."""
    closed: float | None
    """Seconds until it closed the connection; None when it held it for :data:`HELD`."""

    def held(self) -> str:
        """Why the connection counts as held, in words."""
        if self.answered is None:
            return f"no answer at all, and the connection still open after {HELD:g} s"
        status = self.received.partition(b"\r\n")[0].decode("latin-1")
        return (f"answered {status!r} after {self.answered:.2f} s, but the connection "
                f"still open {HELD:g} s after that answer")


def listen(connection: socket.socket) -> Heard:
    """Everything the server sends until it closes ``connection`` or stays silent for
    :data:`HELD` seconds after its last byte (or from the start); ``connection`` closed."""
    began, received, answered = time.monotonic(), b"", None
    try:
        while chunk := connection.recv(65536):
            answered = time.monotonic() - began if answered is None else answered
            received += chunk
    except TimeoutError:
        return Heard(received, answered, None)
    finally:
        connection.close()
    return Heard(received, answered, time.monotonic() - began)


def until_closed(connection: socket.socket) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that took;
    fails, saying what it sent and when, when it is still open after :data:`HELD` s."""
    heard = listen(connection)
    if heard.closed is None:
        pytest.fail(f"the server held the connection: {heard.held()}")
    return heard.received, heard.closed


def test_a_connection_that_sends_nothing_is_closed(server):
    received, seconds = until_closed(connect(server))

    assert received == b""
    assert seconds >= 0.5  # not at once: the client had its second


def test_headers_sent_too_slowly_are_not_waited_for(server):
    connection = connect(server)
    connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")

    assert until_closed(connection)[0] == b""


def test_an_idle_connection_is_closed_after_its_answer(server):
    connection = connect(server)
    connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")

    received, _ = until_closed(connection)
    assert received.startswith(b"HTTP/1.1 200 OK\r\n")
    assert received.endswith(b'{"status":"ok"}')


# POST /games/play with a length is read by foraccio.api.fastplay, any other by WholeBody.
@pytest.mark.parametrize(("path", "framing"), [
    (b"/games", b"Content-Length: 1000\r\n"), (b"/games", b"Transfer-Encoding: chunked\r\n"),
    (b"/games/play", b"Content-Length: 1000\r\n")])
def test_a_body_sent_too_slowly_is_a_408_and_the_connection_closes(server, path, framing):
    connection = connect(server)
    start = b'{"variant":' if b"Length" in framing else b'b\r\n{"variant":\r\n'
    connection.sendall(b"POST " + path + b" HTTP/1.1\r\nHost: x\r\n"
                       b"Content-Type: application/json\r\n" + framing + b"\r\n" + start)

    received, seconds = until_closed(connection)
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), \
        f"closed after {seconds:.2f} s with {received[:200]!r}"
    assert b"connection: close" in head.lower()
    assert b"content-type: application/problem+json" in head.lower()
    problem = json.loads(body)
    assert problem["code"] == "request_timeout"
    assert "did not arrive within the 1 s" in problem["detail"]
    assert seconds >= 0.5


@pytest.mark.parametrize("path", [b"/games", b"/games/play"])
def test_a_client_that_hangs_up_before_its_body_is_in_is_no_server_error(server, path):
    request_id = "hangs-up" + path.decode().replace("/", "-")
    connection = connect(server)
    connection.sendall(b"POST " + path + b" HTTP/1.1\r\nHost: x\r\n"
                       b"Content-Type: application/json\r\nContent-Length: 1000\r\n"
                       b"X-Request-ID: " + request_id.encode() + b"\r\n\r\n{")
    time.sleep(0.2)  # the app is waiting for the rest
    connection.close()

    def logged() -> list[dict]:
        return [line for line in server.log_lines() if line.get("request_id") == request_id]

    deadline = time.monotonic() + HELD
    while not any(line["event"] == "request" for line in logged()):
        assert time.monotonic() < deadline, "the request was never logged"
        time.sleep(0.1)
    assert [(line["event"], line.get("status")) for line in logged()] == [("request", 499)]


def test_a_body_sent_in_time_is_read(server):
    connection = connect(server)
    body = b'{"variant": "foraccio", "seed": 1}'
    connection.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       b"Content-Length: %d\r\n\r\n" % len(body) + body[:10])
    time.sleep(0.1)  # a tenth of the time the server waits for a body
    connection.sendall(body[10:])

    assert until_closed(connection)[0].startswith(b"HTTP/1.1 200 OK\r\n")


# --- the settings ----------------------------------------------------------------------


def test_the_timeouts_default_to_the_documented_values():
    assert timeouts_from_environment({}) == Timeouts(header_seconds=10, body_seconds=30)
    assert timeouts_from_environment({HEADER_SECONDS: "2.5", BODY_SECONDS: " 60 "}) == \
        Timeouts(header_seconds=2.5, body_seconds=60)


@pytest.mark.parametrize(("name", "value"), [
    (HEADER_SECONDS, "0"), (HEADER_SECONDS, "61"), (BODY_SECONDS, "nan"),
    (BODY_SECONDS, "-1"), (BODY_SECONDS, "soon"),
])
def test_a_timeout_out_of_range_stops_the_server_naming_it(name, value):
    with pytest.raises(ValueError, match=name):
        timeouts_from_environment({name: value})


def test_granian_is_told_the_header_timeout_and_speaks_http_1_only():
    arguments = granian_arguments("127.0.0.1", 8123, 2, Timeouts(header_seconds=2.5))

    assert arguments[arguments.index("--http1-header-read-timeout") + 1] == "2500"
    # granian's automatic protocol detection runs no timer: a silent connection would stay.
    assert arguments[arguments.index("--http") + 1] == "1"
    assert arguments[arguments.index("--interface") + 1] == "asgi"
    assert arguments[arguments.index("--port") + 1] == "8123"
    assert arguments[arguments.index("--workers") + 1] == "2"
    assert "--loop" not in arguments  # granian's default event loop, uvloop


def test_the_workers_come_from_the_environment():
    assert workers_from_environment({}) == 1
    assert workers_from_environment({WORKERS: "4"}) == 4
    with pytest.raises(ValueError, match=WORKERS):
        workers_from_environment({WORKERS: "0"})
