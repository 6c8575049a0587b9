"""One version everywhere: ``foraccio --version``, the OpenAPI document's ``info.version``
(served and committed) and the ``Foraccio-Version`` header of a real server's answers all
say :data:`foraccio.__version__`, the single source of the version (pyproject.toml reads
it too); CHANGELOG.md has an entry for it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from foraccio import __version__
from tests.api.live import live_server

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def server():
    with live_server() as running:
        yield running.url


def answer(url: str, data: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    """The status, headers (their names in lower case) and body of one request, a POST of
    JSON when there is ``data``."""
    request = urllib.request.Request(url, data=data,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, _lower(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, _lower(error.headers), error.read()


def _lower(headers) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def test_the_version_is_a_release_number():
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_command_prints_the_version():
    command = Path(sys.executable).with_name("foraccio")

    run = subprocess.run([str(command), "--version"], capture_output=True, text=True,
                         timeout=60)

    assert (run.returncode, run.stdout, run.stderr) == (0, f"foraccio {__version__}\n", "")


def test_the_committed_document_gives_the_version():
    document = json.loads((ROOT / "openapi" / "openapi.json").read_text())

    assert document["info"]["version"] == __version__


def test_the_changelog_has_an_entry_for_the_version():
    changelog = (ROOT / "CHANGELOG.md").read_text()

    assert re.search(rf"^## \[{re.escape(__version__)}\] - \d{{4}}-\d{{2}}-\d{{2}}$",
                     changelog, flags=re.MULTILINE)
    assert changelog.index("## [Unreleased]") < changelog.index(f"## [{__version__}]")


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/health", None, 200),
    ("/", None, 200),  # the web table
    ("/schema", None, 200),  # Swagger UI
    ("/games", b'{"variant": "foraccio", "seed": 3}', 200),
    ("/games/play", b'{"state": {}}', 400),  # a problem document
    ("/variants/nothing", None, 404),
    ("/nothing", None, 404),  # no route at all
])
def test_every_answer_of_a_server_gives_the_version(server, path, body, status):
    got, headers, _ = answer(server + path, body)

    assert got == status
    assert headers["foraccio-version"] == __version__


def test_the_served_document_gives_the_version_it_is_served_with(server):
    _, headers, body = answer(server + "/schema/openapi.json")

    assert json.loads(body)["info"]["version"] == headers["foraccio-version"] == __version__
