"""Scoring a hand, as a specification (foraccio_scopa.scoring): carte, denari, settebello
and primiera are worth a point each, a tie scores nobody; every scopa is worth 1."""

from __future__ import annotations

from functools import partial

import pytest
from foraccio_scopa.deck import SCOPA_DECK
from foraccio_scopa.scoring.primiera import best_of_each_suit, primiera

from foraccio.core.engine import score_hand
from foraccio.core.model import Bonus, ScoreLine
from foraccio.core.testing import scenario

DENARI = tuple(card for card in SCOPA_DECK if card.endswith("d"))

scopa_scenario = partial(scenario, variant="scopa")


def lines(pile_0, pile_1=None, **given):
    """The score lines of a hand where team 0 took ``pile_0`` and team 1 ``pile_1`` (by
    default every other card)."""
    if pile_1 is None:
        pile_1 = [card for card in SCOPA_DECK if card not in pile_0]
    return score_hand(scopa_scenario(piles=[pile_0, pile_1], **given))


def named(name, scored):
    return [line for line in scored if line.name == name]


def cards_with(wanted, count, avoiding=()):
    """``wanted`` and enough other cards (none of ``avoiding``) to make ``count``."""
    others = [card for card in SCOPA_DECK if card not in wanted and card not in avoiding]
    return [*wanted, *others[:count - len(wanted)]]


# --- carte ---------------------------------------------------------------------------


def test_carte_goes_to_the_team_with_more_than_half_the_cards():
    assert named("carte", lines(cards_with((), 21))) == [ScoreLine(team=0, name="carte",
                                                                    points=1)]
    assert named("carte", lines(cards_with((), 19))) == [ScoreLine(team=1, name="carte",
                                                                    points=1)]


def test_carte_at_20_each_scores_nobody():
    assert named("carte", lines(cards_with((), 20))) == []


# --- denari --------------------------------------------------------------------------


def test_denari_goes_to_the_team_with_the_most_coins():
    held = DENARI[:6]

    assert named("denari", lines(cards_with(held, 20, DENARI))) == [
        ScoreLine(team=0, name="denari", points=1, cards=held)]


def test_denari_at_5_each_scores_nobody():
    assert named("denari", lines(cards_with(DENARI[:5], 20, DENARI))) == []


# --- settebello ----------------------------------------------------------------------


@pytest.mark.parametrize("team", [0, 1])
def test_the_settebello_scores_a_point_for_the_team_that_took_it(team):
    pile = cards_with(("7d",), 20) if team == 0 else cards_with((), 20, ("7d",))

    assert named("settebello", lines(pile)) == [
        ScoreLine(team=team, name="settebello", points=1, cards=("7d",))]


# --- primiera ------------------------------------------------------------------------


def test_a_primiera_adds_the_best_card_of_each_suit():
    best = best_of_each_suit(["7c", "1c", "6d", "13d", "2b", "11s", "12s"])

    assert best == ("7c", "6d", "2b", "11s")
    assert primiera(best) == 21 + 18 + 12 + 10


def test_primiera_goes_to_the_higher_total():
    # Team 0: the four 7s (84); team 1 cannot match it.
    sevens = ("7c", "7d", "7b", "7s")

    assert named("primiera", lines(cards_with(sevens, 20, ()))) == [
        ScoreLine(team=0, name="primiera", points=1, cards=sevens)]


def test_a_team_lacking_a_suit_cannot_win_primiera():
    # Team 0 holds the three best 7s but no spade: team 1's lower primiera wins.
    held = ["7c", "7d", "7b", "6c", "6d", "6b"]
    rest = [card for card in SCOPA_DECK if card not in held]

    (line,) = named("primiera", lines(held, rest))
    assert line.team == 1


def test_when_no_team_has_every_suit_nobody_wins_primiera():
    coppe_denari = [card for card in SCOPA_DECK if card[-1] in "cd"]
    bastoni_spade = [card for card in SCOPA_DECK if card[-1] in "bs"]

    assert named("primiera", lines(coppe_denari, bastoni_spade)) == []


def test_equal_primiere_score_nobody():
    # Each team: a 7 in two suits and a 6 in the other two (78 each).
    pile_0 = ["7c", "7d", "6b", "6s", "1c", "1d", "1b", "1s"]
    pile_1 = ["6c", "6d", "7b", "7s", "2c", "2d", "2b", "2s"]

    assert named("primiera", lines(pile_0, pile_1)) == []


# --- scopa ---------------------------------------------------------------------------


def test_every_scopa_of_the_hand_is_a_line_worth_1():
    scope = (Bonus(seat=0, team=0, name="scopa", points=1, card="4c"),
             Bonus(seat=1, team=1, name="scopa", points=1, card="13d"),
             Bonus(seat=0, team=0, name="scopa", points=1, card="7b"))

    assert named("scopa", lines(cards_with((), 20), events=scope)) == [
        ScoreLine(team=0, name="scopa", points=1, cards=("4c",)),
        ScoreLine(team=1, name="scopa", points=1, cards=("13d",)),
        ScoreLine(team=0, name="scopa", points=1, cards=("7b",))]


def test_the_lines_of_a_hand_in_their_order():
    held = ["7d", "7c", "7b", "7s", *DENARI[:5]]
    scored = lines(cards_with(held, 25), events=(
        Bonus(seat=1, team=1, name="scopa", points=1, card="4c"),))

    assert [(line.name, line.team) for line in scored] == [
        ("carte", 0), ("denari", 0), ("settebello", 0), ("primiera", 0), ("scopa", 1)]


# --- three players -------------------------------------------------------------------


def test_with_three_players_a_line_goes_to_the_one_with_more_than_each_other():
    piles = [cards_with((), 14), [], []]
    piles[1] = [card for card in SCOPA_DECK if card not in piles[0]][:13]
    piles[2] = [card for card in SCOPA_DECK if card not in piles[0] + piles[1]]

    assert named("carte", score_hand(scopa_scenario(piles=piles, options={"players": 3}))) == [
        ScoreLine(team=0, name="carte", points=1)]
    piles[2].append(piles[0].pop())  # 13, 13, 14
    assert named("carte", score_hand(scopa_scenario(piles=piles, options={"players": 3}))) == [
        ScoreLine(team=2, name="carte", points=1)]
