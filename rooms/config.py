"""The rooms' settings, read from the environment at start-up.

``FORACCIO_ROOMS`` (default: SQLite in the data directory)
    Where rooms are kept: see :mod:`foraccio.rooms.store`.
``FORACCIO_ROOMS_MAX`` (default 1000)
    Rooms that may be open (not finished) at once; one more is refused with 503
    ``busy``.
``FORACCIO_ROOMS_FINISHED_SECONDS`` (default 3600)
    How long a finished room stays, for its players to read the last score sheet.
``FORACCIO_ROOMS_IDLE_SECONDS`` (default 86400)
    How long a room nobody plays in stays (an abandoned one): counted from its last
    play, deal, start, join or a seat's person's own change, never from a change only
    the host made (a host inviting or handing seats in a loop keeps nothing alive).
``FORACCIO_ROOMS_UNJOINED_SECONDS`` (default 600)
    How long a room stays, from when it was made, while no seat's person has joined it
    (used their link), whatever its host does: one made and left, by mistake or by a
    flood, frees its place within minutes.
``FORACCIO_ROOMS_OPEN_PER_CLIENT`` (default 20)
    Open (not finished) rooms one client may have made at once; one more is refused with
    429 ``too_many_open_rooms`` until one of them finishes, is closed or expires. So no
    one client (an address; see :mod:`foraccio.rooms.clients`) holds more than this
    share of ``FORACCIO_ROOMS_MAX``, however slowly it makes them.
``FORACCIO_ROOMS_PER_CLIENT`` (default 20) and ``FORACCIO_ROOMS_CLIENT_SECONDS`` (default 60)
    Rooms one client (:mod:`foraccio.rooms.clients`) may make in a row, and then one more
    every so many seconds (0: no limit); one more is refused with 429 ``too_many_rooms``.
    Counted in the store, so across every process of every machine.
``FORACCIO_STREAMS_PER_CLIENT`` (default 20)
    Event streams one client may hold open on one server process; one more is refused
    with 429 ``too_many_streams``. Counted by each process (a stream costs the process
    that holds it): a client whose streams reach several processes holds that many on
    each. Besides them, each seat key's first stream is its own, so that the streams of
    others behind a person's address never lock them out of their seat: a client holds
    at most this many plus one per seat key it uses, six at most per room
    (:class:`foraccio.rooms.clients.StreamCounts`).
``FORACCIO_TRUSTED_PROXIES`` (default: none)
    The reverse proxies, by address or network (``127.0.0.1, 10.0.0.0/8``), whose
    ``X-Forwarded-For`` names the client; see :mod:`foraccio.rooms.clients`.
``FORACCIO_IPV6_PREFIX`` (default 56)
    The bits of an IPv6 address that name one client: a household's network as its
    provider gives it (see :mod:`foraccio.rooms.clients`); 64 where each client is a
    phone on a mobile network, 48 where providers give that much.
``FORACCIO_ROOMS_LEFT_SECONDS`` (default 60)
    How long a seat's person must have been away (no connection of their key, no
    request made with it) before the host may hand their seat to a bot or invite
    someone else to it.
``FORACCIO_ROOMS_DEAL_SECONDS`` (default 15)
    How long a hand's last score sheet stays up before the server deals the next hand,
    when no person deals it first.

A value out of its range stops the server at start-up, naming the variable.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass

from foraccio.api.environment import number
from foraccio.rooms import clients
from foraccio.rooms.clients import Network

MOST_OPEN = "FORACCIO_ROOMS_MAX"
FINISHED_SECONDS = "FORACCIO_ROOMS_FINISHED_SECONDS"
IDLE_SECONDS = "FORACCIO_ROOMS_IDLE_SECONDS"
DEAL_SECONDS = "FORACCIO_ROOMS_DEAL_SECONDS"
UNJOINED_SECONDS = "FORACCIO_ROOMS_UNJOINED_SECONDS"
ROOMS_PER_CLIENT = "FORACCIO_ROOMS_PER_CLIENT"
CLIENT_SECONDS = "FORACCIO_ROOMS_CLIENT_SECONDS"
OPEN_PER_CLIENT = "FORACCIO_ROOMS_OPEN_PER_CLIENT"
STREAMS_PER_CLIENT = "FORACCIO_STREAMS_PER_CLIENT"
TRUSTED_PROXIES = "FORACCIO_TRUSTED_PROXIES"
IPV6_PREFIX = "FORACCIO_IPV6_PREFIX"
LEFT_SECONDS = "FORACCIO_ROOMS_LEFT_SECONDS"
EXPIRE_EVERY = 60.0
"""The longest time between two looks for rooms to expire."""


@dataclass(frozen=True)
class RoomsConfig:
    """The settings in force; see the module's text for each."""

    most_open: int = 1000
    finished_seconds: float = 3600.0
    idle_seconds: float = 86400.0
    deal_seconds: float = 15.0
    unjoined_seconds: float = 600.0
    rooms_per_client: int = 20
    client_seconds: float = 60.0
    open_per_client: int = 20
    streams_per_client: int = 20
    trusted_proxies: tuple[Network, ...] = ()
    ipv6_prefix: int = clients.IPV6_PREFIX
    left_seconds: float = 60.0

    @property
    def expire_every(self) -> float:
        """Seconds between two looks for rooms to expire: a room is deleted at most this
        long after its time has come."""
        return min(EXPIRE_EVERY, self.unjoined_seconds / 4, self.finished_seconds / 4)


def config_from_environment(environ: Mapping[str, str] | None = None) -> RoomsConfig:
    """The settings ``environ`` (the process's environment by default) gives."""
    environ = os.environ if environ is None else environ
    return RoomsConfig(
        most_open=int(number(environ, MOST_OPEN, int, 1000, 1, 1_000_000)),
        finished_seconds=number(environ, FINISHED_SECONDS, float, 3600.0, 1, 30 * 86400),
        idle_seconds=number(environ, IDLE_SECONDS, float, 86400.0, 1, 365 * 86400),
        deal_seconds=number(environ, DEAL_SECONDS, float, 15.0, 0, 3600),
        unjoined_seconds=number(environ, UNJOINED_SECONDS, float, 600.0, 1, 365 * 86400),
        rooms_per_client=int(number(environ, ROOMS_PER_CLIENT, int, 20, 1, 1_000_000)),
        client_seconds=number(environ, CLIENT_SECONDS, float, 60.0, 0, 86400),
        open_per_client=int(number(environ, OPEN_PER_CLIENT, int, 20, 1, 1_000_000)),
        streams_per_client=int(number(environ, STREAMS_PER_CLIENT, int, 20, 1, 1_000_000)),
        trusted_proxies=networks(environ, TRUSTED_PROXIES),
        ipv6_prefix=int(number(environ, IPV6_PREFIX, int, clients.IPV6_PREFIX, 16, 128)),
        left_seconds=number(environ, LEFT_SECONDS, float, 60.0, 0, 86400),
    )


def networks(environ: Mapping[str, str], name: str) -> tuple[Network, ...]:
    """The addresses and networks listed in ``name`` (commas or spaces between them);
    raise :class:`ValueError` naming the variable for one that is neither."""
    found = []
    for text in environ.get(name, "").replace(",", " ").split():
        try:
            found.append(ipaddress.ip_network(text, strict=False))
        except ValueError:
            raise ValueError(f"{name} must list IP addresses or networks (10.0.0.0/8); "
                             f"got {text[:40]!r}") from None
    return tuple(found)
