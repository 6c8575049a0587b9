"""The end of the match, as a specification (foraccio_scopa.match): the team at or over
the target with the highest score wins; a tie at the top plays another hand."""

from __future__ import annotations

from functools import partial

import pytest
from foraccio_scopa.deck import SCOPA_DECK
from foraccio_scopa.match import foraccio_match_winner

from foraccio.core.engine import play, rules_of
from foraccio.core.model import MatchWon, Move
from foraccio.core.testing import scenario

scopa_scenario = partial(scenario, variant="scopa")


@pytest.mark.parametrize(("scores", "winner"), [
    ((11, 7), 0),
    ((9, 12), 1),
    ((13, 11), 0),    # both over: the higher wins
    ((12, 12), None),  # a tie at the top: another hand
    ((10, 10), None),
    ((10, 3), None),
    ((3, 12, 11), 1),
    ((12, 12, 11), None),
])
def test_the_highest_score_at_or_over_the_target_wins(scores, winner):
    assert foraccio_match_winner(scores=scores, target=11) == winner


def test_the_target_is_11_by_default_and_an_option():
    assert rules_of(scopa_scenario()).target == 11
    assert rules_of(scopa_scenario(options={"target": 21})).target == 21


def test_a_match_ends_when_a_hand_takes_a_team_over_the_target():
    # Team 0 makes the last play (no scopa then) and has every line of the hand: 4 points.
    held = ["7c", "7d", "7b", "7s", "1d", "2d", "3d", "4d", "5d", "1c", "2c", "3c", "4c",
            "5c", "6c", "11c", "12c", "13c", "1b", "2b", "3b"]
    rest = [card for card in SCOPA_DECK if card not in (*held, "4b", "4s")]
    state = scopa_scenario(hands=[["4b"], []], table=["4s"], turn=0, piles=[held, rest],
                           scores=(7, 10))

    after, events = play(state, Move("4b", ("4s",)))

    assert after.phase == "game_over" and after.winner == 0
    assert events[-1] == MatchWon(team=0, scores=(11, 10))

