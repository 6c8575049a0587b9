"""What a room's host can and cannot do to the people at its table, on a clock the test
sets: a seat joined is its person's alone (its hand, its turns), until they leave; and
the two refusals that keep a bot's seat the bot's: no moves offered to it, and no play
of its person landing on it."""

from __future__ import annotations

import asyncio

import pytest

from foraccio.rooms.actions import Holder, RoomConflict, RoomError
from foraccio.rooms.hub import Hub
from foraccio.rooms.views import room_view
from tests.rooms.test_rooms_actions import moves_of, new, run

HOST = Holder("host")
LEFT = 60.0
"""The default of ``FORACCIO_ROOMS_LEFT_SECONDS``, which these rooms run with."""


@pytest.fixture
def rooms_run(tmp_path):
    return lambda scenario: asyncio.run(run(scenario)(tmp_path / "rooms.sqlite3"))


async def joined(rooms, room_id: str, *seats: int) -> None:
    for seat in seats:
        await rooms.join(room_id, Holder("invite", seat))


async def refused(coroutine, code: str) -> RoomError:
    with pytest.raises(RoomError) as refusal:
        await coroutine
    assert refusal.value.code == code, refusal.value.message
    return refusal.value


def test_the_host_cannot_hand_a_present_persons_seat_to_a_bot(rooms_run):
    async def scenario(rooms, clock):
        room_id = (await new(rooms, bots=(None, None, None, None), pace=0.0)).room.id
        await joined(rooms, room_id, 0, 1, 2, 3)
        turn = rooms.state((await rooms.room(room_id)).token).turn
        await refused(rooms.seat(room_id, HOST, turn, "random"), "person_at_seat")
        # Connected, they never leave, however long it is.
        await rooms.store.connect(room_id, f"seat-{turn}", 1)
        clock.now += 10 * LEFT
        await refused(rooms.seat(room_id, HOST, turn, "random"), "person_at_seat")
        # Gone for less than the time the docs give: still theirs.
        await rooms.store.connect(room_id, f"seat-{turn}", -1)
        await rooms.store.see(room_id, f"seat-{turn}", clock.now)
        clock.now += LEFT - 1
        await refused(rooms.seat(room_id, HOST, turn, "random"), "person_at_seat")
        assert (await rooms.room(room_id)).seats[turn].bot is None

    rooms_run(scenario)


def test_the_host_hands_a_seat_to_a_bot_once_its_person_has_left(rooms_run):
    async def scenario(rooms, clock):
        room_id = (await new(rooms, bots=(None, None, "random", "random"))).room.id
        await joined(rooms, room_id, 0)
        await rooms.store.connect(room_id, "seat-0", 1)
        await rooms.store.see(room_id, "seat-0", clock.now)
        await rooms.store.connect(room_id, "seat-0", -1)
        clock.now += LEFT
        room = await rooms.seat(room_id, HOST, 0, "heuristic")
        assert room.seats[0].bot == "heuristic"
        # A seat nobody joined has no person to wait for.
        room = await rooms.seat(room_id, HOST, 1, "random")
        assert room.seats[1].bot == "random"

    rooms_run(scenario)


def test_a_person_hands_their_own_seat_to_a_bot_and_takes_it_back(rooms_run):
    async def scenario(rooms, clock):
        room_id = (await new(rooms, bots=(None, None, "random", "random"))).room.id
        await joined(rooms, room_id, 0, 1)
        me = Holder("seat", 0)
        assert (await rooms.seat(room_id, me, 0, "ismcts")).seats[0].bot == "ismcts"
        assert (await rooms.seat(room_id, me, 0, None)).seats[0].bot is None
        # Another seat's person may not.
        await refused(rooms.seat(room_id, Holder("seat", 1), 0, "random"), "host_only")

    rooms_run(scenario)


def test_an_invite_joins_once_and_the_table_sees_it(rooms_run):
    async def scenario(rooms, clock):
        room_id = (await new(rooms)).room.id
        first = await rooms.join(room_id, Holder("invite", 0))
        assert first.room.seats[0].joined == clock.now and first.key
        (entry,) = await rooms.store.entries(room_id, first.room.version - 1)
        assert (entry.kind, entry.seat) == ("seat", 0)
        await refused(rooms.join(room_id, Holder("invite", 0)), "seat_taken")

    rooms_run(scenario)


def test_the_host_invites_someone_new_only_to_a_free_seat_or_one_left(rooms_run):
    async def scenario(rooms, clock):
        room_id = (await new(rooms, bots=(None, None, "random", "random"))).room.id
        await joined(rooms, room_id, 0)
        conflict = await refused(rooms.invite(room_id, HOST, 0), "person_at_seat")
        assert isinstance(conflict, RoomConflict)
        await refused(rooms.invite(room_id, HOST, 2), "bot_seat")
        await refused(rooms.invite(room_id, Holder("seat", 0), 1), "host_only")
        free = await rooms.invite(room_id, HOST, 1)  # nobody joined seat 1
        clock.now += LEFT
        left = await rooms.invite(room_id, HOST, 0)  # seat 0's person left
        (entry,) = await rooms.store.entries(room_id, left.room.version - 1)
        assert (entry.kind, entry.seat) == ("seat", 0)
        assert left.room.seats[0].joined is None and left.room.seats[0].key_hash is None
        assert free.invite != left.invite

    rooms_run(scenario)


async def bot_on_its_turn(rooms):
    """A room of four people whose seat to play was handed to a bot by its own person,
    before the bot plays (no driver runs here); the room, that seat, and a move it had."""
    room_id = (await new(rooms, bots=(None, None, None, None), pace=5.0)).room.id
    await joined(rooms, room_id, 0, 1, 2, 3)
    room = await rooms.room(room_id)
    turn = rooms.state(room.token).turn
    move = moves_of(rooms, room, turn)[0]
    room = await rooms.seat(room_id, Holder("seat", turn), turn, "random")
    return room, turn, move


def test_a_seat_a_bot_plays_is_offered_no_moves_on_its_turn(rooms_run):
    async def scenario(rooms, clock):
        room, turn, _ = await bot_on_its_turn(rooms)
        (entry,) = await rooms.store.entries(room.id, room.version - 1)
        seen = room_view(room, entry, rooms.state(room.token), Holder("seat", turn), {})
        assert seen.match.turn == turn and seen.cards and seen.moves == ()

    rooms_run(scenario)


def test_a_persons_play_on_a_seat_a_bot_plays_is_refused(rooms_run):
    async def scenario(rooms, clock):
        room, turn, move = await bot_on_its_turn(rooms)
        refusal = await refused(rooms.play(room.id, Holder("seat", turn), move, room.version),
                                "seat_played_by_bot")
        assert refusal.status == 409
        assert (await rooms.room(room.id)).version == room.version

    rooms_run(scenario)


def test_a_stream_of_a_seats_former_key_ends_when_the_seat_is_invited_again(rooms_run,
                                                                            monkeypatch):
    # The race the leave-time cannot close: a stream opened by the former key just as the
    # host invited someone new. It must carry nothing of the seat's new hand. (The stream
    # wakes by its heartbeat, made short, rather than by the store's news.)
    monkeypatch.setattr("foraccio.rooms.hub.HEARTBEAT", 0.05)

    async def scenario(rooms, clock):
        room_id = (await new(rooms, bots=(None, None, "random", "random"))).room.id
        await joined(rooms, room_id, 0)
        stream = Hub(rooms).stream(await rooms.room(room_id), Holder("seat", 0), None)
        first = await anext(stream)
        assert first.event == "room"
        # As if the stream had opened just after the host's check of who is here.
        await rooms.store.connect(room_id, "seat-0", -1)
        clock.now += LEFT + 1
        await rooms.invite(room_id, HOST, 0)
        rest = await asyncio.wait_for(_all(stream), 10)
        assert all(message.event != "room" for message in rest)

    rooms_run(scenario)


async def _all(stream) -> list:
    return [message async for message in stream]
