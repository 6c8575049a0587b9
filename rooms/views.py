"""What each holder of a room's link sees of it: :class:`RoomView`.

Everyone sees the room's setup, who is connected, and the match as anyone at the table
sees it (:class:`~foraccio.core.view.PublicView`); a seat's person also sees their own hand, and
nothing of another's. A view is a function of the room's version and the holder alone
(and of who is connected), never of where the cards the holder cannot see lie: the
same bytes whatever the deal of those cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from foraccio.core.model import AnyEvent, Card, Move, Seat, State, Wire
from foraccio.core.view import PublicView, public_view, seat_view, view_legal_moves
from foraccio.rooms.actions import Holder
from foraccio.rooms.model import Entry, EntryKind, Room, Status


class SeatInfo(Wire):
    """One seat: played by its person or by a bot now, and whether its person has the
    room open."""

    player: Literal["person", "bot"]
    bot: str | None = None
    """The bot playing it, if one does."""
    connected: bool = False
    """Whether the seat's key has the room open (its event stream), from any device."""
    joined: bool = False
    """Whether a person has joined the seat with its invite (the host's included)."""


class RoomView(Wire, kw_only=True):
    """A room at one version, as the holder of one of its links sees it.

    ``kind`` and ``events`` say what this version did (a play and what it caused, a
    deal, a seat handed over, ...); ``match`` is the match after it as anyone sees it,
    ``cards`` the hand of the holder's seat (empty for the host's and the
    spectator's links) and ``moves`` what it may play now. ``deadline`` is when the turn clock of
    the person to play runs out (Unix time, seconds), if the room has one."""

    room: str
    version: int
    kind: EntryKind
    by: Seat | None
    """The seat that acted in this version (played, or was handed over), if a seat."""
    status: Status
    role: Literal["host", "seat", "spectator"]
    seat: Seat | None
    seats: tuple[SeatInfo, ...]
    spectators: int
    """How many spectators' connections are open."""
    pace: float
    turn_seconds: int | None
    deadline: float | None
    deal_at: float | None
    """When the server deals the next hand if nobody does first (Unix time, seconds)."""
    match: PublicView
    cards: tuple[Card, ...]
    moves: tuple[Move, ...]
    """The moves the holder's seat may make, when it is its person's turn: each as
    ``POST /rooms/{room}/play`` takes it."""
    events: tuple[AnyEvent, ...]
    timed_out: bool = False
    """A bot made this move: the person's turn clock ran out."""


def room_view(room: Room, entry: Entry, state: State, holder: Holder,
              presence: Mapping[str, int]) -> RoomView:
    """The view ``holder`` has of ``room`` at ``entry`` (whose match is ``state``).

    Only the room's own version offers moves: a stream catching up sends older versions
    with the room as it is now (its status and seats), and moves offered on them could
    only be refused as stale."""
    seats, spectators = seat_infos(room, presence)
    cards, moves = (), ()
    if holder.role == "seat":
        view = seat_view(state, holder.seat)
        cards = view.cards
        if (entry.version == room.version and room.status == "playing"
                and room.seats[holder.seat].bot is None):
            moves = view_legal_moves(view, kinds=True)
    deal_at = room.due if room.due_kind == "deal" else None
    return RoomView(room=room.id, version=entry.version, kind=entry.kind, by=entry.seat,
                    status=room.status, deal_at=deal_at,
                    role=holder.role, seat=holder.seat, seats=seats,
                    spectators=spectators, pace=room.pace,
                    turn_seconds=room.turn_seconds, deadline=room.deadline,
                    match=public_view(state), cards=cards, moves=moves, events=entry.events,
                    timed_out=entry.timed_out)


def seat_infos(room: Room, presence: Mapping[str, int]) -> tuple[tuple[SeatInfo, ...], int]:
    """Each seat of ``room``, who plays it and whether its person is connected; and how
    many spectators' connections are open."""
    seats = tuple(SeatInfo(player="person" if setup.bot is None else "bot", bot=setup.bot,
                           connected=presence.get(f"seat-{seat}", 0) > 0,
                           joined=setup.joined is not None)
                  for seat, setup in enumerate(room.seats))
    return seats, presence.get("spectator", 0)
