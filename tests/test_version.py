"""One version everywhere: ``foraccio --version``, the OpenAPI document's ``info.version``
(served and committed) and the ``Foraccio-Version`` header of a real server's answers all
say :data:`foraccio.__version__`, the single source of the version (pyproject.toml reads
it too); CHANGELOG.md has an entry for it. One version, one document: a release serves
exactly the document kept as released (``openapi/released/<version>.json``), and a
development version is never one that was released (docs/api.md, "Versions and what may
change")."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from packaging.version import Version

from foraccio import __version__
from tests.api.live import live_server
from tests.api.releases import RELEASED, info_version, is_release, released_documents

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


def test_the_version_is_a_release_or_a_development_version():
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", __version__)


def test_every_released_document_is_named_by_its_version():
    documents = released_documents()

    assert documents
    for version, path in documents.items():
        assert info_version(path) == path.stem == str(version)
        assert is_release(version), f"{path.name}: only releases are kept as released"


def test_a_release_has_its_document_kept_and_a_development_version_is_of_a_new_one():
    kept = RELEASED / f"{Version(__version__).base_version}.json"

    if is_release(__version__):
        assert kept.exists(), (
            f"{__version__} is a release, so its document is kept as {kept.name}: release it "
            f"(docs/development.md, 'Releases') or say a development version (0.x.y.dev0)")
    else:
        assert not kept.exists(), (
            f"{__version__} is a development version of a release already made: say the "
            f"next one's")


def test_the_command_prints_the_version():
    command = Path(sys.executable).with_name("foraccio")

    run = subprocess.run([str(command), "--version"], capture_output=True, text=True,
                         timeout=60)

    assert (run.returncode, run.stdout, run.stderr) == (0, f"foraccio {__version__}\n", "")


def test_the_committed_document_gives_the_version():
    document = json.loads((ROOT / "openapi" / "openapi.json").read_text())

    assert document["info"]["version"] == __version__


def test_the_changelog_has_an_entry_for_every_release_and_an_unreleased_section():
    changelog = (ROOT / "CHANGELOG.md").read_text()
    entries = re.findall(r"^## \[(.+?)\](?: - (\d{4}-\d{2}-\d{2}))?$", changelog,
                         flags=re.MULTILINE)

    assert entries[0] == ("Unreleased", "")
    released = {version: date for version, date in entries[1:]}
    assert all(released.values()), "every release has its date"
    assert {str(version) for version in released_documents()} <= released.keys()
    if is_release(__version__):
        assert next(iter(released)) == __version__


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


def test_a_release_serves_exactly_its_released_document(server):
    _, _, body = answer(server + "/schema/openapi.json")
    released = RELEASED / f"{__version__}.json"

    if is_release(__version__):
        assert json.loads(body) == json.loads(released.read_text(encoding="utf-8")), (
            f"the server says {__version__} but serves another document than {released.name}: "
            f"a change after a release is a development version's (0.x.y.dev0)")
    else:
        assert not released.exists()
