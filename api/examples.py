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

from api.schemas import (
    Autoplayed,
    AutoplayRequest,
    BotMove,
    BotMoveRequest,
    HandScore,
    LegalMoves,
    NewGame,
    Played,
    PlayRequest,
    StateBody,
)
from core.bots import Budget, move_for_state
from core.bots.autoplay import autoplay
from core.engine import hand_points, legal_moves, new_match, next_hand, play, score_hand
from core.model import Captured, Move, State

VARIANT = "foraccio"
SEED = 7
PLAYS_BEFORE_EXAMPLE = 9
"""How far into the first hand the mid-hand example is: a few captures, cards on the table."""
CUT = 17
HOUSE_RULES = ("single-card-priority", "colore")
BOTS = ("heuristic", "random", "heuristic", "random")
BOT_SEED = 1
AUTOPLAY_PLAYS = 8
"""The autoplay example starts this many plays before the end of the hand, to stay short."""
ISMCTS_BUDGET = Budget(iterations=50)


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
    bot_move: Any
    bot_move_ismcts: Any
    bot_moved: Any
    autoplay: Any
    autoplayed: Any
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
    over = late = after
    while over.phase == "playing":
        if sum(map(len, over.hands)) == AUTOPLAY_PLAYS:
            late = over
        over, _ = play(over, chooser.choice(legal_moves(over)))
    lines = score_hand(mid)
    bot_move = move_for_state(BOTS[0], mid, BOT_SEED)
    played_out = autoplay(late, BOTS, "hand_over", BOT_SEED)
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
        bot_move=_json(BotMoveRequest(state=mid, bot=BOTS[0], seed=BOT_SEED)),
        bot_move_ismcts=_json(BotMoveRequest(state=mid, bot="ismcts", seed=BOT_SEED,
                                             budget=ISMCTS_BUDGET)),
        bot_moved=_json(BotMove(seat=mid.turn, move=bot_move)),
        autoplay=_json(AutoplayRequest(state=late, bots=BOTS, until="hand_over",
                                       seed=BOT_SEED)),
        autoplayed=_json(Autoplayed(state=played_out.state, events=played_out.events,
                                    plays=played_out.plays, done=played_out.done)),
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
