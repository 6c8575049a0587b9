"""The routes of the web table: the page at ``/`` and its files under ``/table/``, the
rules of the games at ``/rules`` (:mod:`foraccio.web.rules`) and ``/docs``, which leads to
the API's documentation at ``/schema``.

The page is served with a Content-Security-Policy that lets it load scripts, styles
and data only from its own origin: whatever a bug or an injected string tried, the
browser would send no request elsewhere and run no inline script.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from litestar import MediaType, Request, Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.response import Redirect
from litestar.static_files import create_static_files_router

from foraccio.api.docs_ui import SCHEMA, only
from foraccio.api.language import of_request
from foraccio.web.rules import rules_page

STATIC = Path(__file__).parent / "static"
ASSETS = "/table"
"""Where the page's files are served."""

POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

REVALIDATE = CacheControlHeader(no_cache=True)
"""The files carry no version in their names: a browser asks each time whether its copy
is still current (cheap, with the ETag), so a new release is never mixed with an old
script."""


def assets() -> tuple[str, ...]:
    """Every file of the page under :data:`STATIC`, as a path relative to it."""
    return tuple(sorted(str(path.relative_to(STATIC)) for path in STATIC.rglob("*")
                        if path.is_file() and path.name != "index.html"))


@cache
def page() -> bytes:
    return (STATIC / "index.html").read_bytes()


# Litestar adds "; charset=utf-8" to a text/* media type itself.
@get("/", media_type=MediaType.HTML, include_in_schema=False,
     sync_to_thread=False, cache_control=REVALIDATE, name="web-table")
def table_page() -> Response[bytes]:
    """The web table's page."""
    return Response(page(), headers={"Content-Security-Policy": POLICY})


@get("/rules", media_type=MediaType.HTML, include_in_schema=False, sync_to_thread=False,
     cache_control=REVALIDATE, name="rules")
def rules(request: Request[Any, Any, Any]) -> Response[bytes]:
    """The rules, in the language of the request as the API chooses it (its ``lang``, as
    the table's link says its own, else its ``Accept-Language``), which the answer says."""
    return Response(rules_page(of_request(request)), headers={"Content-Security-Policy": POLICY})


@get("/docs", include_in_schema=False, sync_to_thread=False, name="docs")
def docs() -> Redirect:
    """Where people look for the API's documentation: it is at ``/schema``."""
    return Redirect(SCHEMA)


def table_router() -> Router:
    """The page and its files, the rules and the way to the API's documentation; nothing
    of it goes into the OpenAPI document."""
    files = create_static_files_router(ASSETS, directories=[STATIC], name="web-table-files",
                                       cache_control=REVALIDATE, include_in_schema=False,
                                       before_request=only(assets()))
    return Router("/", route_handlers=[table_page, rules, docs, files], include_in_schema=False)
