"""``POST /games/bot-move`` and ``POST /games/autoplay``: bots play from one seat's view."""

from __future__ import annotations

import msgspec

from foraccio.api.schemas import MAX_AUTOPLAY_PLAYS
from foraccio.core.engine import legal_moves
from foraccio.core.model import Move
from foraccio.core.testing import random_playout
from tests.api.conftest import play_until, wire


def mid_hand():
    return next(step.before for step in random_playout("foraccio", 3)
                if len(step.before.table) >= 2)


def test_a_bot_answers_a_legal_move_for_the_seat_to_play(client):
    state = mid_hand()
    for bot in ("random", "heuristic", "ismcts"):
        body = {"state": wire(state), "bot": bot, "seed": 4, "budget": {"iterations": 20}}
        answer = client.post("/games/bot-move", json=body)
        assert answer.status_code == 200, answer.text
        assert answer.json()["seat"] == state.turn
        assert msgspec.convert(answer.json()["move"], Move) in legal_moves(state, kinds=True)
        assert client.post("/games/bot-move", json=body).json() == answer.json()


def test_an_unknown_bot_is_a_problem(client):
    answer = client.post("/games/bot-move", json={"state": wire(mid_hand()), "bot": "minimax"})
    assert answer.status_code == 422
    assert answer.json()["code"] == "unknown_bot"
    answer = client.post("/games/autoplay", json={
        "state": wire(mid_hand()), "bots": ["random", "random", "random", "oracle"],
        "until": "hand_over"})
    assert answer.json()["code"] == "unknown_bot"


def test_no_bot_plays_once_the_hand_is_over(client):
    answer = client.post("/games/bot-move",
                         json={"state": wire(play_until("hand_over")), "bot": "random"})
    assert answer.status_code == 422
    assert answer.json()["code"] == "hand_over"


def test_autoplay_plays_to_the_end_of_the_hand(client):
    state = mid_hand()
    answer = client.post("/games/autoplay", json={
        "state": wire(state), "bots": ["heuristic", "random", "heuristic", "random"],
        "until": "hand_over", "seed": 2})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["done"] is True
    assert body["state"]["phase"] in ("hand_over", "game_over")
    assert body["events"][-1]["type"] in ("hand_scored", "match_won")


def test_autoplay_to_the_end_of_the_match_stops_at_its_limit_and_goes_on(client):
    state, plays = wire(play_until("hand_over")), 0
    for _ in range(10):
        body = client.post("/games/autoplay", json={
            "state": state, "bots": ["random"] * 4, "until": "game_over"}).json()
        assert body["plays"] <= MAX_AUTOPLAY_PLAYS
        state, plays = body["state"], plays + body["plays"]
        if body["done"]:
            break
    assert state["phase"] == "game_over"
    assert state["winner"] is not None
