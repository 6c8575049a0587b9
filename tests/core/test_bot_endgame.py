"""The exact end of a hand (bots/endgame.py): once a seat knows where every card is, the
heuristic and ISMCTS play the move that leads to the most hand points, each seat then
playing its best; checked against a search of every way the hand may end on the public
engine, for two seats (Scopa, duet) and three (terzetto)."""

from __future__ import annotations

import random

import pytest

from foraccio.bots import Budget, endgame
from foraccio.bots.endgame import exact_leads
from foraccio.bots.heuristic import heuristic_bot, scored_move
from foraccio.bots.ismcts import ismcts_bot
from foraccio.core.engine import legal_moves, play, rules_of
from foraccio.core.model import HandScored
from foraccio.core.testing import random_playout
from foraccio.core.view import seat_view, view_legal_moves

pytestmark = pytest.mark.usefixtures("table_shapes")

OPTIONS = {"scopa": {"players": 2}, "duet": {}, "terzetto": {}}


def known_ends(variant: str, seed: int):
    """The states of a random match at which the seat to play has at least two moves,
    the stock is used up and at most one other seat holds cards, with few cards left."""
    for step in random_playout(variant, seed, OPTIONS[variant]):
        state = step.before
        others = [seat for seat, hand in enumerate(state.hands) if hand and seat != state.turn]
        if (not state.stock and len(others) <= 1 and len(legal_moves(state)) > 1
                and sum(map(len, state.hands)) <= endgame.MOST_CARDS):
            yield state


def engine_points(state) -> tuple[int, ...]:
    """Each team's hand points when every seat, from ``state`` on, plays the move that
    gives its team the most points over the best other team (the first such in the
    engine's order), found on the public engine."""
    if state.phase != "playing":
        return next(event for event in reversed(state.events)
                    if type(event) is HandScored).points
    team = rules_of(state).seating.team_of[state.turn]
    best, best_lead = None, None
    for move in legal_moves(state):
        points = engine_points(play(state, move)[0])
        lead = lead_of(points, team)
        if best_lead is None or lead > best_lead:
            best, best_lead = points, lead
    return best


def lead_of(points: tuple[int, ...], team: int) -> int:
    return points[team] - max(p for other, p in enumerate(points) if other != team)


@pytest.mark.parametrize("variant", ["scopa", "duet", "terzetto"])
def test_each_moves_lead_is_the_engines_own_end_of_the_hand(variant):
    checked = 0
    for seed in range(40):
        for state in known_ends(variant, seed):
            view = seat_view(state, state.turn)
            moves = view_legal_moves(view)
            team = rules_of(state).seating.team_of[state.turn]
            expected = [lead_of(engine_points(play(state, move)[0]), team) for move in moves]
            assert exact_leads(view, moves) == expected
            checked += 1
        if checked >= 6:
            break
    assert checked >= 6


@pytest.mark.parametrize("bot", [heuristic_bot, ismcts_bot])
def test_the_heuristic_and_ismcts_play_a_known_end_of_scopa_to_the_most_points(bot):
    for seed in range(3):
        for index, state in enumerate(known_ends("scopa", seed)):
            team = rules_of(state).seating.team_of[state.turn]
            best = max(lead_of(engine_points(play(state, move)[0]), team)
                       for move in legal_moves(state))
            move = bot(seat_view(state, state.turn), random.Random(index), Budget(iterations=12))
            assert lead_of(engine_points(play(state, move)[0]), team) == best


def test_nothing_is_searched_while_cards_are_hidden():
    # A stock left to deal, or two other seats holding cards: where the unseen cards
    # lie is not known, so the heuristic's scores alone choose.
    checked = 0
    for variant in ("scopa", "terzetto"):
        for step in random_playout(variant, 5, OPTIONS[variant]):
            state = step.before
            others = [seat for seat, hand in enumerate(state.hands)
                      if hand and seat != state.turn]
            if state.stock or len(others) > 1:
                view = seat_view(state, state.turn)
                assert exact_leads(view, view_legal_moves(view)) is None
                checked += 1
    assert checked > 20


def test_a_search_too_long_gives_up_and_leaves_the_scores(monkeypatch):
    states = list(known_ends("scopa", 0))
    monkeypatch.setattr(endgame, "MOST_PLAYS", 1)
    for index, state in enumerate(states):
        view = seat_view(state, state.turn)
        assert exact_leads(view, view_legal_moves(view)) is None
        assert (heuristic_bot(view, random.Random(index))
                == scored_move(view, random.Random(index)))
