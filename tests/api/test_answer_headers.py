"""Every answer of the app says ``X-Content-Type-Options: nosniff`` and its
``Foraccio-Version`` once (api/answer_headers.py): pages, static files, JSON, problem
documents, refused preflights. A real server's versions are checked in
tests/test_version.py; the web table's and the documentation's files say nosniff, checked
one by one in tests/web/test_routes.py and tests/api/test_docs_ui.py."""

from __future__ import annotations

import pytest

from foraccio import __version__


@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/", 200),
    ("GET", "/table/table.css", 200),
    ("GET", "/schema", 200),
    ("GET", "/schema/openapi.json", 200),
    ("GET", "/health", 200),
    ("GET", "/nothing", 404),
    ("POST", "/games", 415),
    ("DELETE", "/games", 405),
])
def test_every_answer_says_nosniff_and_the_version_once(client, method, path, status):
    response = client.request(method, path, content=b"{}",
                              headers={"Content-Type": "text/plain"})

    assert response.status_code == status
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]
    assert response.headers.get_list("foraccio-version") == [__version__]


def test_so_does_a_refused_preflight(client):
    response = client.options("/games", headers={"Origin": "https://elsewhere.example.org",
                                                 "Access-Control-Request-Method": "DELETE"})

    assert response.status_code == 403
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]
    assert response.headers.get_list("foraccio-version") == [__version__]
