"""Realistic example bodies for the OpenAPI document, made by the engine itself.

They come from one seeded match with moves chosen by a seeded generator, so
the document is the same on every run; and since the engine made them, they
are accepted by the API (schemathesis sends them as its first test cases).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import msgspec

from api.schemas import HandScore, LegalMoves, NewGame, Played, PlayRequest, StateBody
from core.engine import hand_points, legal_moves, new_match, next_hand, play, score_hand
from core.model import Captured, Move, State

VARIANT = "foraccio"
SEED = 7
PLAYS_BEFORE_EXAMPLE = 9
"""How far into the first hand the mid-hand example is: a few captures, cards on the table."""
CUT = 17
HOUSE_RULES = ("single-card-priority", "colore")


@dataclass(frozen=True)
class Examples:
    """One request body and its response body per operation, as JSON-ready values."""

    new_game: Any
    new_game_options: Any
    new_game_house_rules: Any
    created: Any
    state: Any
    legal_moves: Any
    play: Any
    played: Any
    next_hand: Any
    dealt: Any
    score: Any
    mid_hand_state: State
    mid_hand_move: Move


@cache
def examples() -> Examples:
    """Build the examples once; they are the same on every call and every run."""
    chooser = random.Random(SEED)
    start = new_match(VARIANT, SEED)
    mid = start
    for _ in range(PLAYS_BEFORE_EXAMPLE):
        mid, _ = play(mid, chooser.choice(legal_moves(mid)))
    moves = legal_moves(mid)
    move = _a_capture(mid, moves) or moves[0]
    after, events = play(mid, move, seat=mid.turn)
    over = after
    while over.phase == "playing":
        over, _ = play(over, chooser.choice(legal_moves(over)))
    lines = score_hand(mid)
    return Examples(
        new_game=_json(NewGame(variant=VARIANT, seed=SEED)),
        new_game_options=_json(NewGame(variant=VARIANT, options={"deal_scheme": "5-4-4",
                                                                 "target": 101})),
        new_game_house_rules=_json(NewGame(variant=VARIANT, house_rules=HOUSE_RULES)),
        created=_json(StateBody(state=start)),
        state=_json(StateBody(state=mid)),
        legal_moves=_json(LegalMoves(seat=mid.turn, moves=moves)),
        play=_json(PlayRequest(state=mid, move=move, seat=mid.turn)),
        played=_json(Played(state=after, events=events)),
        next_hand=_json({"state": over, "cut": CUT}),
        dealt=_json(StateBody(state=next_hand(over, CUT))),
        score=_json(HandScore(lines=lines, points=hand_points(lines))),
        mid_hand_state=mid,
        mid_hand_move=move,
    )


def _a_capture(state: State, moves: tuple[Move, ...]) -> Move | None:
    """A move that takes table cards, the most telling kind to show."""
    for move in moves:
        _, events = play(state, move)
        if isinstance(events[0], Captured) and move.take:
            return move
    return None


def _json(value: Any) -> Any:
    return msgspec.to_builtins(value)
