"""``/rooms``: make a room, follow it, and act in it from a link.

Every request but ``POST /rooms`` names its link with ``Authorization: Bearer
<invite>`` (:data:`rooms.bodies.Invite`): a header, never the URL, so that no log of
this server or of a proxy in front of it holds a secret. Answers are the room as that
link sees it (:class:`~rooms.views.RoomView`); a change decided on a version that is no
longer the room's is refused with 409 and the room as it is now (the problem's
``room``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ClassVar

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody
from litestar.response import ServerSentEvent

from api.decoding import StrictBody
from api.errors import problem
from rooms import keys
from rooms.actions import Holder, RoomConflict, RoomError
from rooms.bodies import PERSON, AtVersion, NewRoom, PlayInRoom, RoomCreated, SeatPlayer
from rooms.model import Room
from rooms.part import RoomsPart
from rooms.views import RoomView, room_view

Act = Callable[[Room, Holder], Awaitable[Room]]


class RoomController(Controller):
    """Rooms where people sit at one table; see the module's text."""

    path = "/rooms"
    tags: ClassVar[list[str]] = ["rooms"]
    dto = StrictBody
    return_dto = None

    @post("/", operation_id="newRoom", status_code=201, summary="Make a room",
          response_description="The room's invites (one per person seat, the host's, a "
                               "spectator's) and the room as its host sees it.")
    async def new_room(self, data: JSONBody[NewRoom], rooms_part: NamedDependency[RoomsPart]
                       ) -> RoomCreated:
        """Make a room and deal its match; the host starts it."""
        rooms = _running(rooms_part)
        try:
            created = await rooms.rooms.create(
                data.variant, data.options, data.house_rules,
                [None if seat == PERSON else seat for seat in data.seats], data.pace,
                data.turn_seconds)
        except RoomError as error:
            raise _problem(error) from None
        room = created.room
        view = await _view(rooms_part, room, Holder("host"))
        return RoomCreated(
            room=room.id, host=keys.invite(room.id, created.host),
            spectator=keys.invite(room.id, created.spectator),
            seats=tuple(keys.invite(room.id, created.seats[seat]) if seat in created.seats
                        else None for seat in range(len(room.seats))), view=view)

    @get("/{room:str}", operation_id="getRoom", summary="A room as a link sees it",
         response_description="The room at its latest version, as the link sees it.")
    async def get_room(self, room: FromPath[str], request: Request,
                       rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The room as the link in ``Authorization`` sees it now."""
        return await _act(rooms_part, request, room, None)

    @get("/{room:str}/events", operation_id="roomEvents", summary="Follow a room",
         response_description="Server-Sent Events: `room`, the room at each new version "
                              "as the link sees it (the version is the event's id), and "
                              "`presence`, who is connected.")
    async def events(self, room: FromPath[str], request: Request,
                     rooms_part: NamedDependency[RoomsPart]) -> ServerSentEvent:
        """Every change of the room as it happens, from the version after the request's
        ``Last-Event-ID`` (or from the room as it is now)."""
        part = _running(rooms_part)
        found, holder = await _holder(part, request, room)
        after = request.headers.get("last-event-id", "")
        start = int(after) if after.isdigit() and len(after) < 16 else None
        return ServerSentEvent(part.hub.stream(found, holder, start),
                               headers={"Cache-Control": "no-store",
                                        "X-Accel-Buffering": "no"})

    @post("/{room:str}/start", operation_id="startRoom", status_code=200,
          summary="Start the match", response_description="The room, started.")
    async def start(self, room: FromPath[str], request: Request,
                    rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The host starts the match: the seat to play first, or its bot, plays."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.start(found.id, holder))

    @post("/{room:str}/play", operation_id="playInRoom", status_code=200,
          summary="Play a move", response_description="The room after the move.")
    async def play(self, room: FromPath[str], data: JSONBody[PlayInRoom], request: Request,
                   rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The link's seat plays ``move``."""
        return await _act(rooms_part, request, room, lambda found, holder: rooms_part.rooms.play(
            found.id, holder, data.move, data.version))

    @post("/{room:str}/next-hand", operation_id="nextHandInRoom", status_code=200,
          summary="Deal the next hand", response_description="The room, the hand dealt.")
    async def next_hand(self, room: FromPath[str], data: JSONBody[AtVersion], request: Request,
                        rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """Deal the next hand once one is over (the server deals it itself a little later
        when nobody does)."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.next_hand(found.id, holder,
                                                                           data.version))

    @post("/{room:str}/seats/{seat:int}", operation_id="setSeatPlayer", status_code=200,
          summary="Hand a seat to a bot or back",
          response_description="The room with the seat's new player.")
    async def seat(self, room: FromPath[str], seat: FromPath[int], data: JSONBody[SeatPlayer],
                   request: Request, rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The host hands a seat to a bot, or back to its person; a seat's own link takes
        the seat back (``bot`` null)."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.seat(found.id, holder, seat,
                                                                      data.bot))

    @post("/{room:str}/close", operation_id="closeRoom", status_code=200,
          summary="Close the room", response_description="The room, finished.")
    async def close(self, room: FromPath[str], request: Request,
                    rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The host ends the room before its match does."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.close(found.id, holder))


def _running(part: RoomsPart) -> RoomsPart:
    if part.rooms is None:  # the app was built but not started (an export)
        raise problem(503, "busy", "The rooms of this server have not started yet.")
    return part


async def _holder(part: RoomsPart, request: Request, room_id: str) -> tuple[Room, Holder]:
    scheme, _, invite = request.headers.get("authorization", "").partition(" ")
    room_of, _, secret = invite.strip().partition(".")
    if scheme.lower() != "bearer" or not secret:
        raise problem(401, "missing_key", "Name your link: send `Authorization: Bearer "
                      "<invite>`, the invite the room's host gave you.",
                      headers={"WWW-Authenticate": 'Bearer realm="rooms"'})
    if room_of != room_id:
        raise problem(403, "wrong_key", "This link is another room's.")
    try:
        return await part.rooms.holder(room_id, secret)
    except RoomError as error:
        raise _problem(error) from None


async def _act(part: RoomsPart, request: Request, room_id: str, act: Act | None) -> RoomView:
    """Who the request's link is, then ``act`` as it (None: only look), then the room as it
    sees it."""
    part = _running(part)
    room, holder = await _holder(part, request, room_id)
    if act is not None:
        try:
            room = await act(room, holder)
        except RoomConflict as conflict:
            view = await _view(part, conflict.room, holder)
            raise problem(409, conflict.code, conflict.message,
                          room=msgspec.to_builtins(view)) from None
        except RoomError as error:
            raise _problem(error) from None
    return await _view(part, room, holder)


async def _view(part: RoomsPart, room: Room, holder: Holder) -> RoomView:
    store = part.rooms.store
    entries = await store.entries(room.id, room.version - 1)
    entry = next(entry for entry in entries if entry.version == room.version)
    return room_view(room, entry, part.rooms.state(entry.token), holder,
                     await store.presence(room.id))


def _problem(error: RoomError):
    return problem(error.status, error.code, error.message)
