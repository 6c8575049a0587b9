"""Fixtures of the command's tests: a real API server for the terminal table's sealed games."""

from __future__ import annotations

import pytest

from tests.browser.conftest import api_server


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The API served by granian, as ``make run`` serves it; one per test worker."""
    with api_server(tmp_path_factory.mktemp("server") / "log") as url:
        yield url


@pytest.fixture(scope="session")
def shapes_server(tmp_path_factory):
    """A server that also plays the test-only variants of tests/shapes.py, installed as
    an installed distribution's plugins would be."""
    from tests.shapes import shapes_environment

    with api_server(tmp_path_factory.mktemp("shapes-server") / "log",
                    **shapes_environment(tmp_path_factory.mktemp("shapes"))) as url:
        yield url


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """The command speaks the locale's language (LC_ALL, LC_MESSAGES, LANG): English here,
    whatever the machine's, unless a test asks for another (``--lang``, or its own
    locale)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
