"""Cross-origin requests: which web pages may call the API from a visitor's browser.

A browser lets a page read an answer from another origin only when the answer
says so (``Access-Control-Allow-Origin``), and sends a JSON POST only after a
preflight ``OPTIONS`` request that the server approves. Litestar's
:class:`~litestar.config.cors.CORSConfig` answers both; this module builds it
from ``FORACCIO_CORS_ORIGINS``.

Every origin is allowed by default (``*``): the API keeps no cookies and takes
no credentials, so whatever a page could make it do through a visitor's
browser, the page's author could already do with any HTTP client. What a
sealed game hides travels in the body (the seat key), which no other page
can read. ``allow_credentials`` stays false, so browsers never attach cookies
or HTTP authentication to these requests. A deployment that wants only its
own front end to call it lists that front end's origins instead.

A preflight the settings refuse (an origin not listed, a method or header the
API does not take) is answered 403 ``preflight_refused``, a problem document
naming what was refused, like every other error of the API (Litestar answers it
400 in plain text: :class:`PreflightRefusals`). 403, not 400: the request is well
formed, the server's settings refuse it. A browser fails the page's request
either way, whatever the status, as a network error: the document is for the
person who reads the server's answer with other tools, and for the log.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from litestar import Request
from litestar.config.cors import CORSConfig
from litestar.constants import DEFAULT_ALLOWED_CORS_HEADERS
from litestar.datastructures import Headers

from foraccio.api.answer_headers import VERSION_HEADER
from foraccio.api.errors import problem
from foraccio.api.logging import REQUEST_ID_HEADER
from foraccio.core.quoting import quote
from foraccio.core.words import phrase

if TYPE_CHECKING:
    from litestar.types import ASGIApp, Receive, Scope, Send

ORIGINS_VARIABLE = "FORACCIO_CORS_ORIGINS"
"""Comma-separated origins allowed to call the API from a browser, e.g.
``https://play.example.com,http://localhost:5173``; ``*`` (the default) allows every
origin, an empty value none. A ``*`` may also stand for part of a host name
(``https://*.example.com``)."""

ANY_ORIGIN = "*"

MAX_AGE = 7200
"""Seconds a browser may reuse a preflight's answer: two hours, the most Chromium
honours (Firefox caps it at a day). Every operation is a GET or a JSON POST, so the
answer only changes when the allowed origins do, at a restart."""

_ORIGIN = re.compile(r"https?://(\[[0-9a-f:.]+\]|[a-z0-9*.-]+)(:[0-9]{1,5})?")
"""An origin as a browser sends it: scheme, host and maybe a port; no path, no slash."""


def cors_config_from_environment(environ: Mapping[str, str] = os.environ) -> CORSConfig | None:
    """Return the CORS settings that ``FORACCIO_CORS_ORIGINS`` asks for, or None when it
    allows no origin (then the API answers no cross-origin request, as browsers' default).

    Raises ``ValueError`` naming the variable when an entry is not an origin, so that a
    typo (a trailing slash, a path) stops the service at start instead of silently
    refusing every browser.
    """
    value = environ.get(ORIGINS_VARIABLE)
    origins = parse_origins(ANY_ORIGIN if value is None else value)
    if not origins:
        return None
    return CORSConfig(
        allow_origins=origins,
        allow_methods=["GET", "POST"],
        # Litestar always allows the safelisted request headers, Content-Type among
        # them (a JSON POST's preflight asks for it); the request id is a header of our
        # own a client may send and read back; a room's link travels in Authorization,
        # and a stream resumes from Last-Event-ID.
        allow_headers=[REQUEST_ID_HEADER, "Authorization", "Last-Event-ID"],
        # A page must be able to read when to try again after a 503 (a bot pool busy),
        # and which release answered.
        expose_headers=[REQUEST_ID_HEADER, "Retry-After", VERSION_HEADER],
        allow_credentials=False,
        max_age=MAX_AGE,
    )


def parse_origins(value: str) -> list[str]:
    """Split a comma-separated list of origins, each checked and in lower case."""
    origins = [entry.strip().lower() for entry in value.split(",") if entry.strip()]
    for origin in origins:
        if origin != ANY_ORIGIN and not _ORIGIN.fullmatch(origin):
            raise ValueError(
                f"{ORIGINS_VARIABLE}: {origin!r} is not an origin; write each as a browser "
                f"sends it, scheme and host and maybe a port, without a path or a trailing "
                f"slash (e.g. https://play.example.com or http://localhost:5173), or * for "
                f"any origin.")
    if ANY_ORIGIN in origins and len(origins) > 1:
        raise ValueError(f"{ORIGINS_VARIABLE}: * already allows every origin; list no others "
                         f"beside it.")
    return origins


class PreflightRefusals:
    """ASGI middleware before Litestar's CORS handling: a preflight that ``config``
    refuses gets a problem document, 403 ``preflight_refused``; any other request,
    approved preflights included, goes on to ``app``."""

    def __init__(self, app: ASGIApp, config: CORSConfig) -> None:
        self.app = app
        self.config = config
        self._allowed_headers = sorted({name.lower() for name in
                                        (*config.allow_headers, *DEFAULT_ALLOWED_CORS_HEADERS)})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "OPTIONS":
            headers = Headers.from_scope(scope)
            origin = headers.get("origin")
            # Litestar takes every OPTIONS request with an Origin for a preflight.
            if origin and (reason := self.refusal(origin, headers)):
                request = Request(scope, receive, send)
                response = problem(403, "preflight_refused", reason).to_response(request)
                await response.to_asgi_response(app=None, request=request)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def refusal(self, origin: str, headers: Headers) -> str | None:
        """Why the preflight of ``origin`` asking for ``headers`` is refused, or None
        when it is not; the same checks as Litestar's, which answers approved ones."""
        config = self.config
        if not config.is_origin_allowed(origin):
            return phrase("Pages of the origin {origin} may not call this API from a "
                          "browser; the server's operator can allow it ({variable}).",
                          origin=quote(origin), variable=ORIGINS_VARIABLE)
        method = headers.get("access-control-request-method")
        if method and not config.is_allow_all_methods and method not in config.allow_methods:
            return phrase("A page may call this API only with the methods {methods}; the "
                          "preflight asked for {method}.",
                          methods=", ".join(config.allow_methods), method=quote(method))
        asked = [name.strip() for name in headers.get("access-control-request-headers",
                                                      "").split(",") if name.strip()]
        refused = [name for name in asked if name.lower() not in self._allowed_headers]
        if refused and not config.is_allow_all_headers:
            return phrase("A page may send this API only the headers {allowed}; the "
                          "preflight asked for {refused}.",
                          allowed=", ".join(self._allowed_headers),
                          refused=quote(", ".join(refused)))
        return None
