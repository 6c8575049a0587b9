"""``GET /limits``: the ceilings this server puts on bot work (see :mod:`foraccio.api.limits`)."""

from __future__ import annotations

import msgspec
from litestar import Request, get
from litestar.di import NamedDependency

from foraccio.api.errors import problem, problem_responses
from foraccio.api.limits import BotLimits
from foraccio.api.openapi import documented
from foraccio.api.schemas import Limits
from foraccio.core.quoting import quote
from foraccio.core.words import phrase

INVALID_QUERY = ("invalid_query", "GET /limits takes no query parameters; got 'bot'.")


def limits_body(limits: BotLimits) -> Limits:
    """The wire form of the ceilings in force."""
    return Limits(processes=limits.processes, queue=limits.queue, seconds=limits.seconds,
                  iterations=limits.iterations, autoplay_plays=limits.autoplay_plays)


@get("/limits", operation_id="getLimits", summary="The limits on bot work",
     response_description="The ceilings on bot work in force in this server's workers.",
     description="The ceilings this server worker puts on bot requests (`POST "
                 "/games/bot-move` with a searching bot, `POST /games/autoplay`): how many "
                 "are computed at once and may wait (beyond those, 503 `busy` with "
                 "`Retry-After`), the wall-clock seconds one may take, the `ismcts` "
                 "playouts a move (a larger `budget.iterations` is refused with 422 "
                 "`budget_over_limit`) and the plays an autoplay request makes. Each is "
                 "set by an environment variable of the server (see docs/api.md). It "
                 "takes no query parameters: any is refused with 400 `invalid_query`, "
                 "so that a client asking for a filter that does not exist learns it.",
     tags=["bots"],
     responses=problem_responses(
         {400: [INVALID_QUERY]},
         {400: "The request has query parameters; this operation takes none "
               "(code `invalid_query`)."}),
     operation_class=documented(
         response=lambda: {"defaults": msgspec.to_builtins(limits_body(BotLimits()))}))
async def limits(request: Request, bot_limits: NamedDependency[BotLimits]) -> Limits:
    """Tell clients what the server allows bots before they ask for more."""
    query = request.scope["query_string"]
    if query:
        name = query.decode("latin-1").split("&", 1)[0].split("=", 1)[0]
        raise problem(400, INVALID_QUERY[0],
                      phrase("GET /limits takes no query parameters; got {name}.",
                             name=quote(name)))
    return limits_body(bot_limits)
