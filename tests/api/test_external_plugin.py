"""An installed house rule through HTTP: ``examples/napoli-to-ten``, a distribution of its
own installed into the test environment (``make test`` does it), is listed, chosen
and played like a built-in one, without any change to the service.
"""

from __future__ import annotations

import random

from foraccio.core.registry import installed_plugins, variants
from foraccio.core.testing import find_step
from tests.api.conftest import wire
from tests.api.test_errors import assert_problem
from tests.api.test_matches import MAX_HANDS, post

RULE = "napoli-to-ten"


def _suits_past_ten(pile) -> set[str]:
    return {suit for suit in "cdbs" if all(f"{rank}{suit}" in pile for rank in range(1, 12))}


def test_the_example_distribution_is_installed():
    assert RULE in installed_plugins().house_rules, (
        "examples/napoli-to-ten is not installed: run `make test`, or "
        "`pip install --no-deps -e examples/napoli-to-ten`")


def test_the_installed_house_rule_is_listed_with_its_variants(client):
    listed = client.get("/house-rules").json()["house_rules"]

    napoli_to_ten = next(rule for rule in listed if rule["name"] == RULE)
    # It needs napoli: not the installed Scopa and Scopone, which declare they award none.
    assert {"scopa", "scopone-scientifico"} <= set(variants())
    assert napoli_to_ten["variants"] == ["foraccio", "zobelon"]
    assert napoli_to_ten["needs"] == ["napoli"] and napoli_to_ten["awards"] == []
    assert napoli_to_ten["title"] and "10" in napoli_to_ten["description"]


def test_the_installed_house_rule_is_refused_where_it_would_change_nothing(client):
    body = {"variant": "scopa", "seed": 2, "house_rules": [RULE]}

    problem = assert_problem(client.post("/games", json=body), 422, "incompatible_house_rule")

    assert problem["detail"] == (
        "House rule 'napoli-to-ten' does not apply to variant 'scopa': it needs a variant "
        "that awards napoli; it applies to: foraccio, zobelon.")


def test_a_new_game_with_the_installed_house_rule_records_it(client):
    state = post(client, "/games", {"variant": "zobelon", "seed": 2,
                                    "house_rules": [RULE, "no-last-play-scopa"]})["state"]

    assert state["house_rules"] == [RULE, "no-last-play-scopa"]
    assert post(client, "/games/legal-moves", {"state": state})["moves"]


def test_a_napoli_past_the_10_is_scored_10_over_http(client):
    # A hand the engine played to its end in which a team holds a suit's ace to fante.
    state = find_step("foraccio", lambda step: step.after.phase != "playing" and any(
        _suits_past_ten(pile) for pile in step.after.piles), house_rules=[RULE]).after
    team = next(team for team, pile in enumerate(state.piles) if _suits_past_ten(pile))

    lines = post(client, "/games/score", {"state": wire(state)})["lines"]

    napoli = {line["cards"][0][-1]: line["points"] for line in lines
              if line["name"] == "napoli" and line["team"] == team}
    assert all(napoli[suit] == 10 for suit in _suits_past_ten(state.piles[team]))


def test_a_match_with_the_installed_house_rule_is_played_to_the_end(client):
    players = random.Random(RULE)
    state = post(client, "/games", {"variant": "foraccio", "seed": 8,
                                    "house_rules": [RULE]})["state"]
    napoli = []
    while state["phase"] != "game_over":
        if state["phase"] == "hand_over":
            assert state["hand"] < MAX_HANDS, "the match does not end"
            napoli += [line for line in post(client, "/games/score", {"state": state})["lines"]
                       if line["name"] == "napoli"]
            state = post(client, "/games/next-hand", {"state": state})["state"]
        legal = post(client, "/games/legal-moves", {"state": state})
        move = players.choice(legal["moves"])
        played = post(client, "/games/play", {"state": state, "move": move,
                                               "seat": legal["seat"]})
        state = played["state"]
        napoli += [line for event in played["events"] if event["type"] == "hand_scored"
                   for line in event["lines"] if line["name"] == "napoli"]

    assert state["house_rules"] == [RULE]
    assert state["winner"] in (0, 1)
    assert napoli and all(line["points"] <= 10 for line in napoli)
