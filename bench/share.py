"""The bot pool's shares, on a real server: a client's bot moves while rooms' bots play.

One server worker (pinned to one CPU, the client on the others) with the pool's
defaults (one process, four waiting places). :data:`ROOMS` rooms of one person and
three ``ismcts`` bots at pace 0, the person playing as soon as it is their turn (each
room's person follows its seat's stream), so that the rooms ask the pool for a move
nearly all the time. Meanwhile another client asks for ``POST /games/bot-move``
(``ismcts``, :data:`ITERATIONS` playouts) every :data:`PAUSE` seconds for
:data:`SECONDS` seconds: how many of its requests were served (goal: at least
:data:`GOAL` of them, not refused 503 ``busy``), how long they took, and how far each
room got meanwhile (its versions: the fewest and the most of one room, which the
fair queueing per room keeps close).

Run with ``python -m bench.share`` (``make bench`` runs it).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
import msgspec

from bench.busy import percentile
from bench.flood import SERVER_CPU, _off_the_server_cpu
from bench.rooms import Follower
from bench.server import serving
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.core.engine import new_match
from foraccio.core.wire import to_wire

ROOMS = 8
SECONDS = 40.0
ITERATIONS = 100
PAUSE = 0.5
"""Seconds the client waits after each answer before asking again."""
GOAL = 0.95
SECRET = "foraccio-bench-secret"


async def make_room(client: httpx.AsyncClient) -> dict:
    answer = await client.post("/rooms", json={
        "variant": "foraccio", "seats": ["person", "ismcts", "ismcts", "ismcts"], "pace": 0})
    answer.raise_for_status()
    room = answer.json()
    started = await client.post(f"/rooms/{room['room']}/start",
                                headers={"Authorization": f"Bearer {room['host']}"})
    started.raise_for_status()
    return room


async def person(client: httpx.AsyncClient, follower: Follower, end: float) -> None:
    """Play a legal move of the seat's view as soon as it is the seat's turn."""
    rng = random.Random(follower.room["room"])
    while time.monotonic() < end:
        view, follower.turn = follower.turn, None
        if view is None:
            await asyncio.sleep(0.02)
            continue
        await client.post(f"/rooms/{view['room']}/play",
                          headers={"Authorization": f"Bearer {follower.invite}"},
                          json={"move": rng.choice(view["moves"]), "version": view["version"]})


async def bot_moves(client: httpx.AsyncClient, end: float) -> tuple[Counter, list[float]]:
    """Ask for a bot move again and again until ``end``: the answers' statuses (and
    codes), and the seconds each served one took."""
    state = msgspec.to_builtins(to_wire(new_match("foraccio", 3)))
    body = {"state": state, "bot": "ismcts", "budget": {"iterations": ITERATIONS}}
    answers: Counter = Counter()
    served: list[float] = []
    while time.monotonic() < end:
        began = time.monotonic()
        answer = await client.post("/games/bot-move", json=body)
        code = answer.json().get("code", "") if answer.status_code != 200 else ""
        answers[(answer.status_code, code)] += 1
        if answer.status_code == 200:
            served.append(time.monotonic() - began)
        await asyncio.sleep(PAUSE)
    return answers, served


async def version(client: httpx.AsyncClient, room: dict) -> int:
    answer = await client.get(f"/rooms/{room['room']}",
                              headers={"Authorization": f"Bearer {room['spectator']}"})
    return answer.json()["version"]


async def load(url: str, seconds: float) -> tuple[Counter, list[float], list[int]]:
    async with httpx.AsyncClient(base_url=url, timeout=600) as client:
        rooms = [await make_room(client) for _ in range(ROOMS)]
        followers = [Follower(room, 0) for room in rooms]
        streams = [asyncio.create_task(follower.follow(url)) for follower in followers]
        await asyncio.gather(*(follower.ready.wait() for follower in followers))
        before = [await version(client, room) for room in rooms]
        end = time.monotonic() + seconds
        people = [asyncio.create_task(person(client, follower, end)) for follower in followers]
        answers, served = await bot_moves(client, end)
        await asyncio.gather(*people)
        after = [await version(client, room) for room in rooms]
        for stream in streams:
            stream.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
    return answers, served, [late - early for early, late in zip(before, after, strict=True)]


def run(seconds: float) -> bool:
    """Run the benchmark and print its figures; return whether the goal was met."""
    _off_the_server_cpu()
    print(f"Bot pool shares: {ROOMS} rooms of one person and three ismcts bots (pace 0, the "
          f"person playing at once) while a client asks for ismcts bot moves ({ITERATIONS} "
          f"playouts) for {seconds:g} s; granian, 1 worker, pool of 1 process, pinned to "
          f"CPU {SERVER_CPU}")
    with tempfile.TemporaryDirectory() as folder, serving(
            Path(folder) / "server.log", cpus={SERVER_CPU},
            environment={SECRET_VARIABLE: SECRET, "FORACCIO_DATA_DIR": folder,
                         "FORACCIO_ROOMS_DEAL_SECONDS": "0.1"}) as server:
        answers, served, advanced = asyncio.run(load(server.url, seconds))
    asked = sum(answers.values())
    share = len(served) / asked if asked else 0.0
    met = share >= GOAL
    shown = ", ".join(f"{count} x {status}{' ' + code if code else ''}"
                      for (status, code), count in sorted(answers.items()))
    print(f"  the client's bot moves: {len(served)} of {asked} served, {share:.0%} (goal at "
          f"least {GOAL:.0%}: {'met' if met else 'NOT MET'}); {shown}")
    if served:
        print(f"    served in p50 {percentile(served, 0.5):.2f} s, max {max(served):.2f} s")
    print(f"  the rooms meanwhile: {sum(advanced)} versions in all, each room from "
          f"{min(advanced)} to {max(advanced)}")
    return met


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=SECONDS)
    args = parser.parse_args(argv)
    run(args.seconds)


if __name__ == "__main__":
    main()
