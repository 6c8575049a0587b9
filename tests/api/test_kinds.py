"""Answers about a match say which form it is in (``kind``), and requests keep being taken
as before: the open ``state``, or a sealed ``token`` and ``seat_key``, with ``kind`` or
without, so that an answer can be posted back as it is.
"""

from __future__ import annotations

import pytest


def post(client, path: str, body: dict, status: int = 200) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    return answer.json()


@pytest.fixture(scope="module")
def open_game(client) -> dict:
    return post(client, "/games", {"variant": "foraccio", "seed": 3})


@pytest.fixture(scope="module")
def sealed_game(client) -> dict:
    return post(client, "/games", {"variant": "foraccio", "sealed": True})


def test_every_answer_about_a_match_names_its_kind(client, open_game, sealed_game):
    assert open_game["kind"] == "open" and "token" not in open_game
    assert sealed_game["kind"] == "sealed" and "state" not in sealed_game
    state = open_game["state"]
    move = post(client, "/games/legal-moves", {"state": state})["moves"][0]
    assert post(client, "/games/play", {"state": state, "move": move})["kind"] == "open"
    key = sealed_game["seat_keys"][sealed_game["view"]["turn"]]
    sealed = {"token": sealed_game["token"], "seat_key": key}
    move = post(client, "/games/legal-moves", sealed)["moves"][0]
    assert post(client, "/games/play", {**sealed, "move": move})["kind"] == "sealed"
    played = post(client, "/games/autoplay", {"state": state, "bots": ["random"] * 4,
                                              "until": "hand_over"})
    assert played["kind"] == "open"
    assert post(client, "/games/next-hand", {"state": played["state"]})["kind"] == "open"


def test_an_answer_is_posted_back_as_it_is(client, open_game):
    # The curl walk-through of docs/api.md posts the answer of POST /games to legal-moves.
    assert post(client, "/games/legal-moves", open_game)["moves"]
    assert post(client, "/games/legal-moves", {"state": open_game["state"]})["moves"]


def test_a_sealed_request_may_name_its_kind(client, sealed_game):
    body = {"kind": "sealed", "token": sealed_game["token"],
            "seat_key": sealed_game["seat_keys"][0]}
    assert post(client, "/games/view", {key: body[key] for key in ("token", "seat_key")})
    assert post(client, "/games/score", body)["points"] == [0, 0]
    # The view takes it as every other sealed request does; only `sealed` fits it.
    assert post(client, "/games/view", body)["seat"] == 0
    refused = post(client, "/games/view", {**body, "kind": "open"}, status=400)
    assert refused["code"] == "invalid_body"


@pytest.mark.parametrize("kind, carries", [("open", "token"), ("sealed", "state")])
def test_a_kind_that_contradicts_the_body_is_invalid(client, open_game, sealed_game, kind,
                                                     carries):
    body = {"kind": kind, "state": open_game["state"], "token": sealed_game["token"],
            "seat_key": sealed_game["seat_keys"][0]}
    if carries == "token":
        body.pop("state")
    answer = post(client, "/games/score", body, status=400)
    assert answer["code"] == "invalid_body" and f"`kind` is '{kind}'" in answer["detail"]


def test_both_forms_or_neither_stay_state_or_token(client, open_game, sealed_game):
    both = {"state": open_game["state"], "token": sealed_game["token"],
            "seat_key": sealed_game["seat_keys"][0]}
    assert post(client, "/games/score", both, status=422)["code"] == "state_or_token"
    assert post(client, "/games/score", {}, status=422)["code"] == "state_or_token"
    assert post(client, "/games/score", {"kind": "open"}, status=422)["code"] \
        == "state_or_token"
