"""``/rooms``: make a room, follow it, and act in it from a link.

Every request but ``POST /rooms`` names its link with ``Authorization: Bearer
<invite>`` (:data:`foraccio.rooms.bodies.Invite`): a header, never the URL, so that no log of
this server or of a proxy in front of it holds a secret. Answers are the room as that
link sees it (:class:`~foraccio.rooms.views.RoomView`); a change decided on a version that is no
longer the room's is refused with 409 and the room as it is now (the problem's
``room``).

One client (:mod:`foraccio.rooms.clients`) may make only so many rooms in a row and hold
only so many streams (:mod:`foraccio.rooms.config`): one more is refused with 429 and
``Retry-After``, and every other client goes on as before. A seat key's first stream is
never refused so: it is the key's own (:class:`~foraccio.rooms.clients.StreamCounts`).
"""

from __future__ import annotations

import weakref
from collections.abc import Awaitable, Callable
from typing import Annotated, ClassVar

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example
from litestar.params import JSONBody, PathParameter
from litestar.response import ServerSentEvent

from foraccio.api.decoding import StrictBody
from foraccio.api.errors import (
    INVALID_BODY,
    ROOMS_UNAVAILABLE,
    UNAVAILABLE_DESCRIPTION,
    problem,
    problem_responses,
)
from foraccio.api.openapi import PROBLEM_JSON, Verbatim, documented
from foraccio.core.words import phrase
from foraccio.rooms import keys
from foraccio.rooms.actions import Holder, RoomConflict, RoomError
from foraccio.rooms.bodies import (
    PERSON,
    AtVersion,
    NewRoom,
    PlayInRoom,
    RoomCreated,
    RoomProblem,
    SeatLink,
    SeatPlayer,
)
from foraccio.rooms.clients import client_of
from foraccio.rooms.examples import room_examples
from foraccio.rooms.model import Room
from foraccio.rooms.part import RoomsPart
from foraccio.rooms.views import RoomView, room_view

Act = Callable[[Room, Holder], Awaitable[Room]]

Room_ = Annotated[str, PathParameter(description="The room's id: the part of an invite "
                                                 "before the dot.")]
Seat_ = Annotated[int, PathParameter(description="A seat, index as in `seats`.", ge=0, le=5)]


MISSING_KEY = ("missing_key", "Name your link: send `Authorization: Bearer <invite>`, the "
                              "invite the room's host gave you.")
WRONG_KEY = ("wrong_key", "This link's key is not one of this room's: use the link its host "
                          "gave you.")
HOST_ONLY = ("host_only", "Only the host's link may do this.")
PRESENT = ("person_at_seat", "Seat 1's person has not left (they were connected in the last "
                             "60 s): only they, or the room's turn clock, may have a bot play "
                             "for them.")
NOT_FOUND = ("room_not_found", "There is no such room: it was never made, or it ended and "
                               "expired. Ask its host for a new link.")
STALE = ("stale_version", "The room is at version 12, not 11: something happened since; here "
                          "it is as it is now.")
FINISHED = ("room_finished", "The match is over; the room is finished.")
NOT_STARTED = ("not_started", "The host has not started the match yet.")
DESCRIPTIONS = {
    401: "No link named: send `Authorization: Bearer <invite>` (code `missing_key`).",
    403: "The link is not this room's, or may not do this (codes `wrong_key`, `host_only`, "
         "`not_a_seat`, `join_first`, `seat_taken`).",
    404: "There is no such room, or it expired (code `room_not_found`).",
    409: "The room moved on since the version the change was decided on, or is in no state "
         "for it: the problem's `room` is the room as it is now.",
    429: "This client has made as many rooms, has as many open, or holds as many event "
         "streams, as the server allows for now (codes `too_many_rooms`, "
         "`too_many_open_rooms`, `too_many_streams`); `Retry-After` says when to try again.",
    503: UNAVAILABLE_DESCRIPTION,
}
TOO_MANY = [("too_many_rooms", "You have made 20 rooms in a short time, as many as this "
                               "server allows; try again in 45 s (Retry-After)."),
            ("too_many_streams", "You hold 20 event streams on this server, as many as it "
                                 "allows; close one first.")]
TOO_MANY_OPEN = ("too_many_open_rooms",
                 "You have 20 open rooms, as many as one client may have at once: close one "
                 "you no longer play (POST /rooms/{room}/close) or let one finish; the first "
                 "of them expires in 540 s (Retry-After).")
STREAM_RETRY = 10
"""Seconds a client holding too many streams is told to wait (one of them may end)."""
BUSY_OR_UNAVAILABLE = ("The server holds as many open rooms as it allows (code `busy`), or "
                       "the rooms' store cannot be reached or written now (code "
                       "`rooms_unavailable`); `Retry-After` says when to try again.")
EVENT_STREAM = "text/event-stream"
LINK = [{"roomLink": []}]
"""The operations that take a link's invite in ``Authorization``."""


def refusals(conflicts: list[tuple[str, str]], others: dict[int, list[tuple[str, str]]],
             seen_by: str = "seat_view") -> dict[int, ResponseSpec]:
    """The documented errors of an operation on a room: every link's, ``others``, and the
    conflicts (409, answered with the room as it is now, as the example ``seen_by`` of
    :func:`room_examples` shows it)."""
    specs = problem_responses({401: [MISSING_KEY], 403: [WRONG_KEY], 404: [NOT_FOUND],
                               503: [ROOMS_UNAVAILABLE], **others}, DESCRIPTIONS)
    if conflicts:
        # The codes are listed; one example shows the shape (each holds a whole room).
        codes = ", ".join(f"`{code}`" for code, _ in conflicts)
        code, detail = conflicts[0]
        specs[409] = ResponseSpec(
            data_container=RoomProblem, media_type=PROBLEM_JSON, generate_examples=False,
            description=f"{DESCRIPTIONS[409]} Codes: {codes}.",
            examples=[Example(summary=code, value=Verbatim({
                "type": "about:blank", "title": "Conflict", "status": 409, "detail": detail,
                "code": code, "room": getattr(room_examples(), seen_by)}))])
    return specs


class RoomController(Controller):
    """Rooms where people sit at one table; see the module's text."""

    path = "/rooms"
    tags: ClassVar[list[str]] = ["rooms"]
    dto = StrictBody
    return_dto = None

    @post("/", operation_id="newRoom", status_code=201, summary="Make a room",
          response_description="The room's invites (one per person seat, the host's, a "
                               "spectator's) and the room as its host sees it.",
          description="Makes a room for one match and deals it; the match waits for the host "
                      "to start it (`POST /rooms/{room}/start`). `seats` names who plays "
                      "each seat (index = seat): `person`, or a bot's name. The answer holds "
                      "the invites of the room's links, which the server keeps only hashed: "
                      "hand each person the link of their own seat "
                      "(`http://<server>/#join=<invite>`), and anyone the spectator's. A "
                      "room finished or left untouched expires (see docs/api.md).",
          responses=problem_responses({
              400: [INVALID_BODY],
              422: [("unknown_variant", "There is no variant 'scopone'; known variants: "
                                        "foraccio, zobelon."),
                    ("unknown_bot", "There is no bot 'minimax'; known bots: heuristic, "
                                    "ismcts, random."),
                    ("seats_per_table", "seats names 3 seats, but this match seats 4 "
                                        "players: give one per seat, index = seat."),
                    ("no_person", "Every seat is a bot's: a room is for people. Give at "
                                  "least one seat to a person.")],
              429: [TOO_MANY[0], TOO_MANY_OPEN],
              503: [("busy", "This server holds 1000 open rooms, as many as it allows; the "
                             "first of them expires in 540 s (Retry-After), unless some "
                             "finish sooner."), ROOMS_UNAVAILABLE]},
              {**DESCRIPTIONS, 503: BUSY_OR_UNAVAILABLE}),
          operation_class=documented(request=lambda: {"two_people": room_examples().new_room},
                                     response=lambda: {"made": room_examples().created}))
    async def new_room(self, data: JSONBody[NewRoom], request: Request,
                       rooms_part: NamedDependency[RoomsPart]) -> RoomCreated:
        """Make a room and deal its match; the host starts it."""
        rooms = _running(rooms_part)
        try:
            created = await rooms.rooms.create(
                data.variant, data.options, data.house_rules,
                [None if seat == PERSON else seat for seat in data.seats], data.pace,
                data.turn_seconds, _client(rooms, request))
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
         response_description="The room at its latest version, as the link sees it.",
         description="The room now, as the link named in `Authorization` sees it: the host's "
                     "and a spectator's see no hand, a seat's sees its own and its moves.",
         security=LINK, responses=refusals([], {}),
         operation_class=documented(response=lambda: {"a_seat_view": room_examples().seat_view}))
    async def get_room(self, room: Room_, request: Request,
                       rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The room as the link in ``Authorization`` sees it now."""
        return await _act(rooms_part, request, room, None)

    @get("/{room:str}/events", operation_id="roomEvents", summary="Follow a room",
         response_description="Server-Sent Events, until the client goes or an `end` "
                              "event: `event: room`, the room at each new version as the "
                              "link sees it (data: a RoomView, the version as the event's "
                              "`id`); `event: presence` when who is connected changes, and at "
                              "least every 15 s (data: `seats` and `spectators` as in a "
                              "RoomView); `event: end` last, when the server ends it "
                              "(data: `reason`, see docs/api.md).",
         description="Every change of the room as it happens, as the link sees it, starting "
                     "with the room as it is now, or, with a `Last-Event-ID` header (the "
                     "last `id` received), with every version since. Browsers' EventSource "
                     "cannot send `Authorization`: read the stream with fetch(). Opening it "
                     "counts the link as connected.",
         security=LINK, responses=refusals([], {429: TOO_MANY}), media_type=EVENT_STREAM,
         operation_class=documented(response=lambda: {"a_play": room_examples().events},
                                    response_type=EVENT_STREAM))
    async def events(self, room: Room_, request: Request,
                     rooms_part: NamedDependency[RoomsPart]) -> ServerSentEvent:
        """Every change of the room as it happens, from the version after the request's
        ``Last-Event-ID`` (or from the room as it is now)."""
        part = _running(rooms_part)
        found, holder = await _holder(part, request, room)
        after = request.headers.get("last-event-id", "")
        start = int(after) if after.isdigit() and len(after) < 16 else None
        counts = part.hub.counts
        # A seat key's first stream is its own, whatever its client holds: the streams of
        # others behind the same address must never lock a person out of their seat.
        key = found.seats[holder.seat].key_hash if holder.role == "seat" else None
        held = counts.take(_client(part, request), key)
        if held is None:
            raise problem(429, "too_many_streams", phrase(
                "You hold {streams} event streams on this server, as many as it allows; close "
                "one first.", streams=counts.most),
                          headers={"Retry-After": str(STREAM_RETRY)})
        stream = part.hub.stream(found, holder, start, held)
        # Given back when the stream ends, or, should its answer never start (the client
        # gone at once), when it is dropped.
        weakref.finalize(stream, held.release)
        return ServerSentEvent(stream, headers={"Cache-Control": "no-store",
                                                "X-Accel-Buffering": "no"})

    @post("/{room:str}/start", operation_id="startRoom", status_code=200,
          summary="Start the match", response_description="The room, started.",
          description="The host starts the match: the seat to play first plays, or its bot.",
          security=LINK, responses=refusals(
              [("already_started", "The match has started already.")], {403: [HOST_ONLY]}),
          operation_class=documented(response=lambda: {"the_host_view": room_examples().host_view}))
    async def start(self, room: Room_, request: Request,
                    rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The host starts the match."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.start(found.id, holder))

    @post("/{room:str}/play", operation_id="playInRoom", status_code=200,
          summary="Play a move", response_description="The room after the move.",
          description="The link's seat plays `move` (one of the `moves` of its view), "
                      "chosen on `version` of the room. A move chosen on another version is "
                      "refused (409 `stale_version`) with the room as it is now: two plays "
                      "for one turn never both land. Out of turn: 409 `not_your_turn`; a "
                      "move the rules forbid: 422, the reason as `code`.",
          security=LINK, responses=refusals(
              [STALE, ("not_your_turn", "It is seat 2's turn, not yours."),
               ("seat_played_by_bot", "Seat 0 is played by a bot now; take it back before "
                                      "playing."), NOT_STARTED, FINISHED],
              {400: [INVALID_BODY],
               403: [("not_a_seat", "Only a seat's link may play; this one is the host's.")],
               422: [("card_not_in_hand", "Seat 0, the seat to play, does not hold 5c."),
                     ("capture_required", "10s can capture, and capture is compulsory: take "
                                          "[5c, 3b, 2d].")]}),
          operation_class=documented(request=lambda: {"a_capture": room_examples().play},
                                     response=lambda: {"a_capture": room_examples().played}))
    async def play(self, room: Room_, data: JSONBody[PlayInRoom], request: Request,
                   rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The link's seat plays ``move``."""
        return await _act(rooms_part, request, room, lambda found, holder: rooms_part.rooms.play(
            found.id, holder, data.move, data.version))

    @post("/{room:str}/next-hand", operation_id="nextHandInRoom", status_code=200,
          summary="Deal the next hand", response_description="The room, the hand dealt.",
          description="Deals the next hand once one is over; any seat's link may, and the "
                      "server deals it itself a little later when nobody does (see "
                      "docs/api.md).",
          security=LINK, responses=refusals(
              [STALE, ("hand_in_progress", "The hand is still being played."), NOT_STARTED,
               FINISHED], {400: [INVALID_BODY],
                           403: [("not_a_seat", "A spectator's link may only watch.")]}),
          operation_class=documented(request=lambda: {"after_a_hand":
                                                      room_examples().next_hand},
                                     response=lambda: {"a_seat_view": room_examples().seat_view}))
    async def next_hand(self, room: Room_, data: JSONBody[AtVersion], request: Request,
                        rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """Deal the next hand once one is over."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.next_hand(found.id, holder,
                                                                           data.version))

    @post("/{room:str}/seats/{seat:int}", operation_id="setSeatPlayer", status_code=200,
          summary="Hand a seat to a bot or back",
          response_description="The room with the seat's new player.",
          description="A seat's key hands its seat to a bot (`bot`: a name) and back "
                      "(`bot`: null). The host may too, to a bot only when nobody joined the "
                      "seat or its person left (see docs/api.md).",
          security=LINK, responses=refusals(
              [PRESENT, FINISHED], {400: [INVALID_BODY], 403: [HOST_ONLY],
                           422: [("bot_seat", "Seat 1 was made for a bot: no person has its "
                                              "link."),
                                 ("unknown_bot", "There is no bot 'minimax'; known bots: "
                                                 "heuristic, ismcts, random.")]}, "host_view"),
          operation_class=documented(request=lambda: {"to_a_bot": room_examples().seat},
                                     response=lambda: {"the_host_view": room_examples().host_view}))
    async def seat(self, room: Room_, seat: Seat_, data: JSONBody[SeatPlayer],
                   request: Request, rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """Hand a seat to a bot, or back to its person."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.seat(found.id, holder, seat,
                                                                      data.bot))

    @post("/{room:str}/join", operation_id="joinSeat", status_code=200,
          summary="Join a room with a link",
          response_description="The seat's key, or null for a link that is no invite.",
          description="Exchanges a seat's invite, once, for the seat's key, made now: only "
                      "the key sees the hand and plays. The table sees a `seat` version, "
                      "the seat `joined`; the invite then answers 403 `seat_taken`.",
          security=LINK, responses=refusals(
              [FINISHED], {403: [("seat_taken", "Someone has joined seat 1 with this invite "
                                                "already. If it was not you, ask the host "
                                                "for a new invite.")]}),
          operation_class=documented(response=lambda: {"a_key": room_examples().joined}))
    async def join(self, room: Room_, request: Request,
                   rooms_part: NamedDependency[RoomsPart]) -> SeatLink:
        """Exchange a seat's invite for the seat's key; any other link answers no key."""
        part = _running(rooms_part)
        found, holder = await _holder(part, request, room, joining=True)
        if holder.role != "invite":
            return SeatLink()
        try:
            joined = await part.rooms.join(found.id, holder)
        except RoomConflict as conflict:
            raise await _conflict(part, conflict, Holder("spectator")) from None
        except RoomError as error:
            raise _problem(error) from None
        return SeatLink(key=keys.invite(room, joined.key))

    @post("/{room:str}/seats/{seat:int}/invite", operation_id="inviteToSeat", status_code=200,
          summary="Invite someone new to a seat",
          response_description="The seat's new invite.",
          description="For a seat nobody joined or whose person left (see `setSeatPlayer`): "
                      "its former invite and key stop working; the table sees a `seat` "
                      "version, the seat no longer `joined`.",
          security=LINK, responses=refusals(
              [PRESENT, FINISHED], {400: [INVALID_BODY], 403: [HOST_ONLY],
                                    422: [("bot_seat", "Seat 1 was made for a bot.")]},
              "host_view"),
          operation_class=documented(response=lambda: {"an_invite": room_examples().invited}))
    async def invite(self, room: Room_, seat: Seat_, request: Request,
                     rooms_part: NamedDependency[RoomsPart]) -> SeatLink:
        """Make a seat a new invite, for someone new."""
        part = _running(rooms_part)
        found, holder = await _holder(part, request, room)
        try:
            invited = await part.rooms.invite(found.id, holder, seat)
        except RoomConflict as conflict:
            raise await _conflict(part, conflict, holder) from None
        except RoomError as error:
            raise _problem(error) from None
        return SeatLink(invite=keys.invite(room, invited.invite))

    @post("/{room:str}/close", operation_id="closeRoom", status_code=200,
          summary="Close the room", response_description="The room, finished.",
          description="The host ends the room before its match does; it then expires as a "
                      "finished room does.",
          security=LINK, responses=refusals([FINISHED], {403: [HOST_ONLY]}),
          operation_class=documented(response=lambda: {"the_host_view": room_examples().host_view}))
    async def close(self, room: Room_, request: Request,
                    rooms_part: NamedDependency[RoomsPart]) -> RoomView:
        """The host ends the room before its match does."""
        return await _act(rooms_part, request, room,
                          lambda found, holder: rooms_part.rooms.close(found.id, holder))


def _running(part: RoomsPart) -> RoomsPart:
    if part.rooms is None:  # the app was built but not started (an export)
        raise problem(503, "busy", phrase("The rooms of this server have not started yet."))
    return part


async def _holder(part: RoomsPart, request: Request, room_id: str, joining: bool = False
                  ) -> tuple[Room, Holder]:
    scheme, _, invite = request.headers.get("authorization", "").partition(" ")
    room_of, _, secret = invite.strip().partition(".")
    if scheme.lower() != "bearer" or not secret:
        raise problem(401, "missing_key", phrase(
            "Name your link: send `Authorization: Bearer <invite>`, the invite the room's "
            "host gave you."),
                      headers={"WWW-Authenticate": 'Bearer realm="rooms"'})
    if room_of != room_id:
        raise problem(403, "wrong_key", phrase("This link is another room's."))
    try:
        return await part.rooms.holder(room_id, secret, joining)
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
            raise await _conflict(part, conflict, holder) from None
        except RoomError as error:
            raise _problem(error) from None
    return await _view(part, room, holder)


async def _conflict(part: RoomsPart, conflict: RoomConflict, holder: Holder):
    """The 409 of ``conflict``, with the room as it is now as ``holder`` sees it."""
    view = await _view(part, conflict.room, holder)
    return problem(409, conflict.code, conflict.message, room=msgspec.to_builtins(view))


async def _view(part: RoomsPart, room: Room, holder: Holder) -> RoomView:
    store = part.rooms.store
    entries = await store.entries(room.id, room.version - 1)
    entry = next(entry for entry in entries if entry.version == room.version)
    return room_view(room, entry, part.rooms.state(entry.token), holder,
                     await store.presence(room.id))


def _client(part: RoomsPart, request: Request) -> str:
    """Who the request comes from, for the limits per client."""
    return client_of(request.client.host if request.client else None,
                     request.headers.getall("x-forwarded-for", []),
                     part.config.trusted_proxies, part.config.ipv6_prefix)


def _problem(error: RoomError):
    headers = None if error.retry_after is None else {"Retry-After": str(error.retry_after)}
    return problem(error.status, error.code, error.message, headers=headers)
