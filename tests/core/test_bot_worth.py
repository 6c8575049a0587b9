"""The bots value cards by the variant's own score lines (bots/worth.py) and a scopa by
its capture effects, whatever the variant, house rules included."""

from __future__ import annotations

import logging
import random

import pytest

from bench.foraccio_minded import foraccio_minded_bot
from foraccio.bots.heuristic import heuristic_bot, scored_move
from foraccio.bots.traits import traits_of
from foraccio.bots.worth import FLAT_WORTH, card_worth, scopa_points
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Move, ScoreLine
from foraccio.core.registry import HouseRule, get_variant, resolve_options, rules_for
from foraccio.core.testing import scenario
from foraccio.core.view import seat_view


def rules(variant, house_rules=(), **options):
    return rules_for(variant, resolve_options(get_variant(variant), options), house_rules)


def best(worth, count):
    return sorted(worth, key=lambda card: -worth[card])[:count]


def test_foraccio_values_its_onori_most_then_the_napoli_cards():
    worth = card_worth(rules("foraccio"))

    assert best(worth, 3) == ["2s", "11s", "10d"]
    assert worth["1s"] > worth["1c"] > worth["5c"] > 0  # the spade asso counts for spade too
    assert min(worth.values()) > 0  # every card counts towards carte


def test_scopa_values_the_settebello_most_then_sevens_and_denari():
    worth = card_worth(rules("scopa"))

    assert best(worth, 1) == ["7d"]
    assert worth["7d"] > 1  # the settebello's own point, and shares of denari and primiera
    assert worth["7c"] > worth["4c"] and worth["4d"] > worth["4c"]
    assert "2s" not in best(worth, 10)  # not an onore here


def test_the_worth_is_the_same_for_the_same_rules():
    assert card_worth(rules("scopa")) == card_worth(rules("scopa"))


class AssoBello:
    """A house rule for the tests: 3 points to the team that took the asso of coppe."""

    @hookimpl
    def foraccio_score_lines(self, state):
        return [ScoreLine(team=team, name="asso_bello", points=3)
                for team, pile in enumerate(state.piles) if "1c" in pile]


class ScoresFail:
    @hookimpl
    def foraccio_score_lines(self):
        raise RuntimeError("no score today")


def test_a_house_rules_score_line_counts(registered):
    registered(HouseRule("asso-bello", "Asso bello", "3 points for the asso of coppe.",
                         plugins=(AssoBello(),)))

    plain, house = card_worth(rules("scopa")), card_worth(rules("scopa", ("asso-bello",)))

    assert house["1c"] - plain["1c"] == pytest.approx(3, abs=0.3)
    assert best(house, 1) == ["1c"]


def test_score_lines_failing_on_a_made_up_hand_leave_every_card_alike(registered, caplog):
    registered(HouseRule("scores-fail", "Fails", "Its score lines raise.",
                         plugins=(ScoresFail(),)))

    with caplog.at_level(logging.ERROR, "foraccio.bots"):
        worth = card_worth(rules("scopa", ("scores-fail",)))

    assert set(worth.values()) == {FLAT_WORTH}
    assert "value every card alike" in caplog.text
    state = scenario(variant="scopa", hands=[["7c", "6b"], ["4d"]], table=["7d", "2s"], turn=0,
                     house_rules=["scores-fail"])
    assert heuristic_bot(seat_view(state, 0), random.Random(1)) in (
        Move("7c", ("7d",)), Move("6b", ()), Move("7c", ()))


def test_a_scopa_is_worth_what_the_capture_effects_score():
    assert set(scopa_points(rules("scopa")).values()) == {1.0}
    foraccio = scopa_points(rules("foraccio"))
    assert foraccio[1] == 0.0  # the asso sweeps: never a scopa
    assert [foraccio[value] for value in (2, 7, 10)] == [2.0, 7.0, 10.0]
    assert traits_of(rules("scopa")).scopa_points[10] == 1.0


def test_in_scopa_the_heuristic_takes_the_settebello_where_the_foraccio_minded_one_took_an_onore():
    # 7c takes the settebello alone; 6b takes 2s and 4b, which Foraccio's scoring
    # values as an onore (2s) but Scopa's does not.
    state = scenario(variant="scopa", hands=[["7c", "6b", "1b"], ["4d", "5c", "13b"]],
                     table=["7d", "2s", "4b"], turn=0)
    view = seat_view(state, 0)

    # By the scores alone: here every card is known, and the exact end of the hand
    # (bots/endgame.py) takes 2s and 4b first, then the settebello the other seat
    # cannot take.
    assert scored_move(view, random.Random(1)) == Move("7c", ("7d",))
    assert foraccio_minded_bot(view, random.Random(1)) == Move("6b", ("2s", "4b"))
