"""The documentation UIs, served with no internet: Swagger UI at ``/schema``, Redoc at
``/schema/redoc``.

Litestar's render plugins load their scripts, styles, fonts and favicon from
CDNs, so a browser without internet (or behind a strict proxy) shows a blank
page. Here every asset comes from a Python package installed with the
service, served under ``/schema/assets/`` by static-files routers (only the files
the pages load: the packages hold demo pages and source maps too):

- Swagger UI from ``swagger-ui-bundle-v2`` (the maintained fork of
  ``swagger-ui-bundle``, whose last release bundles Swagger UI 4, which cannot
  read an OpenAPI 3.1 document such as ours);
- Redoc from ``openapi-ui-bundles`` (the only package shipping Redoc's
  standalone bundle without a web framework as a dependency).

Redoc's Google Fonts are left out (it falls back to the system's fonts), and
both pages use Swagger UI's own favicon. Redoc's bundle links one image on its
CDN, the logo of its "API docs by Redocly" credit, whatever its options: the
bundle is served with that link pointed at the same logo in the package.

The pages are our own (:class:`DocsPage`), not the render plugins' of Litestar,
which write the whole document into an inline script: they share an origin
with the web table, which keeps every seat key of its games in localStorage,
so each is served with a Content-Security-Policy that runs scripts from this
server only, and no inline script (their one script of our own and their style
are files of ``api/docs_static/``, served under ``/schema/assets/docs/``; the
UI fetches the document from ``/schema/openapi.json``), lets them connect to
this server only and be framed by no page.

Litestar also answers unknown one-segment paths under ``/schema`` with an HTML
page of its own; :class:`SchemaRouter` makes them problem documents with the
code ``not_found``, like every other unknown path of the API.
"""

from __future__ import annotations

import html
import secrets
from functools import cache
from pathlib import Path
from typing import Any

import openapi_ui_bundles
from litestar import MediaType, Request, Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.params import FromPath
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path

SCHEMA = "/schema"
ASSETS = "/assets"
"""Where the UIs' files are served, under :data:`SCHEMA`."""

SWAGGER_UI = f"{SCHEMA}{ASSETS}/swagger-ui"
REDOC = f"{SCHEMA}{ASSETS}/redoc"
DOCS = f"{SCHEMA}{ASSETS}/docs"
"""Where the pages' own script and style are served, from :data:`DOCS_STATIC`."""

DOCS_STATIC = Path(__file__).parent / "docs_static"

ASSET_CACHE = CacheControlHeader(max_age=3600, public=True)
"""The asset paths carry no version, so a browser keeps them an hour, then revalidates
(the files' ETag makes that cheap)."""

SWAGGER_UI_FILES = ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css",
                    "favicon-32x32.png")
REDOC_FILES = ("logo-mini.svg",)
DOCS_FILES = ("swagger-ui-init.js", "redoc-init.js", "page.css")
"""The files the static-files routers serve (Redoc's bundle is :func:`redoc_bundle`)."""

REDOC_BUNDLE = "redoc.standalone.js"
REDOCLY_LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"

_LITESTARS_NOT_FOUND_PATH = "/{path:str}"

POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
"""Swagger UI's page's Content-Security-Policy. ``data:`` images are Swagger UI's icons,
drawn in its style sheet."""

REDOC_STYLE_HASHES = (
    "'sha256-DLDPR1ic47WIdK2WyeLkblb/tm2mQH+Jt/NNhZWu1k0='",  # perfect-scrollbar's sheet
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",  # an empty sheet
)
"""The two ``<style>`` elements Redoc's bundle writes as it loads, before ``Redoc.init``
can give it a nonce (see :class:`DocsPage`). Their text is the bundle's own, so their
hashes are fixed; another bundle may change them, which the browser test of the docs
catches (Chromium's console error names the hash a blocked style needs)."""

REDOC_POLICY = POLICY.replace(
    "style-src 'self'", f"style-src 'self' {' '.join(REDOC_STYLE_HASHES)}") + "; worker-src blob:"
"""Redoc's page's policy: its styles, and its search, which runs in a worker it makes from
a ``blob:`` URL of its own code (only the page's scripts, all from this server, can)."""


class DocsPage(OpenAPIRenderPlugin):
    """A documentation UI's page: the UI's scripts and styles and the page's own script,
    all files served here; the document's path in the container's ``data-document``.

    With ``style_nonce`` the page's policy also allows ``<style>`` elements bearing a nonce
    drawn for each answer, which its own script reads (``document.currentScript.nonce``)
    and hands to the UI. Redoc needs it: its styled-components write its styles into
    ``<style>`` elements as it renders, whose text no hash can foresee, and Redoc gives
    them the nonce of its option ``nonce``. (Chromium hides a nonce from the page's
    attributes, so style sheets cannot read it.)
    """

    def __init__(self, path: str, container: str, styles: tuple[str, ...],
                 scripts: tuple[str, ...], policy: str = POLICY,
                 style_nonce: bool = False) -> None:
        super().__init__(path=path)
        self.container = container
        self.styles = styles
        self.scripts = scripts
        self.policy = policy
        self.style_nonce = style_nonce

    def render(self, request: Request, openapi_schema: dict[str, Any]  # type: ignore[override]
               ) -> Response[bytes]:
        """The page and its Content-Security-Policy: no inline script, no inline style.

        Litestar's handler of a render plugin answers what ``render`` returns, a Response
        as it is: so the policy, whose nonce must match the page's, travels with it.
        """
        policy, nonce = self.policy, ""
        if self.style_nonce:
            drawn = secrets.token_urlsafe(18)
            policy = policy.replace("style-src 'self'", f"style-src 'self' 'nonce-{drawn}'")
            nonce = f' nonce="{drawn}"'
        head = "".join([
            f"<title>{html.escape(openapi_schema['info']['title'])}</title>",
            f'<link rel="icon" type="image/png" href="{SWAGGER_UI}/favicon-32x32.png">',
            *(f'<link rel="stylesheet" href="{url}">' for url in self.styles),
            *(f'<script src="{url}"></script>' for url in self.scripts[:-1]),
        ])
        document = html.escape(self.get_openapi_json_route(request))
        page = (f'<!DOCTYPE html><html><head><meta charset="utf-8">'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">{head}'
                f'</head><body><div id="{self.container}" data-document="{document}"></div>'
                f'<script src="{self.scripts[-1]}"{nonce}></script></body></html>')
        return Response(page.encode(), media_type=MediaType.HTML,
                        headers={"Content-Security-Policy": policy})


def render_plugins() -> list[OpenAPIRenderPlugin]:
    """The UIs' pages, each loading the assets served by :func:`schema_router`."""
    return [
        DocsPage("/", "swagger-container",
                 styles=(f"{SWAGGER_UI}/swagger-ui.css", f"{DOCS}/page.css"),
                 scripts=(f"{SWAGGER_UI}/swagger-ui-bundle.js",
                          f"{SWAGGER_UI}/swagger-ui-standalone-preset.js",
                          f"{DOCS}/swagger-ui-init.js")),
        DocsPage("/redoc", "redoc-container", styles=(f"{DOCS}/page.css",),
                 scripts=(f"{REDOC}/{REDOC_BUNDLE}", f"{DOCS}/redoc-init.js"),
                 policy=REDOC_POLICY, style_nonce=True),
    ]


def schema_router() -> SchemaRouter:
    """The router of ``/schema``, holding the UIs' assets; Litestar adds the UIs' pages
    and the OpenAPI document to it."""
    return SchemaRouter(SCHEMA, route_handlers=[
        create_static_files_router(f"{ASSETS}/swagger-ui", directories=[swagger_ui_path],
                                   name="swagger-ui-assets", cache_control=ASSET_CACHE,
                                   before_request=only(SWAGGER_UI_FILES)),
        create_static_files_router(f"{ASSETS}/redoc",
                                   directories=[openapi_ui_bundles.redoc.static_path],
                                   name="redoc-assets", cache_control=ASSET_CACHE,
                                   before_request=only(REDOC_FILES)),
        create_static_files_router(f"{ASSETS}/docs", directories=[DOCS_STATIC],
                                   name="docs-assets", cache_control=ASSET_CACHE,
                                   before_request=only(DOCS_FILES)),
        serve_redoc_bundle,
    ], include_in_schema=False)


# Litestar adds "; charset=utf-8" to a text/* media type itself.
@get(f"{ASSETS}/redoc/{REDOC_BUNDLE}", media_type="text/javascript",
     cache_control=ASSET_CACHE, sync_to_thread=False, name="redoc-bundle")
def serve_redoc_bundle() -> bytes:
    """Redoc's standalone bundle, as :func:`redoc_bundle` makes it."""
    return redoc_bundle()


@cache
def redoc_bundle() -> bytes:
    """Redoc's standalone bundle from the package, its link to the Redocly logo on the
    CDN replaced by the path of the logo the package ships."""
    bundle = (openapi_ui_bundles.redoc.static_path / REDOC_BUNDLE).read_bytes()
    return bundle.replace(REDOCLY_LOGO, f"{REDOC}/logo-mini.svg".encode())


def only(names: tuple[str, ...]):
    """A ``before_request`` hook of a static-files router that lets it serve only these
    files, answering 404 for any other path before it reaches the file system (where
    Litestar turns a name too long for it into a 500)."""
    served = frozenset(f"/{name}" for name in names)

    async def only_these_files(request: Request) -> None:
        if request.path_params["file_path"] not in served:
            raise NotFoundException()

    return only_these_files


class SchemaRouter(Router):
    """A router that registers our not-found handler where Litestar's OpenAPI plugin
    registers its HTML one (for ``/schema/{path}``)."""

    def register(self, value):
        if isinstance(value, HTTPRouteHandler) and _LITESTARS_NOT_FOUND_PATH in value.paths:
            value = get(sorted(value.paths), sync_to_thread=False)(schema_path_not_found)
        return super().register(value)


def schema_path_not_found(path: FromPath[str]) -> None:
    """No such page of the documentation: the same 404 as any unknown path."""
    raise NotFoundException()
