"""The server never answers a state or a token it would refuse when posted back: the
longest matches the options allow (a target of 1000, over a hundred hands) are played to
their end, every answer posted back in the next request.

Moves are chosen by the engine itself, playing the same match beside the server, so each
answer is also checked against the engine's own state. A sealed game's token keeps the
same bounded length at every hand.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.model import State
from foraccio.core.wire import to_wire
from tests.api.sealed import RECEIPTS, SEALER

LONGEST = {"target": 1000}
TOKEN_LIMIT = 2048


def _wire(state: State) -> dict:
    """The state as the server answers it, as JSON decodes it."""
    return msgspec.json.decode(msgspec.json.encode(RECEIPTS.sign(to_wire(state))))


def _move(state: State, rng: random.Random) -> dict:
    return msgspec.to_builtins(rng.choice(legal_moves(state)))


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_every_open_answer_of_the_longest_match_is_taken_back(direct, variant):
    rng = random.Random(variant)
    answer = direct.post("/games", {"variant": variant, "seed": 2, "options": LONGEST})
    mirror = new_match(variant, 2, LONGEST)
    while True:
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
        assert state == _wire(mirror)
        if mirror.phase == "game_over":
            break
        if mirror.phase == "hand_over":
            mirror = next_hand(mirror)
            answer = direct.post("/games/next-hand", {"state": state})
            continue
        move = _move(mirror, rng)
        mirror = play(mirror, msgspec.convert(move, type(legal_moves(mirror)[0])))[0]
        answer = direct.post("/games/play", {"state": state, "move": move})
    assert mirror.hand > 40 and len(answer.content) > 15_000


def test_every_sealed_answer_of_the_longest_match_is_taken_back(direct):
    rng = random.Random("sealed")
    created = direct.post("/games", {"variant": "foraccio", "sealed": True, "options": LONGEST})
    assert created.status_code == 200, created.text
    token, keys = created.json()["token"], created.json()["seat_keys"]
    lengths = set()
    while True:
        lengths.add(len(token))
        state = SEALER.open(token).engine_state()  # the test may look inside
        if state.phase == "game_over":
            break
        if state.phase == "hand_over":
            answer = direct.post("/games/next-hand", {"token": token, "seat_key": keys[0]})
        else:
            answer = direct.post("/games/play", {"token": token, "seat_key": keys[state.turn],
                                                 "move": _move(state, rng)})
        assert answer.status_code == 200, answer.text
        token = answer.json()["token"]
    assert state.hand > 40 and max(lengths) <= TOKEN_LIMIT
