"""Rooms under load, on a real server: how soon a play reaches the other seats' streams,
what an open room costs in memory, and how fast rooms are made; on SQLite and on Redis.

One server worker, pinned to one CPU (the client runs on the others): :data:`ROOMS`
rooms of four people, each seat following the room's event stream (800 streams). In
each room, the seat whose turn it is plays a legal move of its view about once a
second, for :data:`SECONDS` seconds: the time from sending a play to its version
arriving on each of the three other seats' streams gives p50 and p99 (goal p99 under
50 ms, floor 100 ms). The server's memory (every process of it) before the rooms and
with them open and followed, divided by the rooms, is the memory per open room. Last,
eight clients make rooms for a few seconds: rooms made per second. The client is one
Python process (asyncio): its own work is part of the latency measured.

Run with ``python -m bench.rooms`` (``make bench`` runs it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import httpx

from api.sealing import SECRET_VARIABLE
from bench.busy import percentile
from bench.flood import SERVER_CPU, _off_the_server_cpu
from bench.server import Server, serving

ROOMS = 200
SECONDS = 20.0
GOAL_MS, FLOOR_MS = 50.0, 100.0
SECRET = "foraccio-bench-secret"


def memory_kb(server: Server) -> int:
    """Resident memory of every process of the server's group, in KiB (Linux)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == server.pid:
                status = (stat.parent / "status").read_text()
                total += int(status.split("VmRSS:")[1].split()[0])
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile, or a kernel thread
    return total


async def make_rooms(client: httpx.AsyncClient, count: int) -> list[dict]:
    made = []
    for _ in range(count):
        answer = await client.post("/rooms", json={"variant": "foraccio",
                                                   "seats": ["person"] * 4, "pace": 0})
        room = answer.json()
        await client.post(f"/rooms/{room['room']}/start",
                          headers={"Authorization": f"Bearer {room['host']}"})
        made.append(room)
    return made


class Follower:
    """One seat's stream: when each version arrived, and the seat's latest view."""

    def __init__(self, room: dict, seat: int) -> None:
        self.room, self.seat = room, seat
        self.invite = room["seats"][seat]
        self.arrived: dict[int, float] = {}
        self.latest: dict | None = None
        self.ready = asyncio.Event()

    async def follow(self, client: httpx.AsyncClient) -> None:
        headers = {"Authorization": f"Bearer {self.invite}"}
        async with client.stream("GET", f"/rooms/{self.room['room']}/events",
                                 headers=headers) as stream:
            kind = None
            async for line in stream.aiter_lines():
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind == "room":
                    view = json.loads(line[6:])
                    self.arrived[view["version"]] = time.perf_counter()
                    self.latest = view
                    self.ready.set()


async def load(url: str, seconds: float) -> tuple[list[float], int, int]:
    """Play in every room for ``seconds``; the latencies (ms) from each play to its arrival
    on the other seats' streams, the plays made, and the server's memory per room (KiB)."""
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        rooms = await make_rooms(client, ROOMS)
        followers = [[Follower(room, seat) for seat in range(4)] for room in rooms]
        tasks = [asyncio.create_task(follower.follow(client))
                 for seats in followers for follower in seats]
        await asyncio.gather(*(follower.ready.wait() for seats in followers
                               for follower in seats))
        sent: list[tuple[list[Follower], int, float]] = []
        end = time.monotonic() + seconds

        async def play(seats: list[Follower], offset: float) -> None:
            rng = random.Random(seats[0].room["room"])
            await asyncio.sleep(offset)
            while time.monotonic() < end:
                mover = next((f for f in seats if f.latest and f.latest["moves"]), None)
                if mover is not None:
                    view = mover.latest
                    began = time.perf_counter()
                    answer = await client.post(
                        f"/rooms/{view['room']}/play",
                        headers={"Authorization": f"Bearer {mover.invite}"},
                        json={"move": rng.choice(view["moves"]), "version": view["version"]})
                    if answer.status_code == 200:
                        others = [f for f in seats if f is not mover]
                        sent.append((others, answer.json()["version"], began))
                await asyncio.sleep(1.0)

        await asyncio.gather(*(play(seats, n / ROOMS) for n, seats in enumerate(followers)))
        await asyncio.sleep(1.0)  # the last plays' events
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    latencies = [(follower.arrived[version] - began) * 1e3
                 for others, version, began in sent for follower in others
                 if version in follower.arrived]
    return latencies, len(sent), len(sent) * 3 - len(latencies)


async def rooms_per_second(url: str, seconds: float = 5.0, clients: int = 8) -> float:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        end, made = time.monotonic() + seconds, 0

        async def maker() -> None:
            nonlocal made
            while time.monotonic() < end:
                answer = await client.post("/rooms", json={"variant": "foraccio",
                                                           "seats": ["person"] * 4})
                made += answer.status_code == 201

        began = time.monotonic()
        await asyncio.gather(*(maker() for _ in range(clients)))
        return made / (time.monotonic() - began)


def measure(kind: str, redis_url: str | None, seconds: float) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        environment = {SECRET_VARIABLE: SECRET, "FORACCIO_DATA_DIR": folder,
                       "FORACCIO_ROOMS_MAX": "100000"}
        if redis_url:
            environment["FORACCIO_ROOMS"] = redis_url
        with serving(Path(folder) / "server.log", environment=environment,
                     cpus={SERVER_CPU}) as server:
            before = memory_kb(server)
            latencies, plays, lost = asyncio.run(load(server.url, seconds))
            per_room = (memory_kb(server) - before) / ROOMS
            made = asyncio.run(rooms_per_second(server.url))
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    verdict = "goal met" if p99 < GOAL_MS else "floor met" if p99 < FLOOR_MS else "BELOW FLOOR"
    print(f"  {kind}: a play to the other seats' streams p50 {p50:.1f} ms, p99 {p99:.1f} ms "
          f"(goal {GOAL_MS:g} ms, floor {FLOOR_MS:g} ms: {verdict}); {plays} plays, "
          f"{len(latencies)} arrivals{f', {lost} MISSING' if lost else ''}; "
          f"{per_room:.0f} KiB a room open and followed; {made:.0f} rooms made a second")
    return p99 < FLOOR_MS and not lost


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=SECONDS)
    args = parser.parse_args(argv)
    _off_the_server_cpu()
    print(f"Rooms: {ROOMS} rooms of four people, each seat following its stream, a play a "
          f"second in each room for {args.seconds:g} s; granian, 1 worker, pinned to CPU "
          f"{SERVER_CPU}")
    measure("SQLite", None, args.seconds)
    from tests.redis_server import redis_server

    with ExitStack() as stack:
        measure("Redis", stack.enter_context(redis_server()), args.seconds)


if __name__ == "__main__":
    main()
