"""ASGI middleware around the whole app, below the request log.

:class:`WholeBody` spares each request a round trip to the server. granian
hands a small body over with ``more_body: True`` and then answers one more
``receive()`` with an empty last chunk; that second call, a crossing into the
server's own threads, costs about as much CPU as answering ``GET /health``
(measured with ``python -m bench.http``). When the request says how long its
body is, the body is complete once that many bytes have arrived, and the
middleware says so, so the app never asks for the empty chunk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litestar.types import ASGIApp, Message, Receive, Scope, Send


class WholeBody:
    """Mark a request body complete as soon as ``Content-Length`` bytes have arrived."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = _content_length(scope) if scope["type"] == "http" else None
        if not length:
            await self.app(scope, receive, send)
            return
        received = 0

        async def receive_whole() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request" and message.get("more_body"):
                received += len(message.get("body", b""))
                if received >= length:
                    message["more_body"] = False
            return message

        await self.app(scope, receive_whole, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            # Bounded: int() refuses more than 4300 digits, and this runs outside the
            # app's error handling. A longer length is left to the app to refuse.
            return int(value) if value.isdigit() and len(value) <= 18 else None
    return None
