"""Fixtures of the API tests: an app, a client, and states at given points of a match."""

from __future__ import annotations

import os

import msgspec
import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.core.model import State
from foraccio.core.testing import random_playout
from foraccio.core.wire import to_wire
from tests.api.sealed import DirectClient

# The sealed examples of the OpenAPI document are sealed with this secret; with it the
# apps of the tests (schemathesis' included) accept them.
os.environ[SECRET_VARIABLE] = EXAMPLE_SECRET


@pytest.fixture(scope="module")
def app():
    return create_app()


@pytest.fixture(scope="module")
def client(app):
    with TestClient(app) as client:
        yield client


@pytest.fixture(scope="module")
def direct(app, client):
    """A client for many requests: straight into the app (see :class:`DirectClient`).

    It asks for ``client`` so that the app has started (its lifespan run) first.
    """
    direct = DirectClient(app)
    yield direct
    direct.close()


def wire(state: State) -> dict:
    """The engine's state as a client posts it: its wire form, as JSON decodes it."""
    return msgspec.json.decode(msgspec.json.encode(to_wire(state)))


def play_until(phase: str, variant: str = "foraccio", seed: int = 3) -> State:
    """The first state of a random match (played by the engine) in ``phase``."""
    return next(step.after for step in random_playout(variant, seed) if step.after.phase == phase)
