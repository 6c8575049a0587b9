"""The web table names seats and teams as the terminal table does: ``places`` of
web/static/js/words.js, run by Node, against :mod:`foraccio.cli.table.places`, at every size of
table and for several ways of forming teams; and it tells the plays with the cards' names,
in English and in Italian."""

from __future__ import annotations

import pytest

from foraccio.cli.table.places import places
from tests.web.node import run_module

SEATINGS = [
    *[[[seat] for seat in range(seats)] for seats in range(2, 7)],
    [[0, 2], [1, 3]],
    [[0, 1], [2, 3]],
    [[0, 3], [1, 4], [2, 5]],
    [[0, 2, 4], [1, 3, 5]],
    [[0], [1, 2]],
    [[1, 2], [0, 3, 4]],
]

SCRIPT = """
import {places} from %s;
const seatings = JSON.parse(process.argv[1]);
console.log(JSON.stringify(seatings.map((teams) => {
  const where = places(teams);
  return [where.seats, where.positions, where.teams, where.shown];
})));
"""


def test_the_web_table_names_seats_and_teams_as_the_terminal_does(tmp_path):
    named = run_module(tmp_path, "words.js", SCRIPT, SEATINGS)
    for teams, (seats, positions, names, shown) in zip(SEATINGS, named, strict=True):
        expected = places(teams)
        assert seats == list(expected.seats), teams
        assert positions == list(expected.positions), teams
        assert names == list(expected.teams), teams
        assert shown == list(expected.shown[:-1]), teams  # the terminal lists you last


ROTATED = """
import {places} from %s;
const seatings = JSON.parse(process.argv[1]);
console.log(JSON.stringify(seatings.map((teams) => {
  const count = teams.flat().length;
  return [...Array(count).keys()].map((me) => {
    const where = places(teams, null, me);
    // The same table with its seats numbered from `me`: seat s is seat (s - me) there.
    const from = places(teams.map((team) => team.map((s) => (s - me + count) % count)));
    const there = (seat) => (seat - me + count) % count;
    return {
      seats: where.seats.every((name, seat) => name === from.seats[there(seat)]),
      positions: where.positions.every((p, seat) => p === from.positions[there(seat)]),
      teams: JSON.stringify(where.teams) === JSON.stringify(from.teams),
      shown: JSON.stringify(where.shown.map(there)) === JSON.stringify(from.shown),
      me: where.me === me && where.bottom === me && where.mine === where.teamOf[me],
    };
  });
})));
"""

WATCHED = """
import {places} from %s;
console.log(JSON.stringify(JSON.parse(process.argv[1]).map((teams) => places(teams, null, null))));
"""


def test_a_room_names_the_table_from_the_seat_of_its_link(tmp_path):
    """In a room the person sits at their link's seat, not seat 0: the table reads from
    there exactly as the solo table reads from seat 0."""
    for teams, seats in zip(SEATINGS, run_module(tmp_path, "words.js", ROTATED, SEATINGS),
                            strict=True):
        for me, same in enumerate(seats):
            assert all(same.values()), (teams, me, same)


def test_someone_watching_sees_every_seat_by_number(tmp_path):
    for teams, where in zip(SEATINGS, run_module(tmp_path, "words.js", WATCHED, SEATINGS),
                            strict=True):
        count = sum(map(len, teams))
        assert where["seats"] == [f"Seat {seat + 1}" for seat in range(count)]
        assert where["me"] is None and where["mine"] is None and where["bottom"] == 0
        assert where["positions"][0] == "you"  # seat 0 is drawn at the bottom
        assert not {"Us", "Them", "You"} & set(where["teams"])
        assert where["teams"] == [" + ".join(f"Seat {seat + 1}" for seat in team)
                                  for team in teams]


EVENTS = """
import {eventWords, places} from %s;
const [teams, bots, events] = process.argv.slice(1).map((text) => JSON.parse(text));
console.log(JSON.stringify(events.map((event) => eventWords(event, bots, places(teams)))));
"""

DEAL_CAPTURED = [{"type": "deal_captured", "hand": 1, "stage": stage, "seat": seat, "team": seat,
                  "cards": ["1b", "3d", "4d", "7d"]} for stage, seat in ((0, 0), (2, 1))]


@pytest.mark.parametrize(("language", "told"), [
    ("en", ["You take the ace of batons, the 3 of coins, the 4 of coins, and the 7 of coins "
            "from the table as the cards are dealt.",
            "Right (random) takes the ace of batons, the 3 of coins, the 4 of coins, and the 7 "
            "of coins from the table as the cards are dealt."]),
    ("it", ["Prendi l'asso di bastoni, il 3 di denari, il 4 di denari e il 7 di denari dalla "
            "tavola mentre si danno le carte.",
            "Destra (casuale) prende l'asso di bastoni, il 3 di denari, il 4 di denari e il 7 "
            "di denari dalla tavola mentre si danno le carte."]),
])
def test_the_web_table_tells_what_a_deal_took_in_card_names(tmp_path, language, told):
    """The cards a deal took are named in words, in the page's language, never by their
    codes."""
    teams, bots = [[0], [1], [2]], ["person", "random", "heuristic"]
    assert run_module(tmp_path, "words.js", EVENTS, teams, bots, DEAL_CAPTURED,
                      language=language) == told


PLAYS = [
    {"type": "laid", "seat": 1, "card": "10b"},
    {"type": "captured", "seat": 0, "card": "8c", "take": ["2s", "6d"]},
    {"type": "captured", "seat": 3, "card": "13s", "take": ["11s"], "jolly": 11},
    {"type": "bonus", "seat": 2, "team": 0, "name": "scopa", "points": 3, "card": "3c"},
]


@pytest.mark.parametrize(("language", "told"), [
    ("en", ["Right (random) lays the 10 of batons.",
            "You play the 8 of cups: takes the 2 of swords and the 6 of coins.",
            "Left (heuristic) plays the king of swords: as a jack, takes the jack of swords.",
            "Scopa! 3 points for us (3 of cups)."]),
    ("it", ["Destra (casuale) cala il 10 di bastoni.",
            "Giochi l'8 di coppe: prende il 2 di spade e il 6 di denari.",
            "Sinistra (euristico) gioca il re di spade: come un fante, prende il fante di spade.",
            "Scopa! 3 punti per noi (3 di coppe)."]),
])
def test_a_play_names_its_cards_in_words(tmp_path, language, told):
    bots = ["person", "random", "random", "heuristic"]
    assert run_module(tmp_path, "words.js", EVENTS, [[0, 2], [1, 3]], bots, PLAYS,
                      language=language) == told


OWN_WORDS = """
import {cardName, eventWords, lineName, moveWords, places, playing, useWords, wildWords} from %s;
const [variant, rule, events] = process.argv.slice(1).map((text) => JSON.parse(text));
useWords([variant], [rule]);
playing({variant: variant.name, house_rules: [rule.name]});
const where = places([[0, 2], [1, 3]]);
console.log(JSON.stringify({
  events: events.map((event) => eventWords(event, [null, "random", "random", "random"], where)),
  move: moveWords({card: "7c", kind: "capture", way: "fifteen", take: ["8s"]}),
  wild: wildWords(), card: cardName("11c"), line: lineName("busso"), rule: lineName("tris"),
  unnamed: lineName("some_line"),
}));
"""

FOREIGN = {"name": "foreign", "words": {
    "lines": {"busso": {"name": "Busso", "rewards": "A hand under ten, shown at the deal"}},
    "kinds": {"capture": "capture", "lay": "lay", "fifteen": "by fifteen"},
    "wild": "The 7 of cups is the matta: choose what it stands for",
    "cards": {"ranks": {"1": "asso", "11": "donna"}, "suits": {"c": "cuori", "d": "quadri",
                                                                "b": "fiori", "s": "picche"}},
}}
TRIS = {"name": "tris-rule",
        "words": {"lines": {"tris": {"name": "Tris", "rewards": "Three of a kind"}}}}


def test_a_variant_and_a_house_rule_are_spoken_in_their_own_words(tmp_path):
    """A game that shares no word with Foraccio: its lines, its house rule's line, its move
    kind, its wild card's choice and its cards' names are its own, as the server says them."""
    events = [{"type": "bonus", "seat": 1, "team": 1, "name": "busso", "points": 3, "card": "11c"},
              {"type": "captured", "seat": 0, "card": "7c", "way": "fifteen", "take": ["8s"]}]
    said = run_module(tmp_path, "words.js", OWN_WORDS, FOREIGN, TRIS, events)
    assert said == {
        "events": ["Busso! 3 points for them (donna of cuori).",
                   "You play the 7 of cuori: takes the 8 of picche (by fifteen)."],
        "move": "takes the 8 of picche (by fifteen)",
        "wild": "The 7 of cups is the matta: choose what it stands for",
        "card": "donna of cuori", "line": "Busso", "rule": "Tris", "unnamed": "Some line",
    }


LUMACA_WORDS = {"name": "lumaca", "words": {
    "lines": {"trio": {"name": "Trio", "rewards": "Three of a kind, shown"},
              "broom": {"name": "Broom", "rewards": "Emptying the table"}},
}}
LUMACA_PAROLE = {"name": "lumaca", "words": {
    "lines": {"trio": {"name": "Terzetto", "rewards": "Tre carte uguali, mostrate"},
              "broom": {"name": "Ramazza", "rewards": "Vuotare il tavolo"}},
}}
DEALT = """
import {eventWords, places, playing, useWords} from %s;
const [variant, events] = process.argv.slice(1).map((text) => JSON.parse(text));
useWords([variant]);
playing({variant: variant.name});
const where = places([[0], [1]]);
console.log(JSON.stringify(events.map((event) => eventWords(event, [null, "random"], where))));
"""
DECLARED_AND_DEALT = [
    {"type": "declared", "hand": 1, "stage": 0, "seat": 1, "team": 1, "name": "trio",
     "cards": ["3c", "3d", "3s"], "points": 3},
    {"type": "declared", "hand": 1, "stage": 0, "seat": 0, "team": 0, "name": "trio",
     "cards": ["13c", "13d", "13b"], "points": 1},
    {"type": "bonus", "seat": 0, "team": 0, "name": "broom", "points": 1, "card": None},
    {"type": "bonus", "seat": 1, "team": 1, "name": "broom", "points": 2, "card": "7b"},
]


@pytest.mark.parametrize(("language", "variant", "told"), [
    ("en", LUMACA_WORDS,
     ["Opposite (random) shows Trio: 3 of cups, 3 of coins, 3 of swords — 3 points for "
      "Opposite.",
      "You show Trio: king of cups, king of coins, king of batons — 1 point for you.",
      "Broom! 1 point for you.",
      "Broom! 2 points for Opposite (7 of batons)."]),
    ("it", LUMACA_PAROLE,
     ["Di fronte (casuale) mostra Terzetto: 3 di coppe, 3 di denari, 3 di spade — 3 punti "
      "per Di fronte.",
      "Mostri Terzetto: re di coppe, re di denari, re di bastoni — 1 punto per te.",
      "Ramazza! 1 punto per te.",
      "Ramazza! 2 punti per Di fronte (7 di bastoni)."]),
])
def test_a_declaration_and_a_deal_s_bonus_are_said_in_the_game_s_words(
        tmp_path, language, variant, told):
    """A hand shown at the deal names its line in the game's words, its cards and its
    points; a bonus no card made (a deal's) is said without a card, never "null"."""
    assert run_module(tmp_path, "words.js", DEALT, variant, DECLARED_AND_DEALT,
                      language=language) == told
