"""A real browser against a real server: headless Chromium (Debian's, which ``make test``
installs) driven by Playwright, the API served by granian as ``make run`` serves it, and
a tiny static server for pages on another origin.

Each module gets one browser. Its tests share an xdist group, so that ``make test``
(``--dist loadgroup``) runs them in one worker and starts that browser once.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from bench.server import HOST, serving
from foraccio.api.sealing import SECRET_VARIABLE
from tests.browser.table import LANGUAGES, watched_page

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium, one per test module."""
    if not CHROMIUM.exists():
        # Not a skip: CI must run these. `make test` installs it.
        pytest.fail(f"{CHROMIUM} is missing: run `make test`, or `apt-get install chromium`")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(params=list(LANGUAGES))
def language(request) -> str:
    """Each language the page speaks: a test that takes it runs in each."""
    return request.param


@pytest.fixture
def watched(browser, server, language):
    """A fresh page at a desktop size on the module's ``server``, its browser speaking
    ``language``; afterwards, no error was logged
    (:func:`~tests.browser.table.watched_page`). Modules that watch more say so with a
    ``watched`` of their own."""
    with watched_page(browser, language) as watch:
        yield watch


@contextmanager
def api_server(log: Path, **environment: str | None) -> Iterator[str]:
    """Serve the API with granian on a free loopback port, as ``make run`` does; yield its
    URL. ``environment`` sets (or, with None, removes) variables of the server's
    environment; its request log goes to ``log``."""
    with serving(log, environment={SECRET_VARIABLE: "browser-tests", **environment}) as running:
        yield running.url


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # a request log in the test output is noise
        pass


@contextmanager
def static_server(directory: Path) -> Iterator[int]:
    """Serve the files of ``directory`` on a free loopback port (in a thread); yield
    the port."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    with ThreadingHTTPServer((HOST, 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield server.server_address[1]
        finally:
            server.shutdown()
            thread.join()

