"""Zobelon's rules (docs/rules.md §8) and its worked examples (§13.10 to §13.13)."""

from __future__ import annotations

import random

import pytest

from foraccio.core.cards import DECK, RANK
from foraccio.core.engine import legal_moves, new_match, play
from foraccio.core.errors import IllegalMove, Reason
from foraccio.core.model import Bonus, Captured, HandScored, Move
from foraccio.core.registry import get_variant
from foraccio.core.registry.guards import Owner
from foraccio.core.registry.rule_guards import guarded_play_rule
from foraccio.core.testing import scenario
from foraccio.variants.foraccio.capture_options import hand_moves, hand_moves_laying_any
from foraccio.variants.zobelon.jolly_moves import KINGS, with_jolly_kings
from tests.helpers import bonuses, outcomes, take


def seat_0_to_play(table, hand, **options):
    """Seat 0 to play from ``hand`` on ``table``; seat 1 still holds a card, so the
    hand goes on after seat 0's play."""
    used = {*table, *hand}
    spare = next(card for card in ("7s", "7d", "7c", "7b") if card not in used)
    return scenario(variant="zobelon", table=table, hands={0: hand, 1: [spare]}, turn=0,
                    options=options)


# --- the deal (docs/rules.md §8.2) ----------------------------------------------------


def test_twelve_cards_each_in_two_rounds_of_six_from_the_dealers_right_four_on_the_table():
    state = new_match("zobelon", seed=7)
    deck = state.record[-1].deck
    for place in range(4):
        seat = (state.dealer + 1 + place) % 4
        first_round = deck[6 * place:6 * place + 6]
        second_round = deck[24 + 6 * place:24 + 6 * place + 6]
        assert sorted(state.hands[seat]) == sorted(first_round + second_round)
    assert sorted(state.table) == sorted(deck[48:])
    assert state.turn == (state.dealer + 1) % 4


def test_the_table_custom_deals_twelve_each_in_one_round():
    state = new_match("zobelon", seed=7, options={"deal_scheme": "12"})
    deck = state.record[-1].deck
    for place in range(4):
        seat = (state.dealer + 1 + place) % 4
        assert sorted(state.hands[seat]) == sorted(deck[12 * place:12 * place + 12])
    assert sorted(state.table) == sorted(deck[48:])


def test_zobelon_options_default_to_the_rules_decisions():
    """docs/rules.md §11: each option's default is the engine's choice."""
    defaults = {spec.name: spec.default for spec in get_variant("zobelon").options}
    assert defaults == {
        "deal_scheme": "6-6",
        "target": 121,
        "deal_passes_to": "right",
        "capture_required": True,
        "last_play_scopa": True,
        "lone_ace_captures": True,
        "king_scopa_value": "declared",
        "king_colore_value": "declared",
    }


# --- table aces and kings (docs/rules.md §8.3) ------------------------------------------


def test_a_table_ace_counts_one_in_a_sum():
    """docs/rules.md §8.3 and the worked example §13.12."""
    state = seat_0_to_play(["1c", "4d", "5b"], ["5s"])
    assert outcomes(state, "5s") == {(take("5b"), None), (take("1c", "4d"), None)}


def test_a_table_king_is_not_taken_by_a_number_card_nor_part_of_a_sum():
    state = seat_0_to_play(["13d", "6c"], ["6s"])
    assert outcomes(state, "6s") == {(take("6c"), None)}


def test_a_played_ace_still_sweeps_a_table_holding_an_ace_and_a_king():
    state = seat_0_to_play(["1c", "13d", "5b"], ["1s"])
    assert outcomes(state, "1s") == {(take("1c", "13d", "5b"), None)}
    after, events = play(state, Move("1s", ("1c", "13d", "5b")))
    assert after.table == ()
    assert bonuses(events) == []


def test_a_played_king_takes_a_table_king_only_by_sweeping_or_as_13():
    state = seat_0_to_play(["13d", "6c"], ["13s"])
    assert outcomes(state, "13s") == {
        (take("13d", "6c"), "sweep"),
        (take("6c"), 6),
        (take("13d"), 13),
    }


# --- kings are jolly (docs/rules.md §8.4, §8.5, §5.4) ---------------------------------


def test_a_king_sweeps_or_captures_as_any_value_it_is_given():
    """docs/rules.md §8.4 and the worked example §13.13."""
    # Given 1 it takes one table ace (a king is not an ace); given 2 to 10, one card
    # or a sum of that value.
    state = seat_0_to_play(["1c", "1d", "3b"], ["13s"])
    assert outcomes(state, "13s") == {
        (take("1c", "1d", "3b"), "sweep"),
        (take("1c"), 1),
        (take("1d"), 1),
        (take("1c", "1d"), 2),
        (take("3b"), 3),
        (take("1c", "3b"), 4),
        (take("1d", "3b"), 4),
        (take("1c", "1d", "3b"), 5),
    }


def test_a_king_given_a_figures_value_takes_one_figure_never_a_sum():
    state = seat_0_to_play(["6c", "5d", "11b", "12b"], ["13s"])
    assert outcomes(state, "13s") == {
        (take("6c", "5d", "11b", "12b"), "sweep"),
        (take("5d"), 5),
        (take("6c"), 6),
        (take("11b"), 11),
        (take("12b"), 12),
    }


def test_a_king_on_an_empty_table_takes_only_itself_and_it_is_not_a_scopa():
    state = seat_0_to_play([], ["13s", "5c"])
    assert [move for move in legal_moves(state) if move.card == "13s"] == [
        Move("13s", (), "sweep")
    ]
    after, events = play(state, Move("13s", (), "sweep"))
    assert after.table == ()
    assert "13s" in after.piles[0]
    assert after.last_capturer == 0
    assert bonuses(events) == []


@pytest.mark.parametrize(("lone_ace_captures", "collecting_team"), [(True, 0), (False, 1)])
def test_a_king_on_an_empty_table_counts_as_a_capture_like_a_lone_ace(lone_ace_captures,
                                                                        collecting_team):
    # Seat 0's king takes only itself, seat 1 lays the hand's last card: it goes to
    # the last capturer's team, or, when a lone ace is no capture, to the dealer's.
    state = scenario(variant="zobelon", hands={0: ["13s"], 1: ["5c"]}, turn=0, dealer=3,
                     options={"lone_ace_captures": lone_ace_captures})
    state, _ = play(state, Move("13s", (), "sweep"))
    state, _ = play(state, Move("5c"))
    assert "5c" in state.piles[collecting_team]


def test_a_king_is_never_laid_on_the_table():
    state = seat_0_to_play(["5c"], ["13s"])
    with pytest.raises(IllegalMove) as refused:
        play(state, Move("13s"))
    assert refused.value.reason == Reason.CAPTURE_REQUIRED


def test_a_king_is_never_laid_even_where_capture_is_optional():
    state = seat_0_to_play(["5c"], ["13s", "5d"], capture_required=False)
    assert Move("5d") in legal_moves(state)
    assert Move("13s") not in legal_moves(state)


def test_a_king_sweep_and_a_declared_value_taking_the_same_cards_are_two_moves():
    state = seat_0_to_play(["6d", "2c"], ["13s"])
    whole_table = [move.jolly for move in legal_moves(state)
                   if frozenset(move.take) == take("6d", "2c")]
    assert sorted(whole_table, key=str) == [8, "sweep"]


def test_legal_moves_list_each_outcome_once_for_each_king():
    state = seat_0_to_play(["1c", "2d", "3b", "5c", "5d"], ["13s", "13b"])
    moves = legal_moves(state)
    assert len({(move.card, frozenset(move.take), move.jolly) for move in moves}) == len(moves)
    assert outcomes(state, "13s") == outcomes(state, "13b")


def test_a_scopa_by_a_king_given_a_value_is_worth_that_value():
    state = seat_0_to_play(["10c"], ["13s"])
    _, events = play(state, Move("13s", ("10c",), 10))
    assert bonuses(events) == [("scopa", 10)]


def test_a_house_rule_makes_a_kings_scopa_worth_13():
    state = seat_0_to_play(["6d", "2c"], ["13s"], king_scopa_value="rank")
    _, events = play(state, Move("13s", ("6d", "2c"), 8))
    assert bonuses(events) == [("scopa", 13)]


# --- colore (docs/rules.md §8.6) ------------------------------------------------------


def test_a_capture_all_in_the_capturing_cards_suit_is_a_colore_worth_its_value():
    state = seat_0_to_play(["3d", "4d", "2b"], ["7d"])
    _, events = play(state, Move("7d", ("3d", "4d")))
    assert bonuses(events) == [("colore", 7)]


def test_a_capture_with_a_card_of_another_suit_is_no_colore():
    state = seat_0_to_play(["3d", "4b", "2b"], ["7d"])
    _, events = play(state, Move("7d", ("3d", "4b")))
    assert bonuses(events) == []


def test_a_capture_can_be_both_a_scopa_and_a_colore():
    state = seat_0_to_play(["5b", "4b"], ["9b"])
    _, events = play(state, Move("9b", ("5b", "4b")))
    assert bonuses(events) == [("colore", 9), ("scopa", 9)]


def test_a_captures_bonuses_come_in_plugin_order_and_so_do_their_score_lines():
    # docs/plugins.md: capture effects apply in plugin order; Foraccio's scopa plugin
    # comes before Zobelon's colore, so the scopa is awarded first, and the hand's
    # score lines, which add up the bonuses as they were awarded, follow.
    names = [plugin.__name__ for plugin in get_variant("zobelon").plugins]
    assert (names.index("foraccio.variants.foraccio.scopa")
            < names.index("foraccio.variants.zobelon.colore"))
    state, events = play(seat_0_to_play(["5b", "4b"], ["9b"]), Move("9b", ("5b", "4b")))
    assert [(event.name, event.points) for event in events if isinstance(event, Bonus)] \
        == [("scopa", 9), ("colore", 9)]
    while state.phase == "playing":
        state, more = play(state, legal_moves(state)[0])
        events += more
    (scored,) = [event for event in events if isinstance(event, HandScored)]
    assert [line.name for line in scored.lines if line.name in ("scopa", "colore")] \
        == ["scopa", "colore"]


def test_an_ace_sweeping_its_own_suit_makes_a_colore_worth_1_and_no_scopa():
    state = seat_0_to_play(["5b", "4b"], ["1b"])
    _, events = play(state, Move("1b", ("5b", "4b")))
    assert bonuses(events) == [("colore", 1)]


def test_a_colore_by_a_king_given_a_value_is_worth_that_value():
    state = seat_0_to_play(["5b", "4b", "7c"], ["13b"])
    _, events = play(state, Move("13b", ("5b", "4b"), 9))
    assert bonuses(events) == [("colore", 9)]


def test_a_colore_by_a_sweeping_king_is_worth_13_and_no_scopa():
    state = seat_0_to_play(["5b", "4b"], ["13b"])
    _, events = play(state, Move("13b", ("5b", "4b"), "sweep"))
    assert bonuses(events) == [("colore", 13)]


def test_a_house_rule_makes_a_kings_colore_worth_13():
    state = seat_0_to_play(["5b", "4b", "7c"], ["13b"], king_colore_value="rank")
    _, events = play(state, Move("13b", ("5b", "4b"), 9))
    assert bonuses(events) == [("colore", 13)]


def test_a_king_on_an_empty_table_makes_no_colore():
    state = seat_0_to_play([], ["13b"])
    _, events = play(state, Move("13b", (), "sweep"))
    assert bonuses(events) == []


# --- the match (docs/rules.md §8.7, §9.1) ---------------------------------------------


def last_play_of_a_hand(scores):
    """Seat 0 lays the hand's last card; team 0 holds the 2 of spade (1 point), team 1
    every other card (44 points at most)."""
    rest = [card for card in DECK if card not in {"5c", "7d", "2s"}]
    return scenario(variant="zobelon", table=["7d"], hands={0: ["5c"]}, turn=0,
                    piles=(["2s"], rest), scores=scores)


def test_reaching_71_does_not_win_a_zobelon_match():
    after, _ = play(last_play_of_a_hand((100, 0)), Move("5c"))
    assert after.phase == "hand_over"
    assert after.scores[0] > 100


def test_the_first_team_to_reach_121_wins():
    after, _ = play(last_play_of_a_hand((120, 0)), Move("5c"))
    assert after.phase == "game_over"
    assert after.winner == 0
    assert after.scores[0] >= 121 > after.scores[1]


# --- the worked examples (docs/rules.md §13.10, §13.11) -------------------------------


def test_example_10_a_colore_that_leaves_a_card_is_no_scopa():
    """docs/rules.md §13.10."""
    state = seat_0_to_play(["5b", "4b", "7c"], ["9b"])
    after, events = play(state, Move("9b", ("5b", "4b")))
    assert bonuses(events) == [("colore", 9)]
    assert after.table == ("7c",)


def test_example_11_a_king_given_8_makes_a_scopa_worth_8():
    """docs/rules.md §13.11."""
    state = seat_0_to_play(["6d", "2c"], ["13s"])
    after, events = play(state, Move("13s", ("6d", "2c"), 8))
    assert after.table == ()
    assert bonuses(events) == [("scopa", 8)]


def test_example_11_a_king_sweeping_the_same_table_makes_no_scopa():
    """docs/rules.md §13.11."""
    state = seat_0_to_play(["6d", "2c"], ["13s"])
    after, events = play(state, Move("13s", ("6d", "2c"), "sweep"))
    assert after.table == ()
    assert {"6d", "2c", "13s"} <= set(after.piles[0])
    [captured] = [event for event in events if isinstance(event, Captured)]
    assert (captured.card, set(captured.take), captured.jolly) == ("13s", {"6d", "2c"}, "sweep")
    assert bonuses(events) == []


@pytest.mark.parametrize(("table", "card", "captures"), [
    (["5c", "3b", "2d"], "10s", {take("5c", "3b", "2d")}),
    (["5c", "3b", "2d"], "5d", {take("5c"), take("3b", "2d")}),
    (["12c", "4d"], "12s", {take("12c")}),
    (["7b", "6c"], "1d", {take("7b", "6c")}),
])
def test_foraccios_captures_hold_in_zobelon_for_cards_other_than_kings(table, card, captures):
    """docs/rules.md §8.1: Foraccio's captures (§4.2) for every card but the re."""
    assert outcomes(seat_0_to_play(table, [card]), card) == {(cards, None) for cards in captures}


# --- the kings' captures read from Foraccio's capture plans -------------------------


@pytest.mark.parametrize("foraccio_rule", [hand_moves, hand_moves_laying_any])
def test_a_kings_captures_read_from_the_plans_are_those_the_wrapped_rule_lists(foraccio_rule):
    """Over Foraccio's own rule the kings' captures come from its capture plans; over any
    other rule, from what that rule lists for a card of each value. Over a rule that
    captures as Foraccio's (but is not it), both ways list the same moves in the same
    order, on the tables of seeded deals with aces and kings among them."""
    guarded = guarded_play_rule(foraccio_rule, Owner("variant", "zobelon", None))
    assert guarded.__wrapped__ is foraccio_rule  # what with_jolly_kings knows it by
    on_plans = with_jolly_kings(guarded)
    generic = with_jolly_kings(lambda hand, table: foraccio_rule(hand, table))
    rng = random.Random(34)
    for _ in range(400):
        deck = list(DECK)
        rng.shuffle(deck)
        table = tuple(sorted(deck[:rng.randrange(0, 9)], key=lambda card: (RANK[card], card)))
        hand = tuple(deck[9:9 + rng.randrange(1, 13)])
        if KINGS.isdisjoint(hand):
            hand += (next(card for card in deck[9:] if card in KINGS),)
        assert on_plans(hand, table) == generic(hand, table), (hand, table)
