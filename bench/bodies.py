"""The request bodies the HTTP benchmark posts, and the sizes of states and tokens.

Every body comes from one seeded match played to a far target (so it lasts
past hand 10), at the same point of a hand (:data:`PLAYS_IN`), so that hand 1
and hand 10 differ only by how much match lies behind them.
"""

from __future__ import annotations

import random
from functools import cache

import msgspec

from foraccio.api.posted import Receipts
from foraccio.api.sealing import SealedGame, Sealer, new_game_id
from foraccio.core.engine import legal_moves
from foraccio.core.model import State
from foraccio.core.testing import Step, random_playout
from foraccio.core.wire import State as WireState
from foraccio.core.wire import to_wire

VARIANTS = ("foraccio", "zobelon")
SEED = 5
PLAYS_IN = 9
"""Plays made in the hand at the point benchmarked: a few captures, cards on the table."""
HANDS = (1, 10, 50)
BENCH_SECRET = "foraccio-bench-secret"
"""The server's secret during the benchmark, so that the sealed bodies open there."""


@cache
def mid_hand_step(variant: str, hand: int) -> Step:
    """The play that makes :data:`PLAYS_IN` plays into ``hand`` of the benchmark's match."""
    for step in random_playout(variant, SEED, {"target": 1000}):
        state = step.after
        if state.hand == hand and len(state.notation.split()) == PLAYS_IN:
            return step
    raise LookupError(f"the {variant} match of seed {SEED} has no hand {hand}")


def mid_hand(variant: str, hand: int) -> State:
    """The state :data:`PLAYS_IN` plays into ``hand`` of the benchmark's match."""
    return mid_hand_step(variant, hand).after


def answered(state: State) -> WireState:
    """``state`` as the benchmark's server answers it: with its receipt."""
    return Receipts(Sealer(BENCH_SECRET.encode()).receipt_key).sign(to_wire(state))


def play_body(hand: int = 1, variant: str = "foraccio") -> bytes:
    """``POST /games/play`` at ``hand``: the open state, as the server answered it, and a
    legal move."""
    state = mid_hand(variant, hand)
    move = random.Random(hand).choice(legal_moves(state))
    return msgspec.json.encode({"state": answered(state), "move": move})


def sealed_play_body(hand: int = 1, variant: str = "foraccio") -> bytes:
    """The same play in a sealed game: its token and the key of the seat to play."""
    state = mid_hand(variant, hand)
    sealer, game_id = Sealer(BENCH_SECRET.encode()), new_game_id()
    move = random.Random(hand).choice(legal_moves(state))
    return msgspec.json.encode({
        "token": sealer.seal(SealedGame.of(game_id, PLAYS_IN, state)),
        "seat_key": sealer.seat_key(game_id, state.turn), "move": move})


def sizes() -> dict[tuple[str, int], tuple[int, int]]:
    """Bytes of the open state's JSON and characters of the token, per variant and hand."""
    sealer = Sealer(BENCH_SECRET.encode())
    found = {}
    for variant in VARIANTS:
        for hand in HANDS:
            state = mid_hand(variant, hand)
            token = sealer.seal(SealedGame.of(new_game_id(), PLAYS_IN, state))
            found[variant, hand] = (len(msgspec.json.encode(answered(state))), len(token))
    return found
