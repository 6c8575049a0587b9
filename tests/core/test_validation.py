"""validate_state: a state from outside the engine is checked before use, and the
first inconsistency is named.

Each test starts from a consistent state and breaks exactly one thing.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core.cards import DECK
from core.errors import InvalidState
from core.model import Captured, HandRecord
from core.registry import variants
from core.testing import random_playout, scenario
from core.validation import validate_state

# Dealer seat 3, so seat 0 leads; seats 0 and 1 have played in this round and seat 2
# is to play: they hold one card fewer than seats 2 and 3.
HANDS = {0: ["10s"], 1: ["6c"], 2: ["8c", "9c"], 3: ["12c", "13c"]}
TABLE = ("5c", "3b", "2d")


@pytest.fixture
def mid_hand():
    return scenario(table=TABLE, hands=HANDS, turn=2)


def play_until(phase, variant="foraccio", seed=2):
    return next(step.after for step in random_playout(variant, seed) if step.after.phase == phase)


def invalid(state) -> str:
    with pytest.raises(InvalidState) as caught:
        validate_state(state)
    assert caught.value.code == "invalid_state"
    return caught.value.message


# --- what the engine makes is valid ---------------------------------------------------


@pytest.mark.parametrize("variant", sorted(variants()))
def test_every_state_of_a_random_match_is_valid(variant):
    for step in random_playout(variant, 4):
        validate_state(step.before)
        validate_state(step.after)


def test_a_hand_made_scenario_is_valid(mid_hand):
    validate_state(mid_hand)


# --- version, variant, options --------------------------------------------------------


def test_another_version_is_refused(mid_hand):
    assert invalid(replace(mid_hand, version=2)).startswith("State version 2 is not supported")


def test_an_unknown_variant_is_refused(mid_hand):
    assert "no variant 'scopone'" in invalid(replace(mid_hand, variant="scopone"))


def test_an_unknown_option_is_refused(mid_hand):
    options = {**mid_hand.options, "colour": True}
    assert "no option 'colour'" in invalid(replace(mid_hand, options=options))


def test_an_option_of_the_wrong_type_is_refused(mid_hand):
    options = {**mid_hand.options, "capture_required": 1}
    assert "must be a bool" in invalid(replace(mid_hand, options=options))


def test_every_option_must_be_listed(mid_hand):
    options = {name: value for name, value in mid_hand.options.items() if name != "target"}
    assert "'target' is missing" in invalid(replace(mid_hand, options=options))


# --- shape and cards ------------------------------------------------------------------


def test_there_are_four_hands(mid_hand):
    assert invalid(replace(mid_hand, hands=mid_hand.hands[:3])).startswith(
        "hands must hold 4 hands")


def test_there_are_two_piles(mid_hand):
    piles = (*mid_hand.piles, ())
    assert invalid(replace(mid_hand, piles=piles)).startswith("piles must hold 2 piles")


def test_a_card_twice_is_refused(mid_hand):
    table = (*TABLE, "8c")
    assert invalid(replace(mid_hand, table=table)).startswith(
        "8c appears more than once: in seat 2's hand and on the table")


def test_a_card_twice_in_one_place_is_refused(mid_hand):
    table = (*TABLE, "5c")
    assert invalid(replace(mid_hand, table=table)).startswith(
        "5c appears more than once: twice on the table")


def test_a_missing_card_is_refused(mid_hand):
    assert invalid(replace(mid_hand, table=TABLE[:2])).startswith("2d is missing")


def test_a_card_outside_the_deck_is_refused(mid_hand):
    table = (*TABLE[:2], "14d")
    assert invalid(replace(mid_hand, table=table)).startswith(
        "14d (on the table) is not a card of the foraccio deck")


# --- hand, record, dealer -------------------------------------------------------------


def test_a_state_has_a_hand_dealt(mid_hand):
    assert invalid(replace(mid_hand, hand=0)).startswith("hand must be at least 1")


def test_the_record_has_one_entry_per_hand(mid_hand):
    assert invalid(replace(mid_hand, hand=2)).startswith(
        "record must hold one entry per hand dealt")


def test_the_dealer_is_the_one_who_dealt_the_hand(mid_hand):
    assert invalid(replace(mid_hand, dealer=1)).startswith("dealer must be seat 3")


# --- phase ----------------------------------------------------------------------------


def test_a_hand_in_play_has_a_seat_to_play(mid_hand):
    assert invalid(replace(mid_hand, turn=None)).startswith("turn must name the seat to play")


def test_a_hand_in_play_has_no_winner(mid_hand):
    assert "phase must be game_over" in invalid(replace(mid_hand, winner=0))


def test_the_seat_to_play_holds_cards():
    state = scenario(table=TABLE, hands={0: [], 1: [], 2: [], 3: ["12c"]},
                     piles=[[c for c in DECK if c not in (*TABLE, "12c")], []], turn=1)
    assert invalid(state) == "Seat 1 is to play but holds no cards."


@pytest.mark.parametrize("phase", ["hand_over", "game_over"])
def test_after_a_hand_nobody_is_to_play(phase):
    state = play_until(phase)
    assert invalid(replace(state, turn=0)).startswith("turn must be null once the hand is over")


def test_after_a_hand_nobody_holds_cards():
    state = play_until("hand_over")
    pile, *_ = state.piles
    hands = ((pile[0],), (), (), ())
    piles = (pile[1:], state.piles[1])
    assert invalid(replace(state, hands=hands, piles=piles)).startswith(
        "Seat 0 still holds cards")


def test_after_a_hand_the_table_is_collected():
    state = play_until("hand_over")
    pile = state.piles[0]
    message = invalid(replace(state, table=(pile[0],), piles=(pile[1:], state.piles[1])))
    assert message.startswith("The table must be empty once the hand is over")


def test_a_match_is_over_only_with_a_winner():
    state = play_until("game_over")
    assert invalid(replace(state, winner=None)).startswith("phase is game_over but winner is null")


def test_a_match_with_a_winner_is_over():
    state = play_until("hand_over")
    assert invalid(replace(state, winner=1)).startswith("winner is team 1 but phase is hand_over")


# --- hand sizes -----------------------------------------------------------------------


@pytest.mark.parametrize("turn", [0, 1, 3])
def test_hand_sizes_follow_the_turn(mid_hand, turn):
    assert "should hold" in invalid(replace(mid_hand, turn=turn))


def test_a_seat_with_a_card_too_many_is_refused(mid_hand):
    hands = (("10s",), ("6c",), ("8c", "9c"), ("12c", "13c", "1d"))
    piles = tuple(tuple(c for c in pile if c != "1d") for pile in mid_hand.piles)
    message = invalid(replace(mid_hand, hands=hands, piles=piles))
    assert message.startswith("Seat 3 holds 3 cards but should hold 2")


def test_at_the_start_of_a_round_every_hand_is_the_same_size(mid_hand):
    hands = (("10s", "4c"), ("6c", "7c"), ("8c", "9c"), ("12c", "13c"))
    piles = tuple(tuple(c for c in pile if c not in ("4c", "7c")) for pile in mid_hand.piles)
    validate_state(replace(mid_hand, hands=hands, piles=piles, turn=0))


# --- last capturer, scores, record ----------------------------------------------------


def test_no_last_capturer_before_a_capture(mid_hand):
    assert invalid(replace(mid_hand, last_capturer=1)).startswith(
        "last_capturer must be null: nobody has captured in this hand")


def test_the_last_capturer_made_the_last_capture(mid_hand):
    captures = (Captured(seat=0, card="4c", take=("4b",)), Captured(seat=1, card="7c",
                                                                      take=("7b",)))
    state = replace(mid_hand, events=(*mid_hand.events, *captures))
    validate_state(replace(state, last_capturer=1))
    assert invalid(replace(state, last_capturer=0)).startswith("last_capturer must be seat 1")
    assert invalid(replace(state, last_capturer=None)).startswith("last_capturer must be seat 1")


def test_scores_are_not_negative(mid_hand):
    assert invalid(replace(mid_hand, scores=(3, -1))).startswith("scores must not be negative")


def test_every_recorded_deck_is_a_shuffle_of_the_deck(mid_hand):
    deck = (*DECK[:-1], DECK[0])
    record = (HandRecord(dealer=3, cut=1, deck=deck),)
    assert invalid(replace(mid_hand, record=record)).startswith(
        "The deck recorded for hand 1 must hold every card")


def test_a_recorded_deck_with_a_card_short_is_refused(mid_hand):
    record = (HandRecord(dealer=3, cut=1, deck=DECK[1:]),)
    assert "hand 1" in invalid(replace(mid_hand, record=record))
