"""Fixtures of the command's tests: a real API server for the terminal table's sealed games."""

from __future__ import annotations

import pytest

from tests.browser.conftest import api_server
from tests.helpers import english_locale  # noqa: F401 (an autouse fixture)


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
