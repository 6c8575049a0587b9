"""Open states that the engine could not have reached are refused over HTTP.

Each test is one of the edits an attacker's client made to an engine-made
state and got accepted before (answered 200); each must now be refused with a
4xx problem document: 422 ``invalid_state`` naming the problem, or 400
``invalid_body`` for a number no JavaScript client can hold.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from msgspec.structs import replace

from foraccio.core.model import MAX_SAFE_INTEGER
from foraccio.core.testing import find_step
from foraccio.core.wire import State
from tests.api.conftest import play_until, wire
from tests.api.sealed import RECEIPTS
from tests.api.test_errors import assert_problem
from tests.core.test_reachability import MATCHES, as_json, engine_rebuild, mutate, states_of


def refused(client, path: str, body: dict, status: int = 422, code: str = "invalid_state"):
    return assert_problem(client.post(path, json=body), status, code)["detail"]


@pytest.fixture(scope="module")
def mid_hand():
    """Hand 2 in play, with captures made and cards left on the table."""
    return find_step("foraccio", lambda step: step.after.hand == 2 and len(step.after.table) >= 2
                     and step.after.last_capturer is not None).after


def test_a_state_relabelled_as_the_other_variant_is_refused(client):
    for variant, other in (("foraccio", "zobelon"), ("zobelon", "foraccio")):
        state = wire(play_until("playing", variant))
        options = wire(play_until("playing", other))["options"]
        refused(client, "/games/legal-moves",
                {"state": {**state, "variant": other, "options": options}})


def test_scores_at_the_target_while_playing_are_refused(client, mid_hand):
    detail = refused(client, "/games/legal-moves",
                     {"state": {**wire(mid_hand), "scores": [500, 600]}})
    assert "Team 1 has 600 points, at or over the target 71" in detail


def test_a_finished_hand_edited_to_a_winning_score_is_not_dealt_on(client):
    state = wire(play_until("hand_over"))
    detail = refused(client, "/games/next-hand", {"state": {**state, "scores": [500, 3]}})
    assert "Team 0 has 500 points" in detail and "docs/rules.md §9.2" in detail


def test_table_cards_moved_into_a_pile_without_a_capture_are_refused(client, mid_hand):
    state = wire(mid_hand)
    card = state["table"].pop()
    state["piles"][1].append(card)
    detail = refused(client, "/games/score", {"state": state})
    assert detail.startswith("state.table is not what the engine reaches")


@pytest.mark.parametrize("edit", ["points", "moves", "cut"])
def test_the_current_hands_record_cannot_be_edited(client, mid_hand, edit):
    state = wire(mid_hand)
    current = state["record"][-1]
    edits = {"points": [3, 4], "moves": state["record"][0]["moves"].split()[0],  # invented
             "cut": current["cut"] % 51 + 1}
    current[edit] = edits[edit]
    refused(client, "/games/legal-moves", {"state": state})


@pytest.mark.parametrize("cut", [-5, 2**62])
def test_a_cut_out_of_range_in_the_record_is_a_bad_body(client, mid_hand, cut):
    state = wire(mid_hand)
    state["record"][-1]["cut"] = cut
    refused(client, "/games/legal-moves", {"state": state}, 400, "invalid_body")


def test_a_foraccio_table_with_an_ace_or_two_cards_of_one_rank_is_refused(client, mid_hand):
    # With compulsory capture an ace takes the whole table and a card takes its equal,
    # so neither can lie on a Foraccio table: lay one there from a hand.
    state = wire(mid_hand)
    tried = 0
    for seat, held in enumerate(state["hands"]):
        for card in held:
            rank = card[:-1]
            if rank == "1" or any(other[:-1] == rank for other in state["table"]):
                edited = wire(mid_hand)
                edited["hands"][seat].remove(card)
                edited["table"].append(card)
                refused(client, "/games/legal-moves", {"state": edited})
                tried += 1
    assert tried


@pytest.mark.parametrize("where", ["seed", "target"])
def test_numbers_a_javascript_client_cannot_hold_are_refused(client, mid_hand, where):
    state = wire(mid_hand)
    if where == "seed":
        state["seed"] = 10**30
    else:
        state["options"]["target"] = 10**30
    refused(client, "/games/legal-moves", {"state": state}, 400, "invalid_body")
    state = wire(mid_hand)
    state["seed" if where == "seed" else "options"] = (
        MAX_SAFE_INTEGER + 1 if where == "seed" else {**state["options"], "target": 2**53})
    refused(client, "/games/legal-moves", {"state": state}, 400, "invalid_body")


def test_mutated_states_over_http_are_refused_or_reachable(client):
    # Half the states as the server answers them, with their receipt: a change anywhere,
    # the receipt included, must not let an unreachable state through on its strength.
    rng = random.Random("http mutations")
    for trial in range(150):
        index = rng.randrange(len(MATCHES))
        states = states_of(index, rng.randrange(3))
        state = rng.choice(states)
        mutated = as_json(RECEIPTS.sign(state) if trial % 2 else state)
        change = mutate(mutated, rng)
        response = client.post("/games/legal-moves", json={"state": mutated})
        if response.status_code == 200:
            decoded = msgspec.convert(mutated, State)
            assert engine_rebuild(decoded) == replace(decoded, receipt=None), change
        else:
            problem = response.json()
            assert response.status_code in (400, 422), (change, response.text)
            assert problem["code"] in ("invalid_body", "invalid_state"), change
            assert len(response.content) < 2048, change
