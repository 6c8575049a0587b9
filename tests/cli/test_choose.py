"""Reading the person's move at the terminal table: keys, codes, the notation, and the
questions a card with several captures or a Zobelon re asks."""

from __future__ import annotations

import pytest

from foraccio.cli.table.choose import Quit, matching, narrow, read_move
from foraccio.cli.table.words import event_words, move_words

HAND = ("5d", "7c", "13s")
MOVES = [
    {"card": "5d", "take": ["5c"], "jolly": None, "kind": "capture"},
    {"card": "5d", "take": ["2d", "3b"], "jolly": None, "kind": "capture"},
    {"card": "7c", "take": [], "jolly": None, "kind": "lay"},
    {"card": "13s", "take": ["2d", "3b", "5c"], "jolly": "sweep", "kind": "capture"},
    {"card": "13s", "take": ["5c"], "jolly": 5, "kind": "capture"},
    {"card": "13s", "take": ["2d", "3b"], "jolly": 5, "kind": "capture"},
    {"card": "13s", "take": ["2d"], "jolly": 2, "kind": "capture"},
]
ACE_CAPTURES = {"card": "1c", "take": [], "jolly": None, "kind": "capture"}
"""A Foraccio asso on an empty table: it takes only itself."""
ACE_LAID = {"card": "1c", "take": [], "jolly": None, "kind": "lay"}
"""A Scopa asso on an empty table: it is laid."""


def scripted(*answers: str):
    """An ``ask`` that gives ``answers`` in turn, and a ``say`` that keeps what was said."""
    given, said = list(answers), []
    return (lambda prompt: given.pop(0)), said.append, said


def test_a_key_and_a_code_name_the_same_card():
    assert matching("1", HAND, MOVES) == matching("5d", HAND, MOVES) == MOVES[:2]


def test_the_notation_names_one_move():
    assert matching("5d+2d3b", HAND, MOVES) == [MOVES[1]]
    assert matching("13s=*+", HAND, MOVES) == [MOVES[3]]
    assert matching("13s=5", HAND, MOVES) == MOVES[4:6]
    assert matching("7c", HAND, MOVES) == [MOVES[2]]


def test_the_notation_names_a_lay_or_a_capture_by_the_moves_kind():
    assert matching("1c", ("1c",), [ACE_LAID]) == [ACE_LAID]
    assert matching("1c", ("1c",), [ACE_CAPTURES]) == [ACE_CAPTURES]
    assert matching("1c+", ("1c",), [ACE_CAPTURES]) == [ACE_CAPTURES]
    with pytest.raises(ValueError, match="1c\\+ is not a legal move now"):
        matching("1c+", ("1c",), [ACE_LAID])


@pytest.mark.parametrize(("text", "words"), [
    ("4", "There is no card 4: your keys go from 1 to 3."),
    ("9d", "You do not hold 9d (9 of coins)."),
    ("5d+9c", "5d+9c is not a legal move now."),
    ("hello", "'hello' is neither a key, a card nor a move; ? for help."),
])
def test_what_names_no_move_is_said_in_plain_words(text, words):
    with pytest.raises(ValueError) as raised:
        matching(text, HAND, MOVES)
    assert str(raised.value) == words


def test_several_captures_ask_which_way():
    ask, say, said = scripted("3", "2")
    assert narrow(MOVES[:2], ask, say) == MOVES[1]
    assert said[0] == "5d (5 of coins) can be played in 2 ways:"
    assert said[1:] == ["  1) takes the 5 of cups", "  2) takes the 2 of coins and the 3 of batons",
                        "Type a number from 1 to 2."]


def test_a_re_asks_sweep_or_which_value_then_which_way():
    ask, say, said = scripted("4", "5", "1")
    assert narrow(MOVES[3:], ask, say) == MOVES[4]
    assert said[0] == ("13s (king of swords): It is a wild card: choose the value it plays "
                       "as. Sweep: s, takes the 2 of coins, the 3 of batons and the 5 of cups; "
                       "or give it a value: 2, 5.")
    assert said[1] == "Type s, or one of 2, 5."
    ask, say, _ = scripted("s")
    assert narrow(MOVES[3:], ask, say) == MOVES[3]


def test_enter_goes_back_to_the_choice_of_card_and_q_quits():
    ask, say, _ = scripted("5d", "", "7c")
    assert read_move(ask, say, HAND, MOVES) == MOVES[2]
    ask, say, _ = scripted("q")
    with pytest.raises(Quit):
        read_move(ask, say, HAND, MOVES)


@pytest.mark.parametrize("answers", [("13s", "q"), ("13s", "5", "quit"), ("5d", "Q")])
def test_q_quits_at_the_re_s_question_and_at_which_way(answers):
    ask, say, _ = scripted(*answers)
    with pytest.raises(Quit):
        read_move(ask, say, HAND, MOVES)


def test_moves_and_events_in_words():
    bots = ("person", "random", "heuristic", "ismcts")
    assert move_words(MOVES[2]) == "lays it on the table"
    assert move_words(ACE_CAPTURES) == "takes only itself"
    assert move_words(ACE_LAID) == "lays it on the table"
    assert move_words(MOVES[4]) == "as a 5, takes the 5 of cups"
    sweep = {"type": "captured", "seat": 1, "card": "13s", "take": ["2d"], "jolly": "sweep"}
    assert event_words(sweep, bots) == (
        "Right (random) plays the king of swords: as a sweep, takes the 2 of coins.")
    assert event_words({"type": "laid", "seat": 0, "card": "7c"}, bots) == "You lay the 7 of cups."
    assert event_words({"type": "bonus", "seat": 2, "team": 0, "name": "scopa", "points": 7,
                        "card": "7c"}, bots) == "Scopa! 7 points for us (7 of cups)."
