"""The longest matches the options allow (a target of 1000), played to their end by the
bot pool on a real server started as ``make run`` starts it (granian, its default event
loop), pinned to one CPU.

On one CPU the pool's answers arrive in pieces as often as not: the server must read
each one whole, on whatever event loop granian runs (an autoplay answer of a long match
is over 30 KB). Sealed, the match is played seat by seat as the web table plays it: a
request a play, each answered with a token the next request posts back.
"""

from __future__ import annotations

import pytest

from tests.api.live import live_server, request

LONGEST = {"target": 1000}
"""The options of the longest match: the highest target a variant allows."""

BOTS = ["heuristic"] * 4
TOKEN_LIMIT = 2048
"""Characters a token may take at any hand of any match (issue: tokens grew with it)."""

pytestmark = pytest.mark.xdist_group("long_matches_live")


@pytest.fixture(scope="module")
def server():
    with live_server(cpus={0}) as live:
        yield live


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_an_open_match_is_autoplayed_to_its_end(server, variant):
    created = request(server.url, "/games", {"variant": variant, "seed": 1, "options": LONGEST})
    state, requests = created.body["state"], 0
    while True:
        answer = request(server.url, "/games/autoplay",
                         {"state": state, "bots": BOTS, "until": "game_over"})
        assert answer.status == 200, answer.body
        state, requests = answer.body["state"], requests + 1
        if answer.body["done"]:
            break
    assert state["phase"] == "game_over" and max(state["scores"]) >= 1000
    assert state["hand"] > 40 and requests > 3  # long answers, many times
    assert not [line for line in server.log_lines() if line.get("level") == "error"]


def test_a_sealed_match_is_autoplayed_seat_by_seat_to_its_end(server):
    created = request(server.url, "/games", {"variant": "foraccio", "sealed": True,
                                            "options": LONGEST})
    token, keys, view = created.body["token"], created.body["seat_keys"], created.body["view"]
    longest = len(token)
    while True:
        seat = view["turn"] if view["turn"] is not None else 0
        answer = request(server.url, "/games/autoplay", {
            "token": token, "seat_key": keys[seat], "bots": BOTS, "until": "game_over"})
        assert answer.status == 200, answer.body
        token, view = answer.body["token"], answer.body["view"]
        longest = max(longest, len(token))
        if answer.body["done"]:
            break
    assert view["phase"] == "game_over" and view["hand"] > 50
    assert longest <= TOKEN_LIMIT
    assert not [line for line in server.log_lines() if line.get("level") == "error"]
