"""The room table's loop in this process, on a real room of a real server (``server``,
``conftest.py``), with the news the test scripts in place of the room's stream and the
keyboard: what the person is asked, and what the table shows."""

from __future__ import annotations

import io
import re

import httpx
import pytest
from rich.console import Console

from foraccio.cli.table.choose import Quit
from foraccio.cli.table.inbox import Inbox, News
from foraccio.cli.table.room import Link, RoomTable
from foraccio.cli.table.room_loop import RoomLoop


class Script(Inbox):
    """The test's news, in order: each a :class:`News`, or a function that does something
    to the room when the table reaches it and gives the news then. Then ``eof``. Nothing
    comes from a stream: when the table waits for one (``timeout``), none comes."""

    def __init__(self, *items) -> None:
        super().__init__()
        self.items = list(items)

    def get(self, timeout=None):
        if timeout is not None:
            return None
        if not self.items:
            return News("eof")
        item = self.items.pop(0)
        return item() if callable(item) else item


def typed(text: str) -> News:
    return News("line", text)


class Room:
    """A room of four people's seats on ``server``, and requests as its links."""

    def __init__(self, server: str) -> None:
        self.server = server
        answer = httpx.post(f"{server}/rooms", json={"variant": "foraccio",
                                                     "seats": ["person"] * 4})
        assert answer.status_code == 201, answer.text
        self.made = answer.json()
        self.id = self.made["room"]

    def post(self, invite: str, path: str, body: dict | None = None) -> dict:
        answer = httpx.post(f"{self.server}/rooms/{self.id}{path}", json=body,
                            headers={"Authorization": f"Bearer {invite}"})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def get(self, invite: str) -> dict:
        answer = httpx.get(f"{self.server}/rooms/{self.id}",
                           headers={"Authorization": f"Bearer {invite}"})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def key(self, seat: int) -> str:
        """Seat ``seat``'s key, its invite exchanged for it."""
        return self.post(self.made["seats"][seat], "/join")["key"]

    def loop(self, invite: str, *news) -> tuple[RoomLoop, io.StringIO]:
        screen = io.StringIO()
        table = RoomTable(Link(self.server, invite))
        loop = RoomLoop(table, table.view(), Console(file=screen, width=100,
                                                     color_system=None), Script(*news))
        return loop, screen


def leave(loop: RoomLoop) -> None:
    with pytest.raises(Quit):
        loop.run()
    loop.table.close()


def test_a_play_refused_because_the_room_moved_on_shows_it_now_and_asks_again(server):
    room = Room(server)
    started = room.post(room.made["host"], "/start")["match"]
    order, turn = started["order"], started["turn"]
    after, other = (order[(order.index(turn) + step) % 4] for step in (1, 2))

    def host_hands_a_seat_to_a_bot() -> News:
        # While the person chooses, the room moves on: their play names an old version.
        room.post(room.made["host"], f"/seats/{other}", {"bot": "random"})
        return typed("1")

    loop, screen = room.loop(room.key(turn), host_hands_a_seat_to_a_bot,
                             typed("1"), typed("1"))
    leave(loop)
    shown = screen.getvalue()

    assert "Too late: the room changed first. Here it is as it is now." in shown
    assert f"{loop.places.seats[other]} is played by random now." in shown
    assert shown.count("Your play (key or code") == 2
    assert shown.count("Your hand") == 2
    assert len(re.findall(r"You (lay|play) the \w+ of \w+", shown)) == 1
    assert loop.view["match"]["turn"] == after
    assert f"Waiting for {loop.places.seats[after]} (person) to play…" in shown
    assert f"It is not your turn: {loop.places.seats[after]} (person) is to play." in shown


def test_the_host_starts_the_match_and_sees_who_comes(server):
    room = Room(server)
    view = room.post(room.made["host"], "/seats/3", {"bot": "heuristic"})
    seats = [{**seat, "connected": number == 1} for number, seat in enumerate(view["seats"])]
    loop, screen = room.loop(room.made["host"],
                             News("presence", {"seats": seats, "spectators": 1}), typed(""),
                             typed("1"))
    leave(loop)
    shown = screen.getvalue()

    assert "You host it: you start the match, then watch." in shown
    assert "At the table: Seat 1 (person), not here yet; Seat 2 (person), not here yet;" in shown
    assert "Seat 4 (heuristic)." in shown  # people count seats from 1: the wire's 3
    assert "Seat 2 (person) has joined the room.\n1 spectator watching.\n" in shown
    assert shown.count("Enter starts the match, q quits: ") == 2  # asked again after the news
    assert "The match has started." in shown
    assert "Seats 1 + 3  0 in pile" in shown
    assert "The host's link watches: each seat plays from its own link." in shown


def test_a_spectator_watches_without_a_hand_until_the_room_is_closed(server):
    room = Room(server)

    def host_closes_the_room() -> News:
        room.post(room.made["host"], "/close")
        return News("room", room.get(room.made["spectator"]))

    loop, screen = room.loop(room.made["spectator"], typed("t"), typed("7c"),
                             host_closes_the_room)
    assert loop.run() == 0
    loop.table.close()
    shown = screen.getvalue()

    assert "You watch it (a spectator's link: no hand)." in shown
    assert "Waiting for the host to start the match; q leaves." in shown
    assert "Match: Seats 1 + 3: 0, Seats 2 + 4: 0; first to 71 wins." in shown
    assert "Seat 1 (person)" in shown and "Your hand" not in shown
    assert "You are watching: a spectator's link cannot play." in shown
    assert shown.endswith("The host has closed the room.\nThe room is finished.\n")


def test_a_person_has_a_bot_play_for_them_and_takes_their_seat_back(server):
    room = Room(server)
    started = room.post(room.made["host"], "/start")["match"]
    waiting = next(seat for seat in range(4) if seat != started["turn"])
    loop, screen = room.loop(room.key(waiting), typed("?"), typed("bot"), typed("back"))
    leave(loop)
    shown = screen.getvalue()

    assert "bot has the heuristic bot play for you until you type back" in shown
    assert "Your seat is played by heuristic now; type back to take it back." in shown
    assert shown.index("played by heuristic") < shown.index("Your seat is yours again.")
    assert room.get(room.key(started["turn"]))["seats"][waiting]["player"] == "person"


def test_the_table_hears_when_a_seat_is_taken_by_its_person(server):
    room = Room(server)

    def seat_1_joins() -> News:
        room.key(1)
        return News("room", room.get(room.made["spectator"]))

    loop, screen = room.loop(room.made["spectator"], seat_1_joins)
    leave(loop)
    assert f"{loop.places.seats[1]} has been taken by its person." in screen.getvalue()
