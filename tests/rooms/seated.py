"""A server process holding one connection to a room, until it is killed.

``python -m tests.rooms.seated KIND ADDRESS GONE ROOM SLOT`` opens the store
(:class:`tests.rooms.stores.Stores`) with ``GONE`` seconds of silence taken for death,
counts one connection to ``SLOT`` of ``ROOM``, says ``seated`` on its standard output and
keeps its store alive (renewing, as the hub does) until it is killed: what a server
process does for one open stream.
"""

from __future__ import annotations

import asyncio
import sys

from tests.rooms.stores import Stores

SEATED = "seated"


async def main(kind: str, address: str, gone: str, room_id: str, slot: str) -> None:
    store = await Stores(kind, address).open(float(gone))
    await store.connect(room_id, slot, 1)
    print(SEATED, flush=True)
    # The hub's listener: the SQLite store renews its process's row as it reads the news.
    async for _ in store.news():
        pass


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
