"""People at a room's table, each following the room from their own connection.

A :class:`Person` opens their seat's event stream (one connection of its own), then, in
a thread, reads it and, whenever the room shows them moves, plays the first, until the
hand is over: what a browser at the table does. Every request names itself with an
``X-Request-ID`` (``stream-seat-N``, ``play-seat-N-vV``), which the server's log shows,
so a test can tell which server process served which.

A person plays only the moves the room's latest version offers (a stream offers none on a
version the room has moved on from), and nothing else changes the room while it is their
turn here (no turn clock, no other device): so every play must land, and any other answer
is a finding. It fails the person's thread with the answer's status, code, detail and
body; and since the others then wait in vain for the next version, each of them reports
that failure with their own (a ``ReadTimeout`` alone said nothing of the 409 that caused
it).
"""

from __future__ import annotations

import json
import threading
import time
from typing import NamedTuple

import httpx

from tests.rooms.helpers import bearer
from tests.rooms.test_streams import events

TIMEOUT = 10.0
"""Seconds any read may wait: a stream is never quiet that long while a hand is played."""


class Play(NamedTuple):
    request_id: str
    version: int
    """The room's version after the play."""


_FAILED: dict[str, list[tuple[float, int, BaseException]]] = {}
"""Each room's people's failures: when, which seat, what."""
_FAILED_LOCK = threading.Lock()


class Person:
    """A seat's person: their stream, open from construction, read by :meth:`start`."""

    def __init__(self, url: str, made: dict, seat: int) -> None:
        self.seat = seat
        self.room = made["room"]
        self.stream_id = f"stream-seat-{seat}"
        self.seen: list[dict] = []
        """The ``room`` events of the stream, in order."""
        self.plays: list[Play] = []
        self.failure: BaseException | None = None
        self._client = httpx.Client(base_url=url, timeout=TIMEOUT,
                                    headers=bearer(made["seats"][seat]))
        try:
            self._stream = self._client.send(self._client.build_request(
                "GET", f"/rooms/{self.room}/events",
                headers={"X-Request-ID": self.stream_id}), stream=True)
        except BaseException:
            self._client.close()
            raise
        if self._stream.status_code != 200 or not self._stream.headers.get(
                "content-type", "").startswith("text/event-stream"):
            body = self._stream.read()
            self.close()
            raise AssertionError(f"no stream: {self._stream.status_code} {body!r}")
        self._thread = threading.Thread(target=self._follow, daemon=True)

    @property
    def local_port(self) -> int:
        """The port of this end of the stream's connection."""
        return self._stream.extensions["network_stream"].get_extra_info("client_addr")[1]

    def start(self) -> None:
        self._thread.start()

    def finish(self) -> None:
        """Wait until the hand is over for this person, then close their connections;
        raise what went wrong in the thread."""
        self._thread.join(TIMEOUT * 3)
        self.close()
        with _FAILED_LOCK:
            others = sorted((when, seat, failure) for when, seat, failure
                            in _FAILED.get(self.room, ()) if seat != self.seat)
        if others and (self.failure is not None or self._thread.is_alive()):
            _, seat, first = others[0]
            raise AssertionError(
                f"seat {self.seat}: {self.failure!r}, after seat {seat} failed: "
                f"{first!r}") from first
        if self.failure is not None:
            raise self.failure
        assert not self._thread.is_alive(), f"seat {self.seat} is still playing"

    def close(self) -> None:
        self._stream.close()
        self._client.close()

    def _follow(self) -> None:
        try:
            for event in events(self._stream.iter_lines()):
                if event.get("event") != "room":
                    continue
                room = json.loads(event["data"])
                assert int(event["id"]) == room["version"]
                self.seen.append(room)
                if room["match"]["phase"] != "playing":
                    return
                if room["status"] == "playing" and room["moves"]:
                    self._play(room)
        except BaseException as failure:  # raised again by finish()
            self.failure = failure
            with _FAILED_LOCK:
                _FAILED.setdefault(self.room, []).append((time.monotonic(), self.seat, failure))

    def _play(self, room: dict) -> None:
        request_id = f"play-seat-{self.seat}-v{room['version']}"
        answer = self._client.post(f"/rooms/{self.room}/play",
                                   headers={"X-Request-ID": request_id},
                                   json={"move": room["moves"][0], "version": room["version"]})
        if answer.status_code != 200:
            raise AssertionError(f"{request_id}: {refusal(answer)}")
        self.plays.append(Play(request_id, answer.json()["version"]))


def refusal(answer: httpx.Response) -> str:
    """What a non-200 answer said: status, code and detail, for a 409 the room as it is
    now (version, status, whose turn), then the whole body."""
    said = f"{answer.status_code}"
    try:
        problem = answer.json()
    except ValueError:
        problem = None
    if isinstance(problem, dict):
        said += f" {problem.get('code')}: {problem.get('detail')}"
        room = problem.get("room")
        if isinstance(room, dict):
            said += (f" (the room now: version {room.get('version')}, {room.get('kind')}, "
                     f"{room.get('status')}, seat {room.get('match', {}).get('turn')} to play)")
    return f"{said}; body: {answer.text}"


def assert_each_saw_the_whole_hand(people: list[Person]) -> None:
    """Every person saw every version of the room, in order, from the room as made (or
    as it was when they came) to the end of the hand, every play included."""
    versions = [room["version"] for room in people[0].seen]
    assert versions == list(range(versions[0], versions[-1] + 1))
    for person in people:
        assert [room["version"] for room in person.seen] == versions
        last = person.seen[-1]
        # The hand's end, or the match's when that hand won it (a deal may be worth 71).
        assert last["match"]["phase"] in ("hand_over", "game_over"), last["match"]["phase"]
        assert not any(last["match"]["hand_sizes"]), last["match"]["hand_sizes"]
        by_version = {room["version"]: room for room in person.seen}
        for other in people:
            for play in other.plays:
                assert by_version[play.version]["kind"] == "played"
                assert by_version[play.version]["events"][0]["seat"] == other.seat
