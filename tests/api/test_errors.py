"""Every error is an RFC 9457 problem document with a status and a ``code``.

Engine errors on a request the server understood answer 422 with the
engine's code; a malformed body answers 400 ``invalid_body``; an unknown
variant by name answers 404.
"""

from __future__ import annotations

import pytest

from core.testing import scenario
from tests.api.conftest import play_until, wire

# Seat 0 is to play (the dealer is seat 3): 10s can take 5c + 3b + 2d, and must.
TABLE = ("5c", "3b", "2d")
HANDS = {0: ["10s", "4c"], 1: ["6c", "7c"], 2: ["8c", "9c"], 3: ["12c", "13c"]}


@pytest.fixture(scope="module")
def mid_hand():
    return wire(scenario(table=TABLE, hands=HANDS))


def assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    assert problem["status"] == status
    assert problem["code"] == code
    assert problem["title"] and problem["type"] == "about:blank"
    assert problem["detail"].endswith(".")
    return problem


# --- variants -------------------------------------------------------------------------


def test_an_unknown_variant_by_name_is_not_found(client):
    problem = assert_problem(client.get("/variants/scopone"), 404, "unknown_variant")
    assert "foraccio" in problem["detail"]


# --- new game -------------------------------------------------------------------------


def test_a_new_game_of_an_unknown_variant_is_refused(client):
    assert_problem(client.post("/games", json={"variant": "scopone"}), 422, "unknown_variant")


@pytest.mark.parametrize("options", [{"target": 0}, {"colour": True}, {"target": "71"},
                                     {"deal_scheme": "all-at-once"}])
def test_a_new_game_with_bad_options_is_refused(client, options):
    response = client.post("/games", json={"variant": "foraccio", "options": options})
    assert_problem(response, 422, "invalid_options")


@pytest.mark.parametrize("body", [
    {"variant": "foraccio", "seed": -1},
    {"variant": "foraccio", "seed": 2**53},
    {"variant": "foraccio", "seed": "7"},
    {"variant": "foraccio", "seed": 7.5},
    {"variant": "foraccio", "colour": "red"},
    {"seed": 7},
    [],
])
def test_a_body_that_does_not_match_the_schema_is_a_bad_request(client, body):
    assert_problem(client.post("/games", json=body), 400, "invalid_body")


@pytest.mark.parametrize("content", [b"", b"{", b"null", b"\xff\xfe"])
def test_a_body_that_is_not_json_is_a_bad_request(client, content):
    response = client.post("/games", content=content,
                           headers={"content-type": "application/json"})
    assert_problem(response, 400, "invalid_body")


@pytest.mark.parametrize("depth", [10, 10_000])
@pytest.mark.parametrize("number", [b"1", b"1.0"])
def test_a_deeply_nested_body_is_a_bad_request(client, depth, number):
    nested = b"[" * depth + number + b"]" * depth
    body = b'{"variant": "foraccio", "seed": 1.0, "options": {"x": ' + nested + b"}}"
    json_type = {"content-type": "application/json"}
    assert_problem(client.post("/games", content=body, headers=json_type), 400, "invalid_body")
    assert_problem(client.post("/games/play", content=nested, headers=json_type), 400,
                   "invalid_body")


def test_an_integral_number_is_an_integer_as_json_schema_says(client):
    response = client.post("/games", json={"variant": "foraccio", "seed": 7.0})
    assert response.status_code == 200
    assert response.json()["state"]["seed"] == 7


# --- states ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/games/legal-moves", "/games/score", "/games/next-hand"])
def test_an_inconsistent_state_is_refused_naming_the_problem(client, mid_hand, path):
    state = {**mid_hand, "table": ["5c", "3b"]}
    problem = assert_problem(client.post(path, json={"state": state}), 422, "invalid_state")
    assert problem["detail"].startswith("2d is missing")


def test_a_state_with_an_unknown_field_is_a_bad_request(client, mid_hand):
    response = client.post("/games/score", json={"state": {**mid_hand, "extra": 1}})
    problem = assert_problem(response, 400, "invalid_body")
    assert "extra" in problem["detail"]


def test_a_card_code_outside_the_deck_notation_is_a_bad_request(client, mid_hand):
    state = {**mid_hand, "table": ["5c", "3b", "14d"]}
    assert_problem(client.post("/games/score", json={"state": state}), 400, "invalid_body")


# --- play -----------------------------------------------------------------------------


def _play(client, state, card, take=(), **extra):
    return client.post("/games/play", json={"state": state, "move": {"card": card,
                                                                     "take": list(take)},
                                            **extra})


def test_the_state_is_checked_before_a_move(client, mid_hand):
    state = {**mid_hand, "hands": [["10s", "4c"], ["6c", "7c"], ["8c"], ["12c", "13c"]]}
    assert_problem(_play(client, state, "10s", TABLE), 422, "invalid_state")


def test_a_legal_capture_is_played(client, mid_hand):
    response = _play(client, mid_hand, "10s", TABLE, seat=0)
    assert response.status_code == 200
    events = response.json()["events"]
    assert [event["type"] for event in events] == ["captured", "bonus"]
    assert events[1]["name"] == "scopa" and events[1]["points"] == 10


def test_playing_for_a_seat_not_in_turn_is_refused(client, mid_hand):
    problem = assert_problem(_play(client, mid_hand, "10s", TABLE, seat=2), 422, "not_your_turn")
    assert "seat 0" in problem["detail"]


def test_playing_another_seats_card_is_refused(client, mid_hand):
    problem = assert_problem(_play(client, mid_hand, "6c"), 422, "card_not_in_hand")
    assert problem["detail"] == "Seat 0, the seat to play, does not hold 6c."


def test_playing_a_card_nobody_holds_is_refused(client, mid_hand):
    assert_problem(_play(client, mid_hand, "1d"), 422, "card_not_in_hand")


def test_laying_a_card_that_can_capture_is_refused(client, mid_hand):
    problem = assert_problem(_play(client, mid_hand, "10s"), 422, "capture_required")
    assert "[5c, 3b, 2d]" in problem["detail"]


def test_a_capture_the_card_cannot_make_is_refused(client, mid_hand):
    assert_problem(_play(client, mid_hand, "10s", ["5c"]), 422, "illegal_capture")


def test_playing_after_the_hand_is_over_is_refused(client):
    state = wire(play_until("hand_over"))
    assert_problem(_play(client, state, "1d"), 422, "hand_over")


def test_playing_after_the_match_is_over_is_refused(client):
    state = wire(play_until("game_over"))
    assert_problem(_play(client, state, "1d"), 422, "match_over")


# --- next hand ------------------------------------------------------------------------


def test_the_next_hand_waits_for_the_current_one(client, mid_hand):
    response = client.post("/games/next-hand", json={"state": mid_hand})
    assert_problem(response, 422, "hand_in_progress")


def test_no_hand_is_dealt_once_the_match_is_over(client):
    response = client.post("/games/next-hand", json={"state": wire(play_until("game_over"))})
    assert_problem(response, 422, "match_over")


def test_a_cut_beyond_the_deck_is_refused(client):
    response = client.post("/games/next-hand",
                           json={"state": wire(play_until("hand_over")), "cut": 52})
    assert_problem(response, 422, "invalid_cut")


def test_a_chosen_cut_is_recorded(client):
    response = client.post("/games/next-hand",
                           json={"state": wire(play_until("hand_over")), "cut": 51})
    assert response.status_code == 200
    assert response.json()["state"]["record"][-1]["cut"] == 51


# --- anything else --------------------------------------------------------------------


def test_an_unknown_path_is_not_found(client):
    assert_problem(client.get("/games/undo"), 404, "not_found")


def test_a_wrong_method_is_not_allowed_and_says_which_are(client):
    response = client.get("/games/play")
    assert_problem(response, 405, "method_not_allowed")
    assert "POST" in response.headers["allow"]


def test_an_unexpected_failure_is_a_problem_without_internals(app, client, monkeypatch):
    def broken(state):
        raise RuntimeError("secret internals")

    monkeypatch.setattr("core.engine.score_hand", broken)
    state = wire(scenario(table=TABLE, hands=HANDS))
    problem = assert_problem(client.post("/games/score", json={"state": state}), 500,
                             "internal_error")
    assert "secret" not in problem["detail"]
