"""The room stores under test, each opened as one server process would open it.

A :class:`Stores` names one kind of store and where it keeps its rooms; each store
:meth:`Stores.opened` from it stands for one server process: two SQLite stores on one
file are two processes of one machine, two Redis stores two processes anywhere.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from foraccio.rooms.redis_store import RedisStore
from foraccio.rooms.sqlite_store import SqliteStore
from foraccio.rooms.store import Store

KINDS = ("sqlite", "redis")


@dataclass(frozen=True)
class Stores:
    """One kind of store (``sqlite`` or ``redis``) at one ``address``: what
    ``FORACCIO_ROOMS`` would say (``sqlite:///path`` or a Redis URL)."""

    kind: str
    address: str

    @asynccontextmanager
    async def opened(self, gone: float | None = None) -> AsyncIterator[Store]:
        """A store open in the running event loop, closed afterwards; ``gone``, when
        given, is how long its process may stay silent before it is taken for dead."""
        store = await self.open(gone)
        try:
            yield store
        finally:
            await store.close()

    async def open(self, gone: float | None = None) -> Store:
        """A store open in the running event loop; the caller closes it."""
        extra = {} if gone is None else {"gone": gone}
        if self.kind == "sqlite":
            return SqliteStore(self.address.removeprefix("sqlite://"), **extra)
        return await RedisStore.open(self.address, **extra)
