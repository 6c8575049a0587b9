"""The server's own moves in a room, and its views, on a clock the test sets: the turn
clock, the next deal, expiry, the ceiling on open rooms; and the twin property: whatever
the deal of the cards a link cannot see, it sees the very same bytes."""

from __future__ import annotations

import asyncio
import dataclasses
import random

import msgspec
import pytest
from msgspec.structs import replace

from foraccio.api.botpool import BotPool
from foraccio.api.limits import BotLimits
from foraccio.bots.traits import read_default_traits
from foraccio.core.model import Move
from foraccio.core.view import seat_view, view_legal_moves
from foraccio.rooms import actions
from foraccio.rooms.actions import Holder, RoomError, Rooms
from foraccio.rooms.config import RoomsConfig
from foraccio.rooms.model import Entry
from foraccio.rooms.sqlite_store import SqliteStore
from foraccio.rooms.views import room_view
from tests.api.sealed import twin
from tests.deal_effects import DEALERS_FIFTEEN
from tests.rooms.helpers import SEALER


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def run(scenario):
    """Run ``scenario(rooms, clock)`` on rooms over a fresh SQLite store."""

    async def main(path):
        read_default_traits()  # as a server does at start: the quick bots move at once
        clock = Clock()
        store = SqliteStore(str(path))
        rooms = Rooms(store, SEALER, RoomsConfig(most_open=3, finished_seconds=60,
                                                 idle_seconds=600, deal_seconds=5),
                      BotPool(BotLimits()), clock)
        try:
            return await scenario(rooms, clock)
        finally:
            await store.close()

    return main


@pytest.fixture
def rooms_run(tmp_path):
    return lambda scenario: asyncio.run(run(scenario)(tmp_path / "rooms.sqlite3"))


async def new(rooms: Rooms, bots=(None, "heuristic", None, "random"), **fields):
    fields = {"pace": 1.0, "turn_seconds": None, **fields}
    made = await rooms.create("foraccio", {}, (), list(bots), fields["pace"],
                              fields["turn_seconds"])
    await rooms.start(made.room.id, Holder("host"))
    return made


async def act_when_due(rooms: Rooms, clock: Clock) -> None:
    """Move the clock to the room's due time and act, as the driver does."""
    (room_id,) = [room_id for room_id in await rooms.store.due(float("inf"))]
    room = await rooms.store.load(room_id)
    clock.now = room.due
    assert await rooms.act(room_id) is not None


def test_a_person_out_of_time_has_the_heuristic_play_for_them(rooms_run):
    async def scenario(rooms, clock):
        made = await new(rooms, bots=(None, None, None, None), turn_seconds=30)
        room = made.room
        room = await rooms.room(room.id)
        assert room.due_kind == "clock" and room.deadline == room.due == clock.now + 30
        clock.now += 29
        assert await rooms.act(room.id) is None  # not yet
        clock.now += 1
        acted = await rooms.act(room.id)
        assert acted.version == room.version + 1
        (entry,) = await rooms.store.entries(room.id, room.version)
        assert entry.kind == "played" and entry.seat == rooms.state(room.token).turn
        # The version says the clock ran out, so that every page can say a bot played.
        assert entry.timed_out
        view = room_view(acted, entry, rooms.state(acted.token), Holder("host"), {})
        assert view.timed_out
        # A move the person made is no timeout.
        seat = rooms.state(acted.token).turn
        played = await rooms.play(room.id, Holder("seat", seat),
                                  moves_of(rooms, acted, seat)[0], acted.version)
        (entry,) = await rooms.store.entries(room.id, acted.version)
        assert played.version == acted.version + 1 and not entry.timed_out

    rooms_run(scenario)


def test_bots_play_at_the_rooms_pace_and_the_server_deals_the_next_hand(rooms_run):
    async def scenario(rooms, clock):
        made = await new(rooms, bots=(None, "random", "random", "random"), pace=2.0)
        room_id = made.room.id
        rng = random.Random(1)
        while True:
            room = await rooms.room(room_id)
            state = rooms.state(room.token)
            if state.phase == "hand_over":
                break
            if room.due_kind == "bot":
                assert room.due == clock.now + 2.0  # the pace, from the last change
                await act_when_due(rooms, clock)
                continue
            await rooms.play(room_id, Holder("seat", 0), rng.choice(moves_of(rooms, room, 0)),
                             room.version)
        assert room.due_kind == "deal" and room.due == clock.now + 5
        await act_when_due(rooms, clock)
        assert rooms.state((await rooms.room(room_id)).token).hand == 2

    rooms_run(scenario)


def test_the_states_a_process_remembers_are_bounded(rooms_run, monkeypatch):
    # Each play seals a new token and remembers its state: a long-running server must not
    # keep them all (it once kept every one a room's play sealed).
    monkeypatch.setattr(actions, "STATES_KEPT", 8)

    async def scenario(rooms, clock):
        made = await new(rooms, bots=(None, "random", "random", "random"), pace=2.0)
        first = (await rooms.room(made.room.id)).token
        dealt = rooms.state(first)
        rng = random.Random(2)
        for _ in range(30):
            room = await rooms.room(made.room.id)
            if room.due_kind == "bot":
                await act_when_due(rooms, clock)
            else:
                await rooms.play(room.id, Holder("seat", 0),
                                 rng.choice(moves_of(rooms, room, 0)), room.version)
        assert len(rooms._states) == 8
        # A token forgotten is opened again: the state is the token's, not the memory's.
        assert first not in rooms._states
        assert rooms.state(first) == dealt

    rooms_run(scenario)


def moves_of(rooms: Rooms, room, seat: int) -> tuple[Move, ...]:
    """What ``seat`` may play in ``room`` now, as its view lists it."""
    return view_legal_moves(seat_view(rooms.state(room.token), seat))


def test_finished_and_abandoned_rooms_expire(rooms_run):
    async def scenario(rooms, clock):
        kept, closed, left = [await new(rooms) for _ in range(3)]
        await rooms.close(closed.room.id, Holder("host"))
        clock.now += 61  # past the finished rooms' 60 s
        await _touch(rooms, kept.room.id)
        assert len(await rooms.store.expire(clock.now - 60, clock.now - 600)) == 1
        clock.now += 600  # past the abandoned rooms' 600 s, kept touched 600 s ago exactly
        await _touch(rooms, kept.room.id)
        assert len(await rooms.store.expire(clock.now - 60, clock.now - 600)) == 1
        assert await rooms.store.load(kept.room.id) is not None
        with pytest.raises(RoomError) as gone:
            await rooms.room(left.room.id)
        assert gone.value.code == "room_not_found"

    rooms_run(scenario)


async def _touch(rooms: Rooms, room_id: str) -> None:
    """A change of seat 0's own person (the host's changes keep no room alive)."""
    await rooms.seat(room_id, Holder("seat", 0), 0, None)


def test_past_the_ceiling_on_open_rooms_a_new_one_is_refused_busy(rooms_run):
    async def scenario(rooms, clock):
        made = [await new(rooms) for _ in range(3)]
        with pytest.raises(RoomError) as busy:
            await new(rooms)
        assert (busy.value.status, busy.value.code) == (503, "busy")
        await rooms.close(made[0].room.id, Holder("host"))  # a finished room is not open
        await new(rooms)

    rooms_run(scenario)


def test_a_full_server_says_when_the_first_room_expires(rooms_run):
    async def scenario(rooms, clock):
        made = [await new(rooms) for _ in range(3)]
        await rooms.join(made[1].room.id, Holder("invite", 0))
        clock.now += 100
        with pytest.raises(RoomError) as busy:
            await new(rooms)
        # Made 100 s ago and joined by nobody, the first room expires in 500 s, found so
        # within the 15 s between two looks (a quarter of the finished rooms' 60 s).
        assert rooms.config.expire_every == 15
        assert (busy.value.code, busy.value.retry_after) == ("busy", 500 + 15)
        assert "500 + 15" not in busy.value.message and "515 s" in busy.value.message

    rooms_run(scenario)


def test_one_client_has_only_so_many_open_rooms(rooms_run):
    async def scenario(rooms, clock):
        rooms.config = dataclasses.replace(rooms.config, open_per_client=2)
        mine = [await rooms.create("foraccio", {}, (), [None] * 4, 0, None, "192.0.2.1")
                for _ in range(2)]
        clock.now += 30
        with pytest.raises(RoomError) as refused:
            await rooms.create("foraccio", {}, (), [None] * 4, 0, None, "192.0.2.1")
        assert (refused.value.status, refused.value.code) == (429, "too_many_open_rooms")
        assert refused.value.retry_after == 600 - 30 + 15
        await rooms.create("foraccio", {}, (), [None] * 4, 0, None, "192.0.2.2")
        await rooms.close(mine[0].room.id, Holder("host"))  # closed: its place is free
        await rooms.create("foraccio", {}, (), [None] * 4, 0, None, "192.0.2.1")

    rooms_run(scenario)


def test_a_room_only_its_host_changes_expires_as_if_untouched(rooms_run):
    async def scenario(rooms, clock):
        unjoined, joined = [await new(rooms, bots=(None, "random", None, "random"))
                            for _ in range(2)]
        await rooms.join(joined.room.id, Holder("invite", 0))
        for _ in range(12):  # the host hands seats and invites anew, every 55 s
            clock.now += 55
            for made in (unjoined, joined):
                await rooms.seat(made.room.id, Holder("host"), 2, "random")
                await rooms.seat(made.room.id, Holder("host"), 2, None)
                await rooms.invite(made.room.id, Holder("host"), 2)
        gone = await rooms.store.expire(clock.now - 60, clock.now - 600, clock.now - 600)
        assert set(gone) == {unjoined.room.id, joined.room.id}

    rooms_run(scenario)


def test_a_link_sees_the_same_bytes_whatever_the_deal_of_the_cards_it_cannot_see(rooms_run):
    # The twin property of sealed games, for rooms: at every version of a hand, each
    # seat's and the spectator's view of the room is the same byte for byte when the
    # cards that link cannot see are dealt anew (tests/api/sealed.py's twin).
    async def scenario(rooms, clock):
        made = await new(rooms, bots=(None, "random", None, "random"), pace=0.0)
        room_id = made.room.id
        rng = random.Random(7)
        compared = 0
        while True:
            room = await rooms.room(room_id)
            state = rooms.state(room.token)
            if state.phase != "playing" or compared > 40:
                break
            (entry,) = [e for e in await rooms.store.entries(room_id, room.version - 1)]
            for holder in (Holder("seat", 0), Holder("seat", 2), Holder("spectator")):
                seat = 0 if holder.seat is None else holder.seat
                other = twin(state, seat, random.Random(compared))
                if holder.role == "spectator":  # nobody's hand: every hand dealt anew
                    other = twin(other, 2, random.Random(compared + 1))
                assert other.hands != state.hands or not any(state.hands[1:])
                assert _bytes(room, entry, state, holder) == _bytes(room, entry, other, holder)
                compared += 1
            if room.due_kind == "bot":
                await act_when_due(rooms, clock)
            else:
                seat = state.turn
                await rooms.play(room_id, Holder("seat", seat),
                                 rng.choice(moves_of(rooms, room, seat)), room.version)
        assert compared > 30

    rooms_run(scenario)


def _bytes(room, entry: Entry, state, holder: Holder) -> bytes:
    return msgspec.json.encode(room_view(room, entry, state, holder, {"seat-0": 1}))


def test_every_twin_is_a_real_other_deal():
    # The check above would pass trivially if twin() changed nothing.
    from foraccio.core.engine import new_match

    state = new_match("foraccio", 3)
    assert twin(state, 0, random.Random(1)).hands != state.hands
    assert replace(twin(state, 0, random.Random(1)), hands=state.hands,
                   record=state.record, stock=state.stock) == state


def test_the_next_deals_entry_holds_what_the_deal_took(rooms_run, registered):
    # The worked example of docs/plugins.md: with a sum of 1 every first table is taken.
    registered(DEALERS_FIFTEEN)

    async def scenario(rooms, clock):
        made = await rooms.create("scopa", {"dealers-fifteen.sum": 1, "target": 100},
                                  ["dealers-fifteen"], [None, None], 1.0, None)
        room = await rooms.start(made.room.id, Holder("host"))
        rng = random.Random(2)
        while (state := rooms.state(room.token)).phase == "playing":
            room = await rooms.play(room.id, Holder("seat", state.turn),
                                    rng.choice(moves_of(rooms, room, state.turn)), room.version)
        await act_when_due(rooms, clock)
        (entry,) = await rooms.store.entries(room.id, room.version)
        dealt = rooms.state((await rooms.room(room.id)).token)
        assert entry.kind == "dealt" and entry.events == dealt.events
        assert [type(event).__name__ for event in entry.events[:2]] == ["Dealt", "DealCaptured"]

    rooms_run(scenario)
