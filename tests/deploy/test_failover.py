"""The deployment recipe (deploy/) losing a server mid-match: nginx in front of two server
processes on one Redis, and one of them killed (SIGKILL, its whole process group) while
two people play a room through the proxy. Their clients do what the web table does:
a stream that breaks is opened again with ``Last-Event-ID`` (the proxy sends it to the
server left), and a play the proxy could not deliver is sent again. The hand is played
to its end, and each person saw every version exactly once, in order.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import httpx
import pytest

from bench.redis_server import RedisMissing
from tests.deploy.proxy import NginxMissing, deployed
from tests.rooms.helpers import PEOPLE_AND_BOTS, bearer, make_room, wait_for
from tests.rooms.test_streams import events

PEOPLE = (0, 2)
"""The person seats of :data:`PEOPLE_AND_BOTS`."""
WITHIN = 120.0
"""Seconds the hand has to end: a few without a kill, at a pace of 0.2 s a bot's move."""
RETRY = 0.2
"""Seconds a client waits before it tries again."""


class Player:
    """A person following the room through the proxy and playing their turns, in a
    thread; reconnects and replays as a browser's page does."""

    def __init__(self, url: str, made: dict, seat: int) -> None:
        self.seat = seat
        self.made = made
        self.seen: list[dict] = []
        self.streams = 0
        """How many times the stream was opened."""
        self.failure: BaseException | None = None
        self._client = httpx.Client(base_url=url, timeout=30,
                                    headers=bearer(made["seats"][seat]))
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def finish(self) -> None:
        self._thread.join(WITHIN)
        self._done.set()
        self._client.close()
        if self.failure is not None:
            raise self.failure
        assert not self._thread.is_alive(), f"seat {self.seat} is still playing"

    def _run(self) -> None:
        try:
            while not self._follow():
                time.sleep(RETRY)
        except BaseException as failure:  # raised again by finish()
            self.failure = failure

    def _follow(self) -> bool:
        """Read the stream once; True when the hand is over for this person."""
        headers = {"Last-Event-ID": str(self.seen[-1]["version"])} if self.seen else {}
        self.streams += 1
        try:
            with self._client.stream("GET", f"/rooms/{self.made['room']}/events",
                                     headers=headers, timeout=httpx.Timeout(30, read=60)
                                     ) as stream:
                if stream.status_code != 200:
                    return False  # the proxy's 502 while the dead server is found out
                for event in events(stream.iter_lines()):
                    if event.get("event") != "room":
                        continue
                    room = json.loads(event["data"])
                    self.seen.append(room)
                    if room["match"]["phase"] != "playing":
                        return True
                    if room["status"] == "playing" and room["moves"]:
                        self._play(room)
        except httpx.TransportError:
            pass  # the server holding the stream was killed: open it again
        return False

    def _play(self, room: dict) -> None:
        for _ in range(50):
            try:
                answer = self._client.post(f"/rooms/{self.made['room']}/play", json={
                    "move": room["moves"][0], "version": room["version"]})
            except httpx.TransportError:
                time.sleep(RETRY)
                continue
            if answer.status_code in (502, 503, 504):
                time.sleep(RETRY)
                continue
            # 409: the play had landed before its answer was lost (the room moved on).
            assert answer.status_code in (200, 409), answer.text
            return
        raise AssertionError(f"seat {self.seat} could not play")


def test_a_room_played_through_the_proxy_goes_on_when_one_server_is_killed(tmp_path):
    try:
        with deployed(tmp_path) as (url, servers), \
                httpx.Client(base_url=url, timeout=30) as client:
            made = make_room(client, PEOPLE_AND_BOTS, pace=0.2)
            # One request after the other: nginx sends them to the servers in turn,
            # so the two streams are held by different servers.
            players = [Player(url, made, seat) for seat in PEOPLE]
            wait_for(lambda: all(player.seen for player in players))
            started = client.post(f"/rooms/{made['room']}/start",
                                  headers=bearer(made["host"]))
            assert started.status_code == 200, started.text
            wait_for(lambda: players[0].seen[-1]["version"] >= 6)
            os.killpg(servers[0].pid, signal.SIGKILL)
            killed_at = players[0].seen[-1]["version"]
            for player in players:
                player.finish()
    except (RedisMissing, NginxMissing) as missing:
        pytest.fail(str(missing))

    # The match went on after the kill, to the hand's end.
    for player in players:
        versions = [room["version"] for room in player.seen]
        assert versions == list(range(versions[0], versions[-1] + 1)), versions
        assert versions[-1] > killed_at + 2
        assert player.seen[-1]["match"]["phase"] in ("hand_over", "game_over")
    assert [room["version"] for room in players[0].seen] == [
        room["version"] for room in players[1].seen]
    # One of the streams was held by the server killed, and was opened again.
    assert max(player.streams for player in players) > 1
