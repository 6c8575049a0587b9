"""WholeBody: a body is complete once Content-Length bytes have arrived, so the app
is spared the server's empty last chunk; a body that does not arrive in time is a 408.
``test_timeouts.py`` checks the same on a real server."""

from __future__ import annotations

import asyncio

import pytest
from litestar.exceptions import ClientException

from foraccio.api.asgi import ClientGone, WholeBody


def received_by_app(headers, chunks):
    """Pass ``chunks`` through WholeBody; return what the app reads until the body ends."""
    messages = iter([{"type": "http.request", "body": chunk, "more_body": True}
                     for chunk in chunks] + [{"type": "http.request", "body": b""}])
    seen = []

    async def receive():
        return next(messages)

    async def app(scope, receive, send):
        while True:
            message = await receive()
            seen.append((message["body"], message.get("more_body", False)))
            if not message.get("more_body"):
                return

    scope = {"type": "http", "method": "POST", "headers": headers}
    asyncio.run(WholeBody(app, seconds=30)(scope, receive, None))
    return seen


def test_the_body_ends_with_its_last_announced_byte():
    assert received_by_app([(b"content-length", b"5")], [b"ab", b"cde"]) == [
        (b"ab", True), (b"cde", False)]


@pytest.mark.parametrize("headers", [[], [(b"content-length", b"x")],
                                     [(b"content-length", b"0")],
                                     [(b"content-length", b"9" * 5000)]])
def test_without_a_usable_length_the_server_says_when_the_body_ends(headers):
    assert received_by_app(headers, [b"ab"]) == [(b"ab", True), (b"", False)]


def test_a_body_that_does_not_arrive_in_time_is_a_408():
    async def receive():
        await asyncio.Event().wait()  # the client sends no more

    async def app(scope, receive, send):
        await receive()

    scope = {"type": "http", "method": "POST", "headers": [(b"content-length", b"1000")]}
    with pytest.raises(ClientException) as refused:
        asyncio.run(WholeBody(app, seconds=0.01)(scope, receive, None))
    assert refused.value.status_code == 408
    assert refused.value.headers == {"Connection": "close"}


def test_once_the_body_is_in_waiting_for_a_disconnection_is_not_bounded():
    messages = iter([{"type": "http.request", "body": b"ab", "more_body": True}])

    async def receive():
        if (message := next(messages, None)) is not None:
            return message
        await asyncio.sleep(0.4)  # past the deadline
        return {"type": "http.disconnect"}

    seen = []

    async def app(scope, receive, send):
        seen.extend([(await receive())["type"], (await receive())["type"]])

    scope = {"type": "http", "method": "POST", "headers": [(b"content-length", b"2")]}
    asyncio.run(WholeBody(app, seconds=0.2)(scope, receive, None))
    assert seen == ["http.request", "http.disconnect"]


def test_a_client_that_hangs_up_mid_body_is_gone_not_a_failure():
    messages = iter([{"type": "http.request", "body": b"ab", "more_body": True},
                     {"type": "http.disconnect"}])

    async def receive():
        return next(messages)

    async def app(scope, receive, send):
        while True:
            await receive()

    scope = {"type": "http", "method": "POST", "headers": [(b"content-length", b"10")]}
    with pytest.raises(ClientGone):
        asyncio.run(WholeBody(app, seconds=30)(scope, receive, None))
