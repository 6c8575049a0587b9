"""The request and answer bodies of ``/rooms``."""

from __future__ import annotations

from typing import Annotated

import msgspec

from foraccio.core.model import Move, OptionValue, Wire
from foraccio.rooms.model import Pace, TurnSeconds
from foraccio.rooms.views import RoomView

PERSON = "person"
"""What ``seats`` says of a seat a person plays."""

Invite = Annotated[str, msgspec.Meta(
    min_length=3, max_length=64, pattern="^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
    description="What a link to the room carries: the room's id and a secret, as "
                "`<room>.<secret>`. Send it as `Authorization: Bearer <invite>`; put it in "
                "a link's fragment (`/#join=<invite>`), which browsers never send to a "
                "server.")]

Version = Annotated[int, msgspec.Meta(
    ge=1, description="The room's version the request was decided on, as the last view "
                      "showed it: a room at another version answers 409 `stale_version`.")]


class NewRoom(Wire):
    """A room for one match: its game, and who plays each seat.

    ``seats`` has one entry per seat of the match (index = seat): `"person"` for a seat
    a person plays from a link, or the name of the bot that plays it (`random`,
    `heuristic` or `ismcts`)."""

    variant: str
    seats: Annotated[tuple[str, ...], msgspec.Meta(min_length=2, max_length=6)]
    options: dict[str, OptionValue] = msgspec.field(default_factory=dict)
    house_rules: tuple[str, ...] = ()
    pace: Pace = 1.0
    turn_seconds: TurnSeconds | None = None


class RoomCreated(Wire):
    """A new room: the invites of its links (hand each person only their own), and the
    room as its host sees it. The server keeps no invite, only a hash of each."""

    room: str
    host: Invite
    """The host's: start the match, hand a seat to a bot and back, close the room."""
    spectator: Invite
    """A spectator's: the match as anyone at the table sees it, no hand."""
    seats: tuple[Invite | None, ...]
    """Each person seat's invite (index = seat); null for a bot's seat. Whoever joins
    with it first (`POST /rooms/{room}/join`) gets the seat's key; the invite then
    works no more."""
    view: RoomView


class SeatLink(Wire):
    """A seat's key, for whoever joined it alone (`key`), or its new invite (`invite`)."""

    key: str | None = None
    invite: str | None = None


class PlayInRoom(Wire):
    """A move for the seat of the link, chosen on ``version`` of the room."""

    move: Move
    version: Version


class AtVersion(Wire):
    """A change decided on ``version`` of the room."""

    version: Version


class RoomProblem(Wire):
    """A change refused because the room moved on (409): an RFC 9457 problem document
    whose ``room`` is the room as it is now, as the link sees it, so that a client can
    show it and decide again."""

    title: str
    status: int
    detail: str
    code: str
    room: RoomView
    type: str = "about:blank"


class SeatPlayer(Wire):
    """Who plays the seat from now on: ``bot`` names a bot, or null for the seat's person."""

    bot: str | None = None


ROOM_BODIES = (NewRoom, RoomCreated, PlayInRoom, AtVersion, SeatPlayer, SeatLink, RoomView,
               RoomProblem)
"""Every body of ``/rooms``: the OpenAPI document's schemas are made from them."""
