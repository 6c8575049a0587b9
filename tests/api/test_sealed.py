"""Sealed games: the state travels encrypted, each seat sees only what it may.

A token is opened only as the server issued it; a seat key speaks for one
seat of one game; and no answer to a seat ever holds a card of another
seat's hand, over whole matches of every variant.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from foraccio.api.sealing import (
    MAX_PLAINTEXT,
    MAX_TOKEN_LENGTH,
    InvalidToken,
    SealedGame,
    Sealer,
    new_game_id,
)
from foraccio.core.registry import variants
from foraccio.core.testing import random_playout
from tests.api.conftest import play_until
from tests.api.sealed import SEALER, assert_no_leak, post, sealed_game, strings_in

ALPHABET = string.ascii_letters + string.digits + "-_"
MAX_HANDS = 100


# --- tokens ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def token() -> str:
    state = play_until("playing")
    return SEALER.seal(SealedGame.of(new_game_id(), 3, state))


def test_a_token_opens_to_what_was_sealed(token):
    game = SEALER.open(token)
    assert game.counter == 3 and game.engine_state() == play_until("playing")


def test_changing_any_character_of_a_token_is_refused(token):
    for position, char in enumerate(token):
        other = ALPHABET[(ALPHABET.index(char) + 1) % len(ALPHABET)]
        with pytest.raises(InvalidToken):
            SEALER.open(token[:position] + other + token[position + 1:])


def test_flipping_any_byte_of_a_token_is_refused(token):
    import base64

    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    for position in range(len(raw)):
        flipped = raw[:position] + bytes([raw[position] ^ 0x01]) + raw[position + 1:]
        with pytest.raises(InvalidToken):
            SEALER.open(base64.urlsafe_b64encode(flipped).rstrip(b"=").decode())


def test_truncated_extended_and_foreign_tokens_are_refused(token):
    for length in range(len(token)):
        with pytest.raises(InvalidToken):
            SEALER.open(token[:length])
    for bad in (token + "A", token + "AAAA", "é" + token, token.replace("-", "+"),
                Sealer(b"another secret").seal(SEALER.open(token))):
        with pytest.raises(InvalidToken):
            SEALER.open(bad)


def test_seat_keys_differ_by_seat_game_and_secret():
    game_id = new_game_id()
    keys = SEALER.seat_keys(game_id)
    assert len(set(keys)) == 4
    assert set(keys).isdisjoint(SEALER.seat_keys(new_game_id()))
    assert set(keys).isdisjoint(Sealer(b"another secret").seat_keys(game_id))
    assert [SEALER.seat_of(game_id, key) for key in keys] == [0, 1, 2, 3]


TOKEN_BOUND = 2048
"""Characters of a token at any point of a twelve-hand match."""


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_a_token_stays_within_2_kb_through_twelve_hands(variant):
    # A token holds a finished hand as its cut and points only: it hardly grows.
    lengths = []
    for step in random_playout(variant, 3, {"target": 1000}):
        sealed = SealedGame.of(new_game_id(), 10**6, step.after)
        lengths.append(len(SEALER.seal(sealed)))
        if step.after.hand == 12 and step.after.phase != "playing":
            break
    assert step.after.hand == 12
    assert max(lengths) <= TOKEN_BOUND <= MAX_TOKEN_LENGTH
    assert MAX_TOKEN_LENGTH == -(-(MAX_PLAINTEXT + 28) // 3) * 4


# --- over HTTP ------------------------------------------------------------------------


def test_a_sealed_match_starts_with_a_token_keys_and_the_first_seat_view(client):
    created = sealed_game(client)
    assert set(created) == {"kind", "token", "counter", "seat_keys", "view"}
    assert created["counter"] == 0
    assert len(set(created["seat_keys"])) == 4
    seat = created["view"]["seat"]
    assert seat == created["view"]["turn"]
    assert_no_leak(created, seat, created["token"])


def test_each_seat_views_its_own_hand_only(client):
    created = sealed_game(client)
    state = SEALER.open(created["token"]).engine_state()
    for seat, key in enumerate(created["seat_keys"]):
        view = post(client, "/games/view", {"token": created["token"], "seat_key": key})
        assert view["seat"] == seat and view["cards"] == list(state.hands[seat])
        assert_no_leak(view, seat, created["token"])


@pytest.mark.parametrize("path", ["/games/view", "/games/legal-moves", "/games/score",
                                  "/games/play"])
def test_a_bad_token_is_invalid_token_and_the_answer_echoes_nothing(client, path):
    created = sealed_game(client)
    key = created["seat_keys"][created["view"]["turn"]]
    move = {"card": created["view"]["cards"][0]}
    foreign = Sealer(b"another secret").seal(SEALER.open(created["token"]))
    position = len(created["token"]) // 2
    tampered = (created["token"][:position] + ("A" if created["token"][position] != "A" else "B")
                + created["token"][position + 1:])
    for bad in (foreign, tampered, created["token"][:-5]):
        response = client.post(path, json={"token": bad, "seat_key": key, "move": move}
                               if path == "/games/play" else {"token": bad, "seat_key": key})
        assert response.status_code == 422, response.text
        problem = response.json()
        assert problem["code"] == "invalid_token"
        assert bad not in response.text and key not in response.text


def test_a_wrong_seat_key_is_forbidden_seat(client):
    created = sealed_game(client)
    other = sealed_game(client)
    for key in (other["seat_keys"][0], "A" * 24):
        response = client.post("/games/view", json={"token": created["token"], "seat_key": key})
        assert response.status_code == 403
        assert response.json()["code"] == "forbidden_seat"
        assert key not in response.text and created["token"] not in response.text


@pytest.mark.parametrize("path, extra", [
    ("/games/legal-moves", {}),
    ("/games/play", None),
    ("/games/bot-move", {"bot": "random"}),
    ("/games/autoplay", {"bots": ["random"] * 4, "until": "hand_over"}),
])
def test_only_the_seat_to_play_may_act(client, path, extra):
    created = sealed_game(client)
    turn = created["view"]["turn"]
    waiting = (turn + 1) % 4
    if extra is None:
        extra = {"move": {"card": created["view"]["cards"][0]}}
    body = {"token": created["token"], "seat_key": created["seat_keys"][waiting], **extra}
    problem = post(client, path, body, status=403)
    assert problem["code"] == "forbidden_seat"
    state = SEALER.open(created["token"]).engine_state()
    assert not strings_in(problem) & {card for hand in state.hands for card in hand}
    post(client, path, {**body, "seat_key": created["seat_keys"][turn]})


def test_state_and_token_together_or_neither_are_refused(client):
    created = sealed_game(client)
    state = post(client, "/games", {"variant": "foraccio", "seed": 5})["state"]
    both = {"state": state, "token": created["token"], "seat_key": created["seat_keys"][0]}
    assert post(client, "/games/score", both, status=422)["code"] == "state_or_token"
    assert post(client, "/games/score", {}, status=422)["code"] == "state_or_token"
    assert post(client, "/games/score", {"token": created["token"]},
                status=422)["code"] == "state_or_token"


def test_the_counter_grows_with_every_new_token(client):
    created = sealed_game(client)
    turn = created["view"]["turn"]
    played = post(client, "/games/play", {"token": created["token"],
                                          "seat_key": created["seat_keys"][turn],
                                          "move": post(client, "/games/legal-moves", {
                                              "token": created["token"],
                                              "seat_key": created["seat_keys"][turn]})["moves"][0]})
    assert SEALER.open(created["token"]).counter == created["counter"] == 0
    assert SEALER.open(played["token"]).counter == played["counter"] == 1


def play_sealed_match(client, variant: str, players: random.Random,
                      max_plays: int | None = None) -> dict:
    """Play a sealed match through HTTP with random legal moves, checking every answer
    for leaks; return the last view."""
    created = sealed_game(client, variant)
    token, keys, view = created["token"], created["seat_keys"], created["view"]
    assert_no_leak(created, view["seat"], token)
    plays = 0
    while view["phase"] != "game_over" and (max_plays is None or plays < max_plays):
        if view["phase"] == "hand_over":
            assert view["hand"] < MAX_HANDS, "the match does not end"
            dealer = players.randrange(len(keys))
            body = {"token": token, "seat_key": keys[dealer]}
            score = post(client, "/games/score", body)
            assert_no_leak(score, dealer, token)
            dealt = post(client, "/games/next-hand", body)
            assert dealt["view"]["seat"] == dealer
            assert_no_leak(dealt, dealer, token, dealt["token"])
            token, view = dealt["token"], dealt["view"]
            continue
        seat = SEALER.open(token).engine_state().turn
        body = {"token": token, "seat_key": keys[seat]}
        looker = players.randrange(len(keys))
        looked = post(client, "/games/view", {"token": token, "seat_key": keys[looker]})
        assert looked["seat"] == looker
        assert_no_leak(looked, looker, token)
        legal = post(client, "/games/legal-moves", body)
        assert legal["seat"] == seat and legal["moves"]
        assert_no_leak(legal, seat, token)
        played = post(client, "/games/play", {**body, "move": players.choice(legal["moves"])})
        assert_no_leak(played, seat, token, played["token"])
        assert played["view"]["seat"] == seat
        token, view = played["token"], played["view"]
        plays += 1
    return view


@pytest.mark.parametrize("variant", sorted(variants()))
def test_a_sealed_match_is_played_to_the_end_without_a_leak(client, variant):
    view = play_sealed_match(client, variant, random.Random(variant))
    assert view["phase"] == "game_over" and view["winner"] is not None


@given(seed=st.integers(0, 2**32), variant=st.sampled_from(sorted(variants())),
       plays=st.integers(1, 60))
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_answer_to_a_seat_shows_another_seats_card(client, seed, variant, plays):
    play_sealed_match(client, variant, random.Random(seed), max_plays=plays)


@pytest.mark.parametrize("variant", sorted(variants()))
def test_a_token_rebuilds_the_engines_very_state(variant):
    # Every few plays of a whole match, and at every hand's end and start.
    for step in random_playout(variant, 5):
        state = step.after
        if len(state.notation.split()) % 7 == 0 or state.phase != "playing":
            sealed = SEALER.open(SEALER.seal(SealedGame.of(b"x" * 16, 0, state)))
            rebuilt = sealed.engine_state()
            # The token keeps no finished hand: the record holds the current one only.
            assert replace(rebuilt, record=()) == replace(state, record=())
            assert rebuilt.record == state.record[-1:]
