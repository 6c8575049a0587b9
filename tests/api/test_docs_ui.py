"""The documentation UIs (api/docs_ui.py) need no internet: every page links only assets
the server itself serves, from installed packages; unknown paths under ``/schema`` are
problem documents like any other unknown path. ``tests/browser/test_docs_ui_browser.py``
renders the pages in a real browser."""

from __future__ import annotations

import re

import pytest

from api.docs_ui import REDOC, REDOCLY_LOGO, SWAGGER_UI
from tests.api.test_errors import assert_problem

UIS = ("/schema", "/schema/redoc")
LINKED = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""")


@pytest.mark.parametrize("page", UIS)
def test_a_ui_links_only_assets_served_here(client, page):
    response = client.get(page)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"

    linked = LINKED.findall(response.text)

    assert linked, "the page loads its script from somewhere"
    assert all(url.startswith((SWAGGER_UI + "/", REDOC + "/")) for url in linked), linked
    for url in linked:
        asset = client.get(url)
        assert asset.status_code == 200, url
        assert asset.content, url


@pytest.mark.parametrize(("asset", "content_type"), [
    (f"{SWAGGER_UI}/swagger-ui-bundle.js", "text/javascript; charset=utf-8"),
    (f"{SWAGGER_UI}/swagger-ui.css", "text/css; charset=utf-8"),
    (f"{SWAGGER_UI}/favicon-32x32.png", "image/png"),
    (f"{REDOC}/redoc.standalone.js", "text/javascript; charset=utf-8"),
    (f"{REDOC}/logo-mini.svg", "image/svg+xml"),
])
def test_the_assets_are_served_with_their_type_and_kept_an_hour(client, asset, content_type):
    response = client.get(asset)

    assert response.status_code == 200
    assert response.headers["content-type"] == content_type
    assert response.headers["cache-control"] == "max-age=3600, public"


def test_redocs_bundle_shows_the_logo_served_here_not_the_cdns(client):
    bundle = client.get(f"{REDOC}/redoc.standalone.js").content

    assert REDOCLY_LOGO not in bundle
    assert f"{REDOC}/logo-mini.svg".encode() in bundle
    assert len(bundle) > 500_000  # the whole bundle, not an error page


@pytest.mark.parametrize("path", [
    "/schema/nope",
    "/schema/elements",  # a UI this server does not serve
    "/schema/nope/deeper",
    f"{REDOC}/nope.js",
    f"{SWAGGER_UI}/",
    f"{SWAGGER_UI}/index.html",  # the package's demo page: not one the UI loads
    f"{SWAGGER_UI}/{'x' * 2000}.js",
])
def test_an_unknown_schema_path_is_a_not_found_problem(client, path):
    problem = assert_problem(client.get(path), 404, "not_found")

    assert problem["detail"] == "Not Found."


def test_the_document_is_still_served_as_json(client):
    response = client.get("/schema/openapi.json")

    assert response.status_code == 200
    assert response.json()["info"]["title"] == "Foraccio rules engine"
