"""Realistic example bodies for the OpenAPI document, made by the engine itself.

They come from one seeded match with moves chosen by a seeded generator, so
the document is the same on every run; and since the engine made them, they
are accepted by the API (schemathesis sends them as its first test cases).

Sealed examples are sealed with :data:`EXAMPLE_SECRET`, a public secret with
fixed nonces, so the document is the same on every run: they open only on a
server started with ``FORACCIO_SECRET`` set to it, as the tests do; the open
states' receipts are made with it too (elsewhere a state with a foreign receipt
is checked in full, like one without). Never
deploy with it. They follow the match that ``POST /games`` starts for the same
seed sealed: its seed is derived from the client's under the secret.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

import msgspec

from foraccio.api.posted import Receipts
from foraccio.api.schemas import (
    Autoplayed,
    AutoplayRequest,
    BotMove,
    BotMoveRequest,
    HandScore,
    LegalMoves,
    NewGame,
    NewSealedGame,
    Played,
    PlayRequest,
    SealedAutoplayed,
    SealedPlayed,
    SealedState,
    StateBody,
)
from foraccio.api.sealing import SealedGame, Sealer
from foraccio.bots import Budget, move_for_state
from foraccio.bots.autoplay import autoplay
from foraccio.core.engine import (
    hand_points,
    legal_moves,
    moves_of,
    new_match,
    next_hand,
    play,
    score_hand,
)
from foraccio.core.model import Captured, Move, State
from foraccio.core.view import seat_view, with_kind
from foraccio.core.wire import State as WireState
from foraccio.core.wire import to_wire

VARIANT = "foraccio"
SEED = 7
PLAYS_BEFORE_EXAMPLE = 9
"""How far into the first hand the mid-hand example is: a few captures, cards on the table."""
CUT = 17
HOUSE_RULES = ("single-card-priority", "colore")
BOTS = ("heuristic", "random", "heuristic", "random")
BOT_SEED = 1
AUTOPLAY_PLAYS = 4
"""The autoplay example starts this many plays before the end of the hand, to stay short."""
ISMCTS_BUDGET = Budget(iterations=50)
EXAMPLE_SECRET = "foraccio-example-secret: public, never deploy with it"
"""The secret of the sealed examples: tests start the app with it."""
EXAMPLE_GAME_ID = hashlib.sha256(b"foraccio example game").digest()[:16]
SEALED_SEED = int.from_bytes(hashlib.sha256(b"foraccio example seed").digest()[:16], "big")
"""The seed of the sealed examples' match: as wide as the server's own (128 bits)."""


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
    new_game_sealed: Any
    created_sealed: Any
    sealed_state: Any
    view: Any
    viewed: Any
    play_sealed: Any
    played_sealed: Any
    next_hand_sealed: Any
    dealt_sealed: Any
    bot_move_sealed: Any
    autoplay_sealed: Any
    autoplayed_sealed: Any
    mid_hand_state: State
    mid_hand_move: Move


class _Walk(NamedTuple):
    """Points of a match's first hand that the examples show."""

    start: State
    mid: State
    """:data:`PLAYS_BEFORE_EXAMPLE` plays in."""
    moves: tuple[Move, ...]
    move: Move
    """A capture if ``mid`` has one: the move the play examples make."""
    after: State
    events: tuple
    late: State
    """:data:`AUTOPLAY_PLAYS` plays before the end of the hand."""
    over: State
    """The hand over."""


def _walk(start: State) -> _Walk:
    """Play the first hand of ``start`` with moves from a generator seeded with SEED."""
    chooser = random.Random(SEED)
    mid = start
    for _ in range(PLAYS_BEFORE_EXAMPLE):
        mid, _ = play(mid, chooser.choice(legal_moves(mid)))
    moves = legal_moves(mid, kinds=True)  # as the API lists them
    move = _a_capture(mid, moves) or moves[0]
    after, events = play(mid, move, seat=mid.turn)
    over = late = after
    while over.phase == "playing":
        if sum(map(len, over.hands)) == AUTOPLAY_PLAYS:
            late = over
        over, _ = play(over, chooser.choice(legal_moves(over)))
    return _Walk(start, mid, moves, move, after, events, late, over)


@cache
def examples() -> Examples:
    """Build the examples once; they are the same on every call and every run."""
    start, mid, moves, move, after, events, late, over = _walk(new_match(VARIANT, SEED))
    lines = score_hand(mid)
    open_dealt = next_hand(over, CUT)
    bot_move = with_kind(seat_view(mid, mid.turn), move_for_state(BOTS[0], mid, BOT_SEED))
    played_out = autoplay(late, BOTS, "hand_over", BOT_SEED)
    sealer = Sealer(EXAMPLE_SECRET.encode())
    receipts = Receipts(sealer.receipt_key)
    keys = sealer.seat_keys(EXAMPLE_GAME_ID, 4)
    # A sealed match's seed is the server's secret; the examples' is fixed and wide.
    sealed = _walk(new_match(VARIANT, SEALED_SEED))
    sealed_over = sealed.over
    # A sealed game's bots play only the key's seat: up to the next seat's turn. From the
    # deal, so that the view in the answer holds few events.
    sealed_out = autoplay(sealed.start, BOTS, "hand_over", BOT_SEED, seats=(sealed.start.turn,))

    def answered(state: State) -> WireState:
        """The open state as the server answers it, with its receipt."""
        return receipts.sign(to_wire(state))

    def token(state: State, counter: int) -> str:
        nonce = hashlib.sha256(f"example nonce {counter}".encode()).digest()[:12]
        return sealer.seal(SealedGame.of(EXAMPLE_GAME_ID, counter, state), nonce)

    # The counter counts the tokens of the game: one per play in the first hand.
    mid_turn = sealed.mid.turn
    mid_sealed = {"token": token(sealed.mid, PLAYS_BEFORE_EXAMPLE), "seat_key": keys[mid_turn]}
    plays_to_over = len(moves_of(sealed_over.events))
    over_sealed = {"token": token(sealed_over, plays_to_over), "seat_key": keys[0]}
    start_sealed = {"token": token(sealed.start, 0), "seat_key": keys[sealed.start.turn]}
    dealt = next_hand(sealed_over)
    return Examples(
        new_game_sealed=_json(NewGame(variant=VARIANT, sealed=True)),
        created_sealed=_json(NewSealedGame(token=token(sealed.start, 0), counter=0,
                                           seat_keys=keys,
                                           view=seat_view(sealed.start, sealed.start.turn))),
        sealed_state=mid_sealed,
        view={"token": token(sealed.mid, PLAYS_BEFORE_EXAMPLE), "seat_key": keys[2]},
        viewed=_json(seat_view(sealed.mid, 2)),
        play_sealed={**mid_sealed, "move": _json(sealed.move)},
        played_sealed=_json(SealedPlayed(token=token(sealed.after, PLAYS_BEFORE_EXAMPLE + 1),
                                         counter=PLAYS_BEFORE_EXAMPLE + 1,
                                         view=seat_view(sealed.after, mid_turn),
                                         events=sealed.events)),
        next_hand_sealed=over_sealed,
        dealt_sealed=_json(SealedState(token=token(dealt, plays_to_over + 1),
                                       counter=plays_to_over + 1, view=seat_view(dealt, 0))),
        bot_move_sealed={**mid_sealed, "bot": BOTS[0], "seed": BOT_SEED},
        autoplay_sealed={**start_sealed, "bots": list(BOTS), "until": "hand_over",
                         "seed": BOT_SEED},
        autoplayed_sealed=_json(SealedAutoplayed(
            token=token(sealed_out.state, 1), counter=1,
            view=seat_view(sealed_out.state, sealed.start.turn), events=sealed_out.events,
            plays=sealed_out.plays, done=sealed_out.done)),
        new_game=_json(NewGame(variant=VARIANT, seed=SEED)),
        new_game_options=_json(NewGame(variant=VARIANT, options={"deal_scheme": "5-4-4",
                                                                 "target": 101})),
        new_game_house_rules=_json(NewGame(variant=VARIANT, house_rules=HOUSE_RULES)),
        created=_json(StateBody(state=answered(start), events=start.events)),
        state={"state": _json(answered(mid))},
        legal_moves=_json(LegalMoves(seat=mid.turn, moves=moves)),
        play=_request(PlayRequest(state=answered(mid), move=move, seat=mid.turn)),
        played=_json(Played(state=answered(after), events=events)),
        next_hand=_json({"state": answered(over), "cut": CUT}),
        dealt=_json(StateBody(state=answered(open_dealt), events=open_dealt.events)),
        score=_json(HandScore(lines=lines, points=hand_points(lines))),
        bot_move=_request(BotMoveRequest(state=answered(mid), bot=BOTS[0], seed=BOT_SEED)),
        bot_move_ismcts=_request(BotMoveRequest(state=answered(mid), bot="ismcts", seed=BOT_SEED,
                                                budget=ISMCTS_BUDGET)),
        bot_moved=_json(BotMove(seat=mid.turn, move=bot_move)),
        autoplay=_request(AutoplayRequest(state=answered(late), bots=BOTS, until="hand_over",
                                          seed=BOT_SEED)),
        autoplayed=_json(Autoplayed(state=answered(played_out.state), events=played_out.events,
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


def _request(body: Any) -> Any:
    """``body`` as a client sends it: the fields of the other form of a match (and the
    optional ``kind``) left out rather than null, as the document's open and sealed
    request schemas say."""
    return {key: value for key, value in _json(body).items()
            if not (key in ("kind", "state", "token", "seat_key") and value is None)}
