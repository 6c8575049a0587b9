"""Who a client is, for the limits on what one client may take: rooms made, streams held.

A client is the address its connection comes from, an IPv6 one by its network of
``FORACCIO_IPV6_PREFIX`` bits (default :data:`IPV6_PREFIX`): one machine holds a whole
/64, and a household usually a /56 from its provider (some give a /48, mobile networks
a /64 per device), and could otherwise take a new address, or a new /64, for each
request. Behind a reverse proxy every connection comes from the proxy, so the client is
the address the proxy names in ``X-Forwarded-For``, but only when the connection
comes from a proxy named as trusted (``FORACCIO_TRUSTED_PROXIES``): anyone else could
write any address there. The header is read from its end, the address the last proxy
added, leftwards past the trusted proxies: the first address that is not one of them is
the client (what the client wrote itself, left of it, is never believed).

Many people behind one address (a school, a mobile operator's NAT) share its limits;
only a seat key's first stream is its own (:class:`StreamCounts`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

IPV6_PREFIX = 56
"""The bits of an IPv6 address that name a client, by default."""


def client_of(peer: str | None, forwarded: Iterable[str],
              trusted: Sequence[Network], ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The client a request comes from: the connection's ``peer`` address, or, when the
    peer is a trusted proxy, the first untrusted address of the ``X-Forwarded-For``
    headers ``forwarded``, read from the end (see the module's text); an IPv6 one by its
    network of ``ipv6_prefix`` bits."""
    address = _address(peer)
    if address is None:
        return peer or "unknown"
    if _trusted(address, trusted):
        hops = [hop.strip() for header in forwarded for hop in header.split(",")]
        for hop in reversed(hops):
            named = _address(hop)
            if named is None:
                break  # garbled: believe nothing left of it
            address = named
            if not _trusted(named, trusted):
                break
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/{ipv6_prefix}", strict=False))
    return str(address)


def _address(text: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address((text or "").strip())
    except ValueError:
        return None
    if address.version == 6 and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address, trusted: Sequence[Network]) -> bool:
    return any(address in network for network in trusted)


class StreamCounts:
    """The event streams each client holds in this server process.

    A stream is counted from the moment it is allowed (:meth:`take`, before the answer
    starts) until its :class:`Held` is released; so a burst of requests at once cannot
    all pass the check before any of them counts.

    A seat key's stream is the key's own while the key holds no other of its own here:
    it is counted for the key, not against its client's :attr:`most`, so that the
    streams of others behind the same address (a household, a NAT) never lock a person
    out of their own seat. So a client holds at most :attr:`most` streams plus one per
    seat key it uses; a room has at most six seat keys that open their seat, so all the
    keys' own streams are bounded by the rooms open. The links many people share (a
    spectator's) and the host's are always counted against their client."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._held: dict[str, int] = {}
        self._keys: set[str] = set()

    def take(self, client: str, key: str | None = None) -> Held | None:
        """Count one more stream of ``client``, whose seat key is ``key`` (None for
        another link): for the key alone when it holds no stream of its own here, else
        against the client; None, counting nothing, when the client holds :attr:`most`
        already."""
        if key is not None and key not in self._keys:
            self._keys.add(key)
            return Held(lambda: self._keys.discard(key))
        held = self._held.get(client, 0)
        if held >= self.most:
            return None
        self._held[client] = held + 1
        return Held(lambda: self._give_back(client))

    def held(self, client: str) -> int:
        """The streams counted against ``client`` now (its keys' own left out)."""
        return self._held.get(client, 0)

    def _give_back(self, client: str) -> None:
        held = self._held.get(client, 0) - 1
        if held > 0:
            self._held[client] = held
        else:
            self._held.pop(client, None)


class Held:
    """One stream counted, for a client or a seat key, until :meth:`release` (once,
    however often it is called)."""

    def __init__(self, give_back: Callable[[], None]) -> None:
        self._give_back: Callable[[], None] | None = give_back

    def release(self) -> None:
        give_back, self._give_back = self._give_back, None
        if give_back is not None:
            give_back()
