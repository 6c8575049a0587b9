"""The terminal table's loop in this process (pexpect drives it in a child process, out of
the coverage's sight): a whole hand on the engine and through a real server, with
scripted answers, and what it shows. ``server`` is a real server (``conftest.py``)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from foraccio.cli.table.base import TableError
from foraccio.cli.table.choose import Quit
from foraccio.cli.table.game import TableLoop
from foraccio.cli.table.local import LocalTable
from foraccio.cli.table.remote import RemoteTable
from foraccio.cli.table.speech import speaking

BOTS = ("person", "random", "heuristic", "random")


class Scripted(TableLoop):
    """The loop with answers typed by the test: the first card (and the first way, or a
    sweep) at each prompt, and ``q`` when the hand is over."""

    def __init__(self, table):
        self.screen = io.StringIO()
        super().__init__(table, Console(file=self.screen, width=100, color_system=None),
                         pace=0)
        self.prompts: list[str] = []

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if prompt.startswith("Enter deals"):
            return "q"
        return "s" if prompt.startswith("Sweep") else "1"


def play_a_hand(table) -> Scripted:
    loop = Scripted(table)
    with pytest.raises(Quit):
        loop.run()
    return loop


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_a_local_hand_is_played_and_scored(variant):
    loop = play_a_hand(LocalTable(variant, {}, (), BOTS, seed=3))
    shown = loop.screen.getvalue()

    plays = sum(prompt.startswith("Your play") for prompt in loop.prompts)
    assert plays == (13 if variant == "foraccio" else 12)
    assert "Score sheet" in shown and "This hand: us " in shown
    assert f"first to {71 if variant == 'foraccio' else 121}" in shown
    assert "Played on the engine on this computer, seed 3." in shown
    # Each bot at the table once, in seat order, with what it does.
    assert re.search(r"^Bot random: Plays a uniformly random legal move\.\nBot heuristic: "
                     r"Takes what the variant's score lines", shown, re.MULTILINE)


def test_the_bots_are_described_in_the_tables_language(server):
    scopone = ("person", "chitarrella", "heuristic", "chitarrella")
    with speaking("it"):
        local = LocalTable("scopone-scientifico", {}, (), scopone, seed=1)
        remote = RemoteTable(server, "scopone-scientifico", {}, (), scopone)

    # The server says the installed bot's description from its distribution's catalogue,
    # as the engine here does.
    assert remote.described == local.described
    assert list(local.described) == ["chitarrella", "heuristic"]
    assert local.described["chitarrella"].startswith("Gioca lo Scopone secondo le regole")
    assert local.described["heuristic"].startswith("Prende le carte a cui i punti")


def test_a_bad_variant_or_move_is_a_table_error():
    with pytest.raises(TableError, match="scopone"):
        LocalTable("scopone", {}, (), BOTS, seed=1)
    table = LocalTable("foraccio", {}, (), BOTS, seed=1)
    with pytest.raises(TableError) as refused:
        table.play({"card": "1c", "take": ["13s"]})
    assert refused.value.code in ("not_your_turn", "card_not_in_hand", "illegal_capture")


def test_a_hand_through_a_server(server):
    # The server deals a sealed game from its own seed: a target no hand can reach, so
    # that the first hand never ends the match.
    table = RemoteTable(server, "zobelon", {"target": 1000}, (), BOTS)
    assert table.target == 1000
    loop = play_a_hand(table)

    assert sum(prompt.startswith("Your play") for prompt in loop.prompts) == 12
    assert "Score sheet" in loop.screen.getvalue()
    assert table.view()["phase"] == "hand_over"
    table.next_hand()
    assert table.view()["hand"] == 2


def test_the_servers_refusals_come_in_its_words(server):
    with pytest.raises(TableError) as unknown:
        RemoteTable(server, "scopone", {}, (), BOTS)
    assert unknown.value.code == "unknown_variant"
    assert "scopone" in unknown.value.message
    table = RemoteTable(server, "foraccio", {}, (), BOTS)
    table._token = table._token[:-4] + ("AAAA" if not table._token.endswith("AAAA") else "BBBB")
    table._view = None
    with pytest.raises(TableError) as altered:
        table.view()
    assert altered.value.code == "invalid_token"


@pytest.mark.parametrize(("variant", "plays", "names"), [
    ("duet", 24, ("you", "Opposite")), ("terzetto", 12, ("you", "Right", "Left"))])
def test_a_local_hand_at_a_smaller_table(table_shapes, variant, plays, names):
    # Dealt three cards at a time: the stock shows until the hands are dealt again.
    loop = play_a_hand(LocalTable(variant, {}, (), ("person", "random"), seed=3))
    shown = loop.screen.getvalue()

    assert sum(prompt.startswith("Your play") for prompt in loop.prompts) == plays
    assert "each for themselves" in shown or variant == "duet"
    assert "to deal)" in shown and "more cards are dealt from the stock" in shown
    assert "Score sheet" in shown
    hand = re.search(r"This hand: (.*)\.", shown)[1]
    assert [words.rsplit(" ", 1)[0] for words in hand.split(", ")] == list(names)
    for name in names[1:]:
        assert f"{name} (random)" in shown


def test_a_hand_of_three_through_a_server(shapes_server):
    # Three seats: the person, and one bot for the two others.
    table = RemoteTable(shapes_server, "terzetto", {}, (), ("person", "random"))
    assert table.bots == ("person", "random", "random")
    loop = play_a_hand(table)

    assert sum(prompt.startswith("Your play") for prompt in loop.prompts) == 12
    assert "This hand: you " in loop.screen.getvalue()
    assert table.view()["phase"] == "hand_over"
