"""Changes racing for one room: exactly one lands on each version, on every kind of store.

Two server processes stand side by side, each a thread with its own event loop and its
own store (on one SQLite file, or one Redis server), each running many tasks. Every
round, all the tasks of both commit a change of their own on top of the same version;
the store must let exactly one of them land, and the log must hold the winners' changes
in order.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

from foraccio.rooms.store import KEPT_ENTRIES
from tests.rooms.samples import a_room, first_entry, next_version
from tests.rooms.stores import Stores

ROUNDS = 40
TASKS = 8
"""Tasks per process racing in each round."""


class Process:
    """A thread with its own event loop and its own store: one server process."""

    def __init__(self, stores: Stores, name: str) -> None:
        self.name = name
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self.store = self.run(stores.open()).result(timeout=30)

    def run(self, coroutine) -> Future:
        """Run ``coroutine`` in this process's loop."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    async def race(self, room, round_number: int) -> list[tuple[str, object]]:
        """Commit TASKS rival changes on top of ``room``, all at once; the tokens of
        those that landed, with each change's entry."""
        rivals = [next_version(room, token=f"{self.name}-{round_number}-{task}")
                  for task in range(TASKS)]
        landed = await asyncio.gather(*(self.store.commit(changed, entry)
                                        for changed, entry in rivals))
        return [(changed.token, entry)
                for (changed, entry), won in zip(rivals, landed, strict=True) if won]

    def stop(self) -> None:
        self.run(self.store.close()).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


def test_exactly_one_of_many_rival_changes_lands_on_each_version(stores):
    processes = [Process(stores, "one"), Process(stores, "two")]
    try:
        one = processes[0]
        room = a_room()
        one.run(one.store.create(room, first_entry(room), 1000)).result(timeout=30)
        winners = [first_entry(room)]
        for round_number in range(ROUNDS):
            racing = [process.run(process.race(room, round_number)) for process in processes]
            landed = [won for race in racing for won in race.result(timeout=30)]
            assert len(landed) == 1, f"round {round_number}: {len(landed)} changes landed"
            ((token, entry),) = landed
            winners.append(entry)
            room = one.run(one.store.load(room.id)).result(timeout=30)
            assert room.token == token

        assert room.version == 1 + ROUNDS
        two = processes[1]
        assert ROUNDS < KEPT_ENTRIES
        assert two.run(two.store.entries(room.id, 0)).result(timeout=30) == winners
    finally:
        for process in processes:
            process.stop()
