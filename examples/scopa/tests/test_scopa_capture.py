"""What a played card captures, as a specification (foraccio_scopa.capture): one card of
its value, else a set adding up to it, compulsorily; the asso is an ordinary card."""

from __future__ import annotations

from functools import partial

import pytest

from foraccio.core.engine import legal_moves, play
from foraccio.core.errors import IllegalMove
from foraccio.core.model import Captured, Laid, Move
from foraccio.core.testing import scenario

scopa_scenario = partial(scenario, variant="scopa")


def moves(hand, table):
    """The legal moves of seat 0 holding ``hand`` on ``table``, each as (card, set taken)."""
    state = scopa_scenario(hands=[hand], table=table, turn=0)
    return {(move.card, frozenset(move.take)) for move in legal_moves(state)}


def test_a_card_takes_a_table_card_of_its_value():
    assert moves(["5c"], ["5d", "2b"]) == {("5c", frozenset({"5d"}))}


def test_among_several_cards_of_its_value_the_player_chooses_one():
    assert moves(["5c"], ["5d", "5s", "1b"]) == {
        ("5c", frozenset({"5d"})), ("5c", frozenset({"5s"}))}


def test_without_a_card_of_its_value_it_takes_a_set_adding_up_to_it():
    assert moves(["6c"], ["1d", "2b", "4s", "5c"]) == {
        ("6c", frozenset({"2b", "4s"})), ("6c", frozenset({"1d", "5c"}))}


def test_a_sum_may_take_three_cards_or_more():
    assert moves(["7c"], ["1d", "2b", "4s"]) == {("7c", frozenset({"1d", "2b", "4s"}))}


def test_a_card_of_its_value_comes_before_any_sum():
    # 6b is there, so 6c may not take 2b + 4s.
    assert moves(["6c"], ["2b", "4s", "6b"]) == {("6c", frozenset({"6b"}))}


@pytest.mark.parametrize(("figure", "value"), [("11c", 8), ("12c", 9), ("13c", 10)])
def test_the_figures_are_worth_8_9_and_10(figure, value):
    table = ["3d", f"{value - 3}b"]
    assert moves([figure], table) == {(figure, frozenset(table))}


def test_a_figure_takes_a_figure_of_its_own_value():
    assert moves(["12c"], ["12d", "4b", "5s"]) == {("12c", frozenset({"12d"}))}


def test_a_card_that_can_capture_may_not_be_laid():
    state = scopa_scenario(hands=[["5c", "2d"]], table=["5d"], turn=0)

    assert Move("5c") not in legal_moves(state)
    with pytest.raises(IllegalMove):
        play(state, Move("5c"))


def test_a_card_that_cannot_capture_is_laid_even_when_another_card_could_capture():
    state = scopa_scenario(hands=[["5c", "2d"]], table=["5d"], turn=0)

    after, events = play(state, Move("2d"))

    assert events == (Laid(0, "2d"),)
    assert after.table == ("2d", "5d")


def test_on_an_empty_table_every_card_is_laid():
    assert moves(["1c", "7d", "13s"], []) == {
        ("1c", frozenset()), ("7d", frozenset()), ("13s", frozenset())}


def test_the_asso_is_an_ordinary_card_it_does_not_sweep():
    assert moves(["1c"], ["1d", "4b"]) == {("1c", frozenset({"1d"}))}
    assert moves(["1c"], ["3d", "4b"]) == {("1c", frozenset())}  # laid


def test_no_sum_goes_above_the_highest_value():
    assert moves(["13c"], ["7d", "6b"]) == {("13c", frozenset())}  # 13 is no card's value


def test_a_capture_takes_the_cards_to_the_players_team():
    state = scopa_scenario(hands=[["12c"], ["2d"]], table=["1s", "3d", "6b"], turn=0,
                           piles=[[], []])

    after, events = play(state, Move("12c", ("3d", "6b")))

    assert events[0] == Captured(0, "12c", ("3d", "6b"))
    assert after.table == ("1s",)
    assert sorted(after.piles[0]) == sorted(["12c", "3d", "6b"])
