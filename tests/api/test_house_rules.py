"""House rules through HTTP: listed by ``GET /house-rules``, chosen when a match
starts, recorded in the state and checked whenever a state is posted back."""

from __future__ import annotations

import dataclasses
import json
from itertools import combinations
from pathlib import Path

import foraccio_scopa.scopa
import pytest

from foraccio.core.cards import RANK
from foraccio.core.registry import HouseRule, OptionSpec, get_variant, house_rules, variants
from foraccio.core.testing import find_step
from tests.api.conftest import wire
from tests.api.test_errors import assert_problem
from tests.markdown import fenced_blocks


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
    # Every variant but Zobelon, which scores colore itself (installed ones included),
    # and those that refuse it.
    assert colore["variants"] == [name for name, variant in variants().items()
                                  if name != "zobelon" and "colore" not in variant.refuses]
    assert {"foraccio", "scopa", "scopone-scientifico"} <= set(colore["variants"])
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


# --- what a house rule needs, what a variant awards -----------------------------------

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def _guide_refusal() -> dict:
    """The refusal docs/plugins.md shows, in "House rules: what they apply to"."""
    blocks = fenced_blocks(GUIDE.read_text(), "json")
    (shown,) = [json.loads(block) for block in blocks if "incompatible_house_rule" in block]
    return shown


def test_the_listings_say_what_variants_award_and_house_rules_need(client):
    listed = {rule["name"]: rule for rule in client.get("/house-rules").json()["house_rules"]}
    awards = {variant["name"]: variant["awards"]
              for variant in client.get("/variants").json()["variants"]}

    assert awards["scopa"] == ["carte", "denari", "settebello", "primiera", "scopa"]
    assert "napoli" in awards["foraccio"] and "colore" in awards["zobelon"]
    assert listed["no-last-play-scopa"]["needs"] == ["scopa"]
    assert {"foraccio", "zobelon"} <= set(listed["no-last-play-scopa"]["variants"])
    # Scopa's scopa never counts on the last play: it refuses the house rule.
    assert not {"scopa", "scopone-scientifico"} & set(listed["no-last-play-scopa"]["variants"])
    refuses = {variant["name"]: variant["refuses"]
               for variant in client.get("/variants").json()["variants"]}
    assert "no-last-play-scopa" in refuses["scopa"] and refuses["foraccio"] == []
    assert listed["single-card-priority"]["ways"] == ["sum"]
    assert listed["colore"]["awards"] == ["colore"] and listed["colore"]["needs"] == []
    # Every variant offered awards what the rule needs (or declares nothing).
    for rule in listed.values():
        for name in rule["variants"]:
            assert awards[name] is None or set(rule["needs"]) <= set(awards[name]), (rule, name)
            assert awards[name] is None or not set(rule["awards"]) & set(awards[name])
            assert rule["name"] not in refuses[name]


def test_a_house_rule_is_refused_where_the_variant_lacks_what_it_needs_as_the_guide_shows(
        client, registered):
    """The worked example of docs/plugins.md: a double scopa for a Scopa without scopas."""
    scopa = get_variant("scopa")
    without = dataclasses.replace(
        scopa, name="scopa-senza-scope", title="Scopa senza scope",
        plugins=tuple(plugin for plugin in scopa.plugins if plugin is not foraccio_scopa.scopa),
        awards=tuple(name for name in scopa.awards if name != "scopa"))
    double_scopa = HouseRule(name="double-scopa", title="Double scopa",
                             description="Every scopa counts twice (or `factor` times).",
                             options=(OptionSpec("factor", 2, "A scopa's multiplier.",
                                                 minimum=1, maximum=4),),
                             needs=("scopa",))
    registered(without, double_scopa)
    listed = {rule["name"]: rule for rule in client.get("/house-rules").json()["house_rules"]}
    body = {"variant": "scopa-senza-scope", "seed": 1, "house_rules": ["double-scopa"]}

    response = client.post("/games", json=body)

    problem = assert_problem(response, 422, "incompatible_house_rule")
    shown = _guide_refusal()
    # The guide's server has only the shipped variants; another installed one that
    # awards scopa is listed after them.
    said, where = problem["detail"].split(" it applies to: ")
    shown_said, shown_where = shown["detail"].split(" it applies to: ")
    assert {name: problem[name] for name in shown if name != "detail"} == {
        name: shown[name] for name in shown if name != "detail"}
    assert said == shown_said
    applies = where.rstrip(".").split(", ")
    assert applies[:len(shown_where.rstrip(".").split(", "))] == shown_where.rstrip(".").split(
        ", ") and applies == list(listed["double-scopa"]["variants"])
    assert "scopa-senza-scope" not in listed["double-scopa"]["variants"]
    assert "scopa-senza-scope" not in listed["no-last-play-scopa"]["variants"]
    assert "scopa-senza-scope" in listed["colore"]["variants"]
    assert client.post("/games", json={**body, "variant": "scopa"}).status_code == 200


def test_a_variant_that_declares_nothing_is_offered_every_house_rule(client, registered):
    registered(dataclasses.replace(get_variant("scopa"), name="scopa-classica", awards=None,
                                   refuses=()))

    listed = client.get("/house-rules").json()["house_rules"]

    assert all("scopa-classica" in rule["variants"] for rule in listed)
    body = {"variant": "scopa-classica", "seed": 1, "house_rules": ["napoli-to-ten"]}
    assert client.post("/games", json=body).status_code == 200
