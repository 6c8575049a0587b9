"""The bot pool's shares, in process: requests over the API and rooms' bots each keep a
share of the pool, and among rooms no room takes more than its turn.

Each test holds the pool's one process with a job of minutes, lets jobs line up behind
it in a known order, then frees the process and looks at the order in which the jobs
were served (one process: one job after another). Nothing depends on the machine's
speed: the jobs are short, and only their order and counts are checked. What this
gives a client of a server with rooms playing is measured by ``make bench``
(:mod:`bench.share`); ``tests/rooms/test_rooms_bot_share.py`` checks it on a real server.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from foraccio.api.botpool import BotPool, Busy
from foraccio.api.botwork import AutoplayJob, BotMoveJob
from foraccio.api.limits import BotLimits
from foraccio.bots import Budget
from foraccio.core.engine import new_match
from foraccio.core.view import seat_view

START = new_match("foraccio", 3)

LONG = AutoplayJob(START, ("ismcts",) * 4, "game_over", 1, Budget(iterations=1000), 520,
                   range(4))
"""Ten hands of 1000-playout searches: some ten minutes of work, cancelled by each test."""


def short_job() -> BotMoveJob:
    return BotMoveJob("ismcts", seat_view(START, START.turn), 1, Budget(iterations=5))


async def served_in_turn(pool: BotPool, holder: str | None,
                         asking: list[tuple[str, str | None]]) -> list[str]:
    """Hold the pool's one process with :data:`LONG` (for room ``holder``, or over the API
    if None); then let each of ``asking`` (a label and its room, None for the API) ask
    for a move, in that order; then free the process. The labels in the order their
    jobs were served, after the labels of those refused (``refused <label>``)."""
    served: list[str] = []

    async def ask(label: str, room: str | None) -> None:
        try:
            await pool.run(short_job(), room=room)
        except Busy:
            served.insert(0, f"refused {label}")
        else:
            served.append(label)

    holding = asyncio.create_task(pool.run(LONG, room=holder))
    while not pool._processes or pool._processes[0].since is None:  # the job is sent
        await asyncio.sleep(0.05)
    asks = []
    for label, room in asking:
        asks.append(asyncio.create_task(ask(label, room)))
        await asyncio.sleep(0)  # it runs until it waits: in line, in this order
    holding.cancel()  # as the server cancels a request: its job stops, the process is free
    with contextlib.suppress(asyncio.CancelledError):
        await holding
    await asyncio.gather(*asks)
    return served


def test_requests_over_the_api_are_served_while_rooms_fill_the_pool():
    # One waiting place for the API, and more rooms waiting than that: before the
    # shares, the rooms' jobs filled the queue and the API's request was refused (503).
    pool = BotPool(BotLimits(processes=1, queue=1, seconds=3600))
    rooms = [(f"room {n}", f"room-{n}") for n in range(6)]
    try:
        served = asyncio.run(served_in_turn(pool, "room-h", [*rooms, ("client", None)]))
    finally:
        pool.close()
    assert sorted(served) == sorted(label for label, _ in [*rooms, ("client", None)]), served
    assert served.index("client") <= 1, served  # behind one room's move at most


@pytest.mark.parametrize(("share", "rooms_first"), [(50, 4), (75, 6), (25, 2)])
def test_each_side_has_its_share_of_the_turns_while_both_wait(share, rooms_first):
    pool = BotPool(BotLimits(processes=1, queue=8, seconds=3600, rooms_share=share))
    clients = [(f"client {n}", None) for n in range(8)]
    rooms = [(f"room {n}", f"room-{n}") for n in range(8)]
    try:
        # The API's requests came first and the process is the API's: the rooms still
        # have their share of the turns, and the API its own.
        served = asyncio.run(served_in_turn(pool, None, [*clients, *rooms]))
    finally:
        pool.close()
    assert len(served) == 16 and not any(label.startswith("refused") for label in served)
    first = served[:8]
    assert sum(label.startswith("room") for label in first) == rooms_first, served
    # Each side in the order it asked.
    assert [label for label in served if label.startswith("client")] == \
        [label for label, _ in clients]


def test_one_room_cannot_starve_another():
    # A room holds the process and has more moves waiting (as a room whose bots asked
    # first, or whose asks pile up); another room asks once, last. Rooms take turns, so
    # it waits for one move of the first room at most, not for all of them.
    pool = BotPool(BotLimits(processes=1, queue=0, seconds=3600))
    greedy = [(f"greedy {n}", "greedy") for n in range(5)]
    try:
        served = asyncio.run(served_in_turn(pool, "greedy", [*greedy, ("other", "other")]))
    finally:
        pool.close()
    assert served.index("other") <= 1, served
    assert [label for label in served if label != "other"] == [label for label, _ in greedy]


def test_rooms_alone_have_every_turn_and_no_queue_bound():
    # No share is kept idle for a side with nothing waiting, and the API's queue (none
    # here) does not bound the rooms: each room's move waits for its turn, in order.
    pool = BotPool(BotLimits(processes=1, queue=0, seconds=3600))
    rooms = [(f"room {n}", f"room-{n % 2}") for n in range(4)]
    try:
        served = asyncio.run(served_in_turn(pool, None, rooms))
    finally:
        pool.close()
    assert served == ["room 0", "room 1", "room 2", "room 3"]
