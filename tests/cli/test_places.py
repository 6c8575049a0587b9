"""Seats and teams named from the person's chair, at a table of any shape."""

from __future__ import annotations

import pytest

from foraccio.cli.table.base import TableError, seat_bots
from foraccio.cli.table.places import FORACCIO, places
from foraccio.cli.table.words import event_words, match_won


def test_foraccio_s_table_reads_as_it_always_did():
    assert FORACCIO.seats == ("You", "Right", "Partner", "Left")
    assert FORACCIO.teams == ("Us", "Them")
    assert FORACCIO.shown == (2, 3, 1, 0)  # partner opposite, left, right, you
    assert FORACCIO.scores([12, 9]) == "us 12, them 9"


@pytest.mark.parametrize(("seats", "names"), [
    (2, ("You", "Opposite")),
    (3, ("You", "Right", "Left")),
    (4, ("You", "Right", "Opposite", "Left")),
    (5, ("You", "Right", "Far right", "Far left", "Left")),
    (6, ("You", "Right", "Far right", "Opposite", "Far left", "Left")),
])
def test_each_for_themselves_every_seat_is_named_where_it_sits(seats, names):
    table = places([(seat,) for seat in range(seats)])
    assert table.seats == names
    assert table.teams == names  # a team of one is its seat
    assert table.shown[-1] == 0


def test_seats_sit_in_turn_order_and_partners_are_named():
    # Play passes 0, 2, 1: seat 2 plays after you, so it sits on your right.
    assert places([(0,), (1,), (2,)], order=(0, 2, 1)).seats == ("You", "Left", "Right")
    six = places([(0, 2, 4), (1, 3, 5)])
    assert six.teams == ("Us", "Them")
    assert six.seats[2] == "Far right"  # two partners: each named where it sits
    assert places([(0, 1), (2, 3)]).seats == ("You", "Partner", "Opposite", "Left")
    three_teams = places([(0, 3), (1, 4), (2, 5)])
    assert three_teams.teams == ("Us", "Right + Far left", "Far right + Left")


def test_the_events_of_a_smaller_table_in_words():
    trio = places([(0,), (1,), (2,)])
    bots = ("person", "random", "heuristic")
    bonus = {"type": "bonus", "seat": 1, "team": 1, "name": "scopa", "points": 1,
             "card": "7c"}
    assert event_words(bonus, bots, trio) == "Scopa! 1 point for Right (7 of cups)."
    assert event_words({"type": "laid", "seat": 2, "card": "7c"}, bots, trio) == (
        "Left (heuristic) lays the 7 of cups.")
    assert event_words({"type": "dealt_more", "hand": 1, "stage": 1, "table": []}, bots,
                       trio) == "The hands are empty: more cards are dealt from the stock."
    taken = {"type": "deal_captured", "hand": 1, "stage": 0, "seat": 0, "team": 0,
             "cards": ["1b", "3d", "4d", "7d"]}
    assert event_words(taken, bots, trio) == (
        "You take the ace of batons, the 3 of coins, the 4 of coins and the 7 of coins from "
        "the table as the cards are dealt.")
    assert match_won(2, [3, 9, 11], trio) == "Left wins the match, 11 to 9 to 3."
    assert match_won(0, [11, 9, 3], trio) == "You win the match, 11 to 9 to 3."


def test_one_bot_sits_at_every_other_seat_or_one_at_each():
    assert seat_bots(("person", "random"), 3) == ("person", "random", "random")
    assert seat_bots(("person", "random", "ismcts"), 3) == ("person", "random", "ismcts")
    with pytest.raises(TableError, match="This match seats 2: give 1 bot"):
        seat_bots(("person", "random", "heuristic", "random"), 2)


def test_a_room_seats_the_person_anywhere():
    # At seat 1 of Foraccio's table: seat 2 plays after you (on your right), seat 3 is
    # your partner opposite, seat 0 plays before you.
    one = places([(0, 2), (1, 3)], me=1)
    assert one.seats == ("Left", "You", "Right", "Partner")
    assert one.teams == ("Them", "Us")
    assert one.shown == (3, 0, 2, 1)  # partner opposite, left, right, you
    assert one.scores([12, 9]) == "us 9, them 12"  # the person's team first
    bots = ("heuristic", "person", "random", "person")
    assert event_words({"type": "laid", "seat": 1, "card": "7c"}, bots, one) == (
        "You lay the 7 of cups.")
    assert event_words({"type": "laid", "seat": 3, "card": "7c"}, bots, one) == (
        "Partner (person) lays the 7 of cups.")
    assert places([(0,), (1,), (2,)], me=2).seats == ("Right", "Left", "You")


def test_someone_watching_names_seats_by_number_from_1_as_the_web_table_does():
    watching = places([(0, 2), (1, 3)], me=None)
    assert watching.seats == ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
    assert watching.teams == ("Seats 1 + 3", "Seats 2 + 4")
    assert watching.shown == (0, 1, 2, 3)
    bots = ("heuristic", "person", "random", "person")
    assert event_words({"type": "laid", "seat": 1, "card": "7c"}, bots, watching) == (
        "Seat 2 (person) lays the 7 of cups.")
    assert match_won(1, [40, 72], watching) == "Seats 2 + 4 win the match, 72 to 40."
    assert watching.scores([40, 72]) == "Seats 1 + 3: 40, Seats 2 + 4: 72"
    assert places([(0,), (1,), (2,)], me=None).teams == ("Seat 1", "Seat 2", "Seat 3")
