"""Example bodies of ``/rooms`` for the OpenAPI document, made by the rooms' own code.

One room of Foraccio with two people and two bots, its match the documented example's
(:func:`foraccio.api.examples.examples`), sealed with the examples' public secret; its ids and
secrets are fixed, so the document is the same on every run.
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any, NamedTuple

import msgspec
from litestar.response import ServerSentEventMessage
from msgspec.structs import replace

from foraccio.api.examples import EXAMPLE_GAME_ID, EXAMPLE_SECRET, examples
from foraccio.api.sealing import SealedGame, Sealer
from foraccio.core.engine import new_match, play
from foraccio.rooms import keys
from foraccio.rooms.actions import Holder
from foraccio.rooms.bodies import (
    AtVersion,
    NewRoom,
    PlayInRoom,
    RoomCreated,
    SeatLink,
    SeatPlayer,
)
from foraccio.rooms.model import Entry, Room, SeatSetup
from foraccio.rooms.views import room_view

SEATS = ("person", "heuristic", "random", "person")
"""Who plays each seat: people at seat 0 and seat 3, who is to play in the example."""
PACE = 1.0
CREATED_AT = 1_767_225_600.0
"""2026-01-01, when the example room was made."""


def _fixed(label: str) -> str:
    """A fixed stand-in for a random id or secret of 128 bits, spelt as they are."""
    return keys.spelt(hashlib.sha256(f"example room {label}".encode()).digest()[:keys.SECRET_BYTES])


ROOM = _fixed("room")
HOST, SPECTATOR, SEAT_0, SEAT_3, KEY_0, INVITE_3 = (
    _fixed(name) for name in ("host", "spectator", "0", "3", "key 0", "invite 3"))


class RoomExamples(NamedTuple):
    new_room: Any
    created: Any
    seat_view: Any
    play: Any
    played: Any
    next_hand: Any
    seat: Any
    host_view: Any
    joined: Any
    """Seat 0's key, its invite exchanged for it."""
    invited: Any
    """A new invite of seat 3."""
    events: str
    """The event of the example's move on the stream of the seat that plays it."""


@cache
def room_examples() -> RoomExamples:
    """Build the examples once; the same on every call and every run."""
    sealer = Sealer(EXAMPLE_SECRET.encode())
    start = new_match("foraccio", 7)
    mid, move = examples().mid_hand_state, examples().mid_hand_move
    after, events = play(mid, move, mid.turn)
    seats = tuple(SeatSetup(bot=None if name == "person" else name,
                            key_hash=keys.digest(secret[::-1]) if secret else None,
                            invite_hash=keys.digest(secret) if secret else None,
                            joined=CREATED_AT + 1 if secret else None)
                  for name, secret in zip(SEATS, (SEAT_0, None, None, SEAT_3), strict=True))

    def room(version: int, status: str, state) -> tuple[Room, Entry]:
        token = sealer.seal(SealedGame.of(EXAMPLE_GAME_ID, version, state),
                            hashlib.sha256(f"room nonce {version}".encode()).digest()[:12])
        at = CREATED_AT + version
        made = Room(id=ROOM, version=version, status=status, created=CREATED_AT, touched=at,
                    variant=state.variant, options=state.options,
                    seats=seats if version > 1 else tuple(replace(setup, key_hash=None,
                                                                  joined=None)
                                                          for setup in seats),
                    host_hash=keys.digest(HOST), spectator_hash=keys.digest(SPECTATOR),
                    pace=PACE, token=token, counter=version)
        return made, Entry(version=version, kind="created" if version == 1 else "played",
                           token=token, at=at)

    presence = {"seat-0": 1, "seat-3": 1}
    waiting, first = room(1, "waiting", start)
    before, entry_before = room(10, "playing", mid)
    now, entry_now = room(11, "playing", after)
    entry_now = replace(entry_now, events=events, seat=mid.turn)
    seat = mid.turn
    invite = {0: SEAT_0, 3: SEAT_3}
    return RoomExamples(
        new_room=_json(NewRoom(variant="foraccio", seats=SEATS, pace=PACE)),
        created=_json(RoomCreated(
            room=ROOM, host=keys.invite(ROOM, HOST), spectator=keys.invite(ROOM, SPECTATOR),
            seats=tuple(keys.invite(ROOM, invite[seat]) if seat in invite else None
                        for seat in range(4)),
            view=room_view(waiting, first, start, Holder("host"), {}))),
        seat_view=_json(room_view(before, entry_before, mid, Holder("seat", seat), presence)),
        play=_json(PlayInRoom(move=move, version=10)),
        played=_json(room_view(now, entry_now, after, Holder("seat", seat), presence)),
        next_hand=_json(AtVersion(version=48)),
        seat=_json(SeatPlayer(bot="heuristic")),
        host_view=_json(room_view(now, entry_now, after, Holder("host"), presence)),
        joined=_json(SeatLink(key=keys.invite(ROOM, KEY_0))),
        invited=_json(SeatLink(invite=keys.invite(ROOM, INVITE_3))),
        events="".join(ServerSentEventMessage(
            data=msgspec.json.encode(room_view(room, entry, state, Holder("seat", seat),
                                               presence)).decode(),
            event="room", id=str(entry.version)).encode().decode()
            for room, entry, state in ((now, entry_now, after),)),
    )


def _json(value: Any) -> Any:
    return msgspec.to_builtins(value)
