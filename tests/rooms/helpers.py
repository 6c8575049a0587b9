"""Helpers of the rooms' tests: making a room, and acting in it from its links."""

from __future__ import annotations

import resource
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE, Sealer

SEALER = Sealer(EXAMPLE_SECRET.encode())
"""The tests' servers and apps seal with the example secret (tests/api/conftest.py), so a
test can open a room's token and see every hand."""

PEOPLE_AND_BOTS = ["person", "heuristic", "person", "random"]


@contextmanager
def in_process_app() -> Iterator[TestClient]:
    """A client of the app in this process, sealing with the example secret."""
    with pytest.MonkeyPatch.context() as environment:
        environment.setenv(SECRET_VARIABLE, EXAMPLE_SECRET)
        with TestClient(create_app()) as client:
            yield client


@contextmanager
def disk_full(pid: int, size: int) -> Iterator[None]:
    """Meanwhile the process ``pid`` may make no file larger than ``size`` bytes: a full
    disk, as root too (RLIMIT_FSIZE binds root as anyone, and a running process's open
    files obey it; chmod would stop neither). Its writes past it fail with EFBIG (Python
    ignores SIGXFSZ), as with ENOSPC."""
    unlimited = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (size, unlimited[1]))
    try:
        yield
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, unlimited)


def bearer(invite: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {invite}"}


def make_room(client, seats: list[str] | None = None, join: bool = True, **fields: Any
              ) -> dict:
    """A new room (``POST /rooms``), no pace by default; its answer, with each person seat
    joined (``seats``: each seat's key; ``invites``: the invites, used) unless ``join`` is
    False (``seats``: the invites)."""
    body = {"variant": "foraccio", "seats": seats or PEOPLE_AND_BOTS, "pace": 0, **fields}
    response = client.post("/rooms", json=body)
    assert response.status_code == 201, response.text
    made = response.json()
    made["invites"] = made["seats"]
    if join:
        made["seats"] = [None if invite is None else joined(client, invite)
                         for invite in made["invites"]]
    return made


def joined(client, invite: str) -> str:
    """The key a seat's ``invite`` is exchanged for (``POST /rooms/{room}/join``)."""
    room = invite.partition(".")[0]
    response = client.post(f"/rooms/{room}/join", headers=bearer(invite))
    assert response.status_code == 200, response.text
    return response.json()["key"]


def started(client, seats: list[str] | None = None, **fields: Any) -> dict:
    """A new room, its seats joined, started by its host; the answer of ``POST /rooms``
    (as :func:`make_room` gives it), with the version the start made as ``started``."""
    made = make_room(client, seats, **fields)
    response = client.post(f"/rooms/{made['room']}/start", headers=bearer(made["host"]))
    assert response.status_code == 200, response.text
    made["started"] = response.json()["version"]
    return made


def view(client, made: dict, seat: int) -> dict:
    response = client.get(f"/rooms/{made['room']}", headers=bearer(made["seats"][seat]))
    assert response.status_code == 200, response.text
    return response.json()


def wait_for(condition: Callable[[], Any], seconds: float = 30.0) -> Any:
    """The first true value of ``condition()``, polled until ``seconds`` pass."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"not within {seconds} s")


def my_turn(client, made: dict, seat: int) -> dict | None:
    """The seat's view if it is its turn to play, else None."""
    seen = view(client, made, seat)
    return seen if seen["moves"] else None
