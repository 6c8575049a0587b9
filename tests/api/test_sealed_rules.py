"""The rules that keep a sealed game's hidden cards hidden, each against the leak it closed.

- No client names the cut: replaying a finished hand's token with other cuts
  used to show a seat the whole deck, 13 cards at a time.
- The seed is the server's: with the match's seed and the open-source engine,
  a seat could compute every deal, so a sealed game takes none from a client.
- A token's length does not depend on where the hidden cards lie: compressed
  tokens did.
- Autoplay acts only for the key's seat: playing the other seats' bots made its
  answer depend on their hands.
"""

from __future__ import annotations

import random

import pytest

from foraccio.api.sealing import SEED_BYTES, SealedGame, new_game_id
from foraccio.core.testing import random_playout
from tests.api.sealed import SEALER, post, sealed_game, strings_in, twin


def play_to_hand_over(client, created: dict) -> dict:
    """Play the first hand of a sealed game to its end, each seat with its own key (its
    bot, through autoplay); return the last answer."""
    answer = created
    while answer["view"]["phase"] == "playing":
        answer = post(client, "/games/autoplay", {
            "token": answer["token"], "seat_key": created["seat_keys"][answer["view"]["turn"]],
            "bots": ["random"] * 4, "until": "hand_over"})
    return answer


# --- the cut --------------------------------------------------------------------------


def test_a_finished_hand_replayed_deals_the_same_hand_and_takes_no_cut(client):
    created = sealed_game(client)
    body = {"token": play_to_hand_over(client, created)["token"],
            "seat_key": created["seat_keys"][0]}
    for cut in (20, 21, 22, 23):  # once four disjoint 13-card hands: the whole deck
        problem = post(client, "/games/next-hand", {**body, "cut": cut}, status=422)
        assert problem["code"] == "cut_not_allowed"
        assert problem["detail"] == (
            "A sealed game takes no cut: the server cuts its deck with the match's seeded "
            "generator, so any replay of the same token deals the same hand; leave `cut` out.")
    hands = {tuple(post(client, "/games/next-hand", body)["view"]["cards"]) for _ in range(4)}
    assert len(hands) == 1 and len(next(iter(hands))) == 13


def test_a_cut_on_a_hand_in_play_is_refused_the_same_way(client):
    created = sealed_game(client)
    problem = post(client, "/games/next-hand", {"token": created["token"], "cut": 5,
                                                "seat_key": created["seat_keys"][1]}, status=422)
    assert problem["code"] == "cut_not_allowed"


def test_an_open_game_still_takes_a_cut(client):
    state = post(client, "/games", {"variant": "foraccio", "seed": 5})["state"]
    while state["phase"] == "playing":
        moves = post(client, "/games/legal-moves", {"state": state})["moves"]
        state = post(client, "/games/play", {"state": state, "move": moves[0]})["state"]
    dealt = [post(client, "/games/next-hand", {"state": state, "cut": cut})["state"]
             for cut in (20, 21)]
    assert [each["record"][-1]["cut"] for each in dealt] == [20, 21]
    assert dealt[0]["hands"] != dealt[1]["hands"]


# --- the seed -------------------------------------------------------------------------


def test_a_sealed_game_takes_no_seed(client):
    # With a seed it knew, a client could start the same match and read every hand.
    for seed in (0, 42, 2**53 - 1):
        problem = post(client, "/games", {"variant": "foraccio", "seed": seed, "sealed": True},
                       status=422)
        assert problem["code"] == "seed_not_allowed"
        assert problem["detail"].startswith("A sealed game takes no seed")


def test_each_sealed_match_draws_its_own_wide_seed(client):
    games = [SEALER.open(sealed_game(client)["token"]) for _ in range(5)]
    seeds = {int.from_bytes(game.seed, "big") for game in games}
    assert len(seeds) == 5 and all(len(game.seed) == SEED_BYTES == 16 for game in games)
    assert max(seeds) > 2**64  # beyond any search of the seeds that could deal a hand


# --- the token's length ---------------------------------------------------------------


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_a_tokens_length_does_not_depend_on_where_the_hidden_cards_lie(variant):
    dealers = random.Random(variant)
    for number, step in enumerate(random_playout(variant, 4)):
        if number % 7 or step.after.phase != "playing":
            continue
        state, seat = step.after, number % 4
        game_id = new_game_id()
        lengths = {len(SEALER.seal(SealedGame.of(game_id, number, each)))
                   for each in (state, *(twin(state, seat, dealers) for _ in range(10)))}
        assert len(lengths) == 1, (number, lengths)


def test_the_answers_about_twins_carry_tokens_as_long(client):
    created = sealed_game(client, "zobelon")
    game = SEALER.open(created["token"])
    state = game.engine_state()
    seat = state.turn
    key = created["seat_keys"][seat]
    move = post(client, "/games/legal-moves", {"token": created["token"], "seat_key": key})
    lengths = set()
    for trial in range(10):
        other = twin(state, seat, random.Random(trial))
        token = SEALER.seal(SealedGame.of(game.game_id, game.counter, other))
        played = post(client, "/games/play", {"token": token, "seat_key": key,
                                              "move": move["moves"][0]})
        lengths.add(len(played["token"]))
    assert len(lengths) == 1


# --- autoplay -------------------------------------------------------------------------


def test_sealed_autoplay_plays_only_for_the_keys_seat(client):
    created = sealed_game(client)
    turn = created["view"]["turn"]
    answer = post(client, "/games/autoplay", {
        "token": created["token"], "seat_key": created["seat_keys"][turn],
        "bots": ["heuristic"] * 4, "until": "game_over"})
    assert answer["plays"] == 1 and answer["done"] is False
    (played,) = answer["events"]
    assert played["seat"] == turn
    assert answer["view"]["seat"] == turn and answer["view"]["turn"] == (turn + 1) % 4
    assert SEALER.open(answer["token"]).engine_state().turn == (turn + 1) % 4


def test_sealed_autoplay_reaches_the_end_of_the_hand_with_its_last_card(client):
    last = play_to_hand_over(client, sealed_game(client))
    assert last["plays"] == 1 and last["done"] is True
    assert last["view"]["phase"] == "hand_over"
    assert last["events"][-1]["type"] == "hand_scored"


def test_sealed_autoplay_after_a_hand_deals_and_plays_on_only_for_its_seat(client):
    created = sealed_game(client)
    keys = created["seat_keys"]
    token = play_to_hand_over(client, created)["token"]
    dealt = post(client, "/games/next-hand", {"token": token, "seat_key": keys[0]})
    first = dealt["view"]["turn"]
    for seat, key in enumerate(keys):
        answer = post(client, "/games/autoplay", {"token": token, "seat_key": key,
                                                  "bots": ["random"] * 4, "until": "hand_over"})
        # Any seat may deal; the deal is the seeded one; then only the seat to play first
        # plays, once, and no seat sees another's cards.
        assert answer["events"][0] == dealt["view"]["events"][-1]
        assert answer["plays"] == (1 if seat == first else 0) and answer["done"] is False
        assert answer["view"]["cards"] == [
            card for card in post(client, "/games/view", {"token": dealt["token"],
                                                          "seat_key": key})["cards"]
            if card not in strings_in(answer["events"])]


def test_open_autoplay_still_plays_every_seat(client):
    state = post(client, "/games", {"variant": "foraccio", "seed": 8})["state"]
    answer = post(client, "/games/autoplay", {"state": state, "bots": ["random"] * 4,
                                              "until": "hand_over"})
    assert answer["plays"] == 52 and answer["done"] is True
    assert {event["seat"] for event in answer["events"] if "seat" in event} == {0, 1, 2, 3}
