"""Every answer of the app says ``X-Content-Type-Options: nosniff`` once (api/nosniff.py):
pages, static files, JSON, problem documents, refused preflights. The web table's and the
documentation's files are checked one by one in tests/web/test_routes.py and
tests/api/test_docs_ui.py."""

from __future__ import annotations

import pytest


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
def test_every_answer_says_nosniff_once(client, method, path, status):
    response = client.request(method, path, content=b"{}",
                              headers={"Content-Type": "text/plain"})

    assert response.status_code == status
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]


def test_so_does_a_refused_preflight(client):
    response = client.options("/games", headers={"Origin": "https://elsewhere.example.org",
                                                 "Access-Control-Request-Method": "DELETE"})

    assert response.status_code == 403
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]
