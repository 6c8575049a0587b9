"""Every error is an RFC 9457 problem document with a status and a ``code``.

Engine errors on a request the server understood answer 422 with the
engine's code; a malformed body answers 400 ``invalid_body``; an unknown
variant by name answers 404.
"""

from __future__ import annotations

import pytest

from foraccio.core.cards import RANK
from foraccio.core.engine import legal_moves
from foraccio.core.testing import find_step
from tests.api.conftest import play_until, wire


def _scopa(state):
    """A capture of the whole table by three or more cards that is a scopa, if any."""
    if state.phase != "playing" or len(state.table) < 3:
        return None
    return next((move for move in legal_moves(state)
                 if len(move.take) == len(state.table) and RANK[move.card] != 1), None)


# A position the engine reaches: the seat to play can sweep the table with a sum (a
# scopa), and must capture with that card.
MID_HAND = find_step("foraccio", lambda step: _scopa(step.after) is not None).after
SCOPA = _scopa(MID_HAND)
CARD, TABLE, TURN = SCOPA.card, SCOPA.take, MID_HAND.turn


@pytest.fixture(scope="module")
def mid_hand():
    return wire(MID_HAND)


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
    state = {**mid_hand, "table": mid_hand["table"][:-1]}
    problem = assert_problem(client.post(path, json={"state": state}), 422, "invalid_state")
    assert problem["detail"].startswith(f"{mid_hand['table'][-1]} is missing")


def test_a_state_with_an_unknown_field_is_a_bad_request(client, mid_hand):
    response = client.post("/games/score", json={"state": {**mid_hand, "extra": 1}})
    problem = assert_problem(response, 400, "invalid_body")
    assert "extra" in problem["detail"]


def test_a_card_code_outside_the_deck_notation_is_a_bad_request(client, mid_hand):
    state = {**mid_hand, "table": [*mid_hand["table"][:-1], "14d"]}
    assert_problem(client.post("/games/score", json={"state": state}), 400, "invalid_body")


# --- play -----------------------------------------------------------------------------


def _play(client, state, card, take=(), **extra):
    return client.post("/games/play", json={"state": state, "move": {"card": card,
                                                                     "take": list(take)},
                                            **extra})


def test_the_state_is_checked_before_a_move(client, mid_hand):
    other = (TURN + 1) % 4
    hands = [cards[1:] if seat == other else cards for seat, cards in enumerate(mid_hand["hands"])]
    assert_problem(_play(client, {**mid_hand, "hands": hands}, CARD, TABLE), 422,
                   "invalid_state")


def test_a_legal_capture_is_played(client, mid_hand):
    response = _play(client, mid_hand, CARD, TABLE, seat=TURN)
    assert response.status_code == 200
    events = response.json()["events"]
    assert [event["type"] for event in events][:2] == ["captured", "bonus"]
    assert events[1]["name"] == "scopa" and events[1]["points"] == RANK[CARD]


def test_playing_for_a_seat_not_in_turn_is_refused(client, mid_hand):
    response = _play(client, mid_hand, CARD, TABLE, seat=(TURN + 2) % 4)
    problem = assert_problem(response, 422, "not_your_turn")
    assert f"seat {TURN}" in problem["detail"]


def test_playing_another_seats_card_is_refused(client, mid_hand):
    card = mid_hand["hands"][(TURN + 1) % 4][0]
    problem = assert_problem(_play(client, mid_hand, card), 422, "card_not_in_hand")
    assert problem["detail"] == f"Seat {TURN}, the seat to play, does not hold {card}."


def test_playing_a_card_nobody_holds_is_refused(client, mid_hand):
    assert_problem(_play(client, mid_hand, TABLE[0]), 422, "card_not_in_hand")


def test_laying_a_card_that_can_capture_is_refused(client, mid_hand):
    problem = assert_problem(_play(client, mid_hand, CARD), 422, "capture_required")
    assert f"[{', '.join(TABLE)}]" in problem["detail"]


def test_a_capture_the_card_cannot_make_is_refused(client, mid_hand):
    assert_problem(_play(client, mid_hand, CARD, TABLE[:1]), 422, "illegal_capture")


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

    monkeypatch.setattr("foraccio.core.engine.score_hand", broken)
    problem = assert_problem(client.post("/games/score", json={"state": wire(MID_HAND)}), 500,
                             "internal_error")
    assert "secret" not in problem["detail"]
