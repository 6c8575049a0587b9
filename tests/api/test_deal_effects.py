"""A deal that takes table cards and scores (``foraccio_deal_effects``) over HTTP: the
house rule of docs/plugins.md's worked example ("A deal that scores"), in open games
(the state posted back is replayed and checked, an edited one refused) and in sealed
games (the token deals its hand again to the same state, every seat's view shows what
the deal took, and no answer shows a hidden card).
"""

from __future__ import annotations

import random

import msgspec
import pytest

from foraccio.api.sealing import SealedGame, new_game_id
from foraccio.core.engine import legal_moves, new_match, play
from foraccio.core.model import DealCaptured
from tests.api.conftest import wire
from tests.api.sealed import SEALER, assert_no_leak, post, sealed_game
from tests.api.test_errors import assert_problem
from tests.deal_effects import DEALERS_FIFTEEN, LAYING_SCOPA

RULE = DEALERS_FIFTEEN.name


@pytest.fixture(autouse=True)
def fifteen(registered):
    registered(DEALERS_FIFTEEN, LAYING_SCOPA)


def taking_deal():
    """A Scopa match with the house rule whose first deal the dealer takes."""
    for seed in range(500):
        state = new_match("scopa", seed, house_rules=[RULE])
        if any(type(event) is DealCaptured for event in state.events):
            return seed, state
    raise LookupError("no seed of these deals a first table the dealer takes")


def unreceipted(state: dict) -> dict:
    """``state`` without its receipt: checked in full, by replaying its match."""
    return {name: value for name, value in state.items() if name != "receipt"}


# --- open games -----------------------------------------------------------------------


def test_an_open_game_starts_with_the_table_taken(client):
    seed, expected = taking_deal()

    state = post(client, "/games", {"variant": "scopa", "seed": seed,
                                    "house_rules": [RULE]})["state"]

    assert state["table"] == [] and state["last_capturer"] == expected.dealer
    assert state["piles"] == [list(pile) for pile in expected.piles]
    lines = post(client, "/games/score", {"state": unreceipted(state)})["lines"]
    assert {"team": expected.dealer % 2, "name": "scopa", "points": 1,
            "cards": [expected.events[-1].card]} in lines


def test_an_open_games_answers_carry_the_events_of_the_deal(client):
    seed, expected = taking_deal()

    created = post(client, "/games", {"variant": "scopa", "seed": seed, "house_rules": [RULE]})

    assert created["events"] == msgspec.json.decode(msgspec.json.encode(expected.events))
    assert [event["type"] for event in created["events"]][-3:] == [
        "dealt", "deal_captured", "bonus"]
    state = created["state"]
    while state["phase"] == "playing":
        moves = post(client, "/games/legal-moves", {"state": state})["moves"]
        state = post(client, "/games/play", {"state": state, "move": moves[0]})["state"]
    dealt = post(client, "/games/next-hand", {"state": state})
    assert dealt["events"][0] == {"type": "dealt", "hand": 2, "dealer": dealt["state"]["dealer"],
                                  "cut": dealt["events"][0]["cut"]}
    assert {event["type"] for event in dealt["events"]} <= {"dealt", "deal_captured", "bonus"}


def test_an_open_game_plays_on_from_a_posted_state_after_the_deal(client):
    seed, expected = taking_deal()
    state = post(client, "/games", {"variant": "scopa", "seed": seed,
                                    "house_rules": [RULE]})["state"]
    move = legal_moves(expected)[0]

    played = post(client, "/games/play", {"state": unreceipted(state),
                                          "move": {"card": move.card, "take": list(move.take)}})

    assert played["state"] == {**wire(play(expected, move)[0]),
                               "receipt": played["state"]["receipt"]}


@pytest.mark.parametrize("edit", ["cards_back_on_the_table", "cards_to_the_other_team"])
def test_a_posted_state_edited_around_the_deal_is_refused(client, edit):
    _, state = taking_deal()
    posted = wire(state)
    team = state.dealer % 2
    if edit == "cards_back_on_the_table":
        posted["table"], posted["piles"][team] = posted["piles"][team], []
    else:
        posted["piles"].reverse()

    problem = assert_problem(client.post("/games/legal-moves", json={"state": posted}), 422,
                             "invalid_state")
    assert "piles" in problem["detail"] or "table" in problem["detail"]


# --- sealed games -----------------------------------------------------------------------


def test_a_sealed_token_deals_its_hand_again_with_what_the_deal_took(client):
    _, state = taking_deal()
    game_id = new_game_id()
    token = SEALER.seal(SealedGame.of(game_id, 0, state))
    keys = SEALER.seat_keys(game_id, 2)

    rebuilt = SEALER.open(token).engine_state()
    assert rebuilt.events == state.events and rebuilt.piles == state.piles
    assert rebuilt.table == state.table == ()
    taken = [{"type": "deal_captured", "hand": 1, "stage": 0, "seat": state.dealer,
              "team": state.dealer % 2, "cards": list(state.piles[state.dealer % 2])}]
    for seat, key in enumerate(keys):
        view = post(client, "/games/view", {"token": token, "seat_key": key})
        assert [event for event in view["events"] if event["type"] == "deal_captured"] == taken
        assert view["piles"] == [list(pile) for pile in state.piles] and view["table"] == []
        assert view["cards"] == list(state.hands[seat])
        assert_no_leak(view, seat, token)
    turn = state.turn
    legal = post(client, "/games/legal-moves", {"token": token, "seat_key": keys[turn]})
    played = post(client, "/games/play", {"token": token, "seat_key": keys[turn],
                                          "move": legal["moves"][0]})
    after = SEALER.open(played["token"]).engine_state()
    assert after.piles[state.dealer % 2][:4] == state.piles[state.dealer % 2]
    assert played["view"]["events"][:len(view["events"])] == view["events"]


def test_a_sealed_game_shows_every_seat_what_each_stage_of_the_deal_took(client):
    # Laying Scopa lays cards face up at every stage; with a sum of 1, each stage's go.
    created = sealed_game(client, "laying-scopa", options={f"{RULE}.sum": 1},
                          house_rules=[RULE])
    token, keys, view = created["token"], created["seat_keys"], created["view"]
    players = random.Random(4)
    stages = set()
    while view["phase"] == "playing" and len(stages) < 2:
        taken = [event for event in view["events"] if event["type"] == "deal_captured"]
        stages |= {event["stage"] for event in taken}
        engine = SEALER.open(token).engine_state()
        for seat, key in enumerate(keys):
            looked = post(client, "/games/view", {"token": token, "seat_key": key})
            assert looked["events"] == view["events"] and looked["piles"] == view["piles"]
            assert_no_leak(looked, seat, token)
        assert [list(pile) for pile in engine.piles] == view["piles"]
        seat = engine.turn
        moves = post(client, "/games/legal-moves", {"token": token, "seat_key": keys[seat]})
        played = post(client, "/games/play", {"token": token, "seat_key": keys[seat],
                                              "move": players.choice(moves["moves"])})
        assert_no_leak(played, seat, token, played["token"])
        token, view = played["token"], played["view"]

    assert {0} < stages  # the first stage's cards, and a later stage's
