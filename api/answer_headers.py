"""The headers every answer of the app carries, set below the app so that none is missed:
pages, static files, JSON, problem documents, 404s and refused preflights alike. (The
plays :mod:`foraccio.api.fastplay` answers, above it, carry :data:`HEADERS` from there.)

- ``X-Content-Type-Options: nosniff``. Every answer says its type: the web table's page
  and files, the documentation's pages and assets, JSON and problem documents. With
  ``nosniff`` a browser keeps to that type instead of guessing one from the content, so
  no answer (a problem document quoting a client's text, an asset) is ever run as a
  script or applied as a style sheet that it was not served as, on the origin whose
  localStorage holds the web table's seat keys.
- ``Foraccio-Version``: the release serving (:data:`foraccio.__version__`, the document's
  ``info.version`` too), so that a client or an operator can tell which contract a
  server keeps, even from an error.

Both are constant, so one wrapper adds them together: a second header costs nothing
beyond the first's list copy. The same wrapper, outside CORS (which replaces any
``Vary``), says an answer's language when the request's was chosen
(:mod:`foraccio.api.language`): ``Content-Language`` and ``Vary: Accept-Language``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from foraccio import __version__
from foraccio.api.language import SCOPE_KEY, spoken

if TYPE_CHECKING:
    from litestar.types import ASGIApp, Message, Receive, Scope, Send

VERSION_HEADER = "Foraccio-Version"
HEADERS = ((b"x-content-type-options", b"nosniff"),
           (VERSION_HEADER.lower().encode(), __version__.encode()))


class AnswerHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP answer of ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", ()), *HEADERS]
                language = scope.get(SCOPE_KEY)
                message["headers"] = headers if language is None else spoken(headers, language)
            await send(message)

        await self.app(scope, receive, send_with_headers)
