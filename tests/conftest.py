"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os
import tempfile
from importlib import metadata
from types import SimpleNamespace

import pytest

from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.limits import SECONDS as BOT_SECONDS_VARIABLE
from foraccio.bots.registry import ENTRY_POINT_GROUP as BOT_ENTRY_POINT_GROUP
from foraccio.bots.registry import load_installed_bots
from foraccio.core.registry import (
    DISABLE_AUTOLOAD,
    ENTRY_POINT_GROUP,
    Variant,
    load_installed_plugins,
    register_house_rule,
    register_variant,
    unregister_house_rule,
    unregister_variant,
)
from foraccio.rooms.config import OPEN_PER_CLIENT, ROOMS_PER_CLIENT, STREAMS_PER_CLIENT

PATIENT_BOT_SECONDS = 300
"""Seconds a bot request may take in the tests' apps and servers
(``FORACCIO_BOT_SECONDS``), unless a test sets its own."""

GENEROUS_PER_CLIENT = 100_000
"""Rooms one client may make and have open, and streams it may hold, in the tests' apps
and servers (``FORACCIO_ROOMS_PER_CLIENT``, ``FORACCIO_ROOMS_OPEN_PER_CLIENT``,
``FORACCIO_STREAMS_PER_CLIENT``), unless a test sets its own (tests/rooms/test_floods.py,
tests/rooms/test_open_rooms.py)."""

_TEST_ENVIRONMENT = (DATA_DIR_VARIABLE, BOT_SECONDS_VARIABLE, ROOMS_PER_CLIENT,
                     OPEN_PER_CLIENT, STREAMS_PER_CLIENT)


def pytest_configure(config):
    """A data directory of this test process's own (``FORACCIO_DATA_DIR``), for every app
    and server the tests make, those made while collecting included: none may write into
    the home directory of whoever runs them, and each xdist worker has its own, as the
    room store it holds serves one process. A patient ceiling on bot requests
    (:data:`PATIENT_BOT_SECONDS`), and generous limits per client
    (:data:`GENEROUS_PER_CLIENT`)."""
    config.foraccio_environment_before = {name: os.environ.get(name)
                                          for name in _TEST_ENVIRONMENT}
    config.foraccio_data_dir = tempfile.TemporaryDirectory(prefix="foraccio-data-")
    os.environ[DATA_DIR_VARIABLE] = config.foraccio_data_dir.name
    # A ceiling on a bot request that a busy machine never reaches, for every app and
    # server the tests make (a test about the ceiling sets its own). A request's ceiling
    # runs from when its job is sent to a pool process, and a pool process runs niced:
    # one that is still starting (a third of a second idle) took over twenty seconds to
    # start beside a CPU hog on both cores, which the default ten seconds did not cover.
    os.environ[BOT_SECONDS_VARIABLE] = str(PATIENT_BOT_SECONDS)
    # Every server of one test process keeps its rooms in that process's data directory,
    # and with them the count of rooms each client made: all the tests' rooms come from
    # one address, and a worker's tests make far more than a client may (20 in a minute).
    os.environ[ROOMS_PER_CLIENT] = str(GENEROUS_PER_CLIENT)
    os.environ[OPEN_PER_CLIENT] = str(GENEROUS_PER_CLIENT)
    os.environ[STREAMS_PER_CLIENT] = str(GENEROUS_PER_CLIENT)


def pytest_unconfigure(config):
    for variable, before in config.foraccio_environment_before.items():
        if before is None:
            os.environ.pop(variable, None)
        else:
            os.environ[variable] = before
    config.foraccio_data_dir.cleanup()


@pytest.fixture
def registered():
    """Register variants and house rules for one test: ``registered(record, ...)``; they
    are forgotten after it."""
    records = []

    def register(*new):
        for record in new:
            (register_variant if isinstance(record, Variant) else register_house_rule)(record)
            records.append(record)

    yield register
    for record in reversed(records):
        (unregister_variant if isinstance(record, Variant) else unregister_house_rule)(
            record.name)


class FakeEntryPoint:
    """What ``importlib.metadata.entry_points`` yields for an installed distribution:
    ``load`` stands for importing the object it names."""

    def __init__(self, name, load, distribution="foraccio-house-rules"):
        self.name = name
        self.group = ENTRY_POINT_GROUP
        self.dist = SimpleNamespace(name=distribution)
        self._load = load

    def load(self):
        return self._load()


@pytest.fixture
def installed(monkeypatch):
    """Install fake entry points: ``installed([...])`` loads them as the registry would
    load those of installed distributions, in their place; the real ones are loaded
    again after the test."""
    yield from _installing(monkeypatch, ENTRY_POINT_GROUP, load_installed_plugins)


@pytest.fixture
def table_shapes(registered):
    """The test-only variants of other shapes (tests/shapes.py: ``duet``, two seats;
    ``terzetto``, three seats with Scopa's cards), registered for one test."""
    from tests.shapes import SHAPES

    registered(*SHAPES)
    return {variant.name: variant for variant in SHAPES}


@pytest.fixture
def installed_bots(monkeypatch):
    """Install fake bot entry points: ``installed_bots([...])`` loads them as
    :mod:`foraccio.bots.registry` would load those of installed distributions (group
    ``foraccio.bots``), in their place; the real ones are loaded again after the test.
    Only this process sees them: a server's bot pool, a fresh interpreter, does not."""
    yield from _installing(monkeypatch, BOT_ENTRY_POINT_GROUP, load_installed_bots)


def _installing(monkeypatch, faked, load):
    """Yield ``install(entry_points)``, which puts ``entry_points`` in the place of the
    installed ones of group ``faked`` (the other groups' stay) and ``load()``s them; load
    the real ones again afterwards."""
    monkeypatch.delenv(DISABLE_AUTOLOAD, raising=False)
    real = metadata.entry_points

    def install(entry_points):
        def entry_points_of(group=None):
            return list(entry_points) if group == faked else real(group=group)

        monkeypatch.setattr(metadata, "entry_points", entry_points_of)
        return load()

    yield install
    monkeypatch.undo()
    load()
