"""Bots under load, on a real server: they never hold the event loop, a full queue is
refused at once, and work for a client that hung up stops.

One server for the module, with one bot process, one waiting place and a ceiling of
:data:`SECONDS` a request, so that long requests are long enough to measure around
and short enough for the suite.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time

import pytest

from foraccio.core.testing import random_playout
from tests.api.conftest import wire
from tests.api.live import Answer, live_server, request

SECONDS = 3.0
"""The server's ceiling on one bot request (``FORACCIO_BOT_SECONDS``)."""

STOPPED_WITHIN = 10 * SECONDS
"""Seconds within which a request stopped by the ceiling must be answered: past the
ceiling and the grace the pool gives a process to stop (the pool's ``STOP_GRACE``),
with room for a machine ten times slower, whose bot process starts late and runs
niced; and still far before the minutes a match of searches takes without one."""

SETTLED = 0.5
"""Seconds to let a request sent in the background reach the pool: a few milliseconds'
work."""

# One worker runs the module (with ``--dist loadgroup``), so one server serves it all.
pytestmark = pytest.mark.xdist_group("bot_pool_live")


@pytest.fixture(scope="module")
def server():
    with live_server(FORACCIO_BOT_PROCESSES="1", FORACCIO_BOT_QUEUE="1",
                     FORACCIO_BOT_SECONDS=str(SECONDS)) as live:
        wait_until_the_pool_waits_for_work(live)
        yield live


def wait_until_the_pool_waits_for_work(live) -> None:
    """Wait until the server's bot process has started and reads its socket. The ceiling
    of a request runs from when its job is sent, started or not, and a niced process
    took over twenty seconds to start beside a CPU hog: a job sent before would overrun
    the ceiling, and the process be replaced by one that starts again."""
    deadline = time.monotonic() + 300
    while True:
        pool = [pid for pid in map(int, filter(str.isdigit, os.listdir("/proc")))
                if _in_session(pid, live.pid) and b"foraccio.api.botwork" in _cmdline(pid)]
        if pool and all(_read(f"/proc/{pid}/wchan") == "unix_stream_read_generic"
                        for pid in pool):
            return
        assert time.monotonic() < deadline, "the bot process never started"
        time.sleep(0.1)


def _in_session(pid: int, leader: int) -> bool:
    try:
        return os.getsid(pid) == leader
    except OSError:  # gone meanwhile
        return False


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read()
    except OSError:
        return b""


def _read(path: str) -> str:
    try:
        with open(path) as file:
            return file.read()
    except OSError:
        return ""


@pytest.fixture(scope="module")
def start():
    """The open state at the start of a match: the longest searches."""
    return wire(next(step.before for step in random_playout("foraccio", 3)))


def long_autoplay(state: dict) -> dict:
    """Four ISMCTS bots to the end of the match at the most playouts allowed: minutes of
    work without the ceiling."""
    return {"state": state, "bots": ["ismcts"] * 4, "until": "game_over",
            "budget": {"iterations": 1000}}


def ended_at_the_ceiling(answer: Answer) -> bool:
    """The ceiling stopped the bots: the plays made so far, or none could be made."""
    if answer.status == 200:
        return answer.body["done"] is False and answer.body["plays"] > 0
    return (answer.status, answer.body["code"]) == (503, "time_limit")


def in_background(url: str, path: str, body: dict) -> tuple[threading.Thread, list[Answer]]:
    answers: list[Answer] = []
    thread = threading.Thread(target=lambda: answers.append(request(url, path, body)))
    thread.start()
    return thread, answers


def test_the_server_shows_its_ceilings(server):
    limits = request(server.url, "/limits")
    assert limits.status == 200
    assert limits.body == {"processes": 1, "queue": 1, "seconds": SECONDS, "iterations": 1000,
                           "autoplay_plays": 520}


def test_other_requests_are_served_at_once_while_the_bots_work(server, start):
    thread, answers = in_background(server.url, "/games/autoplay", long_autoplay(start))
    time.sleep(SETTLED)  # the bots are at work in the pool now
    play = {"state": start, "move": {"card": request(
        server.url, "/games/legal-moves", {"state": start}).body["moves"][0]["card"]}}
    health = [request(server.url, "/health") for _ in range(5)]
    played = [request(server.url, "/games/play", play) for _ in range(5)]
    # The order of events, not their times: had the bots held the event loop, these
    # would have been answered only after the autoplay, which runs to the ceiling.
    assert thread.is_alive(), "the other requests waited for the bots"
    thread.join()
    assert all(answer.status == 200 for answer in health + played)
    (autoplay,) = answers
    assert autoplay.seconds < STOPPED_WITHIN
    assert ended_at_the_ceiling(autoplay)


def test_an_autoplay_at_the_ceiling_answers_its_plays_so_far(server, start):
    # Moves of a few hundredths of a second: plays are made before the ceiling, and a
    # whole match takes several times the ceiling (30 playouts a move came close to it).
    body = {**long_autoplay(start), "budget": {"iterations": 100}}
    answer = request(server.url, "/games/autoplay", body)
    assert answer.status == 200
    assert answer.body["done"] is False
    assert 0 < answer.body["plays"] < 520
    assert SECONDS - 0.5 < answer.seconds < STOPPED_WITHIN
    # Posted again, the state goes on from there.
    again = request(server.url, "/games/autoplay", {
        "state": answer.body["state"], "bots": ["random"] * 4, "until": "hand_over"})
    assert again.status == 200
    assert again.body["done"] is True


def test_a_full_queue_is_refused_at_once_with_when_to_come_back(server, start):
    running = [in_background(server.url, "/games/autoplay", long_autoplay(start))]
    time.sleep(SETTLED)
    running.append(in_background(server.url, "/games/autoplay", long_autoplay(start)))
    time.sleep(SETTLED)  # one request runs, one waits: the queue of one is full
    refused = request(server.url, "/games/autoplay", long_autoplay(start))
    bot_move = request(server.url, "/games/bot-move",
                       {"state": start, "bot": "ismcts", "budget": {"iterations": 10}})
    cheap = request(server.url, "/games/bot-move", {"state": start, "bot": "heuristic"})
    # At once: before the first request reached its ceiling, which would have made room.
    first_still_running = running[0][0].is_alive()
    for thread, _ in running:
        thread.join()
    for answer in (refused, bot_move):
        assert answer.status == 503
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert answer.body["code"] == "busy"
        assert 1 <= int(answer.headers["retry-after"]) <= SECONDS
    assert first_still_running, "the refusals waited for the queue"
    assert cheap.status == 200  # a bot that does not search never waits for the pool
    for _, (answer,) in running:  # each ran in turn, to the ceiling
        assert ended_at_the_ceiling(answer)


def test_work_for_a_client_that_hung_up_stops(server, start):
    body = json.dumps(long_autoplay(start)).encode()
    with socket.create_connection(("127.0.0.1", int(server.url.rsplit(":", 1)[1]))) as client:
        client.sendall(b"POST /games/autoplay HTTP/1.1\r\nHost: test\r\n"
                       b"Content-Type: application/json\r\n"
                       b"Content-Length: %d\r\n\r\n" % len(body) + body)
        sent = time.monotonic()
        time.sleep(SETTLED)
    # With the bots still at work, this would wait for the ceiling: the pool has one
    # process and it is taken. Ten playouts and a cancellation take milliseconds.
    answer = request(server.url, "/games/bot-move",
                     {"state": start, "bot": "ismcts", "budget": {"iterations": 10}})
    assert answer.status == 200
    assert time.monotonic() - sent < SECONDS, "the move waited for the ceiling"
    lines = server.log_lines()
    assert any(line.get("event") == "bot_job_cancelled" and line.get("why") == "client_gone"
               for line in lines)
    assert any(line.get("path") == "/games/autoplay" and line.get("status") == 499
               for line in lines)
