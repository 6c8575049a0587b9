"""The app factory: ``create_app()`` builds the whole service.

Serve it with an ASGI server that calls the factory: ``foraccio serve`` (``make run``) starts
granian calling it, with the options this service needs (:mod:`foraccio.api.serve`).
"""

from __future__ import annotations

import gc

from litestar import Litestar
from litestar.datastructures import ResponseHeader
from litestar.di import Provide

from foraccio import __version__
from foraccio.api.answer_headers import VERSION_HEADER, AnswerHeaders
from foraccio.api.asgi import WholeBody
from foraccio.api.botpool import BotPool
from foraccio.api.controllers.bots import BotController, BotListController
from foraccio.api.controllers.games import GameController
from foraccio.api.controllers.health import health, ready
from foraccio.api.controllers.house_rules import HouseRuleController
from foraccio.api.controllers.limits import limits
from foraccio.api.controllers.variants import VariantController
from foraccio.api.cors import PreflightRefusals, cors_config_from_environment
from foraccio.api.decoding import MAX_BODY_SIZE
from foraccio.api.errors import problem_details_plugin
from foraccio.api.fastplay import FastPlay
from foraccio.api.limits import limits_from_environment
from foraccio.api.logging import REQUEST_ID_HEADER, RequestLog, logging_config, structlog_plugin
from foraccio.api.openapi import openapi_config, use_msgspec_schemas
from foraccio.api.posted import Posted, Receipts
from foraccio.api.schemas import BODIES
from foraccio.api.sealing import sealer_from_environment
from foraccio.api.timeouts import timeouts_from_environment
from foraccio.bots.traits import read_default_traits
from foraccio.core.registry import installed_plugins
from foraccio.rooms.bodies import ROOM_BODIES
from foraccio.rooms.part import RoomsPart
from foraccio.rooms.routes import RoomController
from foraccio.web.routes import table_router


def create_app() -> Litestar:
    """Build the API: its routes, problem documents, logging and OpenAPI document.

    Installed plugins are loaded here, once per process, so that a broken one is
    reported when the service starts rather than on its first request; the secret
    that seals games is read here too (``FORACCIO_SECRET``, or the data directory's: see
    :mod:`foraccio.api.sealing`), and the origins whose pages may call the API
    (``FORACCIO_CORS_ORIGINS``, see :mod:`foraccio.api.cors`); so are the ceilings on bot work
    (``FORACCIO_BOT_*``, see :mod:`foraccio.api.limits`) and the time a client may take to send a
    body (``FORACCIO_BODY_SECONDS``, see :mod:`foraccio.api.timeouts`). The pool of bot processes
    (:mod:`foraccio.api.botpool`) starts with the app and stops with it; an app that is never
    started (the OpenAPI export) starts none.
    """
    log_config = logging_config()
    log_config.configure()  # first: a line that fails to be written must fail nothing
    installed_plugins()
    sealer = sealer_from_environment()
    bot_limits = limits_from_environment()
    timeouts = timeouts_from_environment()
    bot_pool = BotPool(bot_limits)
    posted = Posted(Receipts(sealer.receipt_key), bot_pool, sealer=sealer)
    rooms_part = RoomsPart(sealer, bot_pool)
    app = Litestar(
        route_handlers=[VariantController, HouseRuleController, GameController, BotController,
                        BotListController,
                        RoomController, limits, health, ready, table_router()],
        plugins=[problem_details_plugin(), structlog_plugin(log_config)],
        dependencies={
            "sealer": Provide(lambda: sealer, use_cache=True, sync_to_thread=False),
            "bot_pool": Provide(lambda: bot_pool, use_cache=True, sync_to_thread=False),
            "posted": Provide(lambda: posted, use_cache=True, sync_to_thread=False),
            "bot_limits": Provide(lambda: bot_limits, use_cache=True, sync_to_thread=False),
            "rooms_part": Provide(lambda: rooms_part, use_cache=True, sync_to_thread=False),
        },
        # The quick bots' traits of the usual rules, read before the first request asks.
        on_startup=[read_default_traits, bot_pool.start, rooms_part.start, freeze],
        on_shutdown=[rooms_part.close, bot_pool.close],
        openapi_config=openapi_config(),
        cors_config=cors_config_from_environment(),
        request_max_body_size=MAX_BODY_SIZE,  # Litestar's default is 10 MB
        response_headers=[ResponseHeader(
            name=REQUEST_ID_HEADER, documentation_only=True, value="",  # value: typed as a string
            description="Identifies the request in the server's log: the client's own "
                        "X-Request-ID when it is a plain token, else a new one.",
        ), ResponseHeader(
            name=VERSION_HEADER, documentation_only=True, value=__version__, required=True,
            description="The release of the server that answered, as `info.version` "
                        "gives it: every answer carries it, errors included.",
        )],
    )
    use_msgspec_schemas(app.openapi_schema, (*BODIES, *ROOM_BODIES))
    # Litestar's app-level middleware wraps each route, so it would miss requests
    # for unknown paths; wrapping the app's handler logs every request.
    handler = app.asgi_handler
    if app.cors_config:
        handler = PreflightRefusals(handler, app.cors_config)
    handler = AnswerHeaders(WholeBody(handler, timeouts.body_seconds))
    # The plays of open states this worker answered skip Litestar's layers and those two
    # (see foraccio.api.fastplay, which reads the body and adds the headers itself);
    # every other request, and any of those that fails, goes on.
    handler = FastPlay(handler, posted, timeouts.body_seconds)
    app.asgi_handler = RequestLog(handler)
    freeze()
    return app


def freeze() -> None:
    """Move every object made so far out of the collector's sight: what the app is built
    of, and what its start made (the quick bots' traits, the pool, the rooms' store),
    lives as long as the process, and full collections under load would scan it again
    and again (they took 10-32 ms each and made the p99 of a loaded worker, before)."""
    gc.collect()
    gc.freeze()
