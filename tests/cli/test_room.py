"""The room table's wire (:mod:`foraccio.cli.table.room`): reading a room's link, following its
event stream across dropped connections, and the server's refusals in its own words.
``server`` is a real server (``conftest.py``)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from bench.server import HOST, free_port
from foraccio.cli.table import room as wire
from foraccio.cli.table.base import TableError
from foraccio.cli.table.room import Link, RoomTable, joined_link, read_link

INVITE = "Rm_1-x.s3cr-t_"


@pytest.mark.parametrize(("text", "url", "expected"), [
    (f"http://127.0.0.1:8000/#join={INVITE}", None, Link("http://127.0.0.1:8000", INVITE)),
    (f"https://cards.example/foraccio/#join={INVITE}", None,
     Link("https://cards.example/foraccio", INVITE)),
    (f" http://127.0.0.1:8000#join={INVITE} ", "http://127.0.0.1:8000/",
     Link("http://127.0.0.1:8000", INVITE)),
    (INVITE, "http://127.0.0.1:8000/", Link("http://127.0.0.1:8000", INVITE)),
])
def test_a_link_names_its_server_and_its_invite(text, url, expected):
    link = read_link(text, url)
    assert link == expected
    assert link.room == "Rm_1-x"


@pytest.mark.parametrize(("text", "url", "words"), [
    ("http://127.0.0.1:8000/", None, "not a room's link"),
    ("http://127.0.0.1:8000/#join=no-secret", None, "not a room's link"),
    (f"http://127.0.0.1:8000/?join={INVITE}", None, "not a room's link"),
    (INVITE, None, "an invite without its server"),
    (INVITE, "127.0.0.1:8000", "must name a server"),
    (f"ftp://127.0.0.1/#join={INVITE}", None, "must name a server"),
    (f"http://127.0.0.1:8000/#join={INVITE}", "http://127.0.0.1:9000", "says another"),
])
def test_a_bad_link_says_what_a_link_looks_like(text, url, words):
    with pytest.raises(TableError, match=words) as refused:
        read_link(text, url)
    assert refused.value.code == "link"


def make_room(server: str, seats: list[str]) -> dict:
    answer = httpx.post(f"{server}/rooms", json={"variant": "foraccio", "seats": seats})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_the_servers_refusals_come_in_its_words(server):
    made = make_room(server, ["person", "random", "person", "random"])

    def view(url: str, invite: str) -> dict:
        with RoomTable(Link(url, invite)) as table:
            return table.view()

    with pytest.raises(TableError) as invite:
        view(server, made["seats"][0])
    assert invite.value.code == "join_first"
    with RoomTable(Link(server, made["seats"][0])) as table:
        key = table.join()
    assert view(server, key)["seat"] == 0
    with pytest.raises(TableError) as unknown:
        view(server, "nosuchroom.secret")
    assert unknown.value.code == "room_not_found"
    with pytest.raises(TableError) as wrong:
        view(server, f"{made['room']}.not-its-secret")
    assert wrong.value.code == "wrong_key"
    with pytest.raises(TableError) as down:
        view(f"http://{HOST}:{free_port()}", key)
    assert down.value.code == "network"
    assert "cannot be reached" in down.value.message


def test_an_invite_is_exchanged_once_and_its_key_kept_for_the_next_time(server, tmp_path):
    made = make_room(server, ["person", "random", "person", "random"])
    invite = Link(server, made["seats"][2])
    mine, theirs = tmp_path / "mine" / "room-keys", tmp_path / "theirs" / "room-keys"
    key, now = joined_link(invite, mine)
    assert now and key.invite != invite.invite and key.url == server
    assert joined_link(invite, mine) == (key, False)  # the same seat, from the kept key
    assert oct(mine.stat().st_mode & 0o777) == "0o600"
    with pytest.raises(TableError) as taken:  # someone else, with the same invite
        joined_link(invite, theirs)
    assert taken.value.code == "seat_taken" and "already" in taken.value.message
    host = Link(server, made["host"])
    assert joined_link(host, mine) == (host, False)  # no invite: followed as it is


# --- following the stream, with a server whose connections drop -----------------------

class Scripted(BaseHTTPRequestHandler):
    """Answers each connection to a room's stream as the next of ``script`` says: a room
    event then a dropped connection, a status, or an event then silence."""

    script: list[tuple[str, int]]
    asked: list[dict[str, str]]
    done: threading.Event

    def do_GET(self):
        self.asked.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
        what, version = self.script.pop(0) if self.script else ("silence", 0)
        if what == "status":
            body = json.dumps({"status": version, "detail": "Scripted refusal.",
                               "code": "room_not_found" if version == 404 else "busy"})
            self.send_response(version)
            self.send_header("Content-Type", "application/problem+json")
            self.end_headers()
            self.wfile.write(body.encode())
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        if version:
            self.wfile.write(f"id: {version}\nevent: room\ndata: "
                             f'{{"version": {version}}}\n\n: heartbeat\n\n'.encode())
            self.wfile.flush()
        if what == "silence":
            self.done.wait(10)  # the stream stays open until the test ends
        # "drop": the answer ends (HTTP/1.0), as when a proxy or the server goes away

    def log_message(self, format, *args):
        pass


@contextmanager
def scripted_server(script: list[tuple[str, int]]) -> Iterator[tuple[str, list]]:
    asked: list[dict[str, str]] = []
    done = threading.Event()
    handler = type("Handler", (Scripted,), {"script": list(script), "asked": asked,
                                            "done": done})
    with ThreadingHTTPServer((HOST, 0), handler) as http:
        thread = threading.Thread(target=http.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://{HOST}:{http.server_address[1]}", asked
        finally:
            done.set()
            http.shutdown()


@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr(wire, "RETRY", (0.01,))
    monkeypatch.setattr(wire, "GIVE_UP", 0.5)


def test_a_dropped_stream_reconnects_from_the_last_version_it_had(quick_retries):
    script = [("drop", 2), ("status", 503), ("silence", 3)]
    with scripted_server(script) as (url, asked), RoomTable(Link(url, INVITE)) as table:
        news = table.follow(after=1)
        got = [next(news) for _ in range(4)]
        news.close()
    assert [(item.kind, item.value["version"] if item.kind == "room" else None)
            for item in got] == [("room", 2), ("lost", None), ("back", None), ("room", 3)]
    assert [ask["last-event-id"] for ask in asked] == ["1", "2", "2"]
    # The invite goes in the header, never in the URL.
    assert {ask["path"] for ask in asked} == {"/rooms/Rm_1-x/events"}
    assert {ask["authorization"] for ask in asked} == {f"Bearer {INVITE}"}


def test_a_room_gone_or_a_server_gone_ends_the_stream(quick_retries):
    with (scripted_server([("drop", 2), ("status", 404)]) as (url, _),
          RoomTable(Link(url, INVITE)) as table):
        news = table.follow(after=1)
        assert [next(news).kind, next(news).kind] == ["room", "lost"]
        with pytest.raises(TableError) as gone:
            next(news)
    assert gone.value.code == "room_not_found"
    with RoomTable(Link(f"http://{HOST}:{free_port()}", INVITE)) as table:
        news = table.follow(after=1)
        assert next(news).kind == "lost"
        with pytest.raises(TableError) as down:
            next(news)
    assert down.value.code == "network"
    assert "has not answered for 0.5 s" in down.value.message
