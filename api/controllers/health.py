"""``GET /health``: the service is up; ``GET /ready``: its rooms can be used too."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency

from foraccio.api.errors import (
    ROOMS_UNAVAILABLE,
    UNAVAILABLE_DESCRIPTION,
    problem,
    problem_responses,
)
from foraccio.api.openapi import documented
from foraccio.api.schemas import Health
from foraccio.rooms.part import RoomsPart
from foraccio.rooms.store import RETRY_AFTER

_OK = Health(status="ok")


@get("/health", operation_id="getHealth", summary="Check that the service answers",
     response_description="The service answers.",
     description="Answers 200 with `{\"status\": \"ok\"}` while the service is up "
                 "(liveness; see `GET /ready`). "
                 "It touches no engine state, so it is the baseline of `make bench`.",
     tags=["health"], operation_class=documented(response=lambda: {"ok": {"status": "ok"}}))
async def health() -> Health:
    """Tell a load balancer or a person that the service is up."""
    return _OK


@get("/ready", operation_id="getReady", summary="Check that the rooms can be used",
     response_description="The rooms' store can be written.",
     description="Readiness: 503 `rooms_unavailable` while the rooms' store cannot be "
                 "written.",
     tags=["health"], responses=problem_responses({503: [ROOMS_UNAVAILABLE]},
                                                  {503: UNAVAILABLE_DESCRIPTION}),
     operation_class=documented(response=lambda: {"ok": {"status": "ok"}}))
async def ready(rooms_part: NamedDependency[RoomsPart]) -> Health:
    """Write to the rooms' store; 503 ``rooms_unavailable`` (raised by the store) when it
    cannot be written now."""
    if rooms_part.rooms is None:  # the app was built but not started (an export)
        raise problem(503, *ROOMS_UNAVAILABLE, headers={"Retry-After": str(RETRY_AFTER)})
    await rooms_part.rooms.store.check()
    return _OK
