"""``foraccio play --room`` in a real pseudo-terminal, driven with pexpect, in a room of a
real server (``server``, ``conftest.py``): two people, two bots. The terminal holds one
person's seat; the test holds the other through HTTP, as another client would. And what
the command says when a link is of no use."""

from __future__ import annotations

import io
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pexpect
import pytest

from foraccio.cli.main import main
from tests.cli.terminal import play_a_hand, spawn

SHEET_LINE = re.compile(r"^\s*(Us|Them)\s*│[^│]+│\s*(\d+)", re.MULTILINE)
"""A line of the score sheet: its team and its points, between the columns' rules."""


@contextmanager
def playing(server: str, room: str, invite: str) -> Iterator[None]:
    """A person at ``invite``'s seat, through HTTP: the first of its moves each time it is
    to play, on the version it was shown."""
    stop = threading.Event()

    def play() -> None:
        with httpx.Client(base_url=f"{server}/rooms/{room}",
                          headers={"Authorization": f"Bearer {invite}"}) as client:
            while not stop.is_set():
                view = client.get("").json()
                if view["moves"]:
                    client.post("/play", json={"move": view["moves"][0],
                                               "version": view["version"]})
                time.sleep(0.05)

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def test_a_seat_s_link_plays_a_whole_hand_with_a_person_and_two_bots(server, monkeypatch,
                                                                      tmp_path):
    monkeypatch.setenv("FORACCIO_DATA_DIR", str(tmp_path))  # where it keeps its seat's key
    # A target no hand reaches: the match goes on after the first hand, whoever wins it.
    made = httpx.post(f"{server}/rooms", json={
        "variant": "foraccio", "seats": ["heuristic", "person", "random", "person"],
        "options": {"target": 1000}, "pace": 0.1}).json()
    # Seat 1: Left (seat 0) plays before it, Right (2) after, its partner (3) opposite.
    child = spawn("--room", f"{server}/#join={made['seats'][1]}")
    shown = io.StringIO()
    child.logfile_read = shown
    child.expect("You joined your seat")
    child.expect("You play seat 2")  # the wire's seat 1: people count from 1
    child.expect("Waiting for the host to start the match")
    other = httpx.post(f"{server}/rooms/{made['room']}/join",
                       headers={"Authorization": f"Bearer {made['seats'][3]}"}).json()["key"]
    with playing(server, made["room"], other):
        httpx.post(f"{server}/rooms/{made['room']}/start",
                   headers={"Authorization": f"Bearer {made['host']}"}).raise_for_status()
        hand = play_a_hand(child)

    assert hand.plays == 13
    screen = shown.getvalue()
    assert "The match has started." in screen
    assert re.search(r"Your hand  \[1\] \d+[cdbs] \w+ of \w+  \[2\] ", screen)
    for other in ("Partner \\(person\\)", "Left \\(heuristic\\)", "Right \\(random\\)"):
        assert re.search(rf"{other} (plays|lays) the \w+ of \w+", screen), other
    assert "Us (you + partner)" in screen
    # The score sheet: its lines add up to the hand's points, the first hand's the match's.
    assert "Score sheet" in hand.screen
    points = {"Us": 0, "Them": 0}
    for team, value in SHEET_LINE.findall(hand.screen):
        points[team] += int(value)
    assert f"This hand: us {points['Us']}, them {points['Them']}." in hand.screen
    assert f"Match: us {points['Us']}, them {points['Them']} (first to 1000)." in hand.screen

    child.sendline("")  # deal the next hand
    child.expect("Hand 2: ")
    child.sendline("q")
    child.expect("You left the room; your seat waits for you")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize(("link", "status", "words"), [
    ("http://127.0.0.1:8000/", 2, "not a room's link"),
    ("{server}/#join=nosuchroom.secret", 1, "There is no such room"),
    ("{server}/#join={room}.not-its-secret", 1, "not one of this room's"),
    ("http://127.0.0.1:9/#join={room}.secret", 1, "cannot be reached"),
])
def test_foraccio_play_room_says_what_went_wrong(server, capsys, link, status, words):
    made = httpx.post(f"{server}/rooms", json={
        "variant": "foraccio", "seats": ["person", "random", "person", "random"]}).json()
    assert main(["play", "--room", link.format(server=server, room=made["room"])]) == status
    assert words in " ".join(capsys.readouterr().out.split())


def test_a_room_s_match_is_its_host_s_to_set_up(capsys):
    assert main(["play", "--room", "room.secret", "--bots", "random", "--seed", "1"]) == 2
    assert "--bots, --seed set up a match" in capsys.readouterr().out
