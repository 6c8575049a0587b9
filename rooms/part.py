"""The rooms part of one server process: its store, actions, streams and driver, started
and stopped with the app (:func:`foraccio.api.app.create_app` composes it with the stateless API).

The store is opened when the app starts, not when it is built: the OpenAPI export builds
the app and never starts it, and opens no store.
"""

from __future__ import annotations

from foraccio.api.botpool import BotPool
from foraccio.api.data_dir import data_dir
from foraccio.api.sealing import Sealer
from foraccio.rooms.actions import Rooms
from foraccio.rooms.config import RoomsConfig, config_from_environment
from foraccio.rooms.driver import Driver
from foraccio.rooms.hub import Hub
from foraccio.rooms.store import open_store


class RoomsPart:
    """What the routes of ``/rooms`` use; :attr:`rooms` and :attr:`hub` exist once the app
    has started."""

    def __init__(self, sealer: Sealer, pool: BotPool,
                 config: RoomsConfig | None = None) -> None:
        self.sealer = sealer
        self.pool = pool
        self.config = config_from_environment() if config is None else config
        self.rooms: Rooms | None = None
        self.hub: Hub | None = None
        self._driver: Driver | None = None

    async def start(self) -> None:
        store = await open_store(str(data_dir()))
        self.rooms = Rooms(store, self.sealer, self.config, self.pool)
        self.hub = Hub(self.rooms)
        self._driver = Driver(self.rooms)
        await self.hub.start()
        await self._driver.start()

    async def close(self) -> None:
        if self.rooms is None:
            return
        await self.hub.close()
        await self._driver.close()
        await self.rooms.store.close()
        self.rooms = self.hub = self._driver = None
