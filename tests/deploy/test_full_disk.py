"""A full disk under a server as ``make run`` starts it, its log a file on the same disk
as its rooms' SQLite file: for a few seconds its worker may make no file larger
(RLIMIT_FSIZE, which binds root as anyone; Python ignores SIGXFSZ, so each write fails
with EFBIG as with ENOSPC). Every line it logs then fails, and so does every write of
its store.

Meanwhile the server answers as it would with a log that works: 503 ``rooms_unavailable``
(a problem document, with ``Retry-After``) for what needs the store's writes, success for
the rest; never a bare 500, as when the error handler's own log line failed. Once the
disk takes writes again, each play reaches the streams open all along at once (the log
line that failed had stopped the task feeding them), and the log says how many lines
it lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import httpx
import pytest

from bench.server import HOST, free_port, serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.logging import DROPPED
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.sqlite_store import GONE
from foraccio.rooms.store import STORE_VARIABLE
from tests.deploy.holders import workers
from tests.rooms.helpers import bearer, disk_full, my_turn, started, wait_for
from tests.rooms.test_outage import BACK_WITHIN, Follower

pytestmark = pytest.mark.xdist_group("rooms_live")

ROOMS = 4
"""Rooms played in, each followed by one seat's stream."""
OUTAGE = GONE / 4 + 1
"""Seconds the disk stays full at least: longer than the news listener waits between two
renewals of its process's heartbeat (a quarter of ``GONE``), a write that then fails,
and whose log line stopped the listener."""
PROMPT = 5.0
"""Seconds a play has to reach a stream open on its room: milliseconds here (the news of
one process goes through memory), well under a second on a machine ten times slower;
without the listener, only the stream's heartbeat would bring it, 12 s at the earliest
after the stream's last news."""


def next_play(client: httpx.Client, made: dict) -> dict:
    """The play of whichever seat's turn it is (its first move), as ``client.post``'s
    arguments."""
    seat, mine = wait_for(lambda: next(((seat, seen) for seat in range(4)
                                        if (seen := my_turn(client, made, seat))), None))
    return {"url": f"/rooms/{made['room']}/play", "headers": bearer(made["seats"][seat]),
            "json": {"move": mine["moves"][0], "version": mine["version"]}}


def assert_answered(answer: httpx.Response, success: int) -> None:
    """``answer`` is ``success``, or 503 ``rooms_unavailable`` as a problem document."""
    if answer.status_code == success:
        return
    assert answer.status_code == 503, (answer.status_code, answer.headers, answer.text)
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["code"] == "rooms_unavailable"
    assert int(answer.headers["retry-after"]) > 0


def versions(follower: Follower) -> list[int]:
    """The versions the stream has carried so far."""
    return [int(event["id"]) for event in follower.events if event.get("event") == "room"]


def assert_reaches(follower: Follower, version: int) -> None:
    wait_for(lambda: version in versions(follower), PROMPT)


def test_a_full_disk_under_the_log_fails_no_request_and_stops_no_stream(tmp_path):
    data = tmp_path / "data"
    with serving(tmp_path / "server.log", environment={
            SECRET_VARIABLE: EXAMPLE_SECRET, DATA_DIR_VARIABLE: str(data),
            STORE_VARIABLE: None}) as server, \
            httpx.Client(base_url=server.url, timeout=60) as client:
        made = [started(client, ["person"] * 4) for _ in range(ROOMS)]
        followers = [Follower(server.url, room, 0) for room in made]
        for room, follower in zip(made, followers, strict=True):
            assert_reaches(follower, room["started"])

        playing = next_play(client, made[0])  # (reading a room notes its link as seen)
        # Full: neither the log nor the write-ahead log of the rooms may grow.
        (worker,) = workers(server.pid)
        full = min(os.path.getsize(server.log), os.path.getsize(data / "rooms.sqlite3-wal"))
        since = time.monotonic()
        with disk_full(worker, full):
            ready = client.get("/ready")
            assert_answered(ready, 200)
            assert ready.status_code == 503  # the store's outage, not the log's alone
            assert_answered(client.post("/rooms", json={
                "variant": "foraccio", "pace": 0, "seats": ["person", "random"] * 2}), 201)
            assert_answered(client.post(**playing), 200)
            time.sleep(max(0.0, since + OUTAGE - time.monotonic()))

        wait_for(lambda: client.get("/ready").status_code == 200, BACK_WITHIN)
        for room, follower in zip(made, followers, strict=True):
            answer = client.post(**next_play(client, room))
            assert answer.status_code == 200, answer.text
            assert_reaches(follower, answer.json()["version"])
        # The streams went on to the end: closed rooms (and the server's stop not kept
        # waiting by them).
        for room, follower in zip(made, followers, strict=True):
            assert client.post(f"/rooms/{room['room']}/close",
                               headers=bearer(room["host"])).status_code == 200
            assert [event for event in follower.ended()
                    if event.get("event") not in ("room", "presence")] == [
                {"event": "end", "data": '{"reason":"room_finished"}'}]

        notices = [json.loads(line) for line in server.log.read_text().split("\n")
                   if DROPPED in line]
        assert len(notices) == 1, notices
        # At least the three requests' own lines.
        assert notices[0]["level"] == "warning" and notices[0]["lines"] >= 3, notices


def test_a_server_whose_log_is_always_full_starts_and_answers(tmp_path):
    # Its output is /dev/full, which refuses every write (ENOSPC): the lines written as
    # the server starts (foraccio serve's, the app's before it is built) and every
    # request's fail, and the server answers as ever.
    port = free_port()
    with open("/dev/full", "wb") as full:
        process = subprocess.Popen(
            [sys.executable, "-m", "foraccio", "serve", "--host", HOST, "--port", str(port)],
            stdout=full, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, SECRET_VARIABLE: EXAMPLE_SECRET,
                 DATA_DIR_VARIABLE: str(tmp_path / "data")})
    try:
        with httpx.Client(base_url=f"http://{HOST}:{port}", timeout=60) as client:
            def up() -> bool:
                assert process.poll() is None, "the server exited"
                try:
                    return client.get("/health").status_code == 200
                except httpx.TransportError:
                    return False

            wait_for(up, 120)
            assert client.get("/ready").status_code == 200
            made = started(client, ["person"] * 4)
            answer = client.post(**next_play(client, made))
            assert answer.status_code == 200, answer.text
            missing = client.get("/rooms/nothing", headers=bearer("nothing.secret"))
            assert missing.status_code == 404
            assert missing.headers["content-type"] == "application/problem+json"
    finally:
        with contextlib.suppress(ProcessLookupError):  # exited already
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(60)
