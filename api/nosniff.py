"""``X-Content-Type-Options: nosniff`` on every answer of the app.

Every answer says its type: the web table's page and files, the documentation's
pages and assets, JSON and problem documents. With ``nosniff`` a browser keeps to
that type instead of guessing one from the content, so no answer (a problem
document quoting a client's text, an asset) is ever run as a script or applied as
a style sheet that it was not served as, on the origin whose localStorage holds
the web table's seat keys. Set here, below the app, it covers every answer,
errors and refused preflights included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litestar.types import ASGIApp, Message, Receive, Scope, Send

HEADER = (b"x-content-type-options", b"nosniff")


class NoSniff:
    """ASGI middleware adding :data:`HEADER` to every HTTP answer of ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_nosniff(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), HEADER]
            await send(message)

        await self.app(scope, receive, send_nosniff)
