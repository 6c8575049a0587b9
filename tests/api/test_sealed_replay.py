"""Replaying old tokens of a sealed game shows no seat anything new.

The server keeps nothing, so every token of a game can be posted again. A
sealed match of each variant is played once through HTTP (the first pass);
then every token it produced is posted again: to ``next-hand`` with every cut
(always refused) and without one (the first pass's deal, every time), and to
``play`` with every legal move of the seat to play. No answer shows a seat a
card it could not see at that token on the first pass.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import msgspec
import pytest

from foraccio.api.sealing import SealedGame, new_game_id
from foraccio.core.cards import DECK
from foraccio.core.engine import legal_moves, new_match
from foraccio.core.model import State
from foraccio.core.view import seat_view
from tests.api.sealed import SEALER, post, strings_in, without_draws

TARGETS = {"foraccio": 31, "zobelon": 51}
"""Short matches (a few hands each) keep the thousands of replays quick."""
SEEDS = {"foraccio": 10, "zobelon": 2}
"""Seeds of three-hand matches."""


class Token(NamedTuple):
    """A token of the first pass and the state it holds."""

    token: str
    state: State


def visible(state: State, seat: int) -> set[str]:
    """The cards ``seat`` may see at ``state``: its hand, the table, the piles, the cards
    played (the draws for the first dealer aside)."""
    return cards_in(as_json(seat_view(state, seat)))


def cards_in(body) -> set[str]:
    """The cards anywhere in a JSON value, the draws for the first dealer aside."""
    return strings_in(without_draws(body)) & set(DECK)


def as_json(value):
    """``value`` as a client decodes it."""
    return msgspec.json.decode(msgspec.json.encode(value))


def first_pass(client, variant: str) -> tuple[list[str], list[Token]]:
    """Play a sealed match with random legal moves; return its seat keys and every token,
    in order, each with the state it holds."""
    players = random.Random(variant)
    # Sealed as POST /games seals a match, but of a chosen seed: a short match.
    game_id = new_game_id()
    start = new_match(variant, SEEDS[variant], {"target": TARGETS[variant]})
    keys, token = SEALER.seat_keys(game_id), SEALER.seal(SealedGame.of(game_id, 0, start))
    tokens = [Token(token, SEALER.open(token).engine_state())]
    while tokens[-1].state.phase != "game_over":
        state = tokens[-1].state
        if state.phase == "hand_over":
            answer = post(client, "/games/next-hand",
                          {"token": token, "seat_key": keys[players.randrange(4)]})
        else:
            body = {"token": token, "seat_key": keys[state.turn]}
            moves = post(client, "/games/legal-moves", body)["moves"]
            answer = post(client, "/games/play", {**body, "move": players.choice(moves)})
        token = answer["token"]
        tokens.append(Token(token, SEALER.open(token).engine_state()))
    return keys, tokens


@pytest.fixture(scope="module", params=sorted(TARGETS))
def match(request, direct):
    keys, tokens = first_pass(direct, request.param)
    assert sum(token.state.phase == "hand_over" for token in tokens) >= 2
    return keys, tokens


def test_no_token_takes_a_cut(direct, match):
    keys, tokens = match
    for number, (token, _) in enumerate(tokens):
        key = keys[number % 4]
        for cut in range(1, 52):
            problem = post(direct, "/games/next-hand",
                           {"token": token, "seat_key": key, "cut": cut}, status=422)
            assert problem["code"] == "cut_not_allowed"


def test_every_replay_of_a_finished_hand_deals_the_first_pass_deal(direct, match):
    keys, tokens = match
    for number, (token, state) in enumerate(tokens):
        for seat, key in enumerate(keys):
            body = {"token": token, "seat_key": key}
            if state.phase != "hand_over":
                problem = post(direct, "/games/next-hand", body, status=422)
                assert problem["code"] in {"hand_in_progress", "match_over"}
                assert not cards_in(problem)
                continue
            dealt = tokens[number + 1].state  # the next token of the first pass is its deal
            answer = post(direct, "/games/next-hand", body)
            assert SEALER.open(answer["token"]).engine_state() == dealt
            assert answer["view"] == as_json(seat_view(dealt, seat))


def test_replaying_any_move_shows_nothing_the_seat_could_not_see(direct, match):
    keys, tokens = match
    replays = 0
    for token, state in tokens:
        if state.phase != "playing":
            continue
        seat = state.turn
        body = {"token": token, "seat_key": keys[seat]}
        seen = visible(state, seat)
        for move in legal_moves(state):
            answer = post(direct, "/games/play", {**body, "move": msgspec.to_builtins(move)})
            shown = cards_in(answer)
            assert shown <= seen, f"seat {seat} was shown {sorted(shown - seen)}"
            replays += 1
    assert replays > len(tokens)
