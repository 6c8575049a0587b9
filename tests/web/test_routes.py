"""The web table's files: the page at ``/`` with a policy that keeps it on its own origin,
its scripts and styles under ``/table/``, nothing else, and nothing in the OpenAPI
document."""

from __future__ import annotations

import re

import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.web.routes import STATIC, assets


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as client:
        yield client


def test_the_page_is_served_at_the_root_with_a_same_origin_policy(client):
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers.get_list("x-content-type-options") == ["nosniff"]
    policy = page.headers["content-security-policy"]
    for directive in ("default-src 'none'", "script-src 'self'", "connect-src 'self'",
                      "style-src 'self'"):
        assert directive in policy
    assert re.search(r"<title[^>]*>Foraccio", page.text)


def test_every_file_the_page_loads_is_served(client):
    page = client.get("/").text
    linked = re.findall(r'(?:src|href)="(/table/[^"]+)"', page)
    imported = [f"/table/js/{name}" for path in STATIC.glob("js/*.js")
                for name in re.findall(r'from "\./([\w.]+)"', path.read_text())]
    assert linked and imported
    for path in {*linked, *imported}:
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == "no-cache"
        assert answer.headers.get_list("x-content-type-options") == ["nosniff"], path
    assert {path.removeprefix("/table/") for path in {*linked, *imported}} <= set(assets())


@pytest.mark.parametrize("path", ["/table/index.html", "/table/nothing.js", "/table/js",
                                  "/table/" + "x" * 300])
def test_nothing_else_is(client, path):
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.json()["code"] == "not_found"


def test_the_page_is_not_part_of_the_api_document(client):
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert "/" not in paths and not any(path.startswith("/table") for path in paths)


def test_no_file_of_the_page_names_another_origin():
    for path in STATIC.rglob("*"):
        if path.is_file():
            text = path.read_text()
            assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), path
