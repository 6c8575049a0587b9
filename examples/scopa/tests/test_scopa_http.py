"""Scopa over HTTP, as the service offers it once the distribution is installed, with no
change to the service: listed with its shape and options, played open and sealed, and
played by each bot."""

from __future__ import annotations

import os

import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.sealing import SECRET_VARIABLE, Sealer

SECRET = "the secret of the foraccio-scopa tests"
SEALER = Sealer(SECRET.encode())
"""The app of these tests seals with this secret, so the tests can look inside a token."""

BOTS = ("random", "heuristic", "ismcts", "greedy")
BUDGET = {"iterations": 8}
"""A small search for the ismcts bot: enough to search, quick enough for a test."""


@pytest.fixture(scope="module")
def client():
    before = os.environ.get(SECRET_VARIABLE)
    os.environ[SECRET_VARIABLE] = SECRET
    try:
        app = create_app()
    finally:
        if before is None:
            del os.environ[SECRET_VARIABLE]
        else:
            os.environ[SECRET_VARIABLE] = before
    with TestClient(app) as client:
        yield client


def post(client, path: str, body: dict, status: int = 200) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    return answer.json()


def test_the_variant_is_listed_with_its_shape_and_options(client):
    listed = client.get("/variants").json()["variants"]
    scopa = next(variant for variant in listed if variant["name"] == "scopa")

    assert scopa == client.get("/variants/scopa").json()
    assert (scopa["title"], scopa["target"], scopa["teams"], scopa["cards"]) == (
        "Scopa", 11, [[0], [1]], 40)
    options = {option["name"]: option for option in scopa["options"]}
    assert options["players"]["default"] == 2 and options["players"]["choices"] == [2, 3, 4]
    assert options["target"]["default"] == 11


def test_an_open_match_is_dealt_in_stages_and_played_to_the_end_of_a_hand(client):
    state = post(client, "/games", {"variant": "scopa", "seed": 5,
                                    "options": {"target": 21}})["state"]
    assert [len(hand) for hand in state["hands"]] == [3, 3]
    assert len(state["table"]) == 4 and state["stock"] == 30
    events = []
    while state["phase"] == "playing":
        moves = post(client, "/games/legal-moves", {"state": state})["moves"]
        played = post(client, "/games/play", {"state": state, "move": moves[0]})
        state, events = played["state"], events + played["events"]

    assert state["phase"] == "hand_over"
    assert sum(event["type"] == "dealt_more" for event in events) == 5
    (scored,) = [event for event in events if event["type"] == "hand_scored"]
    assert {line["name"] for line in scored["lines"]} <= {
        "carte", "denari", "settebello", "primiera", "scopa"}
    assert post(client, "/games/score", {"state": state})["points"] == scored["points"]
    dealt = post(client, "/games/next-hand", {"state": state})["state"]
    assert dealt["hand"] == 2 and dealt["dealer"] == 1 - state["dealer"]


def test_a_match_of_four_has_four_hands_and_two_partnerships(client):
    state = post(client, "/games", {"variant": "scopa", "seed": 2,
                                    "options": {"players": 4}})["state"]

    assert [len(hand) for hand in state["hands"]] == [3] * 4 and state["stock"] == 24
    assert state["teams"] == [[0, 2], [1, 3]] and state["scores"] == [0, 0]


def test_an_option_out_of_its_choices_is_refused(client):
    problem = post(client, "/games", {"variant": "scopa", "options": {"players": 5}},
                   status=422)

    assert problem["code"] == "invalid_options"


def test_a_sealed_match_has_a_key_per_seat_and_shows_no_seat_another_ones_cards(client):
    created = post(client, "/games", {"variant": "scopa", "sealed": True})
    token, keys = created["token"], created["seat_keys"]
    assert len(keys) == 2
    plays = 0
    while SEALER.open(token).engine_state().phase == "playing":
        seat = SEALER.open(token).engine_state().turn
        body = {"token": token, "seat_key": keys[seat]}
        legal = post(client, "/games/legal-moves", body)
        assert_no_leak(legal, seat, token)
        played = post(client, "/games/play", {**body, "move": legal["moves"][0]})
        assert_no_leak(played, seat, played["token"])
        assert played["view"]["stock"] == len(SEALER.open(played["token"]).engine_state().stock)
        token, plays = played["token"], plays + 1

    assert plays == 36


@pytest.mark.parametrize("bot", BOTS)
def test_each_bot_plays_a_whole_match(client, bot):
    state = post(client, "/games", {"variant": "scopa", "seed": 3})["state"]
    for _ in range(20):
        body = post(client, "/games/autoplay", {"state": state, "bots": [bot, bot],
                                                "until": "game_over", "seed": 1,
                                                "budget": BUDGET})
        state = body["state"]
        if body["done"]:
            break

    assert state["phase"] == "game_over" and max(state["scores"]) >= 11


@pytest.mark.parametrize("bot", BOTS)
def test_each_bot_moves_for_the_seat_to_play_of_four(client, bot):
    state = post(client, "/games", {"variant": "scopa", "seed": 4,
                                    "options": {"players": 4}})["state"]
    moves = post(client, "/games/legal-moves", {"state": state})["moves"]

    moved = post(client, "/games/bot-move", {"state": state, "bot": bot, "seed": 1,
                                             "budget": BUDGET})
    assert moved["seat"] == state["turn"] and moved["move"] in moves


def assert_no_leak(answer: dict, seat: int, token: str) -> None:
    """``answer``, to ``seat``, shows no state and no card of the game in ``token`` that the
    seat cannot see: another seat's hand, the stock."""
    state = SEALER.open(token).engine_state()
    hidden = {*state.stock, *(card for other, hand in enumerate(state.hands) if other != seat
                              for card in hand)}
    assert "state" not in answer
    assert not hidden & strings_in(without_draws(answer))


def strings_in(value) -> set[str]:
    """Every string anywhere in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {*value, *(found for item in value.values() for found in strings_in(item))}
    if isinstance(value, list):
        return {found for item in value for found in strings_in(item)}
    return set()


def without_draws(value):
    """``value`` without the draws for the first dealer: cards shown face up and shuffled
    back into the deck before the deal, so they tell nothing of any hand."""
    if isinstance(value, dict):
        return {key: without_draws(item) for key, item in value.items()
                if not (key == "draws" and value.get("type") == "first_dealer_chosen")}
    if isinstance(value, list):
        return [without_draws(item) for item in value]
    return value
