"""Scopone over HTTP, as the service offers it once the distribution is installed, with no
change to the service: listed with its shape and options, played open and sealed, and
played by each bot."""

from __future__ import annotations

import os

import pytest
from foraccio_scopone import SCOPONE
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.sealing import SECRET_VARIABLE, Sealer

NAME = SCOPONE.name
SECRET = "the secret of the foraccio-scopone tests"
SEALER = Sealer(SECRET.encode())
"""The app of these tests seals with this secret, so the tests can look inside a token."""

BOTS = ("random", "heuristic", "ismcts")
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
    scopone = next(variant for variant in listed if variant["name"] == NAME)

    assert scopone == client.get(f"/variants/{NAME}").json()
    assert (scopone["title"], scopone["target"], scopone["teams"], scopone["cards"]) == (
        "Scopone scientifico", 11, [[0, 2], [1, 3]], 40)
    (target,) = scopone["options"]
    assert (target["name"], target["default"], target["choices"]) == ("target", 11, [11, 21])


def test_an_open_match_is_dealt_at_once_and_played_to_the_end_of_a_hand(client):
    state = post(client, "/games", {"variant": NAME, "seed": 5,
                                    "options": {"target": 21}})["state"]
    assert [len(hand) for hand in state["hands"]] == [10] * 4
    assert state["table"] == [] and state["stock"] == 0
    plays = 0
    while state["phase"] == "playing":
        moves = post(client, "/games/legal-moves", {"state": state})["moves"]
        played = post(client, "/games/play", {"state": state, "move": moves[0]})
        state, plays = played["state"], plays + 1
        assert not any(event["type"] == "dealt_more" for event in played["events"])

    assert plays == 40 and state["phase"] == "hand_over"
    assert post(client, "/games/score", {"state": state})["points"] == state["scores"]
    assert post(client, "/games/next-hand", {"state": state})["state"]["hand"] == 2


def test_a_sealed_match_has_a_key_per_seat_and_shows_no_seat_another_ones_cards(client):
    created = post(client, "/games", {"variant": NAME, "sealed": True})
    token, keys = created["token"], created["seat_keys"]
    assert len(keys) == 4
    for seat, key in enumerate(keys):
        view = post(client, "/games/view", {"token": token, "seat_key": key})
        assert view["seat"] == seat and len(view["cards"]) == 10
        assert_no_leak(view, seat, token)
    while SEALER.open(token).engine_state().phase == "playing":
        seat = SEALER.open(token).engine_state().turn
        body = {"token": token, "seat_key": keys[seat]}
        legal = post(client, "/games/legal-moves", body)
        assert_no_leak(legal, seat, token)
        played = post(client, "/games/play", {**body, "move": legal["moves"][-1]})
        assert_no_leak(played, seat, played["token"])
        token = played["token"]


@pytest.mark.parametrize("bot", BOTS)
def test_each_bot_plays_a_whole_match(client, bot):
    state = post(client, "/games", {"variant": NAME, "seed": 3})["state"]
    for _ in range(20):
        body = post(client, "/games/autoplay", {"state": state, "bots": [bot] * 4,
                                                "until": "game_over", "seed": 1,
                                                "budget": BUDGET})
        state = body["state"]
        if body["done"]:
            break

    assert state["phase"] == "game_over" and max(state["scores"]) >= 11


def assert_no_leak(answer: dict, seat: int, token: str) -> None:
    """``answer``, to ``seat``, shows no state and no card of another seat's hand in the
    game of ``token``."""
    state = SEALER.open(token).engine_state()
    hidden = {card for other, hand in enumerate(state.hands) if other != seat
              for card in hand}
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
