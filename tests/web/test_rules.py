"""The rules at ``/rules``, in the reader's language, and ``/docs``, the way to the API's
documentation: served with the web table's policy, outside the OpenAPI document, from
docs/rules*.md, which the package ships (the wheel's own is tested in
tests/packaging/test_installed_wheel.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.web.rules import FILES, RULES

ROOT = Path(__file__).resolve().parents[2]

TITLES = {"en": "The rules of Foraccio and Zobelon", "it": "Le regole del Foraccio e dello Zobelon"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as client:
        yield client


@pytest.mark.parametrize(("asked", "language"), [
    ({"headers": {"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"}}, "it"),
    ({"headers": {"Accept-Language": "en-GB"}}, "en"),
    ({}, "en"),
    ({"params": {"lang": "it"}, "headers": {"Accept-Language": "en"}}, "it"),
    ({"params": {"lang": "en"}, "headers": {"Accept-Language": "it"}}, "en"),
    ({"params": {"lang": "xx"}, "headers": {"Accept-Language": "it"}}, "en"),  # as the API
])
def test_the_rules_are_served_in_the_language_asked(client, asked, language):
    page = client.get("/rules", **asked)
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["content-language"] == language
    assert "accept-language" in page.headers["vary"].lower()
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert f'<html lang="{language}">' in page.text
    assert f"<h1>{TITLES[language]}</h1>" in page.text
    assert "<table>" in page.text and "<h2>" in page.text  # Markdown made HTML
    # Its links lead to what this server serves: the other language's rules, the table,
    # the API's documentation; a document it does not serve is named, not linked.
    links = set(re.findall(r'href="([^"]+)"', page.text))
    other = next(other for other in FILES if other != language)
    assert {"/", "/docs", f"/rules?lang={other}"} <= links
    assert not [link for link in links if link.endswith(".md")], links


def test_docs_leads_to_the_api_documentation(client):
    answer = client.get("/docs", follow_redirects=False)
    assert answer.status_code in (301, 302, 307, 308)
    assert answer.headers["location"] == "/schema"
    assert client.get("/docs").status_code == 200


def test_neither_is_part_of_the_api_document(client):
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert "/rules" not in paths and "/docs" not in paths


@pytest.mark.parametrize("name", FILES.values())
def test_the_package_ships_the_rules_of_docs(name):
    # docs/ is not in the package: web/rules/ links to its files, and a build copies what
    # they link to (a copy kept by hand would drift from the rules).
    assert (RULES / name).resolve() == ROOT / "docs" / name
