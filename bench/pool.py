"""How promptly the bot pool stops work nobody waits for, in process.

The pool's tests (``tests/api/test_bot_pool.py``) check that a client that goes
stops its job and frees its process, and that work over its ceiling on seconds is
stopped, with bounds loose enough for a machine ten times slower than this one;
here is how fast it is. Each case runs a few times on a pool of one process
(:class:`foraccio.api.botpool.BotPool`, as a server worker has) and prints the median and
the slowest run beside its goal:

- a client hangs up during an autoplay of 1000-playout searches (minutes of work):
  seconds from the hang-up until the request ends, then until the next bot move
  (5 playouts) has its answer from the freed process;
- an autoplay of the same searches under a ceiling of 0.05 s: seconds until the
  request ends with ``TimeLimit`` (503 ``time_limit``).

Run with ``python -m bench.pool`` (``make bench`` runs it last).
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import time

import structlog

from foraccio.api.asgi import ClientGone
from foraccio.api.botpool import BotPool, TimeLimit
from foraccio.api.botwork import AutoplayJob, BotMoveJob
from foraccio.api.limits import BotLimits
from foraccio.bots import Budget
from foraccio.core.engine import new_match
from foraccio.core.view import seat_view

RUNS = 5
GOAL_SECONDS = 1.0
"""Each case's goal: done within a second (a round of playouts takes milliseconds)."""
HANG_UP_AFTER = 0.3
CEILING = 0.05


def long_autoplay() -> AutoplayJob:
    """Ten hands of four ISMCTS bots at 1000 playouts a move: minutes of work."""
    return AutoplayJob(new_match("foraccio", 3), ("ismcts",) * 4, "game_over", 1,
                       Budget(iterations=1000), 520, range(4))


def short_move() -> BotMoveJob:
    state = new_match("foraccio", 3)
    return BotMoveJob("ismcts", seat_view(state, state.turn), 1, Budget(iterations=5))


async def client_goes(pool: BotPool) -> tuple[float, float]:
    """Seconds from the hang-up to the request's end, and on to the next move's answer."""
    gone_at = 0.0

    async def hangs_up() -> dict:
        nonlocal gone_at
        await asyncio.sleep(HANG_UP_AFTER)
        gone_at = time.monotonic()
        return {"type": "http.disconnect"}

    try:
        await pool.run(long_autoplay(), hangs_up)
    except ClientGone:
        ended = time.monotonic()
    else:
        raise SystemExit("the autoplay ran to its end although its client went")
    await pool.run(short_move())
    return ended - gone_at, time.monotonic() - ended


async def over_ceiling(pool: BotPool) -> float:
    """Seconds an autoplay over the ceiling takes to end with TimeLimit."""
    began = time.monotonic()
    try:
        await pool.run(long_autoplay())
    except TimeLimit:
        return time.monotonic() - began
    raise SystemExit("the autoplay was not stopped at its ceiling")


def line(what: str, seconds: list[float]) -> None:
    median, slowest = statistics.median(seconds), max(seconds)
    verdict = "met" if slowest < GOAL_SECONDS else "NOT MET"
    print(f"    {what:<44} median {median * 1000:7.1f} ms   slowest {slowest * 1000:7.1f} ms"
          f"   (goal < {GOAL_SECONDS:g} s: {verdict})")


def run() -> None:
    """Run each case :data:`RUNS` times and print the figures."""
    # The pool logs each cancelled job: not figures.
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    print(f"Bot pool promptness (1 process, {RUNS} runs each):")
    pool = BotPool(BotLimits(processes=1, queue=1, seconds=3600))
    try:
        pool.start()
        gone = [asyncio.run(client_goes(pool)) for _ in range(RUNS)]
    finally:
        pool.close()
    line("client hangs up -> its request ends", [ended for ended, _ in gone])
    line("request ended -> next move answered", [freed for _, freed in gone])
    pool = BotPool(BotLimits(processes=1, queue=1, seconds=CEILING))
    try:
        pool.start()
        line(f"autoplay over a {CEILING:g} s ceiling -> 503",
             [asyncio.run(over_ceiling(pool)) for _ in range(RUNS)])
    finally:
        pool.close()


if __name__ == "__main__":
    run()
