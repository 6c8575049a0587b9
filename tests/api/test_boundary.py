"""Hostile bodies at the API boundary: media types, sizes, and echoed input.

Only JSON media types are read as bodies (anything else would let any web page
POST without a CORS preflight); a body over the size limit is refused before it
is decoded; error details quote client input only up to a short bound; and
every hostile body gets a 4xx problem document quickly, never a 500.
"""

from __future__ import annotations

import json
import time

import pytest

from foraccio.api.decoding import MAX_BODY_SIZE
from foraccio.core.cards import DECK
from foraccio.core.engine import play
from foraccio.core.errors import IllegalMove
from foraccio.core.model import Move
from foraccio.core.quoting import ELLIPSIS, LIMIT
from foraccio.core.testing import scenario
from tests.api.conftest import play_until, wire
from tests.api.test_errors import CARD, MID_HAND, TABLE, assert_problem

JSON = {"content-type": "application/json"}
LONG = "x" * 10_000
"""A client's value far longer than any message should quote."""

QUICK = 20.0
"""Seconds a hostile request may take at most: some tenths of a second at the most on a
busy machine, so seconds on one ten times slower; work that grew with the square of a
body this size (a quadratic parse or check) would take hours."""


@pytest.fixture(scope="module")
def mid_hand():
    return wire(MID_HAND)


def post(client, path, body, headers=JSON):
    """POST ``body`` (bytes, or a value sent as JSON); return the answer and its time."""
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    start = time.perf_counter()
    response = client.post(path, content=content, headers=headers)
    return response, time.perf_counter() - start


# --- media types ----------------------------------------------------------------------

NEW_GAME = b'{"variant": "foraccio", "seed": 3}'


@pytest.mark.parametrize("headers", [
    {"content-type": "text/plain"},
    {"content-type": "text/plain;charset=UTF-8"},
    {"content-type": "application/x-www-form-urlencoded"},
    {"content-type": "multipart/form-data; boundary=x"},
    {"content-type": "application/jsonp"},
    {"content-type": "application/+json"},
    {},
], ids=["text", "text-charset", "form", "multipart", "jsonp", "bare-suffix", "missing"])
def test_a_body_not_sent_as_json_is_an_unsupported_media_type(client, headers):
    response, _ = post(client, "/games", NEW_GAME, headers)
    problem = assert_problem(response, 415, "unsupported_media_type")
    assert "Content-Type: application/json" in problem["detail"]


def test_form_and_multipart_bodies_as_a_browser_sends_them_are_refused(client):
    form = client.post("/games", data={"variant": "foraccio"})
    assert_problem(form, 415, "unsupported_media_type")
    multipart = client.post("/games", files={"variant": ("v", b"foraccio", "text/plain")})
    assert_problem(multipart, 415, "unsupported_media_type")


@pytest.mark.parametrize("content_type", [
    "application/json", "application/json; charset=utf-8", "Application/JSON;Charset=UTF-8",
    "application/vnd.foo+json", "application/problem+json; charset=utf-8",
])
def test_json_media_types_are_read(client, content_type):
    response, _ = post(client, "/games", NEW_GAME, {"content-type": content_type})
    assert response.status_code == 200, response.text


def test_the_media_type_is_checked_on_every_operation_that_takes_a_body(app, client):
    document = app.openapi_schema.to_schema()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if "requestBody" in operation:
                # Path parameters filled in: a room's id and a seat (the body is read first).
                filled = path.replace("{room}", "some-room").replace("{seat}", "0")
                response = client.request(method, filled, content=b"{}",
                                          headers={"content-type": "text/plain"})
                assert_problem(response, 415, "unsupported_media_type")
                assert {"413", "415"} <= set(operation["responses"]), path


def test_a_long_content_type_is_quoted_short(client):
    response, _ = post(client, "/games", NEW_GAME, {"content-type": "text/" + LONG})
    assert_short_quote(assert_problem(response, 415, "unsupported_media_type")["detail"])


# --- size -----------------------------------------------------------------------------


def test_a_body_over_the_limit_is_too_large(client):
    body = b'{"variant": "' + b"x" * MAX_BODY_SIZE + b'"}'
    response, seconds = post(client, "/games", body)
    problem = assert_problem(response, 413, "body_too_large")
    assert str(MAX_BODY_SIZE) in problem["detail"]
    assert seconds < QUICK


def test_a_body_over_the_limit_without_a_length_is_cut_off(client):
    # A chunked body announces no length: it is counted as it arrives.
    chunks = (b"[" + b"0," * 50_000 for _ in range(30))
    response = client.post("/games", content=chunks, headers=JSON)
    assert "content-length" not in response.request.headers
    assert_problem(response, 413, "body_too_large")


def test_a_state_of_twelve_hands_is_well_within_the_limit(client):
    state = wire(play_until("game_over"))
    assert len(json.dumps({"state": state})) < MAX_BODY_SIZE // 10
    assert client.post("/games/score", json={"state": state}).status_code == 200


def test_a_six_megabyte_take_list_gets_a_short_answer(client, mid_hand):
    response, seconds = post(client, "/games/play", {
        "state": mid_hand, "move": {"card": CARD, "take": ["1d"] * 1_200_000}})
    assert 400 <= response.status_code < 500
    assert response.headers["content-type"] == "application/problem+json"
    assert len(response.content) < 1024
    assert seconds < QUICK


# --- hostile bodies -------------------------------------------------------------------


@pytest.mark.parametrize(("path", "body"), [
    ("/games", b"[" * 100_000),
    ("/games", b'{"variant": "foraccio", "options": {"x": ' + b"[" * 100_000 + b"}}"),
    ("/games", b'{"variant": "foraccio", "seed": 1.0, "options": {"x": '
     + b"[" * 100_000 + b"1.0" + b"]" * 100_000 + b"}}"),
    ("/games", b'{"variant": "foraccio", "seed": 1' + b"0" * 30 + b"}"),
    ("/games", b'{"variant": "foraccio", "seed": 1' + b"0" * 5000 + b"}"),
    ("/games", b'{"variant": "foraccio", "options": {"target": 1' + b"0" * 5000 + b"}}"),
    ("/games", b'{"variant": "\xff\xfe\xfd"}'),
    ("/games", b"\xc3\x28" * 1000),
    ("/games/play", b'{"move": {"card": "10s", "take": [' + b'"1d",' * 200_000 + b'"1d"]}}'),
], ids=["nested", "nested-unclosed", "nested-floats", "int-30", "int-5000", "option-int",
        "not-utf8", "not-utf8-only", "take-200k"])
def test_a_hostile_body_is_a_quick_client_error(client, path, body):
    response, seconds = post(client, path, body)
    assert 400 <= response.status_code < 500, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert len(response.content) < 1024
    assert seconds < QUICK


def test_half_a_million_cards_in_take_are_too_large(client, mid_hand):
    response, seconds = post(client, "/games/play", {
        "state": mid_hand, "move": {"card": CARD, "take": [TABLE[0]] * 500_000}})
    assert_problem(response, 413, "body_too_large")
    assert seconds < QUICK


def test_a_huge_cut_is_refused_naming_it(client):
    state = wire(play_until("hand_over"))
    response, _ = post(client, "/games/next-hand", {"state": state, "cut": 10**30})
    assert response.status_code in (400, 422), response.text
    assert len(response.json()["detail"]) < 200


def test_a_content_length_of_thousands_of_digits_is_a_client_error(client):
    response = client.post("/games", content=NEW_GAME,
                           headers={**JSON, "content-length": "9" * 5000})
    assert 400 <= response.status_code < 500
    assert len(response.json()["detail"]) <= 500


# --- repeated keys --------------------------------------------------------------------


def test_an_option_named_twice_is_refused_not_the_last_taken(client):
    # msgspec alone would play to 5; a relay reading the first value would see 71.
    response, _ = post(client, "/games", b'{"variant": "foraccio", "seed": 3, '
                                         b'"options": {"target": 71, "target": 5}}')

    detail = assert_problem(response, 400, "invalid_body")["detail"]
    assert "the key 'target' appears twice in one object - at `$.options`" in detail


def test_a_key_named_twice_deep_in_a_state_is_refused(client, mid_hand):
    # The first hand's record names its cut twice.
    state = json.dumps(mid_hand).replace('"cut": ', '"cut": 1, "cut": ', 1)
    body = '{"state": ' + state + "}"

    response, _ = post(client, "/games/legal-moves", body.encode())

    detail = assert_problem(response, 400, "invalid_body")["detail"]
    assert "the key 'cut' appears twice in one object - at `$.state.record[0]`" in detail


def test_a_sealed_request_naming_its_token_twice_is_refused(client):
    response, _ = post(client, "/games/view", b'{"token": "a", "seat_key": "b", "token": "c"}')

    assert "the key 'token' appears twice" in assert_problem(response, 400,
                                                             "invalid_body")["detail"]


# --- quoting client input -------------------------------------------------------------


def assert_short_quote(detail: str) -> None:
    """``detail`` quotes a long input cut short, ending the quote with an ellipsis."""
    assert ELLIPSIS in detail, detail
    assert "x" * (LIMIT + 1) not in detail
    assert len(detail) < 2 * LIMIT + 200, detail


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"variant": LONG}, 422, "unknown_variant"),
    ({"variant": "foraccio", "house_rules": [LONG]}, 422, "unknown_house_rule"),
    ({"variant": "foraccio", "options": {LONG: 1}}, 422, "invalid_options"),
    ({"variant": "foraccio", "options": {"deal_scheme": LONG}}, 422, "invalid_options"),
    ({"variant": "foraccio", "options": {"target": LONG}}, 422, "invalid_options"),
    ({"variant": "foraccio", LONG: 1}, 400, "invalid_body"),
], ids=["variant", "house-rule", "option-name", "option-choice", "option-type",
        "unknown-field"])
def test_a_new_game_error_quotes_input_short(client, body, status, code):
    response, _ = post(client, "/games", body)
    assert_short_quote(assert_problem(response, status, code)["detail"])


def test_an_unknown_variant_by_name_is_quoted_short(client):
    detail = assert_problem(client.get(f"/variants/{LONG}"), 404, "unknown_variant")["detail"]
    assert_short_quote(detail)


@pytest.mark.parametrize("field", ["card", "take", "jolly"])
def test_a_move_that_is_not_a_move_is_quoted_short(client, mid_hand, field):
    move = {"card": CARD, field: [LONG] if field == "take" else LONG}
    response, _ = post(client, "/games/play", {"state": mid_hand, "move": move})
    assert_short_quote(assert_problem(response, 400, "invalid_body")["detail"])


def test_an_unknown_bot_is_quoted_short(client, mid_hand):
    response, _ = post(client, "/games/bot-move", {"state": mid_hand, "bot": LONG})
    assert_short_quote(assert_problem(response, 422, "unknown_bot")["detail"])
    response, _ = post(client, "/games/autoplay", {"state": mid_hand, "bots": [LONG] * 4,
                                                   "until": "hand_over"})
    assert_short_quote(assert_problem(response, 422, "unknown_bot")["detail"])


def test_cards_taken_that_are_not_on_the_table_are_each_named_once_and_cut(client, mid_hand):
    nowhere = [card for card in DECK if card not in TABLE]
    response, _ = post(client, "/games/play", {
        "state": mid_hand, "move": {"card": CARD, "take": nowhere * 3_000}})
    detail = assert_problem(response, 422, "illegal_capture")["detail"]
    assert detail.startswith(f"Illegal capture: {nowhere[0]}, {nowhere[1]}, ")
    assert ELLIPSIS in detail and len(detail) < LIMIT + 100


def test_a_long_take_of_table_cards_is_cut():
    # Thirty cards on the table, all taken at once: not a capture 10d can make. No
    # match reaches such a table, so the engine is asked directly: the API's message
    # is the engine's.
    table = [f"{rank}{suit}" for suit in "cbs" for rank in range(4, 14)]
    hands = {0: ["10d", "9d"], 1: ["8d", "7d"], 2: ["6d", "5d"], 3: ["3d", "2d"]}
    state = scenario(table=table, hands=hands)
    with pytest.raises(IllegalMove) as refused:
        play(state, Move("10d", tuple(table)))
    assert refused.value.code == "illegal_capture"
    detail = refused.value.message
    assert f"10d cannot take [{table[0]}, " in detail
    assert f"{ELLIPSIS}]" in detail and len(detail) < 2 * LIMIT + 100
