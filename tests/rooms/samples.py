"""Rooms and log entries built by hand, as a store receives them.

A store never opens a room's token, so any string stands for one here.
"""

from __future__ import annotations

import itertools

from msgspec.structs import replace

from foraccio.rooms.model import Entry, Room, SeatSetup

_ids = itertools.count()


def a_room(**fields) -> Room:
    """A new room (version 1, waiting, touched at 1000.0) with ``fields`` changed."""
    room = Room(id=f"room-{next(_ids)}", version=1, status="waiting", created=1000.0,
                touched=1000.0, variant="foraccio", options={},
                seats=(SeatSetup(key_hash="seat-0-hash"), SeatSetup(bot="heuristic")),
                host_hash="host-hash", spectator_hash="spectator-hash", pace=0.0,
                token="sealed-1")
    return replace(room, **fields)


def an_entry(version: int, token: str = "sealed", kind: str = "played") -> Entry:
    """A log entry of ``version`` whose match is ``token``."""
    return Entry(version=version, kind=kind, token=token, at=1000.0 + version)


def first_entry(room: Room) -> Entry:
    """The ``created`` entry a new room is stored with."""
    return an_entry(room.version, room.token, "created")


def next_version(room: Room, **fields) -> tuple[Room, Entry]:
    """The room one version on (or at ``fields``' version), with ``fields`` changed, and
    its entry; the entry's token is ``fields``' token or a new one naming the version."""
    version = fields.pop("version", room.version + 1)
    token = fields.pop("token", f"sealed-{version}")
    after = replace(room, version=version, token=token, **fields)
    return after, an_entry(version, token)
