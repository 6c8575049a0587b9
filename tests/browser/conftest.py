"""A real browser against a real server: headless Chromium (Debian's, which ``make test``
installs) driven by Playwright, the API served by granian as ``make run`` serves it, and
a tiny static server for pages on another origin.

Each module gets one browser. Its tests share an xdist group, so that ``make test``
(``--dist loadgroup``) runs them in one worker and starts that browser once.
"""

from __future__ import annotations

import functools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from api.sealing import SECRET_VARIABLE

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[2]


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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@contextmanager
def api_server(log: Path, **environment: str | None) -> Iterator[str]:
    """Serve the API with granian on a free loopback port, as ``make run`` does; yield its
    URL. ``environment`` sets (or, with None, removes) variables of the server's
    environment; its request log goes to ``log``."""
    port = free_port()
    granian = Path(sys.executable).with_name("granian")
    env = {**os.environ, SECRET_VARIABLE: "browser-tests", **environment}
    env = {name: value for name, value in env.items() if value is not None}
    command = [str(granian), "--interface", "asgi", "--factory", "--host", HOST,
               "--port", str(port), "api.app:create_app"]
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://{HOST}:{port}"
    try:
        _wait_until_up(url, process, log)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _wait_until_up(url: str, process: subprocess.Popen, log: Path, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the API server exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"the API server did not answer /health within {timeout} s:\n{log.read_text()}")


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

