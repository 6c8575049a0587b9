"""Rooms on real servers: a server killed mid-hand (SIGKILL) and started again serves every
room as it was, its bots playing on; and many clients playing and reconnecting at once,
on one room and on many, end exactly where a serial replay of the plays accepted ends.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from bench.server import HOST, ROOT, free_port, serving
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.core import engine
from foraccio.core.model import Move
from foraccio.rooms.sqlite_store import SqliteStore
from tests.rooms.helpers import SEALER, bearer, my_turn, started, view, wait_for

pytestmark = pytest.mark.xdist_group("rooms_live")


def environment(data: Path, **more: str) -> dict[str, str]:
    return {SECRET_VARIABLE: EXAMPLE_SECRET, "FORACCIO_DATA_DIR": str(data),
            "FORACCIO_ROOMS_DEAL_SECONDS": "0.1", **more}


def test_a_server_killed_mid_hand_serves_every_room_as_it_was(tmp_path):
    data = tmp_path / "data"
    with serving(tmp_path / "first.log", environment=environment(data)) as first, \
            httpx.Client(base_url=first.url, timeout=30) as client:
        rooms = [started(client, ["person", "heuristic", "person", "random"], pace=0.05)
                 for _ in range(3)]
        for made in rooms:  # a few plays into the hand, the bots' included
            for _ in range(3):
                seat, mine = wait_for(lambda made=made: next(
                    ((s, seen) for s in (0, 2) if (seen := my_turn(client, made, s))), None))
                assert client.post(f"/rooms/{made['room']}/play",
                                   headers=bearer(made["seats"][seat]),
                                   json={"move": mine["moves"][0],
                                         "version": mine["version"]}).status_code == 200
        before = [view(client, made, 0) for made in rooms]
        os.killpg(first.pid, signal.SIGKILL)
    with serving(tmp_path / "second.log", environment=environment(data)) as second, \
            httpx.Client(base_url=second.url, timeout=30) as client:
        for made, seen in zip(rooms, before, strict=True):
            # The same room at the same version, unless a bot was due and has played since.
            after = view(client, made, 0)
            assert after["version"] >= seen["version"] and after["match"]["hand"] == 1
            if after["version"] == seen["version"]:
                assert after == seen
        # The bots play on after the restart: each room reaches its people's turn again.
        for made in rooms:
            assert wait_for(lambda made=made: my_turn(client, made, 0) or my_turn(client,
                                                                                made, 2))


# --- many clients at once ---------------------------------------------------------------

ROOMS = 4
CLIENTS_PER_SEAT = 2
PLAYS_PER_ROOM = 24


def test_many_clients_at_once_end_where_a_serial_replay_of_the_accepted_plays_ends(tmp_path):
    data = tmp_path / "data"
    with serving(tmp_path / "server.log", environment=environment(data)) as server:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            rooms = [started(client, ["person"] * 4) for _ in range(ROOMS)]
        accepted: dict[str, list[tuple[int, int, dict]]] = {made["room"]: [] for made in rooms}
        refused: list[str] = []
        lock = threading.Lock()

        def player(made: dict, seat: int, seed: int) -> None:
            # Reads the room, plays a random legal move for its seat when it may, reconnects
            # (a new connection) every few requests, until the room has made its plays.
            chooser = random.Random(seed)
            client = httpx.Client(base_url=server.url, timeout=30)
            try:
                for request in range(2000):
                    if request % 5 == 0:
                        client.close()
                        client = httpx.Client(base_url=server.url, timeout=30)
                    seen = client.get(f"/rooms/{made['room']}",
                                      headers=bearer(made["seats"][seat])).json()
                    if seen["version"] >= PLAYS_PER_ROOM + made["started"]:
                        return
                    if not seen["moves"]:
                        continue
                    move = chooser.choice(seen["moves"])
                    answer = client.post(f"/rooms/{made['room']}/play",
                                         headers=bearer(made["seats"][seat]),
                                         json={"move": move, "version": seen["version"]})
                    if answer.status_code == 200:
                        with lock:
                            accepted[made["room"]].append((answer.json()["version"], seat, move))
                    else:
                        assert answer.status_code == 409, answer.text
                        assert answer.json()["code"] in ("stale_version", "not_your_turn")
                        with lock:
                            refused.append(answer.json()["code"])
            finally:
                client.close()

        threads = [threading.Thread(target=player, args=(made, seat, n * 10 + seat))
                   for n, made in enumerate(rooms) for seat in range(4)
                   for _ in range(CLIENTS_PER_SEAT)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert refused  # the clients did race: some plays lost
    for made in rooms:
        plays = sorted(accepted[made["room"]])
        # Each version landed once, in order, by the seat whose turn it was.
        start = made["started"] + 1
        assert [version for version, _, _ in plays] == list(range(start, start + len(plays)))
        first, last = _tokens(data, made["room"])
        state = SEALER.open(first).engine_state()
        for _, seat, move in plays:
            state = engine.play(state, Move(move["card"], tuple(move["take"]), move["jolly"]),
                                seat)[0]
        assert SEALER.open(last).engine_state() == state


def _tokens(data: Path, room_id: str) -> tuple[str, str]:
    """The room's token when it started, and its latest, as its store holds them."""

    async def read() -> tuple[str, str]:
        store = SqliteStore(str(data / "rooms.sqlite3"))
        try:
            entries = await store.entries(room_id, 0)
            return entries[1].token, entries[-1].token  # version 2: started
        finally:
            await store.close()

    return asyncio.run(read())


def test_no_log_line_holds_a_links_secret(tmp_path):
    log = tmp_path / "server.log"
    with serving(log, environment=environment(tmp_path / "data")) as server, \
            httpx.Client(base_url=server.url, timeout=30) as client:
        made = started(client, ["person", "heuristic", "person", "random"])
        invites = [made["host"], made["spectator"], made["seats"][0], made["seats"][2]]
        for invite in invites:
            client.get(f"/rooms/{made['room']}", headers=bearer(invite))
        client.get(f"/rooms/{made['room']}", headers=bearer(made["room"] + ".wrong"))
        with client.stream("GET", f"/rooms/{made['room']}/events",
                           headers=bearer(made["seats"][0])) as stream:
            next(stream.iter_lines())
    text = log.read_text()
    assert made["room"] in text  # the log does name the room
    for invite in invites:
        assert invite.split(".")[1] not in text


def test_a_server_followed_by_an_open_stream_still_stops(tmp_path):
    # granian lets open connections finish before it stops, and a stream never does:
    # past foraccio.api.serve.STOP_SECONDS the worker is killed and the client is cut off.
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "foraccio", "serve", "--port", str(port)], cwd=ROOT,
        env={**os.environ, **environment(tmp_path / "data")}, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://{HOST}:{port}"
        wait_for(lambda: _up(url))
        with httpx.Client(base_url=url, timeout=60) as client:
            made = started(client, ["person"] * 4)
            with client.stream("GET", f"/rooms/{made['room']}/events",
                               headers=bearer(made["seats"][0])) as stream:
                lines = stream.iter_lines()
                next(lines)
                began = time.monotonic()
                os.killpg(process.pid, signal.SIGTERM)
                assert process.wait(timeout=60) is not None
                stopped = time.monotonic() - began
        assert stopped < 60  # about STOP_SECONDS; never for ever
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _up(url: str) -> bool:
    try:
        return httpx.get(url + "/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_many_streams_opened_at_once_on_redis_all_start(tmp_path, redis_url):
    # Each stream's first look at the store takes a connection to Redis; a burst of them
    # once failed "Too many connections" (500) instead of waiting for one.
    # One client makes every room and opens every stream: no limits per client.
    with serving(tmp_path / "server.log",
                 environment=environment(tmp_path / "data", FORACCIO_ROOMS=redis_url,
                                         FORACCIO_ROOMS_CLIENT_SECONDS="0",
                                         FORACCIO_STREAMS_PER_CLIENT="1000")) as server:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            rooms = [started(client, ["person"] * 4) for _ in range(30)]

        async def first_event(client: httpx.AsyncClient, made: dict, seat: int) -> int:
            async with client.stream("GET", f"/rooms/{made['room']}/events",
                                     headers=bearer(made["seats"][seat])) as stream:
                assert stream.status_code == 200
                async for line in stream.aiter_lines():
                    if line.startswith("id: "):
                        return int(line[4:])
            raise AssertionError("the stream ended")

        async def all_at_once() -> list[int]:
            limits = httpx.Limits(max_connections=None)
            async with httpx.AsyncClient(base_url=server.url, timeout=60, limits=limits) as client:
                return await asyncio.gather(*(first_event(client, made, seat)
                                              for made in rooms for seat in range(4)))

        assert asyncio.run(all_at_once()) == [made["started"] for made in rooms for _ in range(4)]
