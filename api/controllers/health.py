"""``GET /health``: the service is up."""

from __future__ import annotations

from litestar import get

from foraccio.api.openapi import documented
from foraccio.api.schemas import Health

_OK = Health(status="ok")


@get("/health", operation_id="getHealth", summary="Check that the service answers",
     response_description="The service answers.",
     description="Answers 200 with `{\"status\": \"ok\"}` while the service is up. "
                 "It touches no engine state, so it is the baseline of `make bench`.",
     tags=["health"], operation_class=documented(response=lambda: {"ok": {"status": "ok"}}))
async def health() -> Health:
    """Tell a load balancer or a person that the service is up."""
    return _OK
