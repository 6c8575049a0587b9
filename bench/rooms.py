"""Rooms under load, on a real server: how soon a play reaches the other seats' streams,
what an open room costs in memory, and how fast rooms are made; on SQLite and on Redis.

One server worker, pinned to one CPU (the client runs on the others): :data:`ROOMS`
rooms of four people, each seat following the room's event stream (800 streams). In
each room, the seat whose turn it is plays a legal move of its view about once a
second; after :data:`WARM_UP` seconds (the streams' own start), for :data:`SECONDS`
seconds, the time from sending a play to its version arriving on each of the three
other seats' streams gives p50 and p99 (goal p99 under 50 ms, floor 100 ms). The
server's memory (every process of it) before the rooms and with them open and
followed, divided by the rooms, is the memory per open room. Last, eight clients make
rooms for a few seconds: rooms made per second. The client is one Python process
(asyncio, a lean HTTP client of its own): its own work is part of the latency measured.

Run with ``python -m bench.rooms`` (``make bench`` runs it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import ExitStack
from pathlib import Path

import httpx

from bench.busy import percentile
from bench.flood import SERVER_CPU, _off_the_server_cpu
from bench.redis_server import redis_server
from bench.server import Server, serving
from foraccio.api.sealing import SECRET_VARIABLE

ROOMS = 200
SECONDS = 20.0
WARM_UP = 2.0
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
        # Each seat's invite exchanged for its key, as each person's client does first.
        room["seats"] = [(await client.post(f"/rooms/{room['room']}/join", headers={
            "Authorization": f"Bearer {invite}"})).json()["key"] for invite in room["seats"]]
        await client.post(f"/rooms/{room['room']}/start",
                          headers={"Authorization": f"Bearer {room['host']}"})
        made.append(room)
    return made


class Connection:
    """One keep-alive HTTP/1.1 connection, as lean as the benchmark needs: httpx spent the
    client's whole CPU on 800 streams, and its lag would count as the server's."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, url: str) -> Connection:
        host, port = url.removeprefix("http://").split(":")
        return cls(*await asyncio.open_connection(host, int(port), limit=1 << 20))

    def send(self, method: str, path: str, invite: str, body: bytes = b"") -> None:
        self.writer.write(
            f"{method} {path} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {invite}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            .encode() + body)

    async def head(self) -> dict[str, str]:
        status = await self.reader.readline()
        if b" 200 " not in status and b" 409 " not in status:
            raise RuntimeError(f"the server answered {status!r}")
        headers = {}
        while (line := await self.reader.readline()) != b"\r\n":
            name, _, value = line.decode().partition(":")
            headers[name.lower()] = value.strip()
        return headers

    async def post(self, path: str, invite: str, body: dict) -> bytes:
        self.send("POST", path, invite, json.dumps(body).encode())
        headers = await self.head()
        return await self.reader.readexactly(int(headers["content-length"]))

    async def events(self) -> AsyncIterator[bytes]:
        """The data of each ``room`` event of a chunked event stream."""
        pending = b""
        while True:
            size = int((await self.reader.readline()).strip(), 16)
            pending += (await self.reader.readexactly(size + 2))[:-2]
            *done, pending = pending.split(b"\r\n\r\n")
            for event in done:
                if b"event: room" in event:
                    yield event[event.index(b"data: ") + 6:]


class Follower:
    """One seat's stream: when each version arrived, and the seat's latest view on its
    turn (only those are decoded: the others' version is read off the text)."""

    def __init__(self, room: dict, seat: int) -> None:
        self.room, self.seat = room, seat
        self.invite = room["seats"][seat]
        self.arrived: dict[int, float] = {}
        self.turn: dict | None = None
        self.ready = asyncio.Event()

    async def follow(self, url: str) -> None:
        connection = await Connection.open(url)
        connection.send("GET", f"/rooms/{self.room['room']}/events", self.invite)
        await connection.head()
        async for data in connection.events():
            version = int(VERSION.search(data).group(1))
            self.arrived[version] = time.perf_counter()
            self.turn = json.loads(data) if b'"moves":[{' in data else None
            self.ready.set()


VERSION = re.compile(rb'"version":(\d+)')


async def load(url: str, seconds: float) -> tuple[list[float], int, int]:
    """Play in every room for ``seconds``; the latencies (ms) from each play to its arrival
    on the other seats' streams, the plays made, and the arrivals missing."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        rooms = await make_rooms(client, ROOMS)
    followers = [[Follower(room, seat) for seat in range(4)] for room in rooms]
    tasks = [asyncio.create_task(follower.follow(url))
             for seats in followers for follower in seats]
    await asyncio.gather(*(follower.ready.wait() for seats in followers for follower in seats))
    sent: list[tuple[list[Follower], int, float]] = []
    # The first plays meet the streams' own start (800 first views, and who is connected
    # told 3,200 times): measured from the second on, the steady state.
    measured, end = time.monotonic() + WARM_UP, time.monotonic() + WARM_UP + seconds

    async def play(seats: list[Follower], offset: float) -> None:
        rng = random.Random(seats[0].room["room"])
        connection = await Connection.open(url)
        await asyncio.sleep(offset)
        while time.monotonic() < end:
            mover = next((f for f in seats if f.turn), None)
            if mover is not None:
                view, mover.turn = mover.turn, None
                began = time.perf_counter()
                answer = await connection.post(
                    f"/rooms/{view['room']}/play", mover.invite,
                    {"move": rng.choice(view["moves"]), "version": view["version"]})
                version = int(VERSION.search(answer).group(1))
                if version == view["version"] + 1 and time.monotonic() > measured:
                    sent.append(([f for f in seats if f is not mover], version, began))
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
        # One client plays every room: the limits per client are bench.rooms_floods'.
        environment = {SECRET_VARIABLE: SECRET, "FORACCIO_DATA_DIR": folder,
                       "FORACCIO_ROOMS_MAX": "100000", "FORACCIO_ROOMS_CLIENT_SECONDS": "0",
                       "FORACCIO_ROOMS_OPEN_PER_CLIENT": "100000",
                       "FORACCIO_STREAMS_PER_CLIENT": "100000"}
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
    with ExitStack() as stack:
        measure("Redis", stack.enter_context(redis_server()), args.seconds)


if __name__ == "__main__":
    main()
