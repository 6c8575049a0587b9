"""The deck and the table, as a specification (foraccio_scopa.deck, foraccio_scopa.seating):
40 cards, the figures worth 8, 9 and 10; two, three or four players."""

from __future__ import annotations

import pytest
from foraccio_scopa.deck import SCOPA_DECK, VALUES

from foraccio.core.cards import RANK, SUITS
from foraccio.core.engine import new_match, rules_of
from foraccio.core.errors import InvalidOptions
from foraccio.core.rules import PARTNERS_OPPOSITE


def test_the_deck_holds_asso_to_7_and_the_three_figures_of_each_suit():
    assert len(SCOPA_DECK) == len(set(SCOPA_DECK)) == 40
    assert {RANK[card] for card in SCOPA_DECK} == {1, 2, 3, 4, 5, 6, 7, 11, 12, 13}
    assert {card[-1] for card in SCOPA_DECK} == set(SUITS)


def test_a_match_is_dealt_from_those_40_cards():
    state = new_match("scopa", 0)

    assert sorted(state.record[-1].deck) == sorted(SCOPA_DECK)


def test_a_number_card_is_worth_its_rank_and_the_figures_8_9_and_10():
    assert [VALUES[f"{rank}d"] for rank in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)] == list(
        range(1, 11))


def test_the_table_is_kept_in_order_of_value():
    rules = rules_of(new_match("scopa", 0))

    assert sorted(("13c", "7d", "11b", "12s", "1c"), key=rules.table_order.__getitem__) == [
        "1c", "7d", "11b", "12s", "13c"]


def test_two_players_play_each_for_themselves_by_default():
    seating = rules_of(new_match("scopa", 0)).seating

    assert (seating.seats, seating.teams, seating.order) == (2, ((0,), (1,)), (0, 1))


def test_three_players_play_each_for_themselves():
    seating = rules_of(new_match("scopa", 0, {"players": 3})).seating

    assert (seating.seats, seating.teams) == (3, ((0,), (1,), (2,)))


def test_four_players_play_in_partnerships_partners_opposite():
    assert rules_of(new_match("scopa", 0, {"players": 4})).seating == PARTNERS_OPPOSITE


@pytest.mark.parametrize("players", [1, 5, 6])
def test_no_other_number_of_players_is_accepted(players):
    with pytest.raises(InvalidOptions):
        new_match("scopa", 0, {"players": players})
