"""ASGI middleware around the whole app, below the request log: the request body, read
whole and in time. (The plays :mod:`foraccio.api.fastplay` answers, above it, have their
bodies read the same way there.)

:class:`WholeBody` spares each request a round trip to the server. granian
hands a small body over with ``more_body: True`` and then answers one more
``receive()`` with an empty last chunk; that second call, a crossing into the
server's own threads, costs about as much CPU as answering ``GET /health``
(measured with ``python -m bench.http``). When the request says how long its
body is, the body is complete once that many bytes have arrived, and the
middleware says so, so the app never asks for the empty chunk.

It also bounds how long a client may take to send a body
(``FORACCIO_BODY_SECONDS``, :mod:`foraccio.api.timeouts`): granian bounds the time to
send headers, not a body, so a client could hold a connection and a request
open for ever by sending a byte now and then, or none. Past the deadline the
request is answered 408 ``request_timeout``; the connection is then closed,
since the rest of its body would still be on the way. granian closes it only when the
request's protocol (``receive``'s owner, which owns the unread body) is freed: nothing
may keep ``receive`` in a reference cycle (an exception kept in a frame that its own
traceback holds), or the connection stays open until the cyclic garbage collector runs
(tests/api/test_fastplay.py checks both paths). A client that hangs up
before its body is in is :class:`ClientGone` (499 in the request log), not a
failure of the server.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from litestar.exceptions import ClientException

from foraccio.core.words import phrase

if TYPE_CHECKING:
    from litestar.types import ASGIApp, Message, Receive, Scope, Send


class ClientGone(Exception):
    """The client disconnected before its answer was ready: while its body was on the way,
    or while its request waited or its bot job ran (:mod:`foraccio.api.botpool`, which cancels the
    job)."""


class WholeBody:
    """Mark a request body complete as soon as ``Content-Length`` bytes have arrived, and
    refuse a body that has not arrived whole within ``seconds`` of the headers."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = _body_length(scope) if scope["type"] == "http" else 0
        if length == 0:  # no body: the first receive() answers at once
            await self.app(scope, receive, send)
            return
        deadline = asyncio.get_running_loop().time() + self.seconds
        received = 0
        whole = False

        async def receive_whole() -> Message:
            nonlocal received, whole
            if whole:
                # The body is in; a handler may still wait here for a disconnection, as
                # long as its work lasts (see foraccio.api.botpool).
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise request_timeout(self.seconds) from None
            if message["type"] == "http.disconnect":
                # Not the server's failure (Litestar would answer, and log, a 500).
                raise ClientGone
            if message["type"] == "http.request":
                if message.get("more_body"):
                    received += len(message.get("body", b""))
                    if length is not None and received >= length:
                        message["more_body"] = False
                whole = not message.get("more_body")
            return message

        await self.app(scope, receive_whole, send)


def request_timeout(seconds: float) -> ClientException:
    """The 408 of a body that did not arrive within ``seconds``."""
    return ClientException(
        status_code=408, headers={"Connection": "close"},
        detail=phrase("The request body did not arrive within the {seconds} s this server "
                      "waits for one; send the whole body at once, right after the headers.",
                      seconds=f"{seconds:g}"))


def _body_length(scope: Scope) -> int | None:
    """The body's announced length: 0 when there is no body, None when it comes in chunks
    of unknown total."""
    length = 0
    for name, value in scope["headers"]:
        if name == b"content-length":
            # Bounded: int() refuses more than 4300 digits, and this runs outside the
            # app's error handling. A longer length is left to the app to refuse.
            return int(value) if value.isdigit() and len(value) <= 18 else None
        if name == b"transfer-encoding":
            length = None
    return length
