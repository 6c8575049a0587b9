"""The bot pool in process: ceilings from the environment, enforced and shown; pooled
moves as deterministic as local ones; cancelled, crashed and closed processes.

What needs a real server (the event loop kept free, a full queue, a client hanging
up) is in ``test_bot_pool_live.py``. No test here depends on the machine's speed: each
bound on time is met in well under a second here, holds on a machine ten times slower
(CI's two shared cores under load), and is still far below the time of the work it
tells apart (minutes). How fast the pool frees a process is measured by ``make bench``
(:mod:`bench.pool`).
"""

from __future__ import annotations

import asyncio
import time

import msgspec
import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.botpool import STOP_GRACE, BotPool, ClientGone
from foraccio.api.botwork import AutoplayJob, BotMoveJob
from foraccio.api.limits import BotLimits, limits_from_environment
from foraccio.bots import Budget, choose_move
from foraccio.core.model import Move
from foraccio.core.testing import random_playout
from foraccio.core.view import seat_view, with_kind
from tests.api.conftest import play_until, wire
from tests.api.sealed import SEALER, post, sealed_game


def mid_hand():
    return next(step.before for step in random_playout("foraccio", 3)
                if len(step.before.table) >= 2)


def start():
    return next(step.before for step in random_playout("foraccio", 3))


PROMPT = 60.0
"""Seconds within which the pool must have done what it does at once (stop a job, free
its process): well under a second here, seconds on a machine ten times slower, and
still a tenth of :data:`LONG`'s work on the fastest."""


@pytest.fixture
def app_with(monkeypatch):
    """A started app whose environment sets the ceilings given; stopped afterwards."""
    clients = []

    def make(**environment: str) -> TestClient:
        for name, value in environment.items():
            monkeypatch.setenv(name, value)
        client = TestClient(create_app())
        clients.append(client.__enter__())
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


# --- the ceilings ---------------------------------------------------------------------


def test_the_ceilings_default_to_the_documented_values():
    assert limits_from_environment({}) == BotLimits(processes=1, queue=4, seconds=10.0,
                                                    iterations=1000, autoplay_plays=520,
                                                    rooms_share=50)


def test_the_ceilings_come_from_the_environment():
    assert limits_from_environment({
        "FORACCIO_BOT_PROCESSES": "2", "FORACCIO_BOT_QUEUE": "0", "FORACCIO_BOT_SECONDS": "2.5",
        "FORACCIO_BOT_ITERATIONS": "300", "FORACCIO_AUTOPLAY_PLAYS": " 40 ",
        "FORACCIO_BOT_ROOMS_SHARE": "75",
    }) == BotLimits(processes=2, queue=0, seconds=2.5, iterations=300, autoplay_plays=40,
                    rooms_share=75)


@pytest.mark.parametrize(("name", "value"), [
    ("FORACCIO_BOT_PROCESSES", "0"), ("FORACCIO_BOT_QUEUE", "-1"),
    ("FORACCIO_BOT_SECONDS", "nan"), ("FORACCIO_BOT_SECONDS", "0"),
    ("FORACCIO_BOT_ITERATIONS", "1001"), ("FORACCIO_AUTOPLAY_PLAYS", "ten"),
    ("FORACCIO_BOT_QUEUE", "1.5"), ("FORACCIO_BOT_ROOMS_SHARE", "0"),
    ("FORACCIO_BOT_ROOMS_SHARE", "100"),
])
def test_a_ceiling_out_of_range_stops_the_server_naming_it(name, value):
    with pytest.raises(ValueError, match=name):
        limits_from_environment({name: value})


def test_get_limits_shows_the_ceilings_in_force(app_with):
    client = app_with(FORACCIO_BOT_PROCESSES="1", FORACCIO_BOT_QUEUE="2",
                      FORACCIO_BOT_SECONDS="4", FORACCIO_BOT_ITERATIONS="200",
                      FORACCIO_AUTOPLAY_PLAYS="30")
    answer = client.get("/limits")
    assert answer.status_code == 200
    assert answer.json() == {"processes": 1, "queue": 2, "seconds": 4.0, "iterations": 200,
                             "autoplay_plays": 30}
    refused = client.get("/limits?bot=ismcts")
    assert refused.status_code == 400
    assert refused.headers["content-type"].startswith("application/problem+json")
    assert refused.json()["code"] == "invalid_query"


def test_a_budget_over_the_ceilings_is_refused_not_cut(app_with):
    client = app_with(FORACCIO_BOT_ITERATIONS="60", FORACCIO_BOT_SECONDS="0.9")
    state = wire(mid_hand())
    for budget in ({"iterations": 61}, {"seconds": 1.0}):
        for path, body in (("/games/bot-move", {"bot": "ismcts"}),
                           ("/games/autoplay", {"bots": ["ismcts"] * 4, "until": "hand_over"})):
            answer = client.post(path, json={"state": state, "budget": budget, **body})
            assert answer.status_code == 422, answer.text
            assert answer.json()["code"] == "budget_over_limit"
            assert "GET /limits" in answer.json()["detail"]
    # At the ceiling, and for a bot that takes no budget, it is fine. (With a ceiling on
    # seconds far above what 60 playouts take, and the start of the niced pool process
    # before them, so that they finish however busy the machine.)
    client = app_with(FORACCIO_BOT_SECONDS="300")
    for bot, budget in (("ismcts", {"iterations": 60}), ("heuristic", {"iterations": 1000})):
        answer = client.post("/games/bot-move", json={"state": state, "bot": bot,
                                                     "budget": budget})
        assert answer.status_code == 200, answer.text


def test_an_autoplay_stops_at_the_ceiling_on_plays(app_with):
    client = app_with(FORACCIO_AUTOPLAY_PLAYS="7")
    body = post(client, "/games/autoplay", {"state": wire(start()), "bots": ["random"] * 4,
                                            "until": "game_over"})
    assert (body["plays"], body["done"]) == (7, False)


def test_work_that_cannot_finish_in_time_is_a_503_time_limit(app_with):
    client = app_with(FORACCIO_BOT_SECONDS="0.05")
    state = wire(start())
    for path, body in (("/games/bot-move", {"bot": "ismcts"}),
                       ("/games/autoplay", {"bots": ["ismcts"] * 4, "until": "game_over"})):
        began = time.monotonic()
        answer = client.post(path, json={"state": state, "budget": {"iterations": 1000}, **body})
        assert answer.status_code == 503, answer.text
        assert answer.json()["code"] == "time_limit"
        assert int(answer.headers["retry-after"]) >= 1
        if path == "/games/autoplay":
            # Stopped at the ceiling (or, should the process not stop, killed two seconds
            # later), not at the end of the match's searches.
            assert time.monotonic() - began < PROMPT


# --- determinism and views ------------------------------------------------------------


def test_a_pooled_move_is_the_local_move_for_an_iteration_budget(client):
    state = mid_hand()
    view = seat_view(state, state.turn)
    local = choose_move("ismcts", view, 5, Budget(iterations=80))
    for _ in range(2):
        body = post(client, "/games/bot-move", {"state": wire(state), "bot": "ismcts",
                                                "seed": 5, "budget": {"iterations": 80}})
        assert msgspec.convert(body["move"], Move) == with_kind(view, local)


def test_a_sealed_pooled_move_is_the_local_move_from_the_seats_view(client):
    game = sealed_game(client)
    seat = game["view"]["turn"]
    state = SEALER.open(game["token"]).engine_state()
    view = seat_view(state, seat)
    local = choose_move("ismcts", view, 5, Budget(iterations=40))
    body = post(client, "/games/bot-move", {"token": game["token"],
                                            "seat_key": game["seat_keys"][seat],
                                            "bot": "ismcts", "seed": 5,
                                            "budget": {"iterations": 40}})
    assert msgspec.convert(body["move"], Move) == with_kind(view, local)


def test_a_request_bound_to_fail_is_refused_before_the_pool(client):
    over = wire(play_until("hand_over"))
    answer = client.post("/games/bot-move", json={"state": over, "bot": "ismcts"})
    assert (answer.status_code, answer.json()["code"]) == (422, "hand_over")


# --- the pool itself ------------------------------------------------------------------

LONG = AutoplayJob(start(), ("ismcts",) * 4, "game_over", 1, Budget(iterations=1000), 520,
                   range(4))
"""Ten hands of 1000-playout searches: some ten minutes of work."""

UNBOUNDED = BotLimits(processes=1, queue=1, seconds=3600)
"""A pool whose ceiling on seconds never stops :data:`LONG` during a test."""


def short_job() -> BotMoveJob:
    return BotMoveJob("ismcts", seat_view(start(), start().turn), 1, Budget(iterations=5))


def run(coroutine):
    return asyncio.run(coroutine)


def test_a_client_that_goes_stops_its_job_and_frees_the_process():
    pool = BotPool(UNBOUNDED)

    async def scenario():
        async def hangs_up():
            await asyncio.sleep(0.3)
            return {"type": "http.disconnect"}

        began = time.monotonic()
        with pytest.raises(ClientGone):
            await pool.run(LONG, hangs_up)
        assert time.monotonic() - began < PROMPT  # not at the end of the searches
        return await asyncio.wait_for(pool.run(short_job()), PROMPT)

    try:
        move = run(scenario())  # not behind the searches of the client that went
    finally:
        pool.close()
    assert isinstance(move, Move)
    assert pool.cancelled == 1


def test_a_client_that_goes_while_waiting_leaves_the_queue():
    pool = BotPool(UNBOUNDED)

    async def scenario():
        async def stays():
            await asyncio.Event().wait()
            return {}

        async def hangs_up():
            await asyncio.sleep(0.2)
            return {"type": "http.disconnect"}

        running = asyncio.create_task(pool.run(LONG, stays))
        await asyncio.sleep(0.1)
        with pytest.raises(ClientGone):
            await pool.run(short_job(), hangs_up)
        assert not pool._waiting
        running.cancel()  # the server cancels the request: its job stops too
        with pytest.raises(asyncio.CancelledError):
            await running
        return await asyncio.wait_for(pool.run(short_job()), PROMPT)

    try:
        assert isinstance(run(scenario()), Move)
    finally:
        pool.close()


def test_a_process_that_dies_is_replaced():
    pool = BotPool(BotLimits(processes=1, queue=0, seconds=3600))

    async def scenario():
        job = asyncio.create_task(pool.run(LONG))
        while not pool._processes or pool._processes[0].since is None:  # the job is sent
            await asyncio.sleep(0.05)
        pool._processes[0].process.kill()
        with pytest.raises(RuntimeError):
            await job
        return await pool.run(short_job())

    try:
        assert isinstance(run(scenario()), Move)
    finally:
        pool.close()


def test_a_process_slow_to_start_does_not_spend_the_jobs_ceiling(tmp_path, monkeypatch):
    # The pool's new interpreter waits at start until the test lets it go, as a niced one
    # beside other work may take its time: until after the ceiling and its grace have
    # passed since the job was asked for. They count from the job's start alone.
    gate = tmp_path / "started"
    (tmp_path / "sitecustomize.py").write_text(
        f"import os, time\nwhile not os.path.exists({str(gate)!r}):\n    time.sleep(0.05)\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    limits = BotLimits(processes=1, queue=0, seconds=10)
    pool = BotPool(limits)

    async def scenario():
        job = asyncio.create_task(pool.run(short_job()))
        await asyncio.sleep(limits.seconds + STOP_GRACE + 1)
        gate.touch()
        return await job

    try:
        assert isinstance(run(scenario()), Move)
    finally:
        gate.touch()
        pool.close()


def test_an_autoplay_in_the_pool_is_the_local_autoplay():
    from foraccio.bots.autoplay import autoplay

    state = start()
    args = (state, ("heuristic", "random", "ismcts", "random"), "hand_over", 2,
            Budget(iterations=4), 520, range(4))
    pool = BotPool(BotLimits(seconds=3600))  # never cut short, however busy the machine
    try:
        assert run(pool.run(AutoplayJob(*args))) == autoplay(*args)
    finally:
        pool.close()


def test_the_pool_starts_and_stops_with_the_app():
    app = create_app()
    pool = app.dependencies["bot_pool"].dependency()
    assert not pool._processes  # an app that is not started (the OpenAPI export) starts none
    with TestClient(app):
        processes = [process.process for process in pool._processes]
        assert processes and all(process.poll() is None for process in processes)
    assert all(process.poll() is not None for process in processes)
