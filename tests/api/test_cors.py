"""Cross-origin requests (api/cors.py): the headers a browser needs, on simple requests,
errors and preflights, for every origin by default or for the origins of
``FORACCIO_CORS_ORIGINS``. ``tests/browser/test_cors_browser.py`` checks the same with a
real browser."""

from __future__ import annotations

import re

import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.cors import MAX_AGE, ORIGINS_VARIABLE, cors_config_from_environment
from tests.api.test_errors import assert_problem
from tests.test_docs import ROOT

PAGE = "https://play.example.com"
OTHER = "https://elsewhere.example.org"
PREFLIGHT = {"Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "content-type"}


def client_with(monkeypatch, origins: str | None) -> TestClient:
    """A client of an app made with ``FORACCIO_CORS_ORIGINS`` set to ``origins`` (None:
    unset)."""
    if origins is None:
        monkeypatch.delenv(ORIGINS_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(ORIGINS_VARIABLE, origins)
    return TestClient(create_app())


def preflight(client: TestClient, origin: str, path: str = "/games", **asked: str):
    return client.options(path, headers={"Origin": origin, **PREFLIGHT, **asked})


def split(value: str) -> set[str]:
    return {item.strip().lower() for item in value.split(",")}


# --- the default: every origin ---------------------------------------------------------


@pytest.fixture(scope="module")
def open_client():
    with pytest.MonkeyPatch.context() as monkeypatch, client_with(monkeypatch, None) as client:
        yield client


def test_by_default_any_page_may_read_an_answer(open_client):
    response = open_client.get("/variants", headers={"Origin": OTHER})

    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"
    assert response.headers["access-control-expose-headers"] == \
        "Foraccio-Version, Retry-After, X-Request-ID"
    assert "access-control-allow-credentials" not in response.headers


def test_a_page_may_read_an_error_as_well(open_client):
    response = open_client.post("/games", content=b"{}",
                                headers={"Origin": OTHER, "Content-Type": "text/plain"})

    assert response.status_code == 415
    assert response.headers["content-type"] == "application/problem+json"
    assert response.headers["access-control-allow-origin"] == "*"


def test_a_request_without_an_origin_gets_no_cors_headers(open_client):
    response = open_client.get("/variants")

    assert not [name for name in response.headers if name.startswith("access-control-")]


def test_a_json_post_is_approved_by_its_preflight(open_client):
    response = preflight(open_client, OTHER)

    assert response.status_code == 204
    assert response.headers["access-control-allow-origin"] == "*"
    assert split(response.headers["access-control-allow-methods"]) >= {"get", "post"}
    assert "content-type" in split(response.headers["access-control-allow-headers"])
    assert response.headers["access-control-max-age"] == str(MAX_AGE)
    assert "access-control-allow-credentials" not in response.headers


def test_the_request_id_header_may_be_sent(open_client):
    response = preflight(open_client, OTHER, **{
        "Access-Control-Request-Headers": "content-type, x-request-id"})

    assert response.status_code == 204
    assert "x-request-id" in split(response.headers["access-control-allow-headers"])


def test_the_docs_list_every_header_a_preflight_approves(open_client):
    section = (ROOT / "docs" / "api.md").read_text().split("## CORS", 1)[1].split("\n## ")[0]
    listed = re.search(r"the headers a client may send \((.*?)\) and", section, re.S).group(1)
    documented = {name.lower() for name in re.findall(r"`([A-Za-z-]+)`", listed)}
    approved = split(preflight(open_client, OTHER).headers["access-control-allow-headers"])

    assert documented == approved
    # Every one of them is approved when a page asks for it.
    asked = preflight(open_client, OTHER, **{"Access-Control-Request-Headers":
                                             ", ".join(sorted(documented))})
    assert asked.status_code == 204, asked.text


def assert_refused(response, *said: str) -> None:
    """``response`` refuses a preflight with a problem document whose detail says ``said``."""
    problem = assert_problem(response, 403, "preflight_refused")
    assert "access-control-allow-origin" not in response.headers
    for words in said:
        assert words in problem["detail"]


def test_a_method_the_api_does_not_use_is_not_approved(open_client):
    response = preflight(open_client, OTHER, **{"Access-Control-Request-Method": "DELETE"})

    assert_refused(response, "only with the methods GET, POST", "asked for 'DELETE'")


def test_a_header_the_api_does_not_take_is_not_approved(open_client):
    response = preflight(open_client, OTHER, **{
        "Access-Control-Request-Headers": "content-type, x-secret, x-forwarded-for"})

    assert_refused(response, "content-type", "x-request-id",
                   "asked for 'x-secret, x-forwarded-for'")


def test_the_post_after_the_preflight_is_answered_with_the_header(open_client):
    response = open_client.post("/games", json={"variant": "foraccio", "seed": 1},
                                headers={"Origin": OTHER})

    assert response.status_code == 200
    assert response.json()["state"]["seed"] == 1
    assert response.headers["access-control-allow-origin"] == "*"


# --- FORACCIO_CORS_ORIGINS -------------------------------------------------------------


@pytest.fixture(scope="module")
def listed_client():
    with pytest.MonkeyPatch.context() as monkeypatch, \
            client_with(monkeypatch, f"{PAGE}, http://localhost:5173") as client:
        yield client


@pytest.mark.parametrize("origin", [PAGE, "http://localhost:5173"])
def test_a_listed_origin_is_allowed_by_name(listed_client, origin):
    response = listed_client.get("/variants", headers={"Origin": origin})
    assert response.headers["access-control-allow-origin"] == origin
    # One Vary: CORS's Origin, and the language of the variants' words.
    assert response.headers.get_list("vary") == ["Origin, Accept-Language"]

    approved = preflight(listed_client, origin)
    assert approved.status_code == 204
    assert approved.headers["access-control-allow-origin"] == origin
    assert approved.headers["access-control-max-age"] == str(MAX_AGE)


@pytest.mark.parametrize("origin", [
    OTHER, "http://localhost:5174", "https://play.example.com.evil"])
def test_an_origin_not_listed_is_refused(listed_client, origin):
    response = listed_client.get("/variants", headers={"Origin": origin})
    assert response.status_code == 200  # answered, but the browser will not show it
    assert "access-control-allow-origin" not in response.headers

    assert_refused(preflight(listed_client, origin), f"the origin {origin!r} may not call",
                   ORIGINS_VARIABLE)


def test_a_star_in_a_host_name_allows_its_subdomains(monkeypatch):
    with client_with(monkeypatch, "https://*.example.com") as client:
        allowed = client.get("/health", headers={"Origin": PAGE})
        refused = client.get("/health", headers={"Origin": OTHER})

    assert allowed.headers["access-control-allow-origin"] == PAGE
    assert "access-control-allow-origin" not in refused.headers


def test_an_empty_value_allows_no_origin(monkeypatch):
    with client_with(monkeypatch, "") as client:
        simple = client.get("/variants", headers={"Origin": PAGE})
        asked = preflight(client, PAGE)

    assert "access-control-allow-origin" not in simple.headers
    assert "access-control-allow-origin" not in asked.headers


def test_origins_are_read_case_blind_and_trimmed():
    config = cors_config_from_environment({ORIGINS_VARIABLE: " HTTPS://Play.Example.com ,"})

    assert config.allow_origins == [PAGE]
    assert config.allow_credentials is False


@pytest.mark.parametrize("value", [
    "https://play.example.com/",  # a trailing slash: no browser sends one
    "https://play.example.com/app",
    "play.example.com",
    "ftp://play.example.com",
    "*, https://play.example.com",
])
def test_a_value_that_is_not_a_list_of_origins_stops_the_app(value):
    with pytest.raises(ValueError, match=ORIGINS_VARIABLE):
        cors_config_from_environment({ORIGINS_VARIABLE: value})
