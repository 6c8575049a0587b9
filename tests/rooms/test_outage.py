"""The rooms' store down under a running server, on real servers: Redis killed (SIGKILL)
and started again, and a SQLite file that can no longer be written.

While the store cannot be used, every room route answers 503 ``rooms_unavailable`` with
``Retry-After``, a stream open ends with ``event: end`` saying so, ``GET /ready`` answers
503 while ``GET /health`` stays 200, and the games without a room are served as ever.
Once the store is back, the room goes on where it was.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import httpx
import pytest

from bench.redis_server import RedisMissing, kill, redis_server
from bench.server import serving
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.store import STORE_VARIABLE
from tests.deploy.holders import workers
from tests.rooms.helpers import bearer, disk_full, make_room, my_turn, started, wait_for
from tests.rooms.test_streams import events

pytestmark = pytest.mark.xdist_group("rooms_live")

BACK_WITHIN = 60.0
"""Seconds the server has to find its store again (it takes about one)."""
END_WITHIN = 60.0
"""Seconds an open stream has to end once the store is gone: at its next read of the
store, by its next heartbeat (15 s) at the latest."""


def environment(data: Path, **more: str | None) -> dict[str, str | None]:
    return {SECRET_VARIABLE: EXAMPLE_SECRET, "FORACCIO_DATA_DIR": str(data), **more}


class Follower:
    """A seat's event stream, read in a thread to its end: its events, in order."""

    def __init__(self, url: str, made: dict, seat: int) -> None:
        self.events: list[dict] = []
        self.opened = threading.Event()
        self._client = httpx.Client(base_url=url, timeout=END_WITHIN)
        self._thread = threading.Thread(target=self._read, args=(made, seat), daemon=True)
        self._thread.start()
        assert self.opened.wait(30), "the stream did not open"

    def _read(self, made: dict, seat: int) -> None:
        try:
            with self._client.stream("GET", f"/rooms/{made['room']}/events",
                                     headers=bearer(made["seats"][seat])) as stream:
                self.opened.set()
                for event in events(stream.iter_lines()):
                    self.events.append(event)
        except httpx.HTTPError as error:  # cut: what the events' end shows
            self.events.append({"cut": repr(error)})

    def ended(self) -> list[dict]:
        """Every event of the stream, once it has ended (by the server's doing)."""
        self._thread.join(END_WITHIN)
        assert not self._thread.is_alive(), "the stream did not end"
        self._client.close()
        return self.events


def assert_unavailable(answer: httpx.Response) -> None:
    assert answer.status_code == 503, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["code"] == "rooms_unavailable"
    assert int(answer.headers["retry-after"]) > 0


def assert_games_served(client: httpx.Client) -> None:
    """A game without a room, dealt and played: no store involved."""
    game = client.post("/games", json={"variant": "foraccio", "seed": 7})
    assert game.status_code == 200, game.text
    moves = client.post("/games/legal-moves", json={"state": game.json()["state"]})
    assert moves.status_code == 200, moves.text
    assert client.get("/health").status_code == 200


def play_once(client: httpx.Client, made: dict) -> dict:
    """A person's play in the room (whichever person's turn comes first); its answer."""
    seat, mine = wait_for(lambda: next(((seat, seen) for seat in (0, 2)
                                        if (seen := my_turn(client, made, seat))), None))
    answer = client.post(f"/rooms/{made['room']}/play", headers=bearer(made["seats"][seat]),
                         json={"move": mine["moves"][0], "version": mine["version"]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def assert_every_room_route_unavailable(client: httpx.Client, made: dict) -> None:
    room, seat = made["room"], bearer(made["seats"][0])
    assert_unavailable(client.get(f"/rooms/{room}", headers=seat))
    assert_unavailable(client.post(f"/rooms/{room}/play", headers=seat,
                                   json={"move": {"card": "1c"}, "version": 2}))
    assert_unavailable(client.post("/rooms", json={"variant": "foraccio", "pace": 0,
                                                   "seats": ["person", "random"] * 2}))
    assert_unavailable(client.post(f"/rooms/{room}/close", headers=bearer(made["host"])))
    assert_unavailable(client.get("/ready"))


def test_redis_killed_makes_rooms_answer_503_and_the_room_goes_on_once_it_is_back(tmp_path):
    kept = tmp_path / "redis"
    kept.mkdir()
    try:
        first = redis_server(kept_in=kept)
        url = first.__enter__()
    except RedisMissing as missing:
        pytest.fail(str(missing))
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    try:
        with serving(tmp_path / "server.log",
                     environment=environment(tmp_path / "data", **{STORE_VARIABLE: url})
                     ) as server, httpx.Client(base_url=server.url, timeout=60) as client:
            made = started(client, ["person", "random", "person", "random"])
            before = play_once(client, made)
            assert client.get("/ready").status_code == 200
            follower = Follower(server.url, made, 0)
            wait_for(lambda: follower.events)

            kill(url)
            assert_every_room_route_unavailable(client, made)
            assert_unavailable(client.get(f"/rooms/{made['room']}/events",
                                          headers=bearer(made["seats"][2])))
            assert_games_served(client)
            seen = follower.ended()
            assert seen[-1] == {"event": "end", "data": '{"reason":"rooms_unavailable"}'}

            with redis_server(port=port, kept_in=kept):
                wait_for(lambda: client.get("/ready").status_code == 200, BACK_WITHIN)
                after = client.get(f"/rooms/{made['room']}", headers=bearer(made["seats"][0]))
                assert after.status_code == 200, after.text
                assert after.json()["version"] >= before["version"]
                assert play_once(client, made)["version"] > before["version"]
    finally:
        first.__exit__(None, None, None)


def test_a_sqlite_file_that_cannot_be_written_makes_rooms_answer_503_until_it_can(tmp_path):
    # A full disk (disk_full): the worker may write no file past the size the rooms'
    # write-ahead log has now.
    data = tmp_path / "data"
    with serving(tmp_path / "server.log", environment=environment(data, **{
            STORE_VARIABLE: None})) as server, \
            httpx.Client(base_url=server.url, timeout=60) as client:
        made = started(client, ["person", "random", "person", "random"])
        before = play_once(client, made)
        follower = Follower(server.url, made, 0)
        wait_for(lambda: follower.events)
        seat, mine = wait_for(lambda: next(((seat, seen) for seat in (0, 2)
                                            if (seen := my_turn(client, made, seat))), None))
        log = os.path.getsize(server.log)
        full = os.path.getsize(data / "rooms.sqlite3-wal")
        assert log < full // 2, "the server's log would reach the limit first"
        (worker,) = workers(server.pid)
        with disk_full(worker, full):
            room = made["room"]
            assert_unavailable(client.post(f"/rooms/{room}/play",
                                           headers=bearer(made["seats"][seat]),
                                           json={"move": mine["moves"][0],
                                                 "version": mine["version"]}))
            assert_unavailable(client.post("/rooms", json={
                "variant": "foraccio", "pace": 0, "seats": ["person", "random"] * 2}))
            assert_unavailable(client.post(f"/rooms/{room}/close",
                                           headers=bearer(made["host"])))
            assert_unavailable(client.get("/ready"))
            # A stream opened now cannot count its link as connected: it ends at once.
            with client.stream("GET", f"/rooms/{room}/events",
                               headers=bearer(made["seats"][seat])) as stream:
                opened = list(events(stream.iter_lines()))
            assert opened[-1] == {"event": "end", "data": '{"reason":"rooms_unavailable"}'}
            assert_games_served(client)
        wait_for(lambda: client.get("/ready").status_code == 200, BACK_WITHIN)
        assert play_once(client, made)["version"] > before["version"]
        # The stream open all along went on: it got the play.
        wait_for(lambda: any(event.get("event") == "room" and
                             json.loads(event["data"])["version"] > before["version"]
                             for event in follower.events))
        assert client.post(f"/rooms/{made['room']}/close",
                           headers=bearer(made["host"])).status_code == 200
        assert follower.ended()[-1] == {"event": "end", "data": '{"reason":"room_finished"}'}
        assert make_room(client)["room"]
