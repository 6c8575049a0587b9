"""Helpers of the rooms' tests: making a room, and acting in it from its links."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import Sealer

SEALER = Sealer(EXAMPLE_SECRET.encode())
"""The tests' servers and apps seal with the example secret (tests/api/conftest.py), so a
test can open a room's token and see every hand."""

PEOPLE_AND_BOTS = ["person", "heuristic", "person", "random"]


def bearer(invite: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {invite}"}


def make_room(client, seats: list[str] | None = None, **fields: Any) -> dict:
    """A new room (``POST /rooms``), no pace by default; its answer."""
    body = {"variant": "foraccio", "seats": seats or PEOPLE_AND_BOTS, "pace": 0, **fields}
    response = client.post("/rooms", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def started(client, seats: list[str] | None = None, **fields: Any) -> dict:
    """A new room, started by its host; the answer of ``POST /rooms``."""
    made = make_room(client, seats, **fields)
    response = client.post(f"/rooms/{made['room']}/start", headers=bearer(made["host"]))
    assert response.status_code == 200, response.text
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
