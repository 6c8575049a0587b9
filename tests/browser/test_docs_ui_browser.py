"""The documentation UIs render in a real browser with nothing but the server: Chromium
loads each page from a granian server, the page shows the operations (``Start a match``,
the summary of ``newGame``), no request fails and none goes to another origin, and the
console shows no error: under the pages' Content-Security-Policy (api/docs_ui.py) a
script or style the policy blocks is one. Redoc's search (a worker) and Swagger UI's
"Try it out" (a request to the API) run too."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import api_server

pytestmark = pytest.mark.xdist_group("browser-docs")

UIS = {"swagger-ui": "/schema", "redoc": "/schema/redoc"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with api_server(tmp_path_factory.mktemp("docs") / "log") as url:
        yield url


def origin_of(url: str) -> str | None:
    """The origin a URL is fetched from; None for inline data. A ``blob:`` URL (Redoc's
    search worker) is made by the page, in the page's origin, which it names."""
    if url.startswith("data:"):
        return None
    parts = urlsplit(url.removeprefix("blob:"))
    return f"{parts.scheme}://{parts.netloc}"


@pytest.mark.parametrize("ui", UIS)
def test_the_ui_renders_from_the_server_alone(browser, server, ui):
    page = browser.new_page()
    requested, failed, errors = [], [], []
    page.on("request", lambda request: requested.append(request.url))
    page.on("requestfailed", lambda request: failed.append(
        f"{request.url}: {request.failure}"))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    try:
        page.goto(server + UIS[ui], wait_until="load")
        # Redoc also lists it, hidden, in its collapsed menu: wait for a visible one.
        shown = page.get_by_text("Start a match", exact=True).filter(visible=True)
        shown.first.wait_for(state="visible", timeout=20_000)
        page.wait_for_load_state("networkidle")
        USE[ui](page)
    finally:
        page.close()

    elsewhere = [url for url in requested if origin_of(url) not in (origin_of(server), None)]
    assert not elsewhere, f"{ui} asked another origin for {elsewhere}"
    assert not failed, f"{ui}: requests failed: {failed}"
    assert not errors, f"{ui}: errors in the console: {errors}"
    assert len(requested) > 1, "the page loads its assets from the server"


def search_in_redoc(page) -> None:
    """Search the document: Redoc's search runs in a worker of its own."""
    page.get_by_placeholder("Search...").fill("sealed")
    page.get_by_role("menuitem").filter(has_text="A seat's view").first.wait_for(
        state="visible", timeout=20_000)


def try_it_out_in_swagger_ui(page) -> None:
    """Start a match from Swagger UI's form: a request from the page to the API."""
    page.get_by_text("Start a match", exact=True).first.click()
    page.get_by_role("button", name="Try it out").first.click()
    with page.expect_response(lambda response: response.url.endswith("/games")) as answer:
        page.get_by_role("button", name="Execute").first.click()
    assert answer.value.status == 200


USE = {"swagger-ui": try_it_out_in_swagger_ui, "redoc": search_in_redoc}
