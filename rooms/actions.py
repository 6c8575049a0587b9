"""What people, the host and the server do to a room, each change applied exactly once.

Every change reads the room, decides from that version what the next one is, and
commits it only on top of the version it read (:meth:`~foraccio.rooms.store.Store.commit`). When
another change got there first, the change is decided again from the newer version, so
two changes that do not conflict (a bot's move and a seat handed to a bot) both land,
and two that do (two plays for one turn) are told apart: a person's move names the
version it was chosen on, and one chosen on an older version is refused (409
``stale_version``) with the room as it is now. Nothing is lost or applied twice,
whichever process of whichever machine makes the change.

The match itself is a sealed game (:mod:`foraccio.api.sealing`): the room holds its token and
plays it with the engine's public functions, as a client of the API would.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

import structlog
from cachetools import LRUCache
from msgspec.structs import replace

from foraccio.api.botpool import BotPool
from foraccio.api.botwork import BotMoveJob
from foraccio.api.sealing import SealedGame, Sealer, new_game_id
from foraccio.bots import get_bot, moves_at_once
from foraccio.core import engine
from foraccio.core.model import AnyEvent, Dealt, Move, State
from foraccio.core.registry import rules_for
from foraccio.core.view import seat_view
from foraccio.core.words import phrase
from foraccio.rooms import keys
from foraccio.rooms.config import RoomsConfig
from foraccio.rooms.model import Entry, EntryKind, Room, SeatSetup
from foraccio.rooms.store import RoomsFull, Store, StoreUnavailable

TRIES = 8
"""Times a change is decided again when other changes keep landing first."""
JOINED_KEPT = 4096
"""Rooms this process remembers as joined, so as not to tell the store again."""
SEEN_EVERY = 1.0
"""Seconds within which this process notes a seat's key seen by its requests only once
(or within a tenth of ``FORACCIO_ROOMS_LEFT_SECONDS``, when that is shorter): a client
asking in a loop costs the store one write a second, and its person is taken for gone
at most that much early."""
SEEN_KEPT = 4096
"""Seats whose last noting this process remembers."""
STATES_KEPT = 4096
"""Engine states of room matches this process remembers by token, so as not to open and
rebuild a token at each request (a few MB)."""

logger = structlog.get_logger("rooms")


def _seat_taken(seat: int) -> str:
    return phrase("Someone has joined seat {seat} with this invite already. If it was not "
                  "you, ask the host for a new invite.", seat=seat)


class RoomError(Exception):
    """A room request refused: ``status`` and ``code`` say how, the message why, and
    ``retry_after``, if given, in how many seconds to try again."""

    def __init__(self, status: int, code: str, message: str,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.retry_after = retry_after


class RoomConflict(RoomError):
    """A change decided on a version that is no longer the room's (409): the answer shows
    the room as it is now."""

    def __init__(self, code: str, message: str, room: Room) -> None:
        super().__init__(409, code, message)
        self.room = room


class Holder(NamedTuple):
    """Who a link's secret is in a room: the host, a seat's person, a spectator, or the
    holder of a seat's invite who has not joined yet."""

    role: str
    """``host``, ``seat``, ``spectator`` or ``invite``."""
    seat: int | None = None

    @property
    def slot(self) -> str:
        """Where its connections count in the room's presence."""
        return f"seat-{self.seat}" if self.role == "seat" else self.role


class Created(NamedTuple):
    """A new room and the secrets of its links, which the server keeps only hashed."""

    room: Room
    host: str
    spectator: str
    seats: dict[int, str]
    """Each person seat's invite's secret."""


class Joined(NamedTuple):
    """A seat joined: the room, and the secret of the seat's new key."""

    room: Room
    key: str


class Invited(NamedTuple):
    """A seat's new invite: the room, and the invite's secret."""

    room: Room
    invite: str


class Rooms:
    """The rooms of one server process, over a shared :class:`~foraccio.rooms.store.Store`."""

    def __init__(self, store: Store, sealer: Sealer, config: RoomsConfig, pool: BotPool,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.sealer = sealer
        self.config = config
        self.pool = pool
        self.clock = clock
        self._states: LRUCache[str, State] = LRUCache(STATES_KEPT)
        self._joined: LRUCache[str, None] = LRUCache(JOINED_KEPT)
        self._seen: LRUCache[tuple[str, str], float] = LRUCache(SEEN_KEPT)

    # --- reading ------------------------------------------------------------------------

    async def room(self, room_id: str) -> Room:
        """The room's latest version; raise 404 ``room_not_found``."""
        room = await self.store.load(room_id)
        if room is None:
            raise RoomError(404, "room_not_found", phrase(
                "There is no such room: it was never made, or it ended and expired. Ask its "
                "host for a new link."))
        return room

    async def holder(self, room_id: str, secret: str, joining: bool = False
                     ) -> tuple[Room, Holder]:
        """The room and who ``secret`` is in it; raise 404, or 403 ``wrong_key``. A seat's
        invite is someone only when ``joining`` (it gives no hand, and acts for no seat),
        and until someone joined with it: then it answers 403 ``seat_taken``; when not
        ``joining``, 403 ``join_first``."""
        room = await self.room(room_id)
        found = None
        # Every hash is compared, so that the time taken tells nothing of which matched.
        for holder, kept in [(Holder("host"), room.host_hash),
                             (Holder("spectator"), room.spectator_hash),
                             *((Holder("seat", seat), setup.key_hash)
                               for seat, setup in enumerate(room.seats)),
                             *((Holder("invite", seat), setup.invite_hash)
                               for seat, setup in enumerate(room.seats))]:
            if keys.matches(secret, kept):
                found = holder
        if found is None:
            raise RoomError(403, "wrong_key", phrase(
                "This link's key is not one of this room's: use the link its host gave you."))
        if found.role == "invite" and room.seats[found.seat].joined is not None:
            raise RoomError(403, "seat_taken", _seat_taken(found.seat))
        if found.role == "invite" and not joining:
            raise RoomError(403, "join_first", phrase(
                "This is an invite: join the seat with it first (POST /rooms/{{room}}/join), "
                "then use the key it answers."))
        if found.role == "seat":
            await self._note_seen(room_id, found)
        return room, found

    async def _note_seen(self, room_id: str, holder: Holder) -> None:
        """Note that the seat's person is here: a request of their key is presence, as
        an open stream is (:meth:`left`), or a person who plays without a stream would
        be taken for gone. Once per :data:`SEEN_EVERY` in this process."""
        now, slot = self.clock(), (room_id, holder.slot)
        last = self._seen.get(slot)
        if last is not None and 0 <= now - last < min(SEEN_EVERY,
                                                      self.config.left_seconds / 10):
            return
        try:
            await self.store.see(room_id, holder.slot, now)
        except StoreUnavailable:
            return  # a store read but not written now (a full disk) still shows the room
        self._seen[slot] = now

    async def _join(self, room_id: str) -> None:
        """A seat's person has joined: the room no longer expires as one nobody joined
        (:attr:`RoomsConfig.unjoined_seconds`)."""
        if room_id in self._joined:
            return
        await self.store.join(room_id)
        self._joined[room_id] = None

    def state(self, token: str) -> State:
        """The engine's state of the match sealed in ``token`` (remembered by token)."""
        state = self._states.get(token)
        if state is None:
            state = self.sealer.open(token).engine_state()
            self._states[token] = state
        return state

    # --- making and starting ------------------------------------------------------------

    async def create(self, variant: str, options: dict, house_rules: Sequence[str],
                     bots: Sequence[str | None], pace: float, turn_seconds: int | None,
                     client: str = "") -> Created:
        """Make a room and deal its match; ``bots`` names each seat's bot, None for a
        person. Raise the engine's errors for a bad variant, option, house rule or bot,
        422 ``seats_per_table`` when ``bots`` has not one entry per seat, 429
        ``too_many_rooms`` when ``client`` (:mod:`foraccio.rooms.clients`) has made as
        many rooms as it may for now, and 503 ``busy`` past the ceiling on open rooms."""
        for name in bots:
            if name is not None:
                get_bot(name)
        state = engine.new_match(variant, self.sealer.match_seed(), options, house_rules)
        seats = rules_for(state.variant, state.options, state.house_rules).seating.seats
        if len(bots) != seats:
            raise RoomError(422, "seats_per_table", phrase(
                "seats names {named} seats, but this match seats {seats} players: give one "
                "per seat, index = seat.", named=len(bots), seats=seats))
        if all(name is not None for name in bots):
            raise RoomError(422, "no_person", phrase(
                "Every seat is a bot's: a room is for people. Give at least one seat to a "
                "person."))
        now = self.clock()
        config = self.config
        wait = await self.store.admit(f"made:{client}", config.client_seconds,
                                      config.rooms_per_client, now)
        if wait > 0:
            raise RoomError(429, "too_many_rooms", phrase(
                "You have made {rooms} rooms in a short time, as many as this server allows; "
                "try again in {seconds} s (Retry-After).", rooms=config.rooms_per_client,
                seconds=math.ceil(wait)), math.ceil(wait))
        invites = {seat: keys.new_secret() for seat, name in enumerate(bots) if name is None}
        host, spectator = keys.new_secret(), keys.new_secret()
        token = self.sealer.seal(SealedGame.of(new_game_id(), 0, state))
        room = Room(id=keys.new_id(), version=1, status="waiting", created=now, touched=now,
                    variant=state.variant, options=state.options, house_rules=state.house_rules,
                    seats=tuple(SeatSetup(bot=name, invite_hash=keys.digest(invites[seat])
                                          if seat in invites else None)
                                for seat, name in enumerate(bots)),
                    host_hash=keys.digest(host), spectator_hash=keys.digest(spectator),
                    pace=pace, turn_seconds=turn_seconds, token=token)
        try:
            await self.store.create(room, Entry(version=1, kind="created", token=token,
                                                at=now), config.most_open, client,
                                    config.open_per_client)
        except RoomsFull as full:
            raise await self._full(full, client) from None
        logger.info("room_created", room=room.id, variant=room.variant)
        return Created(room, host, spectator, invites)

    async def _full(self, full: RoomsFull, client: str) -> RoomError:
        """The refusal of a room past a ceiling: its ``Retry-After`` is when a place
        frees as things stand, the first of the rooms counted expiring (unless one is
        finished or closed sooner), and found so by the next look for rooms to expire."""
        config = self.config
        frees = await self.store.first_expiry(client if full.mine else None,
                                              config.idle_seconds, config.unjoined_seconds)
        until = 0.0 if frees is None else max(0.0, frees - self.clock())
        wait = max(1, math.ceil(until + config.expire_every))
        if full.mine:
            return RoomError(429, "too_many_open_rooms", phrase(
                "You have {rooms} open rooms, as many as one client may have at once: close "
                "one you no longer play (POST /rooms/{{room}}/close) or let one finish; the "
                "first of them expires in {seconds} s (Retry-After).",
                rooms=config.open_per_client, seconds=wait), wait)
        return RoomError(503, "busy", phrase(
            "This server holds {rooms} open rooms, as many as it allows; the first of them "
            "expires in {seconds} s (Retry-After), unless some finish sooner.",
            rooms=config.most_open, seconds=wait), wait)

    async def start(self, room_id: str, holder: Holder) -> Room:
        """The host starts the match."""
        _only_host(holder)

        def started(room: Room) -> tuple[Room, Entry]:
            if room.status != "waiting":
                raise RoomConflict("already_started", phrase("The match has started already."),
                                   room)
            return self._next(replace(room, status="playing"), "started", room.token, ())

        return await self._change(room_id, started)

    # --- playing ------------------------------------------------------------------------

    async def play(self, room_id: str, holder: Holder, move: Move, version: int) -> Room:
        """A person plays ``move`` for their seat, chosen on ``version`` of the room."""
        if holder.role != "seat":
            raise RoomError(403, "not_a_seat", phrase(
                "Only a seat's link may play; this one is the {role}'s.", role=holder.role))

        def played(room: Room) -> tuple[Room, Entry]:
            _current(room, version)
            _playing(room)
            if room.seats[holder.seat].bot is not None:
                raise RoomConflict("seat_played_by_bot", phrase(
                    "Seat {seat} is played by a bot now; take it back before playing.",
                    seat=holder.seat), room)
            state = self.state(room.token)
            if state.phase == "playing" and state.turn != holder.seat:
                raise RoomConflict("not_your_turn", phrase(
                    "It is seat {seat}'s turn, not yours.", seat=state.turn), room)
            after, events = engine.play(state, move, holder.seat)
            return self._move(room, after, events, holder.seat)

        return await self._change(room_id, played)

    async def next_hand(self, room_id: str, holder: Holder, version: int) -> Room:
        """A person (or the host) deals the next hand once one is over."""
        if holder.role == "spectator":
            raise RoomError(403, "not_a_seat", phrase("A spectator's link may only watch."))

        def dealt(room: Room) -> tuple[Room, Entry]:
            _current(room, version)
            return self._deal(room)

        return await self._change(room_id, dealt)

    async def join(self, room_id: str, holder: Holder) -> Joined:
        """The holder of a free seat's invite joins it: the seat's key, made now, is theirs
        alone (the invite no longer works), and the table sees that the seat was joined."""
        secret = keys.new_secret()

        def joined(room: Room) -> tuple[Room, Entry]:
            _playing_or_waiting(room)
            setup = room.seats[holder.seat]
            if setup.joined is not None:
                raise RoomError(403, "seat_taken", _seat_taken(holder.seat))
            seats = list(room.seats)
            seats[holder.seat] = replace(setup, key_hash=keys.digest(secret),
                                         joined=self.clock())
            return self._next(replace(room, seats=tuple(seats)), "seat", room.token, (),
                              actor=holder.seat)

        room = await self._change(room_id, joined)
        await self._join(room_id)
        logger.info("room_seat_joined", room=room_id, seat=holder.seat)
        return Joined(room, secret)

    async def invite(self, room_id: str, holder: Holder, seat: int) -> Invited:
        """The host makes ``seat`` a new invite, when the seat is free or its person has
        left (:meth:`left`); the seat's former invite and key stop working, and the table
        sees that the seat was invited again."""
        _only_host(holder)
        secret = keys.new_secret()
        room = await self.room(room_id)
        gone = await self.left(room, seat) if 0 <= seat < len(room.seats) else False

        def invited(room: Room) -> tuple[Room, Entry]:
            setup = self._person_seat(room, seat)
            if setup.joined is not None and not gone:
                raise _present(room, seat, self.config.left_seconds)
            seats = list(room.seats)
            seats[seat] = replace(setup, key_hash=None, invite_hash=keys.digest(secret),
                                  joined=None)
            return self._next(replace(room, seats=tuple(seats)), "seat", room.token, (),
                              actor=seat, touch=False)

        room = await self._change(room_id, invited)
        logger.info("room_seat_invited", room=room_id, seat=seat)
        return Invited(room, secret)

    async def left(self, room: Room, seat: int) -> bool:
        """Whether the person of ``seat`` has left the room: no connection of the seat's
        key counts now, and none was seen, nor any request made with the key, for
        ``left_seconds`` (since they joined, if they never came back). A seat nobody
        joined has no person to leave."""
        joined = room.seats[seat].joined
        if joined is None:
            return False
        slot = Holder("seat", seat).slot
        if (await self.store.presence(room.id)).get(slot, 0) > 0:
            return False
        seen = max(joined, (await self.store.seen(room.id)).get(slot, 0.0))
        return self.clock() - seen >= self.config.left_seconds

    async def seat(self, room_id: str, holder: Holder, seat: int, bot: str | None) -> Room:
        """Hand ``seat`` to ``bot``, or back to its person (``bot`` None). A seat's person
        hands their own seat to a bot and takes it back; the host hands a seat to a bot
        only when nobody has joined it or its person has left (:meth:`left`), and back to
        its person at any time."""
        own = holder == Holder("seat", seat)
        if not (holder.role == "host" or own):
            raise RoomError(403, "host_only", phrase(
                "Only the host, or the seat's own person, may hand a seat to a bot or back."))
        if bot is not None:
            get_bot(bot)
        room = await self.room(room_id)
        gone = await self.left(room, seat) if 0 <= seat < len(room.seats) else False

        def handed(room: Room) -> tuple[Room, Entry]:
            _playing_or_waiting(room)
            setup = self._person_seat(room, seat)
            if bot is not None and not own and setup.joined is not None and not gone:
                # Only the turn clock, the person's leaving, or the person may have a bot
                # play a person's turns.
                raise _present(room, seat, self.config.left_seconds)
            seats = list(room.seats)
            seats[seat] = replace(setup, bot=bot)
            return self._next(replace(room, seats=tuple(seats)), "seat", room.token, (),
                              actor=seat, touch=own)

        return await self._change(room_id, handed)

    @staticmethod
    def _person_seat(room: Room, seat: int) -> SeatSetup:
        """``room``'s seat ``seat``, made for a person; else 422."""
        _playing_or_waiting(room)
        if not 0 <= seat < len(room.seats):
            raise RoomError(422, "no_such_seat", phrase("The seats are 0 to {last}.",
                                                          last=len(room.seats) - 1))
        setup = room.seats[seat]
        if setup.invite_hash is None and setup.key_hash is None:
            raise RoomError(422, "bot_seat", phrase(
                "Seat {seat} was made for a bot: no person has its link.", seat=seat))
        return setup

    async def close(self, room_id: str, holder: Holder) -> Room:
        """The host ends the room: it is finished, and expires as a finished room does."""
        _only_host(holder)

        def closed(room: Room) -> tuple[Room, Entry]:
            if room.status == "finished":
                raise RoomConflict("room_finished", phrase("The room is finished already."), room)
            return self._next(replace(room, status="finished"), "closed", room.token, ())

        return await self._change(room_id, closed)

    # --- the server's own moves ---------------------------------------------------------

    async def act(self, room_id: str) -> Room | None:
        """Do what the room is due for (a bot's move, a move for a person out of time, the
        next deal), if it still is; None when it is not (another process did it)."""
        room = await self.store.load(room_id)
        if room is None or room.due is None or room.due > self.clock():
            return None
        version = room.version
        if room.due_kind == "deal":
            def act(now: Room) -> tuple[Room, Entry]:
                _current(now, version)
                return self._deal(now)
        else:
            state = self.state(room.token)
            seat = state.turn
            # A bot's own seat, or a person's whose turn clock ran out: the heuristic's move.
            bot = room.seats[seat].bot if room.due_kind == "bot" else "heuristic"
            job = BotMoveJob(bot, seat_view(state, seat), version, None)
            at_once = moves_at_once(bot, engine.rules_of(state))
            # In the pool, the room's move waits for the rooms' share and this room's turn
            # among them (foraccio.api.botpool), never for the API's queue.
            move = job.run() if at_once else await self.pool.run(job, room=room_id)

            def act(now: Room) -> tuple[Room, Entry]:
                _current(now, version)
                after, events = engine.play(state, move, seat)
                return self._move(now, after, events, seat,
                                  timed_out=room.due_kind == "clock")

        try:
            return await self._change(room_id, act)
        except RoomConflict:
            return None  # something else happened first: it decides what is due now

    # --- how a room changes -------------------------------------------------------------

    async def _change(self, room_id: str,
                      decide: Callable[[Room], tuple[Room, Entry]]) -> Room:
        for _ in range(TRIES):
            room = await self.room(room_id)
            changed, entry = decide(room)
            if await self.store.commit(changed, entry):
                await self.store.publish(room_id, changed.version)
                return changed
        raise RoomConflict("busy_room", phrase("The room kept changing while this change was "
                                         "decided; try again."), room)

    def _move(self, room: Room, after: State, events: tuple[AnyEvent, ...],
              seat: int, timed_out: bool = False) -> tuple[Room, Entry]:
        _playing(room)
        token, counter = self._seal(room, after)
        status = "finished" if after.phase == "game_over" else room.status
        changed, entry = self._next(replace(room, status=status, counter=counter), "played",
                                    token, events, actor=seat, state=after)
        return changed, replace(entry, timed_out=timed_out)

    def _deal(self, room: Room) -> tuple[Room, Entry]:
        _playing(room)
        state = self.state(room.token)
        if state.phase != "hand_over":
            raise RoomConflict("hand_in_progress", phrase("The hand is still being played."),
                               room)
        after = engine.next_hand(state)
        token, counter = self._seal(room, after)
        # The deal and what it did besides placing cards (foraccio_deal_effects).
        start = next(index for index, event in enumerate(after.events)
                     if isinstance(event, Dealt))
        return self._next(replace(room, counter=counter), "dealt", token,
                          after.events[start:], state=after)

    def _seal(self, room: Room, after: State) -> tuple[str, int]:
        game = self.sealer.open(room.token)
        counter = room.counter + 1
        token = self.sealer.seal(SealedGame.of(game.game_id, counter, after))
        self._states[token] = after
        return token, counter

    def _next(self, room: Room, kind: EntryKind, token: str, events: tuple[AnyEvent, ...],
              actor: int | None = None, state: State | None = None,
              touch: bool = True) -> tuple[Room, Entry]:
        """The next version of ``room`` (its match sealed in ``token``), with what the
        server must do next and when; ``touch`` False for a change only the host made,
        which does not keep the room from expiring (:attr:`RoomsConfig.idle_seconds`)."""
        now = self.clock()
        state = self.state(token) if state is None else state
        due = kind_due = deadline = None
        if room.status == "playing":
            if state.phase == "hand_over":
                due, kind_due = now + self.config.deal_seconds, "deal"
            elif state.phase == "playing":
                setup = room.seats[state.turn]
                if setup.bot is not None:
                    due, kind_due = now + room.pace, "bot"
                elif room.turn_seconds is not None:
                    due = deadline = now + room.turn_seconds
                    kind_due = "clock"
        version = room.version + 1
        changed = replace(room, version=version, touched=now if touch else room.touched,
                          token=token, due=due,
                          due_kind=kind_due, deadline=deadline)
        return changed, Entry(version=version, kind=kind, token=token, events=events,
                              seat=actor, at=now)


def _present(room: Room, seat: int, left_seconds: float) -> RoomConflict:
    return RoomConflict("person_at_seat", phrase(
        "Seat {seat}'s person has not left (they were connected in the last {seconds} s): "
        "only they, or the room's turn clock, may have a bot play for them.",
        seat=seat, seconds=f"{left_seconds:g}"), room)


def _only_host(holder: Holder) -> None:
    if holder.role != "host":
        raise RoomError(403, "host_only", phrase("Only the host's link may do this."))


def _current(room: Room, version: int) -> None:
    if room.version != version:
        raise RoomConflict("stale_version", phrase(
            "The room is at version {current}, not {version}: something happened since; "
            "here it is as it is now.", current=room.version, version=version), room)


def _playing(room: Room) -> None:
    if room.status == "waiting":
        raise RoomConflict("not_started", phrase("The host has not started the match yet."),
                           room)
    if room.status == "finished":
        raise RoomConflict("room_finished", phrase("The match is over; the room is finished."),
                           room)


def _playing_or_waiting(room: Room) -> None:
    if room.status == "finished":
        raise RoomConflict("room_finished", phrase("The match is over; the room is finished."),
                           room)
