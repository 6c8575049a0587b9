"""The greedy bot (foraccio_scopa.greedy), a third party's bot declared under the
entry-point group ``foraccio.bots``: what it plays, and that the service and the
``foraccio`` command find it with no change to either, the server's pool of bot
processes included (the bot is not ``quick``, so every HTTP move of it is computed
there, in a fresh interpreter that finds it through its entry point)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from foraccio_scopa.greedy import GREEDY
from test_scopa_http import client, post  # noqa: F401 (a fixture)

from foraccio.bots import choose_move, get_bot_plugin
from foraccio.core.engine import play
from foraccio.core.model import Move
from foraccio.core.testing import scenario
from foraccio.core.view import seat_view


def greedy_move(hands, table):
    state = scenario(hands=hands, table=table, turn=0, variant="scopa")
    return GREEDY.play(seat_view(state, 0), random.Random(0), None)


def test_it_takes_the_most_cards():
    assert greedy_move([["7c", "2c"], ["4d"]], ["3b", "4s", "2d"]) == Move("7c", ("3b", "4s"))


def test_it_takes_the_settebello_before_more_cards():
    assert greedy_move([["7c", "5c"], ["4d"]], ["7d", "1b", "4s"]) == Move("7c", ("7d",))


def test_it_lays_its_lowest_card_when_it_cannot_take():
    assert greedy_move([["13c", "2c", "6b"], ["4d"]], ["7d"]) == Move("2c")


def test_it_is_found_through_its_entry_point():
    plugin = get_bot_plugin("greedy")

    assert plugin is GREEDY and plugin.distribution == "foraccio-scopa"


def test_the_service_lists_it(client):  # noqa: F811
    listed = {bot["name"]: bot for bot in client.get("/bots").json()["bots"]}

    assert listed["greedy"] == {"name": "greedy", "description": GREEDY.description,
                                "budget": [], "distribution": "foraccio-scopa",
                                "variants": ["scopa", "scopone-scientifico"]}


def test_it_moves_over_http_in_the_bot_pool(client):  # noqa: F811
    state = post(client, "/games", {"variant": "scopa", "seed": 7})["state"]
    moves = post(client, "/games/legal-moves", {"state": state})["moves"]

    moved = post(client, "/games/bot-move", {"state": state, "bot": "greedy", "seed": 2})
    assert moved["move"] in moves
    assert moved["move"] == post(client, "/games/bot-move", {"state": state, "bot": "greedy",
                                                             "seed": 2})["move"]


def test_it_plays_a_whole_match_by_autoplay_against_the_heuristic(client):  # noqa: F811
    state = post(client, "/games", {"variant": "scopa", "seed": 9})["state"]
    for _ in range(20):
        body = post(client, "/games/autoplay", {"state": state, "bots": ["greedy", "heuristic"],
                                                "until": "game_over", "seed": 1})
        state = body["state"]
        if body["done"]:
            break

    assert state["phase"] == "game_over" and max(state["scores"]) >= 11


def test_foraccio_simulate_plays_it():
    run = subprocess.run([sys.executable, "-m", "foraccio", "simulate", "--variant", "scopa",
                          "--bots", "greedy,random", "--matches", "4", "--seed", "3",
                          "--workers", "1", "--quiet", "--json"],
                         capture_output=True, text=True, timeout=120, check=True)
    summary = json.loads(run.stdout)

    assert [lineup["bots"] for lineup in summary["lineups"]] == [["greedy"], ["random"]]
    assert sum(lineup["wins"] for lineup in summary["lineups"]) + summary["draws"] == 4


def test_its_moves_are_legal_and_seeded_through_a_whole_hand():
    state = scenario(hands=[["7c", "2c", "5d"], ["4d", "1s", "13b"]], table=["3b", "4s"],
                     turn=0, variant="scopa")
    while state.phase == "playing":
        move = choose_move("greedy", seat_view(state, state.turn), 5)
        assert move == choose_move("greedy", seat_view(state, state.turn), 5)
        state, _ = play(state, move)

    assert state.phase in ("hand_over", "game_over")
