"""A page on another origin calls the API from a real browser (docs/api.md, "CORS").

The page, served by a static server on another port, fetches ``GET /variants`` and
posts ``POST /games`` as JSON (a request that needs a preflight), and writes what it
got into the page. With the default settings every origin may; with
``FORACCIO_CORS_ORIGINS`` only the origins listed.
"""

from __future__ import annotations

import json
import time

import pytest

from foraccio.api.cors import ORIGINS_VARIABLE
from tests.browser.conftest import HOST, api_server, static_server

pytestmark = pytest.mark.xdist_group("browser-cors")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A client on another origin</title></head>
<body>
<pre id="variants">pending</pre>
<pre id="game">pending</pre>
<script>
const api = new URLSearchParams(location.search).get("api");

async function show(id, request) {
  const out = document.getElementById(id);
  try {
    const response = await request();
    out.textContent = JSON.stringify({
      status: response.status,
      requestId: response.headers.get("X-Request-ID"),
      body: await response.json(),
    });
  } catch (error) {
    out.textContent = JSON.stringify({failed: String(error)});
  }
  out.dataset.done = "true";
}

show("variants", () => fetch(api + "/variants"));
show("game", () => fetch(api + "/games", {
  method: "POST",
  headers: {"Content-Type": "application/json"},
  body: JSON.stringify({variant: "foraccio", seed: 7}),
}));
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def page_port(tmp_path_factory):
    """The port of a static server serving the client page as ``/client.html``."""
    directory = tmp_path_factory.mktemp("page")
    (directory / "client.html").write_text(PAGE)
    with static_server(directory) as port:
        yield port


@pytest.fixture(scope="module")
def open_api(tmp_path_factory):
    """The API with the default settings: every origin may call it."""
    with api_server(tmp_path_factory.mktemp("open") / "log", **{ORIGINS_VARIABLE: None}) as url:
        yield url


@pytest.fixture(scope="module")
def listed_api(tmp_path_factory, page_port):
    """The API allowing only pages of ``http://127.0.0.1:<page_port>``."""
    log = tmp_path_factory.mktemp("listed") / "log"
    with api_server(log, **{ORIGINS_VARIABLE: f"http://{HOST}:{page_port}"}) as url:
        yield url, log


def answers(browser, page_url: str, api: str) -> dict[str, dict]:
    """Load the client page and return what its two requests got."""
    page = browser.new_page()
    try:
        page.goto(f"{page_url}?api={api}")
        for id_ in ("variants", "game"):
            page.wait_for_selector(f"#{id_}[data-done]", timeout=15_000)
        return {id_: json.loads(page.text_content(f"#{id_}")) for id_ in ("variants", "game")}
    finally:
        page.close()


def assert_answered(got: dict[str, dict]) -> None:
    variants, game = got["variants"], got["game"]
    assert variants["status"] == 200, variants
    assert {variant["name"] for variant in variants["body"]["variants"]} >= {"foraccio",
                                                                           "zobelon"}
    assert game["status"] == 200, game
    assert game["body"]["state"]["seed"] == 7
    assert game["body"]["state"]["phase"] == "playing"
    # The request id is exposed to pages, so a client can report it.
    assert variants["requestId"] and game["requestId"]


def test_by_default_a_page_on_another_origin_gets_the_answers(browser, page_port, open_api):
    assert_answered(answers(browser, f"http://{HOST}:{page_port}/client.html", open_api))


def test_a_listed_origin_gets_the_answers_after_a_preflight(browser, page_port, listed_api):
    api, log = listed_api

    assert_answered(answers(browser, f"http://{HOST}:{page_port}/client.html", api))

    assert ("OPTIONS", "/games", 204) in requests_logged(log, expected={("OPTIONS", "/games", 204)})


def test_an_origin_not_listed_gets_nothing(browser, page_port, listed_api):
    api, log = listed_api
    before = len(requests_logged(log))

    # The same page from http://localhost:<port>: another origin than the one listed.
    got = answers(browser, f"http://localhost:{page_port}/client.html", api)

    assert "failed" in got["variants"] and "failed" in got["game"], got
    # The server answered the GET (a simple request) and refused the POST's preflight
    # (403 preflight_refused); the browser kept both answers from the page.
    expected = {("GET", "/variants", 200), ("OPTIONS", "/games", 403)}
    assert set(requests_logged(log, expected, since=before)) == expected


def requests_logged(log, expected=frozenset(), since=0) -> list[tuple[str, str, int]]:
    """(method, path, status) of each request but ``/health`` in the server's JSON request
    log from the ``since``-th on, once it holds ``expected`` (or after a few seconds): the server
    logs a request just after answering it."""
    deadline = time.monotonic() + 5
    while True:
        lines = [json.loads(line) for line in log.read_text().splitlines()
                 if line.startswith("{")]
        # /health is api_server's readiness probe: its line may be written only after a
        # test has counted the lines so far, so it is left out of the count and the list.
        logged = [(line["method"], line["path"], line["status"]) for line in lines
                  if line.get("event") == "request" and line["path"] != "/health"][since:]
        if set(expected) <= set(logged) or time.monotonic() > deadline:
            return logged
        time.sleep(0.05)
