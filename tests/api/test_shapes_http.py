"""The API follows the variant's shape: a two-player variant dealt in stages
(the *duel* of tests/core/test_shapes.py) played over HTTP, open and sealed."""

from __future__ import annotations

import pytest

from foraccio.core.testing import random_playout
from tests.api.conftest import wire
from tests.api.sealed import SEALER, assert_no_leak, post, sealed_game
from tests.core.test_shapes import DUEL


@pytest.fixture
def duel(registered):
    registered(DUEL)


def test_an_open_two_player_match_is_played_through_a_new_stage(client, duel):
    state = post(client, "/games", {"variant": "duel", "seed": 5})["state"]
    assert len(state["hands"]) == 2 and state["teams"] == [[0], [1]] and state["stock"] == 30
    dealt_more = []
    for _ in range(6):
        moves = post(client, "/games/legal-moves", {"state": state})["moves"]
        played = post(client, "/games/play", {"state": state, "move": moves[0]})
        state = played["state"]
        dealt_more += [event for event in played["events"] if event["type"] == "dealt_more"]
    assert dealt_more == [{"type": "dealt_more", "hand": 1, "stage": 1, "table": []}]
    assert [len(hand) for hand in state["hands"]] == [3, 3] and state["stock"] == 24


def test_a_reached_state_of_another_shape_is_accepted_and_an_edited_one_refused(client, duel):
    state = next(step.after for step in random_playout("duel", 3) if step.after.stock
                 and len(step.after.stock) < 24)
    posted = wire(state)
    assert post(client, "/games/score", {"state": posted})["points"] is not None
    posted["stock"] += 3
    problem = post(client, "/games/score", {"state": posted}, status=422)
    assert problem["code"] == "invalid_state" and "stock" in problem["detail"]


def test_a_sealed_two_player_match_has_a_key_per_seat_and_hides_the_stock(client, duel):
    created = sealed_game(client, "duel")
    assert len(created["seat_keys"]) == 2
    stock = set(SEALER.open(created["token"]).engine_state().stock)
    assert len(stock) == 30
    for seat, key in enumerate(created["seat_keys"]):
        view = post(client, "/games/view", {"token": created["token"], "seat_key": key})
        assert view["seat"] == seat and view["stock"] == 30 and view["hand_sizes"] == [3, 3]
        assert_no_leak(view, seat, created["token"])
        assert stock.isdisjoint(view["cards"])


def test_autoplay_takes_one_bot_per_seat(client, duel):
    # Refused before the bot pool, whose processes know only installed variants: the
    # examples' Scopa distributions are played by the bots over HTTP in their own tests.
    state = post(client, "/games", {"variant": "duel", "seed": 5})["state"]
    problem = post(client, "/games/autoplay",
                   {"state": state, "bots": ["random"] * 4, "until": "hand_over"}, status=422)
    assert problem["code"] == "bots_per_seat"
    assert "names 4 bots, but this match seats 2 players" in problem["detail"]
