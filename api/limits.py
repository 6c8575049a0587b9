"""The server's ceilings on bot work, read from the environment at start-up.

Bots are the only requests whose cost a client sets (a search budget, how far
to autoplay), so they run in a pool of worker processes (:mod:`foraccio.api.botpool`)
under these ceilings, each from an environment variable:

``FORACCIO_BOT_PROCESSES`` (default 1)
    Worker processes of the pool, per server worker: bot requests computed at
    once. The total is ``FORACCIO_WORKERS`` times this. One by default, so that on
    a two-core machine one core stays for serving every other request (the
    pool's processes also run at a lower CPU priority, see :mod:`foraccio.api.botwork`);
    raise it on larger machines, up to the cores less the server workers.
``FORACCIO_BOT_QUEUE`` (default 4)
    Bot requests that may wait for a free process beyond those computed; one
    more is refused at once with 503 ``busy`` and a ``Retry-After`` header.
    Rooms' bots wait apart and do not count here.
``FORACCIO_BOT_ROOMS_SHARE`` (default 50, from 1 to 99)
    Percent of the pool's turns that go to rooms' bots when requests over the API
    wait too; the API's requests have the rest. Either side has every process when
    the other has nothing waiting, and neither can have them all when both wait
    (see :mod:`foraccio.api.botpool`).
``FORACCIO_BOT_SECONDS`` (default 10)
    Wall-clock ceiling of one bot request's work, from when a process takes it
    (waiting in the queue comes on top: at most queue / processes times this).
    An autoplay stopped by it answers the plays made so far with ``done``
    false; a bot move, or an autoplay that could not make one play, answers
    503 ``time_limit``. A ``budget.seconds`` over it is refused (422).
``FORACCIO_BOT_ITERATIONS`` (default 1000, at most 1000)
    Most ISMCTS playouts per move. A ``budget.iterations`` over it is refused
    with 422 ``budget_over_limit`` rather than cut: an iteration budget promises
    the same move for the same seed, and a cut search would break that
    promise silently. The default budget and a ``seconds`` budget, which
    promise no count, stop at it.
``FORACCIO_AUTOPLAY_PLAYS`` (default 520, ten hands of Foraccio)
    Most plays one autoplay request makes; past it ``done`` is false and the
    client posts the state again to go on.

A value that is not a number in its range stops the server at start-up with a
message naming the variable. ``GET /limits`` shows the ceilings in force.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from foraccio.api.environment import number
from foraccio.api.schemas import MAX_AUTOPLAY_PLAYS
from foraccio.bots.base import MAX_ITERATIONS, Budget
from foraccio.core.words import phrase

PROCESSES = "FORACCIO_BOT_PROCESSES"
QUEUE = "FORACCIO_BOT_QUEUE"
ROOMS_SHARE = "FORACCIO_BOT_ROOMS_SHARE"
SECONDS = "FORACCIO_BOT_SECONDS"
ITERATIONS = "FORACCIO_BOT_ITERATIONS"
PLAYS = "FORACCIO_AUTOPLAY_PLAYS"

MOST_ITERATIONS = MAX_ITERATIONS
"""The API's own bound on ``budget.iterations`` (:class:`~foraccio.bots.base.Budget`):
a ceiling above it would change nothing."""


class BudgetOverLimit(Exception):
    """A budget asks for more than this server's ceilings allow (422 ``budget_over_limit``)."""

    code = "budget_over_limit"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class BotLimits:
    """The ceilings in force; see the module's documentation for each."""

    processes: int = 1
    queue: int = 4
    seconds: float = 10.0
    iterations: int = MOST_ITERATIONS
    autoplay_plays: int = MAX_AUTOPLAY_PLAYS
    rooms_share: int = 50

    def check_budget(self, budget: Budget | None) -> None:
        """Refuse a ``budget`` over the ceilings: :class:`BudgetOverLimit`."""
        if budget is None:
            return
        if budget.iterations is not None and budget.iterations > self.iterations:
            raise BudgetOverLimit(phrase(
                "budget.iterations is {asked}, over this server's limit of {most} playouts a "
                "move (GET /limits); ask for at most that.", asked=budget.iterations,
                most=self.iterations))
        if budget.seconds is not None and budget.seconds > self.seconds:
            raise BudgetOverLimit(phrase(
                "budget.seconds is {asked}, over this server's limit of {most} s a request "
                "(GET /limits); ask for at most that.", asked=f"{budget.seconds:g}",
                most=f"{self.seconds:g}"))


def limits_from_environment(environ: Mapping[str, str] | None = None) -> BotLimits:
    """The ceilings the environment sets, each variable's default where it is unset or
    empty; raise :class:`ValueError` naming a variable whose value is out of range."""
    environ = os.environ if environ is None else environ
    defaults = BotLimits()
    return BotLimits(
        processes=int(number(environ, PROCESSES, int, defaults.processes, 1, 64)),
        queue=int(number(environ, QUEUE, int, defaults.queue, 0, 10_000)),
        seconds=number(environ, SECONDS, float, defaults.seconds, 0.01, 3600),
        iterations=int(number(environ, ITERATIONS, int, defaults.iterations, 1,
                              MOST_ITERATIONS)),
        autoplay_plays=int(number(environ, PLAYS, int, defaults.autoplay_plays, 1, 1_000_000)),
        rooms_share=int(number(environ, ROOMS_SHARE, int, defaults.rooms_share, 1, 99)),
    )
