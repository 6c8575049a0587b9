"""Fixtures of the rooms' tests: a real Redis server, and the stores to test on.

``redis_url`` is the URL of a Redis server (Debian's ``redis-server``, which ``make test``
installs) that this test process starts once and every test finds empty. Not a skip
when it is missing: CI must run these.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.redis_server import RedisMissing, flush, redis_server
from tests.rooms.stores import KINDS, Stores


@pytest.fixture(scope="session")
def redis_server_url() -> Iterator[str]:
    """A Redis server for this test process (each xdist worker has its own)."""
    try:
        with redis_server() as url:
            yield url
    except RedisMissing as missing:
        pytest.fail(str(missing))


@pytest.fixture
def redis_url(redis_server_url: str) -> str:
    """The URL of a Redis server holding nothing (what earlier tests left is flushed)."""
    flush(redis_server_url)
    return redis_server_url


@pytest.fixture(params=KINDS)
def stores(request, tmp_path) -> Stores:
    """Each kind of store in turn: SQLite in a file of the test's own, and Redis."""
    if request.param == "sqlite":
        return Stores("sqlite", f"sqlite://{tmp_path / 'rooms.sqlite3'}")
    return Stores("redis", request.getfixturevalue("redis_url"))
