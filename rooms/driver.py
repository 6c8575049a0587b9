"""The server's own moves in rooms: bots, turn clocks, the next deal, and expiry.

Every server process runs one driver. Every :data:`TICK` it asks the store which rooms
are due (a bot to move after the room's pace, a person whose turn clock ran out, a
hand's score sheet shown long enough) and acts for each (:meth:`foraccio.rooms.actions.Rooms.act`),
a room at a time per process; every :attr:`~foraccio.rooms.config.RoomsConfig.expire_every`
it deletes the rooms finished or abandoned long enough, and tells their streams, which
end at once. Since the due times live in the store, a room whose process was
killed is picked up by the next driver to look, after a restart or on another machine;
two drivers acting on one room at once cannot both land (the change is committed on top
of the version it was decided on), so at worst a bot's move is computed twice.

A searching bot's move is computed in the server's bot pool, which keeps a share for the
rooms and one for requests over the API, and takes the rooms' turns by room
(:mod:`foraccio.api.botpool`): acting for every room due at once, the driver can neither
crowd out the API's bot requests nor let one room's bots hold up another's.
"""

from __future__ import annotations

import asyncio
import contextlib

import structlog

from foraccio.rooms.actions import Rooms
from foraccio.rooms.hub import EXPIRED_NEWS
from foraccio.rooms.store import StoreUnavailable

TICK = 0.05
"""Seconds between two looks at the rooms due: what a bot's move may come late by."""
BACKOFF = 5.0
"""Seconds a room whose action failed is left alone before the next try."""

logger = structlog.get_logger("foraccio.rooms.driver")


class Driver:
    """Acts for the rooms due, in this process."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self._acting: dict[str, asyncio.Task] = {}
        self._failed: dict[str, float] = {}
        self._task: asyncio.Task | None = None
        self._outage = False
        """Whether the store was unavailable at the last look: an outage is logged once,
        when it begins and when it ends, not at every tick."""

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        tasks = [task for task in (self._task, *self._acting.values()) if task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        expire_at = loop.time()
        while True:
            try:
                now = self.rooms.clock()
                for room_id in await self.rooms.store.due(now):
                    if room_id not in self._acting and self._failed.get(room_id, 0) <= now:
                        task = loop.create_task(self._act(room_id))
                        self._acting[room_id] = task
                if loop.time() >= expire_at:
                    config = self.rooms.config
                    gone = await self.rooms.store.expire(now - config.finished_seconds,
                                                         now - config.idle_seconds,
                                                         now - config.unjoined_seconds)
                    if gone:
                        logger.info("rooms_expired", rooms=len(gone))
                    for room_id in gone:
                        await self.rooms.store.publish(room_id, EXPIRED_NEWS)
                    expire_at = loop.time() + config.expire_every
                if self._outage:
                    self._outage = False
                    logger.info("rooms_store_back")
            except StoreUnavailable as error:
                if not self._outage:
                    self._outage = True
                    logger.warning("rooms_store_unavailable", error=str(error))
            except Exception:
                logger.exception("rooms_driver_failed")
            await asyncio.sleep(TICK)

    async def _act(self, room_id: str) -> None:
        try:
            await self.rooms.act(room_id)
            self._failed.pop(room_id, None)
        except StoreUnavailable:
            self._failed[room_id] = self.rooms.clock() + BACKOFF  # logged by _run
        except Exception:
            logger.exception("room_action_failed", room=room_id)
            self._failed[room_id] = self.rooms.clock() + BACKOFF
        finally:
            del self._acting[room_id]
