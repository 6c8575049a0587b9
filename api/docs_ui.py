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

Litestar also answers unknown one-segment paths under ``/schema`` with an HTML
page of its own; :class:`SchemaRouter` makes them problem documents with the
code ``not_found``, like every other unknown path of the API.
"""

from __future__ import annotations

from functools import cache

import openapi_ui_bundles
from litestar import Request, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.plugins import OpenAPIRenderPlugin, RedocRenderPlugin, SwaggerRenderPlugin
from litestar.params import FromPath
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path

SCHEMA = "/schema"
ASSETS = "/assets"
"""Where the UIs' files are served, under :data:`SCHEMA`."""

SWAGGER_UI = f"{SCHEMA}{ASSETS}/swagger-ui"
REDOC = f"{SCHEMA}{ASSETS}/redoc"

ASSET_CACHE = CacheControlHeader(max_age=3600, public=True)
"""The asset paths carry no version, so a browser keeps them an hour, then revalidates
(the files' ETag makes that cheap)."""

SWAGGER_UI_FILES = ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css",
                    "favicon-32x32.png")
REDOC_FILES = ("logo-mini.svg",)
"""The files the static-files routers serve (Redoc's bundle is :func:`redoc_bundle`)."""

REDOC_BUNDLE = "redoc.standalone.js"
REDOCLY_LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"

_FAVICON = f"<link rel='icon' type='image/png' href='{SWAGGER_UI}/favicon-32x32.png'>"
_LITESTARS_NOT_FOUND_PATH = "/{path:str}"


def render_plugins() -> list[OpenAPIRenderPlugin]:
    """The UIs, each pointed at the assets served by :func:`schema_router`."""
    return [
        SwaggerRenderPlugin(
            path="/", favicon=_FAVICON,
            js_url=f"{SWAGGER_UI}/swagger-ui-bundle.js",
            css_url=f"{SWAGGER_UI}/swagger-ui.css",
            standalone_preset_js_url=f"{SWAGGER_UI}/swagger-ui-standalone-preset.js"),
        RedocRenderPlugin(path="/redoc", favicon=_FAVICON, google_fonts=False,
                          js_url=f"{REDOC}/{REDOC_BUNDLE}"),
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
