"""validate_state: a state from outside the engine (its wire form) is accepted only
if the engine reaches it, and the first inconsistency is named.

Each test starts from a state the engine made and breaks exactly one thing.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from foraccio.core import engine
from foraccio.core.errors import InvalidState
from foraccio.core.registry import variants
from foraccio.core.testing import find_step, random_playout, scenario
from foraccio.core.validation import validate_state
from foraccio.core.wire import to_wire


def new_match(variant, seed):
    return to_wire(engine.new_match(variant, seed))


def _mid_hand_step(step) -> bool:
    # Hand 2, two seats into a round, with captures made and cards on the table.
    state = step.after
    return (state.hand == 2 and state.phase == "playing" and len(state.table) >= 3
            and state.last_capturer is not None and len(state.hands[state.turn]) == 6
            and (state.turn - state.dealer) % 4 == 3)


MID_HAND = to_wire(find_step("foraccio", _mid_hand_step).after)
"""A state the engine made: in hand 2, the two seats from the dealer's right have played
in this round and hold one card fewer than the seat to play."""


@pytest.fixture
def mid_hand():
    return MID_HAND


def play_until(phase, variant="foraccio", seed=2):
    return to_wire(next(step.after for step in random_playout(variant, seed)
                        if step.after.phase == phase))


def invalid(state) -> str:
    with pytest.raises(InvalidState) as caught:
        validate_state(state)
    assert caught.value.code == "invalid_state"
    return caught.value.message


# --- what the engine makes is valid ---------------------------------------------------


@pytest.mark.parametrize("variant", sorted(variants()))
def test_every_state_of_a_random_match_is_valid(variant):
    for step in random_playout(variant, 4):
        assert validate_state(to_wire(step.after)) == step.after


def test_a_hand_made_scenario_is_not_reachable():
    # Cards placed by hand, as rule tests do, are not where the seed deals them.
    hands = {seat: [card] for seat, card in enumerate(("10s", "9s", "8s", "7s"))}
    assert "is recorded as cut at 1" in invalid(to_wire(scenario(table=["5c"], hands=hands)))


# --- version, variant, options --------------------------------------------------------


def test_another_version_is_refused(mid_hand):
    # Version 1 carried the whole history; this server reads only version 2.
    assert invalid(replace(mid_hand, version=1)).startswith("State version 1 is not supported")


def test_an_unknown_variant_is_refused(mid_hand):
    assert "no variant 'scopone'" in invalid(replace(mid_hand, variant="scopone"))


def test_an_unknown_option_is_refused(mid_hand):
    options = {**mid_hand.options, "colour": True}
    assert "no option 'colour'" in invalid(replace(mid_hand, options=options))


def test_an_option_of_the_wrong_type_is_refused(mid_hand):
    options = {**mid_hand.options, "capture_required": 1}
    assert "must be true or false" in invalid(replace(mid_hand, options=options))


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


def _moved(state, card):
    """``state`` with ``card`` put on the table too, wherever else it is."""
    return replace(state, table=(*state.table, card))


def test_a_card_twice_is_refused(mid_hand):
    held = mid_hand.hands[mid_hand.turn][0]
    assert invalid(_moved(mid_hand, held)).startswith(
        f"{held} appears more than once: in seat {mid_hand.turn}'s hand and on the table")


def test_a_card_twice_in_one_place_is_refused(mid_hand):
    card = mid_hand.table[0]
    assert invalid(_moved(mid_hand, card)).startswith(
        f"{card} appears more than once: twice on the table")


def test_a_missing_card_is_refused(mid_hand):
    missing = mid_hand.table[-1]
    assert invalid(replace(mid_hand, table=mid_hand.table[:-1])).startswith(
        f"{missing} is missing")


def test_a_card_outside_the_deck_is_refused(mid_hand):
    table = (*mid_hand.table[:-1], "14d")
    assert invalid(replace(mid_hand, table=table)).startswith(
        "14d (on the table) is not a card of the foraccio deck")


# --- hand, record, dealer -------------------------------------------------------------


def test_a_state_has_a_hand_dealt(mid_hand):
    assert invalid(replace(mid_hand, hand=0)).startswith("hand must be at least 1")


def test_the_record_has_one_entry_per_hand(mid_hand):
    assert invalid(replace(mid_hand, hand=3)).startswith(
        "record must hold one entry per hand dealt")


def test_the_dealer_is_the_one_who_dealt_the_hand(mid_hand):
    for step in (1, 2, 3):
        # Another dealer puts the hand sizes out of step with the turn, or else is not
        # the dealer the engine reaches.
        assert invalid(replace(mid_hand, dealer=(mid_hand.dealer + step) % 4))


# --- phase ----------------------------------------------------------------------------


def test_a_hand_in_play_has_a_seat_to_play(mid_hand):
    assert invalid(replace(mid_hand, turn=None)).startswith("turn must name the seat to play")


def test_a_hand_in_play_has_no_winner(mid_hand):
    assert "phase must be game_over" in invalid(replace(mid_hand, winner=0))


def test_the_seat_to_play_holds_cards():
    state = to_wire(find_step("foraccio", lambda step: sum(map(len, step.after.hands)) == 1).after)
    empty = (state.turn + 1) % 4
    assert invalid(replace(state, turn=empty)) == f"Seat {empty} is to play but holds no cards."


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


@pytest.mark.parametrize("step", [1, 2, 3])
def test_hand_sizes_follow_the_turn(mid_hand, step):
    assert "should hold" in invalid(replace(mid_hand, turn=(mid_hand.turn + step) % 4))


def test_a_seat_with_a_card_too_many_is_refused(mid_hand):
    seat = mid_hand.turn
    card = mid_hand.table[0]
    hands = tuple((*held, card) if other == seat else held
                  for other, held in enumerate(mid_hand.hands))
    message = invalid(replace(mid_hand, hands=hands, table=mid_hand.table[1:]))
    assert " cards but should hold " in message


# --- last capturer, match over, reachability ------------------------------------------


def test_no_last_capturer_before_a_capture():
    state = new_match("foraccio", 3)
    assert invalid(replace(state, last_capturer=1)).startswith(
        "state.last_capturer is not what the engine reaches")


def test_the_last_capturer_made_the_last_capture(mid_hand):
    other = (mid_hand.last_capturer + 1) % 4
    for edited in (other, None):
        assert invalid(replace(mid_hand, last_capturer=edited)).startswith(
            "state.last_capturer is not what the engine reaches")


def test_a_team_at_the_target_has_won_and_the_match_is_over():
    # docs/rules.md §9.2: scores [500, 600] cannot be played on.
    state = play_until("hand_over")
    for scores, team in (((500, 600), 1), ((500, 3), 0)):
        for phase_state in (state, new_match("foraccio", 3)):
            message = invalid(replace(phase_state, scores=scores))
            assert message.startswith(f"Team {team} has {scores[team]} points, at or over "
                                      f"the target 71: it has won and the match is over")


def test_scores_must_add_up_the_recorded_hand_points():
    state = play_until("hand_over")
    edited = replace(state, scores=(state.scores[0] + 1, state.scores[1]))
    assert invalid(edited).startswith("state.scores[0] is not what the engine reaches")


def test_a_state_relabelled_as_the_other_variant_is_refused():
    foraccio, zobelon = new_match("foraccio", 5), new_match("zobelon", 5)
    for state, other in ((foraccio, zobelon), (zobelon, foraccio)):
        relabelled = replace(state, variant=other.variant, options=other.options)
        assert invalid(relabelled)


def test_table_cards_moved_into_a_pile_without_a_capture_are_refused(mid_hand):
    moved = mid_hand.table[0]
    team = (mid_hand.turn + 1) % 2
    piles = tuple((*pile, moved) if index == team else pile
                  for index, pile in enumerate(mid_hand.piles))
    message = invalid(replace(mid_hand, table=mid_hand.table[1:], piles=piles))
    # The first difference found is the card missing from the table, where it lies.
    assert message.startswith("state.table is not what the engine reaches")


def test_the_current_hands_record_cannot_be_edited(mid_hand):
    current = mid_hand.record[-1]
    invented = mid_hand.record[0].moves.split()[0]
    for edited in (replace(current, points=(3, 4)), replace(current, moves=invented),
                   replace(current, cut=current.cut % 51 + 1)):
        record = (*mid_hand.record[:-1], edited)
        assert invalid(replace(mid_hand, record=record))


def test_a_finished_hands_record_cannot_be_edited(mid_hand):
    first = mid_hand.record[0]
    for edited in (replace(first, points=(first.points[1], first.points[0])),
                   replace(first, moves=" ".join(first.moves.split()[::-1])),
                   replace(first, cut=first.cut % 51 + 1)):
        assert invalid(replace(mid_hand, record=(edited, *mid_hand.record[1:])))


def test_an_invented_move_is_refused(mid_hand):
    # A card laid is said to have captured (taking nothing), in the middle of the hand.
    current = mid_hand.record[-1]
    played = current.moves.split()
    at = next(index for index, word in enumerate(played) if "+" not in word)
    played[at] += "+"
    edited = replace(current, moves=" ".join(played))
    message = invalid(replace(mid_hand, record=(*mid_hand.record[:-1], edited)))
    assert message.startswith(f"Move {at + 1} of hand 2")


@pytest.mark.parametrize("cut", [-5, 0, 52, 2**62])
def test_a_recorded_cut_out_of_range_is_refused(mid_hand, cut):
    with pytest.raises((InvalidState, ValueError)):
        record = (*mid_hand.record[:-1], replace(mid_hand.record[-1], cut=cut))
        validate_state(replace(mid_hand, record=record))


def test_a_foraccio_table_never_holds_an_ace_nor_two_cards_of_one_rank(mid_hand):
    # With compulsory capture an ace takes everything and a card takes its equal.
    for ace in ("1c", "1d", "1b", "1s"):
        if ace in mid_hand.table:
            continue
        place = next(seat for seat, held in enumerate(mid_hand.hands) if ace in held) \
            if any(ace in held for held in mid_hand.hands) else None
        if place is None:
            continue
        hands = tuple(tuple(c for c in held if c != ace) for held in mid_hand.hands)
        assert invalid(replace(mid_hand, hands=hands, table=(*mid_hand.table, ace)))
