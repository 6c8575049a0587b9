"""A room's event streams, on a real server (an endless stream needs a real one): each
link's stream carries the room at every version as that link sees it, a reconnecting
client gets what it missed, and who is connected follows the streams open."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from tests.api.live import live_server
from tests.rooms.helpers import bearer, make_room, my_turn, started, view, wait_for


@pytest.fixture(scope="module")
def client():
    with live_server(**{SECRET_VARIABLE: EXAMPLE_SECRET}) as server, \
            httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def events(lines: Iterator[str]) -> Iterator[dict]:
    """The Server-Sent Events of ``lines``: ``{event, id, data}``, comments left out."""
    event: dict = {}
    for line in lines:
        if not line:
            if event:
                yield event
            event = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            event[name] = value.removeprefix(" ")


@contextmanager
def following(client, made: dict, invite: str, **headers: str) -> Iterator[Iterator[dict]]:
    """The events of the room's stream as ``invite``'s link opens it."""
    with client.stream("GET", f"/rooms/{made['room']}/events",
                       headers={**bearer(invite), **headers}) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        yield events(stream.iter_lines())


def rooms_of(stream: Iterator[dict], count: int) -> list[dict]:
    """The next ``count`` ``room`` events of an open stream, decoded, with their ids."""
    found = []
    for event in stream:
        if event.get("event") == "room":
            found.append({**json.loads(event["data"]), "id": event["id"]})
            if len(found) == count:
                return found
    raise AssertionError("the stream ended")


def play_first(client, made: dict, seat: int) -> dict:
    mine = my_turn(client, made, seat)
    answer = client.post(f"/rooms/{made['room']}/play", headers=bearer(made["seats"][seat]),
                         json={"move": mine["moves"][0], "version": mine["version"]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_stream_starts_with_the_room_now_and_carries_each_play_as_its_link_sees_it(client):
    made = started(client, ["person"] * 4)
    first = next(seat for seat in range(4) if my_turn(client, made, seat))
    watcher = (first + 1) % 4
    with following(client, made, made["seats"][watcher]) as stream:
        (now,) = rooms_of(stream, 1)
        assert now == {**view(client, made, watcher), "id": str(now["version"]),
                       "seats": now["seats"], "spectators": now["spectators"]}
        played = play_first(client, made, first)
        (after,) = rooms_of(stream, 1)
    assert after["version"] == played["version"] == int(after["id"])
    assert after["kind"] == "played" and after["events"][0]["seat"] == first
    assert after["seat"] == watcher and after["cards"] == view(client, made, watcher)["cards"]
    assert after["moves"]  # the watcher plays next


def test_a_client_that_reconnects_gets_every_version_it_missed_in_order(client):
    made = started(client, ["person"] * 4)
    with following(client, made, made["seats"][0]) as stream:
        (seen,) = rooms_of(stream, 1)
    for _ in range(3):
        seat = next(s for s in range(4) if my_turn(client, made, s))
        play_first(client, made, seat)
    with following(client, made, made["seats"][0], **{"Last-Event-ID": seen["id"]}) as stream:
        missed = rooms_of(stream, 3)
    assert [entry["version"] for entry in missed] == [seen["version"] + n for n in (1, 2, 3)]
    assert all(entry["kind"] == "played" and entry["seat"] == 0 for entry in missed)


def test_who_is_connected_follows_the_streams_open(client):
    made = make_room(client, ["person", "person", "random", "random"])
    host = bearer(made["host"])
    assert [seat["connected"] for seat in view(client, made, 0)["seats"]] == [False] * 4
    with following(client, made, made["seats"][1]) as stream:
        rooms_of(stream, 1)
        seen = client.get(f"/rooms/{made['room']}", headers=host).json()
        assert [seat["connected"] for seat in seen["seats"]] == [False, True, False, False]
    # The server notices a closed stream at once (it took 24 ms here).
    wait_for(lambda: not any(seat["connected"] for seat in
                             client.get(f"/rooms/{made['room']}", headers=host).json()["seats"]))


def test_a_play_out_of_turn_and_a_forbidden_one_answer_as_the_document_says(client):
    made = started(client, ["person"] * 4)
    first = next(seat for seat in range(4) if my_turn(client, made, seat))
    mine = my_turn(client, made, first)
    other = (first + 1) % 4
    out_of_turn = client.post(f"/rooms/{made['room']}/play",
                              headers=bearer(made["seats"][other]),
                              json={"move": mine["moves"][0], "version": mine["version"]})
    held = set(view(client, made, other)["cards"])
    forbidden = client.post(f"/rooms/{made['room']}/play", headers=bearer(made["seats"][first]),
                            json={"move": {"card": sorted(held)[0]}, "version": mine["version"]})
    described = client.get("/schema/openapi.json").json()["paths"]["/rooms/{room}/play"][
        "post"]["description"]

    assert (out_of_turn.status_code, out_of_turn.json()["code"]) == (409, "not_your_turn")
    assert "409 `not_your_turn`" in described
    assert forbidden.status_code == 422 and forbidden.json()["code"] == "card_not_in_hand"
    assert "422" in described


def test_a_stream_of_a_room_its_host_closes_ends_saying_so(client):
    made = started(client, ["person"] * 4)
    with following(client, made, made["seats"][0]) as stream:
        rooms_of(stream, 1)
        closed = client.post(f"/rooms/{made['room']}/close", headers=bearer(made["host"]))
        assert closed.status_code == 200, closed.text
        rest = list(stream)  # to its end, which the server makes
    assert [event for event in rest if event.get("event") == "room"][-1]["id"] == str(
        closed.json()["version"])
    assert rest[-1] == {"event": "end", "data": '{"reason":"room_finished"}'}
