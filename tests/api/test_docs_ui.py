"""The documentation UIs (api/docs_ui.py) need no internet: every page links only assets
the server itself serves, from installed packages; each page runs no inline script under
a strict Content-Security-Policy; unknown paths under ``/schema`` are problem documents
like any other unknown path. ``tests/browser/test_docs_ui_browser.py`` renders the pages
in a real browser, with no console error (a policy violation is one)."""

from __future__ import annotations

import re

import pytest

from foraccio.api.docs_ui import DOCS, REDOC, REDOCLY_LOGO, SWAGGER_UI
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
    assert all(url.startswith((SWAGGER_UI + "/", REDOC + "/", DOCS + "/")) for url in linked), \
        linked
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
    (f"{DOCS}/swagger-ui-init.js", "text/javascript; charset=utf-8"),
    (f"{DOCS}/redoc-init.js", "text/javascript; charset=utf-8"),
    (f"{DOCS}/page.css", "text/css; charset=utf-8"),
])
def test_the_assets_are_served_with_their_type_and_kept_an_hour(client, asset, content_type):
    response = client.get(asset)

    assert response.status_code == 200
    assert response.headers["content-type"] == content_type
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]
    assert response.headers["cache-control"] == "max-age=3600, public"


def policy_of(response) -> dict[str, list[str]]:
    """The page's Content-Security-Policy: its sources by directive."""
    directives = [part.split() for part in
                  response.headers["content-security-policy"].split(";")]
    return {name: sources for name, *sources in directives}


@pytest.mark.parametrize("page", UIS)
def test_a_ui_runs_no_inline_script_and_keeps_to_this_server(client, page):
    response = client.get(page)
    policy = policy_of(response)

    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["style-src"]
    # Nothing inline: every script is a file, every style a linked sheet.
    assert not re.search(r"<script(?![^>]*\bsrc=)", response.text)
    assert "<style" not in response.text and "style=" not in response.text
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]


def test_swagger_uis_styles_are_its_files_only(client):
    assert policy_of(client.get("/schema"))["style-src"] == ["'self'"]


def test_redocs_styles_bear_a_nonce_drawn_for_each_answer(client):
    first, second = client.get("/schema/redoc"), client.get("/schema/redoc")
    nonces = []
    for response in (first, second):
        policy = policy_of(response)
        nonce = re.search(r'<script src="[^"]+/redoc-init\.js" nonce="([^"]+)"', response.text)
        assert f"'nonce-{nonce[1]}'" in policy["style-src"]
        # Besides: the two sheets its bundle writes before it is given the nonce, and the
        # worker of its search, made from a blob: URL.
        assert [source for source in policy["style-src"] if source.startswith("'sha256-")]
        assert policy["worker-src"] == ["blob:"]
        nonces.append(nonce[1])
    assert nonces[0] != nonces[1] and len(nonces[0]) >= 22


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
    f"{DOCS}/nope.js",
    f"{SWAGGER_UI}/{'x' * 2000}.js",
])
def test_an_unknown_schema_path_is_a_not_found_problem(client, path):
    problem = assert_problem(client.get(path), 404, "not_found")

    assert problem["detail"] == "Not Found."


def test_the_document_is_still_served_as_json(client):
    response = client.get("/schema/openapi.json")

    assert response.status_code == 200
    assert response.json()["info"]["title"] == "Foraccio rules engine"
