"""Whole matches of every variant played through HTTP, as a client would play them.

Each step posts the state the last answer returned: legal moves, one of
them chosen at random, played, and the next hand dealt when one ends.
"""

from __future__ import annotations

import random

import pytest

from foraccio.core.registry import variants

MAX_HANDS = 100


def post(client, path: str, body: dict) -> dict:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize("variant", sorted(variants()))
def test_a_random_match_is_played_to_the_end_through_http(client, variant):
    players = random.Random(variant)
    state = post(client, "/games", {"variant": variant, "seed": 11})["state"]
    assert state["hand"] == 1 and state["phase"] == "playing"
    while state["phase"] != "game_over":
        if state["phase"] == "hand_over":
            assert state["hand"] < MAX_HANDS, "the match does not end"
            score = post(client, "/games/score", {"state": state})
            assert score["points"] == state["record"][-1]["points"]
            state = post(client, "/games/next-hand", {"state": state})["state"]
        legal = post(client, "/games/legal-moves", {"state": state})
        assert legal["seat"] == state["turn"] and legal["moves"]
        move = players.choice(legal["moves"])
        played = post(client, "/games/play", {"state": state, "move": move,
                                              "seat": legal["seat"]})
        assert played["events"], "a play always causes an event"
        state = played["state"]
    target = client.get(f"/variants/{variant}").json()["target"]
    winner = state["winner"]
    assert winner in (0, 1)
    assert state["scores"][winner] >= target
    assert state["scores"][winner] > state["scores"][1 - winner]
    assert post(client, "/games/legal-moves", {"state": state}) == {"seat": None, "moves": []}


def test_the_variants_listed_are_the_registered_ones(client):
    listed = client.get("/variants").json()["variants"]
    assert [variant["name"] for variant in listed] == list(variants())
    for variant in listed:
        assert client.get(f"/variants/{variant['name']}").json() == variant


def test_without_a_seed_the_server_chooses_one_and_returns_it(client):
    seeds = {post(client, "/games", {"variant": "foraccio"})["state"]["seed"] for _ in range(3)}
    assert len(seeds) == 3
    assert all(0 <= seed < 2**53 for seed in seeds)


def test_the_same_seed_deals_the_same_match(client):
    body = {"variant": "foraccio", "seed": 5, "options": {"deal_scheme": "5-4-4"}}
    first, second = post(client, "/games", body), post(client, "/games", body)
    assert first == second
    assert first["state"]["options"]["deal_scheme"] == "5-4-4"
