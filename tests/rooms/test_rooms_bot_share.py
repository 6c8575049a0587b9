"""Rooms' bots and a client's bot moves on one real server: the rooms keep the pool busy,
and the client's moves are still served, never refused for the rooms' sake.

The server has one bot process and one waiting place for requests over the API. Rooms
of one person and three ``ismcts`` bots at pace 0, whose person (a thread of the test)
plays as soon as it may, ask the pool for a move nearly all the time. Before the pool
kept a share for each side, their moves filled its queue: the rooms' moves beyond it
were refused (each room so refused left alone for seconds), and a client's
``POST /games/bot-move`` was answered 503 ``busy`` whenever a room's move waited. The order in
which the pool serves each side is checked exactly in ``tests/api/test_bot_pool_shares.py``;
the share a client gets under load, in ``make bench`` (:mod:`bench.share`).
"""

from __future__ import annotations

import threading
from pathlib import Path

import httpx
import msgspec
import pytest

from bench.server import serving
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.core.engine import new_match
from foraccio.core.wire import to_wire
from tests.rooms.helpers import bearer, my_turn, started, view, wait_for

pytestmark = pytest.mark.xdist_group("rooms_live")

ROOMS = 4
ASKED = 8
"""Bot moves the client asks for, one after another."""

PATIENCE = 600.0
"""Seconds a step may take: a second or two here; the rooms' searches run on a niced
process, and a machine ten times slower, busy with other work, takes many times that."""


def person(url: str, rooms: list[dict], stop: threading.Event, failed: list[str]) -> None:
    """Play seat 0's first legal move in each room whenever it is its turn, until ``stop``;
    what went wrong, if anything, goes to ``failed`` (a thread's exception is lost)."""
    try:
        with httpx.Client(base_url=url, timeout=PATIENCE) as client:
            while not stop.is_set():
                for made in rooms:
                    seen = my_turn(client, made, 0)
                    if seen is not None:
                        client.post(f"/rooms/{made['room']}/play",
                                    headers=bearer(made["seats"][0]),
                                    json={"move": seen["moves"][0], "version": seen["version"]})
                stop.wait(0.02)
    except BaseException as error:
        failed.append(repr(error))
        raise


def refused_rooms(log: Path) -> list[str]:
    """The log's lines of a room's move the pool refused (503 ``busy``)."""
    return [line for line in log.read_text().splitlines()
            if "room_action_failed" in line and "Busy" in line]


def test_a_clients_bot_moves_are_served_while_rooms_bots_fill_the_pool(tmp_path):
    state = msgspec.to_builtins(to_wire(new_match("foraccio", 3)))
    ask = {"state": state, "bot": "ismcts", "budget": {"iterations": 20}}
    stop, failed = threading.Event(), []
    with serving(tmp_path / "server.log", environment={
            SECRET_VARIABLE: EXAMPLE_SECRET, "FORACCIO_DATA_DIR": str(tmp_path / "data"),
            "FORACCIO_ROOMS_DEAL_SECONDS": "0.1", "FORACCIO_BOT_PROCESSES": "1",
            "FORACCIO_BOT_QUEUE": "1"}) as server, \
            httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        rooms = [started(client, ["person", "ismcts", "ismcts", "ismcts"]) for _ in range(ROOMS)]
        playing = threading.Thread(target=person, args=(server.url, rooms, stop, failed))
        playing.start()
        try:
            # The rooms are under way: the pool's process has started, and bots move.
            wait_for(lambda: sum(view(client, made, 0)["version"] for made in rooms)
                     >= 2 * ROOMS + 2, PATIENCE)  # started is version 2
            before = [view(client, made, 0)["version"] for made in rooms]
            answers = [client.post("/games/bot-move", json=ask) for _ in range(ASKED)]
            after = [view(client, made, 0)["version"] for made in rooms]
        finally:
            stop.set()
            playing.join()
    assert not failed, failed
    assert [answer.status_code for answer in answers] == [200] * ASKED, \
        [answer.text for answer in answers if answer.status_code != 200]
    # Meanwhile the rooms played on (each client move waited for a room's at most), and no
    # room's move was refused: the API's queue bounds the API's requests alone. (Refused,
    # a room's driver logs the failure and leaves the room alone for seconds.)
    assert sum(after) > sum(before), (before, after)
    assert not refused_rooms(tmp_path / "server.log")
