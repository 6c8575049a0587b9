"""House rules through HTTP: listed by ``GET /house-rules``, chosen when a match
starts, recorded in the state and checked whenever a state is posted back."""

from __future__ import annotations

import pytest

from core.registry import house_rules
from core.testing import scenario
from tests.api.conftest import wire
from tests.api.test_errors import assert_problem

# Seat 0 is to play (the dealer is seat 3): 5s can take 5c, or 2d + 3b without a house rule.
TABLE = ("2d", "3b", "5c")
HANDS = {0: ["5s", "4c"], 1: ["6c", "7c"], 2: ["8c", "9c"], 3: ["12c", "13c"]}


def test_the_house_rules_are_listed_with_the_variants_they_apply_to(client):
    listed = client.get("/house-rules").json()["house_rules"]

    assert [rule["name"] for rule in listed] == list(house_rules())
    colore = next(rule for rule in listed if rule["name"] == "colore")
    assert colore["variants"] == ["foraccio"]
    assert colore["title"] and "suit" in colore["description"]


def test_a_new_game_records_its_house_rules(client):
    body = {"variant": "zobelon", "seed": 4,
            "house_rules": ["single-card-priority", "no-last-play-scopa"]}

    state = client.post("/games", json=body).json()["state"]

    assert state["house_rules"] == ["single-card-priority", "no-last-play-scopa"]
    moves = client.post("/games/legal-moves", json={"state": state})
    assert moves.status_code == 200 and moves.json()["moves"]


def test_a_new_game_without_house_rules_records_none(client):
    assert client.post("/games", json={"variant": "foraccio"}).json()["state"]["house_rules"] == []


def test_the_posted_state_decides_the_rules_the_moves_are_listed_by(client):
    state = wire(scenario(table=TABLE, hands=HANDS, house_rules=["single-card-priority"]))

    moves = client.post("/games/legal-moves", json={"state": state}).json()["moves"]

    assert [move["take"] for move in moves if move["card"] == "5s"] == [["5c"]]


def test_a_state_from_an_older_client_without_house_rules_is_accepted(client):
    state = wire(scenario(table=TABLE, hands=HANDS))
    del state["house_rules"]

    moves = client.post("/games/legal-moves", json={"state": state}).json()["moves"]

    assert [move["take"] for move in moves if move["card"] == "5s"] == [["5c"], ["2d", "3b"]]


def test_an_unknown_house_rule_is_refused(client):
    body = {"variant": "foraccio", "house_rules": ["scopa-d-assi"]}

    problem = assert_problem(client.post("/games", json=body), 422, "unknown_house_rule")

    assert "scopa-d-assi" in problem["detail"] and "colore" in problem["detail"]


@pytest.mark.parametrize("names", [["colore"], ["no-last-play-scopa", "no-last-play-scopa"]])
def test_an_incompatible_house_rule_is_refused(client, names):
    body = {"variant": "zobelon", "house_rules": names}

    assert_problem(client.post("/games", json=body), 422, "incompatible_house_rule")


def test_a_posted_state_with_an_unknown_house_rule_is_an_invalid_state(client):
    state = wire(scenario(table=TABLE, hands=HANDS))
    state["house_rules"] = ["nope"]

    problem = assert_problem(client.post("/games/legal-moves", json={"state": state}), 422,
                             "invalid_state")

    assert "nope" in problem["detail"]
