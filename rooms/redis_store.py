"""The room store for several machines: Redis (or Valkey), which also carries the news.

``FORACCIO_ROOMS=redis://host:6379/0`` (``rediss://`` with TLS, ``unix:///path.sock``;
a password goes in the URL, ``redis://:secret@host:6379/0``) makes every server process
of every machine keep its rooms in one Redis server. It must be one server (a primary,
with replicas if you like), not Redis Cluster: the scripts below reach keys they name
themselves. It must not evict keys (``maxmemory-policy noeviction``, Redis' default):
a room evicted would be lost mid-match, and its indexes would name it still.

Every key starts with ``foraccio:`` (:data:`PREFIX`), so the server may hold other data:

- ``room:<id>``, a hash: the room's ``version``, ``body`` (the :class:`Room` in
  msgpack, as the SQLite store keeps it) and the ``client`` who made it;
- ``log:<id>``, a sorted set: the room's last :data:`~foraccio.rooms.store.KEPT_ENTRIES` log
  entries (msgpack), scored by version;
- ``touched``, ``finished`` and ``due``, sorted sets of room ids: every room by the time
  it was last changed, the finished ones by the same, and those the server must act on
  by when (:meth:`RedisStore.due`, :meth:`RedisStore.expire`; the rooms open, for the
  ceiling, are ``touched`` less ``finished``); ``unjoined``, the rooms no seat's person
  has joined yet, by when they were made;
- ``made:<client>``, a sorted set: the rooms a client (:mod:`foraccio.rooms.clients`)
  made and which have not expired, by when (finished ones are left out as they are
  counted);
- ``admitted:<key>``, when a key's count of :meth:`RedisStore.admit` is back to nothing
  (a client's rooms made), expiring then;
- ``presence:<id>``, a hash: the room's connections, one field ``<process> <slot>`` per
  server process and slot;
- ``seen:<id>``, a hash: when each seat's key was last seen connected (Unix time);
- ``alive:<process>``, one key per server process, which expires :data:`GONE` seconds
  after the process last renewed it;
- the channel ``news``, on which every change is announced.

A room changes in one Lua script (:data:`COMMIT`): it compares the stored version with
the one the change was decided on and, only if they agree, stores the room, appends the
entry, trims the log and updates the indexes, all at once; creating a room checks the
ceiling on open rooms and inserts in one script too (:data:`CREATE`). A script runs
whole or not at all, and nothing else runs meanwhile. When a connection breaks after a
script was sent, the client sends it again (redis-py retries a command on a broken
connection): a commit that had landed is then refused
(the version moved), so no change is ever applied twice, though its author may be told
it lost when it won (and is shown the room as it is now, with its own change in it).

The news travels by pub/sub, one message per change (``<room> <version>``), to every
process listening, the sender included. A listener that loses its connection
subscribes again by itself; what was announced meanwhile is lost, and each stream of
that process catches up at its next heartbeat (:data:`foraccio.rooms.hub.HEARTBEAT`), when it
reads the room again.

Who is connected is counted per process: each one counts its connections in memory and
writes each count as it changes into the room's ``presence`` hash (the count, not a
change to it: a write sent again after a broken connection counts once), and renews its
``alive`` key every quarter of :data:`GONE`; the counts of a process whose key has
expired are left out. So the connections of a process that
was killed (SIGKILL, a machine lost) stop counting at most :data:`GONE` seconds after it
died; a process stopped gracefully takes its key away at once (:meth:`RedisStore.close`).
Its fields stay in the hash until the room expires.

What survives a restart is what Redis keeps: rooms, logs and indexes are ordinary keys,
and persisting them is the deployer's choice in the Redis server's own configuration
(AOF with ``appendfsync everysec`` loses at most about a second of changes when Redis
itself crashes; RDB snapshots lose what came after the last one; neither, all of it).
A server process restarting loses nothing: the rooms, their due times and their logs
are in Redis, and any process picks them up. News is never stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import secrets
import socket
from collections import Counter
from collections.abc import AsyncIterator, Mapping

import msgspec
import redis.asyncio
import structlog
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ReadOnlyError, RedisError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from foraccio.rooms.model import Entry, Room
from foraccio.rooms.store import KEPT_ENTRIES, STORE_VARIABLE, RoomsFull, StoreUnavailable

PREFIX = "foraccio:"
"""What every key and the channel start with."""
GONE = 8.0
"""Seconds a process's ``alive`` key lasts: a process killed stops counting in presence
at most this long after."""
RENEWALS = 4
"""Renewals of a process's ``alive`` key in each :data:`GONE`: a process alive is left
out of presence only if it misses them all (Redis unreachable, or its loop blocked); a
write of its counts that failed is made good by its next change of them."""
CONNECTIONS = 32
"""Connections to Redis per server process: each command takes one for a round trip."""
POOL_WAIT = 20.0
"""Seconds a command may wait for a free connection before it fails."""
HEALTH = 15.0
"""Seconds a quiet connection waits before the client checks it with a ``PING``."""
ANSWER_SECONDS = 5.0
"""Seconds a command waits to connect, or for Redis' answer, before it fails: a Redis
stopped (not gone) makes requests answer 503 rather than hang."""
OUTAGE_REPLIES = ("MISCONF", "OOM", "LOADING", "READONLY", "MASTERDOWN", "NOREPLICAS")
"""The codes of Redis' refusals of an outage: it cannot persist, is out of memory, is
loading its data, is a replica, has lost its primary, or lacks the replicas it must
write to."""
RETRY = 1.0
"""Seconds the news listener waits before subscribing again after losing Redis."""
EXPIRED_AT_ONCE = 256
"""Rooms one run of the expiry script deletes at most, so that it never holds Redis
long; :meth:`RedisStore.expire` runs it until nothing is left."""

# A room's new version, stored whole: the room, its log entry (the log trimmed to the last
# KEPT_ENTRIES) and its place in the indexes (but unjoined, which keeps when a room was made).
# KEYS: room, log, touched, finished, due, unjoined.
# ARGV: id, version, body, entry version, entry, finished ("1" or "0"), touched, due ("" for
# none), entries kept, then the caller's own (see COMMIT and CREATE).
_STORE = """
local id, version, touched, due = ARGV[1], ARGV[2], ARGV[7], ARGV[8]
redis.call('HSET', KEYS[1], 'version', version, 'body', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[4]) - tonumber(ARGV[9]))
redis.call('ZADD', KEYS[3], touched, id)
if ARGV[6] == '1' then
    redis.call('ZADD', KEYS[4], touched, id)
else
    redis.call('ZREM', KEYS[4], id)
end
if due == '' then
    redis.call('ZREM', KEYS[5], id)
else
    redis.call('ZADD', KEYS[5], due, id)
end
"""

COMMIT = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[10] then
    return 0
end
""" + _STORE + """
return 1
"""
"""Compare-and-set: store the room only if the stored version is ``ARGV[10]`` (a missing
room has none); 1 if stored, 0 if not."""

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then
    return redis.error_reply('a room with this id exists')
end
if redis.call('ZCARD', KEYS[3]) - redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[10]) then
    return 0
end
if tonumber(ARGV[12]) > 0 then
    local holding = 0
    for _, other in ipairs(redis.call('ZRANGE', KEYS[7], 0, -1)) do
        if redis.call('EXISTS', ARGV[13] .. 'room:' .. other) == 0 then
            redis.call('ZREM', KEYS[7], other)
        elseif not redis.call('ZSCORE', KEYS[4], other) then
            holding = holding + 1
        end
    end
    if holding >= tonumber(ARGV[12]) then
        return 2
    end
end
""" + _STORE + """
redis.call('HSET', KEYS[1], 'client', ARGV[11])
redis.call('ZADD', KEYS[7], ARGV[14], ARGV[1])
redis.call('ZADD', KEYS[6], ARGV[14], ARGV[1])
return 1
"""
"""Insert a new room, made by the client ``ARGV[11]``, unless ``ARGV[10]`` rooms are open
already (0), or ``ARGV[12]`` (unless 0) made by the client (2); 1 if stored. KEYS: as
:data:`COMMIT`'s, then the client's rooms (``made:<client>``); ``ARGV[13]``: the prefix,
``ARGV[14]``: when the room was made."""

FIRST_EXPIRY = """
local idle, unjoined = tonumber(ARGV[1]), tonumber(ARGV[2])
local first = nil
local function expires(id)
    local touched = redis.call('ZSCORE', KEYS[1], id)
    if not touched or redis.call('ZSCORE', KEYS[2], id) then
        return  -- gone, or finished
    end
    local at = tonumber(touched) + idle
    local made = redis.call('ZSCORE', KEYS[3], id)
    if made and tonumber(made) + unjoined < at then
        at = tonumber(made) + unjoined
    end
    if not first or at < first then
        first = at
    end
end
local function first_open(key)
    -- The first room of the index ``key`` that is not finished (finished rooms stay in
    -- the indexes until they expire).
    local from = 0
    while true do
        local ids = redis.call('ZRANGE', key, from, from + 255)
        for _, id in ipairs(ids) do
            if not redis.call('ZSCORE', KEYS[2], id) then
                expires(id)
                return
            end
        end
        if #ids < 256 then
            return
        end
        from = from + 256
    end
end
if ARGV[3] == '1' then
    for _, id in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do
        expires(id)
    end
else
    -- The open room made first of those nobody joined, and the open one touched first.
    first_open(KEYS[3])
    first_open(KEYS[1])
end
return first and tostring(first) or false
"""
"""When the first open room expires, of the client's (``ARGV[3]`` "1"; KEYS[4] holds them)
or of all; KEYS: touched, finished, unjoined; ARGV: the idle and unjoined seconds. A
string (Redis would cut a number to an integer), or nil when there is none."""

EXPIRE = """
local batch = tonumber(ARGV[3])
local finished = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[1], 'LIMIT', 0, batch)
local idle = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[2], 'LIMIT', 0, batch)
local unjoined = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', '(' .. ARGV[5], 'LIMIT', 0, batch)
local gone = {}
for _, ids in ipairs({finished, idle, unjoined}) do
    for _, id in ipairs(ids) do
        -- A room in two lists is named once: the second time, it is in no index.
        if redis.call('ZREM', KEYS[1], id) + redis.call('ZREM', KEYS[2], id) > 0 then
            gone[#gone + 1] = id
        end
        redis.call('ZREM', KEYS[3], id)
        redis.call('ZREM', KEYS[4], id)
        local client = redis.call('HGET', ARGV[4] .. 'room:' .. id, 'client')
        if client then
            redis.call('ZREM', ARGV[4] .. 'made:' .. client, id)
        end
        redis.call('DEL', ARGV[4] .. 'room:' .. id, ARGV[4] .. 'log:' .. id,
                   ARGV[4] .. 'presence:' .. id, ARGV[4] .. 'seen:' .. id)
    end
end
return {gone, (#finished == batch or #idle == batch or #unjoined == batch) and 1 or 0}
"""
"""Delete up to ``ARGV[3]`` rooms finished before ``ARGV[1]``, as many untouched since
``ARGV[2]`` and as many nobody joined made before ``ARGV[5]``, with their logs and
presence (``ARGV[4]`` is the prefix); KEYS: touched, finished, due, unjoined. Return their
ids, and 1 if there may be more."""

ADMIT = """
local now, every, burst = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local free_at = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if free_at < now then
    free_at = now
end
local wait = free_at - now - (burst - 1) * every
if wait > 0 then
    return tostring(wait)
end
redis.call('SET', KEYS[1], tostring(free_at + every), 'PX',
           math.ceil((free_at + every - now) * 1000) + 1)
return '0'
"""
"""The generic cell rate algorithm on the key ``KEYS[1]``, which holds when its count is
back to nothing: at ``ARGV[1]`` (now), with one counted every ``ARGV[2]`` seconds and
``ARGV[3]`` in a row, count one more and answer "0", or answer the seconds to wait (a
string: Redis would cut a number to an integer)."""

COUNT = """
if tonumber(ARGV[2]) > 0 and redis.call('EXISTS', KEYS[2]) == 1 then
    redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
else
    redis.call('HDEL', KEYS[1], ARGV[1])
end
"""
"""Set the field ``ARGV[1]`` of the presence hash ``KEYS[1]`` to ``ARGV[2]``; a count at
zero, or for a room (``KEYS[2]``) that no longer exists, is no field at all."""

SEE = """
if redis.call('EXISTS', KEYS[2]) == 1 then
    redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
"""
"""Set the field ``ARGV[1]`` of the hash ``KEYS[1]`` of when slots were seen to ``ARGV[2]``,
if the room ``KEYS[2]`` still exists."""

PRESENCE = """
local fields = redis.call('HGETALL', KEYS[1])
local alive, counts, slots = {}, {}, {}
for i = 1, #fields, 2 do
    local process, slot = string.match(fields[i], '^(%S+) (.+)$')
    if alive[process] == nil then
        alive[process] = redis.call('EXISTS', ARGV[1] .. process) == 1
    end
    if alive[process] then
        if counts[slot] == nil then
            table.insert(slots, slot)
        end
        counts[slot] = (counts[slot] or 0) + tonumber(fields[i + 1])
    end
end
local answer = {}
for _, slot in ipairs(slots) do
    table.insert(answer, slot)
    table.insert(answer, counts[slot])
end
return answer
"""
"""The counts of the room's presence hash ``KEYS[1]``, summed per slot over the processes
whose ``alive`` key (``ARGV[1]`` followed by the process) still exists: slot, count,
slot, count..."""

_encode = msgspec.msgpack.Encoder().encode
_room = msgspec.msgpack.Decoder(Room).decode
_entry = msgspec.msgpack.Decoder(Entry).decode

logger = structlog.get_logger("foraccio.rooms.redis")


def _is_outage(error: Exception) -> bool:
    """Whether Redis' ``error`` says it cannot be reached or written now, rather than that
    a command was wrong."""
    if isinstance(error, (RedisConnectionError, RedisTimeoutError, ReadOnlyError, OSError)):
        return True
    # redis-py takes the code off the message of the refusals it has a class for (OOM,
    # MASTERDOWN), keeping it in ``status_code``, and leaves it on the others' (MISCONF).
    code = getattr(error, "status_code", None) or str(error).partition(" ")[0]
    return isinstance(error, ResponseError) and code in OUTAGE_REPLIES


def _outage(method):
    """``method`` (a coroutine function of the store) raising
    :class:`~foraccio.rooms.store.StoreUnavailable` for Redis' errors of an outage."""

    @functools.wraps(method)
    async def reaching(*args, **kwargs):
        try:
            return await method(*args, **kwargs)
        except (RedisError, OSError) as error:
            if not _is_outage(error):
                raise
            # Not the URL: it may hold a password.
            raise StoreUnavailable(f"Redis: {error}") from error

    return reaching


class RedisStore:
    """A :class:`~foraccio.rooms.store.Store` in Redis (see the module's text). Open one with
    :meth:`open`."""

    def __init__(self, client: redis.asyncio.Redis, prefix: str = PREFIX,
                 gone: float = GONE) -> None:
        self.prefix = prefix
        self.gone = gone
        """Seconds this process's ``alive`` key lasts (see :data:`GONE`)."""
        self.process = secrets.token_hex(8)
        """This store's name among the server's processes."""
        self._redis = client
        self._closed = False
        self._renewing: asyncio.Task | None = None
        self._commit = client.register_script(COMMIT)
        self._create = client.register_script(CREATE)
        self._first_expiry = client.register_script(FIRST_EXPIRY)
        self._expire = client.register_script(EXPIRE)
        self._count = client.register_script(COUNT)
        self._presence = client.register_script(PRESENCE)
        self._admit = client.register_script(ADMIT)
        self._see = client.register_script(SEE)
        self._connections: Counter[tuple[str, str]] = Counter()
        """This process's connections, by room and slot."""
        # The counts are written one at a time, so that the last written is the latest.
        self._writing = asyncio.Lock()

    @classmethod
    async def open(cls, url: str, prefix: str = PREFIX, gone: float = GONE) -> RedisStore:
        """The store in the Redis server at ``url``, once it has answered; raise
        :class:`ConnectionError` naming ``FORACCIO_ROOMS`` when it cannot be used. (Not
        ``connect``: that is :meth:`~foraccio.rooms.store.Store.connect`, a connection to a
        room.)"""
        # A blocking pool: a burst of requests (800 streams opening at once) waits for a
        # connection rather than failing with "Too many connections".
        pool = redis.asyncio.BlockingConnectionPool.from_url(
            url, max_connections=CONNECTIONS, timeout=POOL_WAIT, health_check_interval=HEALTH,
            socket_timeout=ANSWER_SECONDS, socket_connect_timeout=ANSWER_SECONDS)
        store = cls(redis.asyncio.Redis.from_pool(pool), prefix, gone)  # closes the pool too
        try:
            await store._renew()
        except (RedisError, OSError) as error:
            await store._redis.aclose()
            # Not the URL: it may hold a password.
            raise ConnectionError(f"{STORE_VARIABLE} names a Redis server that cannot be "
                                  f"used: {error}") from None
        store._renewing = asyncio.get_running_loop().create_task(store._stay_alive())
        return store

    @property
    def _client(self) -> redis.asyncio.Redis:
        # A closed client would open new connections for a late caller, and leak them.
        if self._closed:
            raise RuntimeError("the room store is closed")
        return self._redis

    # --- rooms ----------------------------------------------------------------------

    @_outage
    async def create(self, room: Room, entry: Entry, most_open: int, client: str = "",
                     most_of_client: int = 0) -> None:
        stored = await self._create(
            [*self._keys(room.id), self._key("made", client)],
            [*_args(room, entry), most_open, client, most_of_client, self.prefix,
             room.created],
            client=self._client)
        if stored != 1:
            raise RoomsFull(mine=stored == 2)

    @_outage
    async def first_expiry(self, client: str | None, idle_seconds: float,
                           unjoined_seconds: float) -> float | None:
        first = await self._first_expiry(
            [self._key("touched"), self._key("finished"), self._key("unjoined"),
             self._key("made", client or "")],
            [idle_seconds, unjoined_seconds, int(client is not None)], client=self._client)
        return None if first is None else float(first)

    @_outage
    async def load(self, room_id: str) -> Room | None:
        body = await self._client.hget(self._key("room", room_id), "body")
        return None if body is None else _room(body)

    @_outage
    async def commit(self, room: Room, entry: Entry) -> bool:
        return bool(await self._commit(self._keys(room.id),
                                       [*_args(room, entry), room.version - 1, "XX"],
                                       client=self._client))

    @_outage
    async def entries(self, room_id: str, after: int) -> list[Entry]:
        bodies = await self._client.zrangebyscore(self._key("log", room_id), f"({after}",
                                                  "+inf")
        return [_entry(body) for body in bodies]

    @_outage
    async def due(self, now: float) -> list[str]:
        return [room_id.decode() for room_id in
                await self._client.zrangebyscore(self._key("due"), "-inf", now)]

    @_outage
    async def expire(self, finished_before: float, idle_before: float,
                     unjoined_before: float = 0.0) -> list[str]:
        gone, more = [], True
        while more:
            deleted, more = await self._expire(
                [self._key("touched"), self._key("finished"), self._key("due"),
                 self._key("unjoined")],
                [finished_before, idle_before, EXPIRED_AT_ONCE, self.prefix, unjoined_before],
                client=self._client)
            gone += [room_id.decode() for room_id in deleted]
        return gone

    @_outage
    async def join(self, room_id: str) -> None:
        await self._client.zrem(self._key("unjoined"), room_id)

    @_outage
    async def admit(self, key: str, every: float, burst: int, now: float) -> float:
        return float(await self._admit([self._key("admitted", key)], [now, every, burst],
                                       client=self._client))

    @_outage
    async def count_open(self) -> int:
        async with self._client.pipeline(transaction=True) as both:
            both.zcard(self._key("touched"))
            both.zcard(self._key("finished"))
            rooms, finished = await both.execute()
        return rooms - finished

    def _keys(self, room_id: str) -> list[str]:
        """The keys :data:`COMMIT` and :data:`CREATE` touch, in their order."""
        return [self._key("room", room_id), self._key("log", room_id),
                self._key("touched"), self._key("finished"), self._key("due"),
                self._key("unjoined")]

    def _key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    # --- news and presence ----------------------------------------------------------------

    @_outage
    async def publish(self, room_id: str, version: int) -> None:
        await self._client.publish(self._key("news"), f"{room_id} {version}")

    async def news(self) -> AsyncIterator[tuple[str, int]]:
        while not self._closed:
            listener = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await listener.subscribe(self._key("news"))
                while True:
                    # A timeout, so that the client checks a quiet connection now and then.
                    message = await listener.get_message(timeout=HEALTH)
                    if message is not None and message["type"] == "message":
                        room_id, version = message["data"].decode().rsplit(" ", 1)
                        yield room_id, int(version)
            except (RedisError, OSError) as error:
                if self._closed:
                    return
                logger.warning("rooms_news_lost", error=str(error))
                await asyncio.sleep(RETRY)
            finally:
                await listener.aclose()

    @_outage
    async def connect(self, room_id: str, slot: str, change: int) -> None:
        place = (room_id, slot)
        self._connections[place] += change
        if self._connections[place] <= 0:
            del self._connections[place]
        async with self._writing:
            await self._count([self._key("presence", room_id), self._key("room", room_id)],
                              [f"{self.process} {slot}", self._connections.get(place, 0)],
                              client=self._client)

    @_outage
    async def see(self, room_id: str, slot: str, at: float) -> None:
        await self._see([self._key("seen", room_id), self._key("room", room_id)], [slot, at],
                        client=self._client)

    @_outage
    async def seen(self, room_id: str) -> Mapping[str, float]:
        found = await self._client.hgetall(self._key("seen", room_id))
        return {slot.decode(): float(at) for slot, at in found.items()}

    @_outage
    async def presence(self, room_id: str) -> Mapping[str, int]:
        answer = await self._presence([self._key("presence", room_id)],
                                      [self._key("alive", "")], client=self._client)
        pairs = zip(answer[::2], answer[1::2], strict=True)
        return {slot.decode(): count for slot, count in pairs if count > 0}

    @_outage
    async def check(self) -> None:
        await self._renew()

    async def _renew(self) -> None:
        # The value is for whoever looks into Redis: which machine and process this is.
        await self._client.set(self._key("alive", self.process),
                               f"{socket.gethostname()} {os.getpid()}",
                               px=round(self.gone * 1000))

    async def _stay_alive(self) -> None:
        while True:
            await asyncio.sleep(self.gone / RENEWALS)
            try:
                await self._renew()
            except (RedisError, OSError) as error:
                logger.warning("rooms_presence_not_renewed", error=str(error))

    async def close(self) -> None:
        if self._closed:
            return
        # The renewals stop before the client is marked closed: a renewal that woke up
        # just then would otherwise find it closed and end in an error of its own.
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewing
        self._closed = True
        # Gone at once: this process's connections stop counting now, not GONE later.
        with contextlib.suppress(RedisError, OSError):
            await self._redis.delete(self._key("alive", self.process))
        await self._redis.aclose()


def _args(room: Room, entry: Entry) -> list:
    """The arguments of :data:`COMMIT` and :data:`CREATE` the room and entry give."""
    return [room.id, room.version, _encode(room), entry.version, _encode(entry),
            int(room.status == "finished"), room.touched, "" if room.due is None else room.due,
            KEPT_ENTRIES]
