"""A store's news heard in a task, and waiting for what should come."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest


async def eventually(check: Callable[[], object], within: float = 5.0) -> None:
    """Wait until ``check()`` is true; fail after ``within`` seconds."""
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"still false after {within} s"
        await asyncio.sleep(0.01)


class Listener:
    """What one store's :meth:`~foraccio.rooms.store.Store.news` yields, heard in a task."""

    def __init__(self, store) -> None:
        self.heard: list[tuple[str, int]] = []
        self._task = asyncio.get_running_loop().create_task(self._listen(store))

    async def _listen(self, store) -> None:
        async for news in store.news():
            self.heard.append(news)

    async def tuned_in(self, *publishers) -> None:
        """Wait until news of each publisher reaches this listener (a listener hears
        what is published from the moment it listens, which is a little after its
        task starts), then forget it."""
        for number, publisher in enumerate(publishers, 1):
            probe = (f"probe-{id(self)}", number)
            while probe not in self.heard:
                await publisher.publish(*probe)
                await asyncio.sleep(0.02)
        self.heard.clear()

    async def stop(self) -> None:
        self._task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await self._task

    def of(self, room_id: str) -> list[int]:
        return [version for room, version in self.heard if room == room_id]
