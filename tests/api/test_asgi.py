"""WholeBody: a body is complete once Content-Length bytes have arrived, so the app
is spared the server's empty last chunk."""

from __future__ import annotations

import asyncio

import pytest

from api.asgi import WholeBody


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
    asyncio.run(WholeBody(app)(scope, receive, None))
    return seen


def test_the_body_ends_with_its_last_announced_byte():
    assert received_by_app([(b"content-length", b"5")], [b"ab", b"cde"]) == [
        (b"ab", True), (b"cde", False)]


@pytest.mark.parametrize("headers", [[], [(b"content-length", b"x")],
                                     [(b"content-length", b"0")],
                                     [(b"content-length", b"9" * 5000)]])
def test_without_a_usable_length_the_server_says_when_the_body_ends(headers):
    assert received_by_app(headers, [b"ab"]) == [(b"ab", True), (b"", False)]
