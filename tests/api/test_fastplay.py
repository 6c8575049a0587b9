"""``POST /games/play`` answers the same with and without :mod:`foraccio.api.fastplay`, which
answers only the plays of open states the worker answered and leaves every other request,
and every failure, to Litestar."""

from __future__ import annotations

import asyncio
import gc
import weakref

import msgspec
import pytest
from litestar.testing import TestClient

from foraccio.api import app as app_module
from foraccio.api.app import create_app
from foraccio.api.asgi import WholeBody
from foraccio.api.fastplay import FastPlay
from tests.api.conftest import play_until


class Counted:
    """Litestar behind the fast path, counting the requests that reach it."""

    def __init__(self, app) -> None:
        self.app, self.calls = app, 0

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            self.calls += 1
        await self.app(scope, receive, send)


def _fast_path(app) -> FastPlay:
    handler = app.asgi_handler
    while not isinstance(handler, FastPlay):
        handler = handler.app
    return handler


@pytest.fixture(scope="module")
def both(monkeypatch_module):
    """A client of the app as served (Litestar counted behind the fast path), and one of
    the same app without the fast path."""
    fast_app = create_app()
    behind = Counted(_fast_path(fast_app).app)
    _fast_path(fast_app).app = behind
    monkeypatch_module.setattr(app_module, "FastPlay", lambda handler, *_: handler)
    plain_app = create_app()
    monkeypatch_module.undo()
    with TestClient(fast_app) as fast, TestClient(plain_app) as plain:
        yield fast, plain, behind


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def _answered(client: TestClient, variant: str = "foraccio") -> dict:
    """An open state in mid hand as ``client``'s server answered it (with its receipt)."""
    state = play_until("playing", variant)
    created = client.post("/games", json={"variant": variant, "seed": state.seed}).json()
    moves = client.post("/games/legal-moves", json=created).json()["moves"]
    return client.post("/games/play", json={**created, "move": moves[0]}).json()["state"]


def _same(fast, plain, path: str = "/games/play", **request) -> tuple:
    one, other = fast.post(path, **request), plain.post(path, **request)
    assert one.status_code == other.status_code
    assert one.content == other.content
    skip = {"x-request-id", "date"}
    assert ({k: v for k, v in one.headers.items() if k not in skip}
            == {k: v for k, v in other.headers.items() if k not in skip})
    return one, other


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_a_play_of_an_answered_state_skips_litestar_and_answers_the_same(both, variant):
    fast, plain, behind = both
    state = _answered(fast, variant)
    # The plain app shares the secret: the state is its own too (by its receipt).
    move = fast.post("/games/legal-moves", json={"state": state}).json()["moves"][0]
    before = behind.calls
    answer, _ = _same(fast, plain, json={"state": state, "move": move})
    assert answer.status_code == 200 and behind.calls == before
    # The state it answered is played on the fast path too: a whole hand of plays.
    for _ in range(5):
        state = answer.json()["state"]
        if state["phase"] != "playing":
            break
        move = fast.post("/games/legal-moves", json={"state": state}).json()["moves"][0]
        before = behind.calls
        answer, _ = _same(fast, plain, json={"state": state, "move": move})
        assert behind.calls == before


@pytest.mark.parametrize("change", [
    "illegal move", "no receipt", "altered receipt", "repeated key", "not json", "seat not in turn",
    "sealed", "text/plain", "origin", "query", "both state and token",
])
def test_every_other_play_goes_to_litestar_and_answers_as_before(both, change):
    fast, plain, behind = both
    state = _answered(fast)
    move = fast.post("/games/legal-moves", json={"state": state}).json()["moves"][0]
    body = {"state": state, "move": move}
    headers = {"Content-Type": "application/json"}
    path = "/games/play"
    if change == "illegal move":
        body["move"] = {"card": "99x"}
    elif change == "no receipt":
        body["state"] = {**state, "receipt": None}
    elif change == "altered receipt":
        body["state"] = {**state, "receipt": "A" + state["receipt"][1:]}
    elif change == "seat not in turn":
        body["seat"] = (state["turn"] + 1) % len(state["hands"])
    elif change == "sealed":
        body = {"token": "x" * 40, "seat_key": "y" * 20, "move": move}
    elif change == "text/plain":
        headers = {"Content-Type": "text/plain"}
    elif change == "origin":
        headers["Origin"] = "https://example.org"
    elif change == "query":
        path += "?x=1"
    elif change == "both state and token":
        body["token"] = "x" * 40
    content = msgspec.json.encode(body)
    if change == "repeated key":
        content = content.replace(b'{"state":', b'{"move":{"card":"1d"},"state":', 1)
    elif change == "not json":
        content = content[:-1]
    before = behind.calls
    _same(fast, plain, path, content=content, headers=headers)
    assert behind.calls == before + 1


def test_a_state_another_worker_answered_is_played_on_the_fast_path(both):
    """A receipted state this worker never answered (another one, with the same secret,
    did) is rebuilt from its current hand, as Litestar's handler would, and played."""
    fast, plain, behind = both
    created = plain.post("/games", json={"variant": "foraccio", "seed": 11}).json()
    move = plain.post("/games/legal-moves", json=created).json()["moves"][0]
    before = behind.calls
    answer, _ = _same(fast, plain, json={**created, "move": move})
    assert answer.status_code == 200 and behind.calls == before


def test_a_sealed_play_skips_litestar_and_answers_alike(both):
    """A sealed game's answers differ only by their tokens (each sealing is new), and
    each way's token plays on the same."""
    fast, plain, behind = both
    created = fast.post("/games", json={"variant": "foraccio", "sealed": True}).json()
    keys, tokens, view = created["seat_keys"], [created["token"]] * 2, created["view"]
    for _ in range(6):
        if view["phase"] != "playing":
            break
        key = keys[view["turn"]]
        move = fast.post("/games/legal-moves",
                         json={"token": tokens[0], "seat_key": key}).json()["moves"][0]
        before = behind.calls
        answers = [client.post("/games/play", json={"token": token, "seat_key": key,
                                                     "move": move})
                   for client, token in ((fast, tokens[0]), (plain, tokens[1]))]
        assert behind.calls == before
        assert [answer.status_code for answer in answers] == [200, 200]
        bodies = [answer.json() for answer in answers]
        tokens = [body.pop("token") for body in bodies]
        assert bodies[0] == bodies[1] and tokens[0] != tokens[1]
        assert answers[0].headers["content-type"] == answers[1].headers["content-type"]
        view = bodies[0]["view"]


def test_a_sealed_play_of_a_seat_not_in_turn_goes_to_litestar(both):
    fast, plain, behind = both
    created = fast.post("/games", json={"variant": "foraccio", "sealed": True}).json()
    view = created["view"]
    other = created["seat_keys"][(view["turn"] + 1) % len(created["seat_keys"])]
    body = {"token": created["token"], "seat_key": other, "move": {"card": view["cards"][0]}}
    before = behind.calls
    answer, _ = _same(fast, plain, json=body)
    assert answer.status_code == 403 and behind.calls == before + 1


class SlowClient:
    """A client's ``receive``: the start of a body, then nothing. Only the request's own
    frames refer to it, as only they refer to granian's protocol, which owns the
    connection's body (granian keeps the connection while the protocol lives)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> asyncio.Future:
        # A future, as granian's receive() returns one: no frame of its own to keep.
        self.calls += 1
        future = asyncio.get_running_loop().create_future()
        if self.calls == 1:
            future.set_result({"type": "http.request", "body": b'{"state":', "more_body": True})
        return future


@pytest.mark.parametrize("path", ["/games/play", "/games"])
def test_a_slow_body_is_a_408_and_the_request_lets_go_of_its_client(both, path):
    """A body slower than the server waits is Litestar's 408 (through the fast path's read
    or WholeBody's), the real receive() asked no more once the time is up, and nothing
    holds the client's receive once the request is answered. In granian, what holds it
    holds the connection: a reference cycle keeps it until the cyclic collector runs,
    which a quiet worker may not do for a long time (the live test then sees it held)."""
    fast, _, behind = both
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": path, "raw_path": path.encode(),
        "root_path": "", "query_string": b"", "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80), "state": {},
        "headers": [(b"host", b"x"), (b"content-type", b"application/json"),
                    (b"content-length", b"1000")]}

    async def slow_request() -> tuple[list[dict], int, bool]:
        client, sent = SlowClient(), []

        async def send(message: dict) -> None:
            sent.append(message)

        gc.disable()  # what refcounting alone frees: as in a worker with no collection due
        try:
            await fast.app(dict(scope), client, send)
            calls, gone = client.calls, weakref.ref(client)
            del client
            for _ in range(3):  # the callbacks of the cancelled receive() run
                await asyncio.sleep(0)
            return sent, calls, gone() is None
        finally:
            gc.enable()

    fast_path = _fast_path(fast.app)
    whole_body = fast_path.app
    while not isinstance(whole_body, WholeBody):
        whole_body = whole_body.app
    waits = fast_path.body_seconds, whole_body.seconds
    fast_path.body_seconds = whole_body.seconds = 0.05
    before = behind.calls
    try:
        sent, calls, freed = fast.blocking_portal.call(slow_request)
    finally:
        fast_path.body_seconds, whole_body.seconds = waits
    start, body = sent
    headers = {name.lower(): value for name, value in start["headers"]}
    assert start["status"] == 408 and headers[b"connection"] == b"close"
    assert headers[b"content-type"] == b"application/problem+json"
    assert msgspec.json.decode(body["body"])["code"] == "request_timeout"
    assert behind.calls == before + 1
    assert calls == 2, f"receive() awaited {calls} times: again after the body's time was up"
    assert freed, "the request's receive is still referred to once answered (a cycle?)"
