"""One client against everyone else, on a real server: the limits per client and the
coalesced presence of rooms.

Three figures, on one server worker with its default limits, trusting loopback as its
proxy so that each stream can come from a client of its own (``X-Forwarded-For``):

- **rooms made per client before 429**: one client makes rooms as fast as it can until
  refused; then the ``Retry-After`` it was given, and whether another client still
  makes one (it must);
- **presence events a flapping client causes on another stream**: a player follows its
  room while one spectator opens and closes its stream :data:`FLAPS` times (each time
  reading its first event); the presence events the player received (each opening and
  each closing was one before: twice :data:`FLAPS`);
- **time to connect N streams**: :data:`STREAMS` clients open a room's stream at once;
  the time until every one has its first event, and the presence events all of them
  received meanwhile (n²/2 before).

Run with ``python -m bench.rooms_floods`` (``make bench`` runs it).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import httpx

from bench.server import serving
from foraccio.api.sealing import SECRET_VARIABLE

FLAPS = 200
STREAMS = 600
SECRET = "foraccio-bench-secret"
NEW_ROOM = {"variant": "foraccio", "seats": ["person", "heuristic", "person", "random"],
            "pace": 0}


class Stream:
    """One room stream over a socket of its own, from the client ``address`` names."""

    def __init__(self, url: str, room: dict, invite: str, address: str) -> None:
        self.url, self.room, self.invite, self.address = url, room, invite, address
        self.presence = 0
        self.first = asyncio.Event()
        self._writer: asyncio.StreamWriter | None = None

    async def follow(self) -> None:
        """Open the stream and count its events until cancelled or closed."""
        host, port = self.url.removeprefix("http://").split(":")
        reader, self._writer = await asyncio.open_connection(host, int(port), limit=1 << 20)
        self._writer.write(
            f"GET /rooms/{self.room['room']}/events HTTP/1.1\r\nHost: bench\r\n"
            f"Authorization: Bearer {self.invite}\r\nX-Forwarded-For: {self.address}\r\n\r\n"
            .encode())
        status = await reader.readline()
        if b" 200 " not in status:
            raise RuntimeError(f"the server answered {status!r}")
        while await reader.readline() != b"\r\n":
            pass
        pending = b""
        try:
            while True:
                size = int((await reader.readline()).strip(), 16)
                pending += (await reader.readexactly(size + 2))[:-2]
                *done, pending = pending.split(b"\r\n\r\n")
                for event in done:
                    if b"event: room" in event:
                        self.first.set()
                    elif b"event: presence" in event:
                        self.presence += 1
        finally:
            self.close()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()


async def rooms_before_refusal(client: httpx.AsyncClient) -> tuple[int, str, int]:
    """Rooms one client makes before a 429, the Retry-After it gets, and the status of
    another client's room then."""
    made = 0
    while True:
        answer = await client.post("/rooms", json=NEW_ROOM,
                                   headers={"X-Forwarded-For": "198.51.100.1"})
        if answer.status_code != 201:
            break
        made += 1
    other = await client.post("/rooms", json=NEW_ROOM, headers={"X-Forwarded-For":
                                                                 "198.51.100.2"})
    return made, f"{answer.status_code} {answer.headers.get('retry-after')}", other.status_code


async def flapping(url: str, room: dict) -> tuple[int, float]:
    """Presence events a player's stream gets while a spectator flaps; the seconds taken."""
    player = Stream(url, room, room["seats"][0], "198.51.100.3")
    following = asyncio.create_task(player.follow())
    await player.first.wait()
    await asyncio.sleep(1.0)
    before, start = player.presence, time.perf_counter()
    for _ in range(FLAPS):
        flapper = Stream(url, room, room["spectator"], "198.51.100.4")
        task = asyncio.create_task(flapper.follow())
        await flapper.first.wait()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    seconds = time.perf_counter() - start
    await asyncio.sleep(1.5)  # the last changes, gathered, reach the player
    following.cancel()
    await asyncio.gather(following, return_exceptions=True)
    return player.presence - before, seconds


async def connecting(url: str, room: dict, count: int) -> tuple[float, int]:
    """Seconds until ``count`` streams opened at once all have their first event, and the
    presence events they all received until then and a second after."""
    streams = [Stream(url, room, room["spectator"], f"10.{n // 250}.{n % 250}.1")
               for n in range(count)]
    start = time.perf_counter()
    tasks = [asyncio.create_task(stream.follow()) for stream in streams]
    await asyncio.gather(*(stream.first.wait() for stream in streams))
    seconds = time.perf_counter() - start
    await asyncio.sleep(1.0)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return seconds, sum(stream.presence for stream in streams)


async def measure(url: str, streams: int) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        made, refusal, other = await rooms_before_refusal(client)
        print(f"rooms made by one client before 429: {made} (then {refusal.split()[0]}, "
              f"Retry-After {refusal.split()[1]} s); another client's room then: {other}")
        answer = await client.post("/rooms", json=NEW_ROOM,
                                   headers={"X-Forwarded-For": "198.51.100.5"})
        room = answer.json()
    events, seconds = await flapping(url, room)
    print(f"presence events on a player's stream while another client opened and closed "
          f"its stream {FLAPS} times in {seconds:.1f} s: {events} (each was one before: "
          f"{2 * FLAPS})")
    seconds, presence = await connecting(url, room, streams)
    print(f"{streams} streams (each a client of its own) connected in {seconds:.2f} s; "
          f"presence events they received: {presence} (n²/2 before: "
          f"{streams * streams // 2})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=STREAMS)
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        environment = {SECRET_VARIABLE: SECRET, "FORACCIO_DATA_DIR": folder,
                       "FORACCIO_TRUSTED_PROXIES": "127.0.0.1"}
        with serving(Path(folder) / "server.log", environment=environment) as server:
            print(f"Rooms against floods (one worker, SQLite; {server.url})")
            asyncio.run(measure(server.url, arguments.streams))


if __name__ == "__main__":
    main()
