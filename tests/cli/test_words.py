"""The terminal table's sentences for what a variant adds to the engine's events: a bonus
no card made, a hand declared, a capture's way, a wild card that also plays as itself;
in the game's own words, in English and in Italian."""

from __future__ import annotations

import io

from rich.console import Console

from foraccio.cli.table.choose import narrow
from foraccio.cli.table.places import places
from foraccio.cli.table.render import marks
from foraccio.cli.table.speech import speaking
from foraccio.cli.table.words import event_words, move_words

LUMACA = places(((0,), (1,)), game=("lumaca", ()))
"""A two-seat table of the test-only variant Lumaca, for the person at seat 0."""
BOTS = ("person", "random")
DECLARED = {"type": "declared", "hand": 1, "stage": 0, "seat": 1, "team": 1, "name": "trio",
            "cards": ["5c", "5d", "5s"], "points": 3}
DEAL_BONUS = {"type": "bonus", "seat": 0, "team": 0, "name": "broom", "points": 1, "card": None}
BY_ELEVEN = {"type": "captured", "seat": 0, "card": "4c", "take": ["7d"], "jolly": None,
             "way": "eleven"}


def shown(renderable) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_a_bonus_no_card_made_is_said_without_a_card_in_each_language():
    assert event_words(DEAL_BONUS, BOTS, LUMACA) == "Broom! 1 point for you."
    with speaking("it"):
        assert event_words(DEAL_BONUS, BOTS, LUMACA) == "Ramazza! 1 punto per te."
    # The pile's marks name it without a card, beside one a card made.
    view = {"events": [DEAL_BONUS, {**DEAL_BONUS, "card": "7c", "points": 2}]}
    assert shown(marks(view, 0, LUMACA)).strip() == "broom 1, broom 2 (7 of cups)"


def test_a_declared_hand_is_said_with_its_own_name_its_cards_and_points():
    assert event_words(DECLARED, BOTS, LUMACA) == (
        "Opposite (random) declares Trio and shows 5 of cups, 5 of coins and 5 of swords: "
        "3 points for Opposite.")
    mine = {**DECLARED, "seat": 0, "team": 0, "name": "lowly", "cards": ["1c", "2c", "3b"],
            "points": 2}
    assert event_words(mine, BOTS, LUMACA) == (
        "You declare Lowly and show ace of cups, 2 of cups and 3 of batons: 2 points for you.")
    with speaking("it"):
        assert event_words(mine, BOTS, LUMACA) == (
            "Mostri Miseria: asso di coppe, 2 di coppe e 3 di bastoni — 2 punti per te.")
        # The seats are named in the table's language when it sits down.
        said = event_words(DECLARED, BOTS, places(((0,), (1,)), game=("lumaca", ())))
    assert said == ("Di fronte (casuale) mostra Terzetto: 5 di coppe, 5 di denari e 5 di "
                    "spade — 3 punti per Di fronte."), said


def test_a_capture_says_its_way_in_the_games_words():
    assert event_words(BY_ELEVEN, BOTS, LUMACA) == (
        "You play the 4 of cups: takes the 7 of coins (takes what makes eleven with it).")
    with speaking("it"):
        assert move_words(BY_ELEVEN, LUMACA) == (
            "prende il 7 di denari (prende ciò che con lei fa undici)")
    # A way no variant here names is said from its name; a move without one, as always.
    assert move_words({**BY_ELEVEN, "way": "by_sum"}, LUMACA) == "takes the 7 of coins (by sum)"
    assert move_words({**BY_ELEVEN, "way": None}, LUMACA) == "takes the 7 of coins"


def test_a_wild_card_given_a_value_says_it_with_its_article():
    eight = {"card": "1d", "take": ["11c"], "jolly": 8, "kind": "capture", "way": "match"}
    assert move_words(eight, LUMACA) == "as an 8, takes the jack of cups (takes its match)"
    assert move_words({**eight, "jolly": 7}, LUMACA).startswith("as a 7, ")
    with speaking("it"):
        assert move_words(eight, LUMACA) == (
            "come un 8, prende il fante di coppe (prende la sua pari)")
        # A value is named as the game names that rank: "come un fante", never "come 11".
        assert move_words({**eight, "jolly": 11}, LUMACA).startswith("come un fante, ")
        assert move_words({**eight, "jolly": 1}, LUMACA).startswith("come un asso, ")
    assert move_words({**eight, "jolly": 11}, LUMACA).startswith("as a jack, ")
    assert move_words({**eight, "jolly": 1}, LUMACA).startswith("as an ace, ")


def test_a_wild_card_that_also_takes_as_itself_offers_every_way():
    found = [{"card": "1d", "take": ["3c"], "jolly": 3, "kind": "capture", "way": "match"},
             {"card": "1d", "take": ["4c", "6s"], "jolly": None, "kind": "capture",
              "way": "eleven"}]
    said: list[str] = []
    assert narrow(found, lambda prompt: "2", said.append, LUMACA) == found[1]
    assert said[0] == ("1d (ace of coins): The ace of coins is wild: choose the value it "
                       "matches as.")
    assert said[1:] == ["1d (ace of coins) can be played in 2 ways:",
                        "  1) as a 3, takes the 3 of cups (takes its match)",
                        "  2) takes the 4 of cups and the 6 of swords (takes what makes eleven "
                        "with it)"]


def test_a_wild_card_without_a_sweep_asks_only_its_value():
    found = [{"card": "1d", "take": ["3c"], "jolly": 3, "kind": "capture", "way": "match"},
             {"card": "1d", "take": ["5b"], "jolly": 5, "kind": "capture", "way": "match"}]
    prompts: list[str] = []
    said: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "5"

    with speaking("it"):
        assert narrow(found, ask, said.append, LUMACA) == found[1]
    assert said == ["1d (asso di denari): L'asso di denari è jolly: scegli il valore con cui "
                    "prende la sua pari. Dagli un valore: 3, 5."]
    assert prompts == ["Con quale valore giochi 1d? (un numero, Invio per tornare indietro, q "
                       "per uscire): "]
