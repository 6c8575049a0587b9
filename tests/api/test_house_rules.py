"""House rules through HTTP: listed by ``GET /house-rules``, chosen when a match
starts, recorded in the state and checked whenever a state is posted back."""

from __future__ import annotations

from itertools import combinations

import pytest

from core.cards import RANK
from core.registry import house_rules, variants
from core.testing import find_step
from tests.api.conftest import wire
from tests.api.test_errors import assert_problem


def _card_with_a_choice(state):
    """A card of the seat to play that can take one card of its value or a sum of two or
    more: the choice single-card-priority removes."""
    if state.phase != "playing":
        return None
    numbers = [card for card in state.table if RANK[card] <= 10]
    for card in state.hands[state.turn]:
        value = RANK[card]
        if 2 <= value <= 10 and any(RANK[other] == value for other in numbers) and any(
                sum(RANK[c] for c in group) == value
                for size in range(2, len(numbers) + 1) for group in combinations(numbers, size)):
            return card
    return None


def _position(house_rules=()):
    state = find_step("foraccio", lambda step: _card_with_a_choice(step.after) is not None,
                      house_rules=house_rules).after
    return state, _card_with_a_choice(state)


def test_the_house_rules_are_listed_with_the_variants_they_apply_to(client):
    listed = client.get("/house-rules").json()["house_rules"]

    assert [rule["name"] for rule in listed] == list(house_rules())
    colore = next(rule for rule in listed if rule["name"] == "colore")
    # Every variant but Zobelon, which scores colore itself (installed ones included).
    assert colore["variants"] == [name for name in variants() if name != "zobelon"]
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
    state, card = _position(["single-card-priority"])

    moves = client.post("/games/legal-moves", json={"state": wire(state)}).json()["moves"]

    takes = [move["take"] for move in moves if move["card"] == card]
    assert takes and all(len(take) == 1 for take in takes)


def test_a_state_from_an_older_client_without_house_rules_is_accepted(client):
    state, card = _position()
    posted = wire(state)
    del posted["house_rules"]

    moves = client.post("/games/legal-moves", json={"state": posted}).json()["moves"]

    sizes = {len(move["take"]) for move in moves if move["card"] == card}
    assert 1 in sizes and max(sizes) >= 2


def test_an_unknown_house_rule_is_refused(client):
    body = {"variant": "foraccio", "house_rules": ["scopa-d-assi"]}

    problem = assert_problem(client.post("/games", json=body), 422, "unknown_house_rule")

    assert "scopa-d-assi" in problem["detail"] and "colore" in problem["detail"]


@pytest.mark.parametrize("names", [["colore"], ["no-last-play-scopa", "no-last-play-scopa"]])
def test_an_incompatible_house_rule_is_refused(client, names):
    body = {"variant": "zobelon", "house_rules": names}

    assert_problem(client.post("/games", json=body), 422, "incompatible_house_rule")


def test_a_posted_state_with_an_unknown_house_rule_is_an_invalid_state(client):
    state = wire(_position()[0])
    state["house_rules"] = ["nope"]

    problem = assert_problem(client.post("/games/legal-moves", json={"state": state}), 422,
                             "invalid_state")

    assert "nope" in problem["detail"]
