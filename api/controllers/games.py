"""``/games``: start a match, list the legal moves, play, deal the next hand, score.

The server keeps no game: each request carries the state the previous
answer returned, in the wire form of :mod:`foraccio.core.wire`, with the server's
receipt. :mod:`foraccio.api.posted` turns it into the engine's state, checking in full
a state the server did not make; answers carry the new state in the wire form
with a new receipt.

A sealed game (``sealed: true``) carries a token and a seat key instead: its
answers hold a new token and what the acting seat may see, never the state
(see :mod:`foraccio.api.sealing`). Its seed is the sealer's, never the client's, and
its deals are the seeded ones, never a client's cut.
"""

from __future__ import annotations

import secrets
from typing import ClassVar, NamedTuple

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from foraccio.api.decoding import StrictBody
from foraccio.api.errors import INVALID_BODY, busy, problem, problem_responses, time_limit
from foraccio.api.examples import examples
from foraccio.api.openapi import documented
from foraccio.api.posted import Posted
from foraccio.api.schemas import (
    MAX_SEED,
    GameRequest,
    HandScore,
    LegalMoves,
    NewGame,
    NewSealedGame,
    NextHandRequest,
    Played,
    PlayRequest,
    SealedPlayed,
    SealedState,
    StateBody,
    ViewRequest,
)
from foraccio.api.sealing import (
    CutNotAllowed,
    ForbiddenSeat,
    SealedGame,
    Sealer,
    SeedNotAllowed,
    new_game_id,
)
from foraccio.core import engine
from foraccio.core.model import State
from foraccio.core.view import SeatView, seat_view, view_legal_moves
from foraccio.core.wire import HandLog
from foraccio.core.wire import State as WireState
from foraccio.core.words import phrase

INVALID_STATE = ("invalid_state", "Seat 2 holds 9 cards but should hold 10: seat 3, to play, "
                                  "holds 10, and each seat from the dealer's right (seat 0) up "
                                  "to the one in turn has played one card more in this round.")
MATCH_OVER = ("match_over", "The match is over; start a new one.")
STATE_OR_TOKEN = ("state_or_token",
                  phrase("Give either `state`, or `token` and `seat_key`, not both."))
INVALID_TOKEN = ("invalid_token", "The token was not issued by this server or was altered; post "
                                  "the last token the server returned for this game.")
FORBIDDEN_SEAT = ("forbidden_seat", "Seat 1 may not act now: it is seat 3's turn.")
WRONG_KEY = ("forbidden_seat", "The seat key is not one of this game's seat keys.",
             "unknown_seat_key")
CUT_NOT_ALLOWED = ("cut_not_allowed", CutNotAllowed().message)
SEED_NOT_ALLOWED = ("seed_not_allowed", SeedNotAllowed().message)
SEALED_ERRORS = {403: [FORBIDDEN_SEAT, WRONG_KEY]}
"""The errors only a sealed request can meet, besides ``invalid_token`` (422)."""
BUSY = busy(10)
TIME_LIMIT = time_limit(10)
POOL_ERRORS = {503: [BUSY, TIME_LIMIT]}
"""The errors of work in the pool of processes: a bot's, or the check of a long open state
the server did not make (:mod:`foraccio.api.posted`)."""


class Game(NamedTuple):
    """The match a request is about (the engine's state); for a sealed one, also its
    token's content and the seat whose key came with it."""

    state: State
    sealed: SealedGame | None = None
    seat: int | None = None
    earlier: tuple[HandLog, ...] = ()
    """An open match's logs of the hands before those its state's record holds."""

    def answer(self, posted: Posted, state: State) -> WireState:
        """The open state to answer: ``state``, the next one of this match."""
        return posted.answer(state, self.earlier)

    def reseal(self, sealer: Sealer, posted: Posted, state: State) -> dict[str, str | int]:
        """The ``token`` of ``state``, the next one of this sealed game, and its ``counter``."""
        assert self.sealed is not None
        counter = self.sealed.counter + 1
        token = sealer.seal(SealedGame.of(self.sealed.game_id, counter, state))
        posted.remember_token(token, state)
        return {"token": token, "counter": counter}

    def view(self, state: State) -> SeatView:
        """What the acting seat of this sealed game sees of ``state``."""
        assert self.seat is not None
        return seat_view(state, self.seat)


async def game_of(data: GameRequest, sealer: Sealer, posted: Posted, *, acting: bool) -> Game:
    """Return the match ``data`` posts: the engine's state of its checked open state, or
    of its opened token.

    With ``acting``, a sealed request must come from the seat to play, if any.
    """
    if data.state is not None:
        if data.token is not None or data.seat_key is not None:
            raise problem(422, *STATE_OR_TOKEN)
        state, earlier = await posted.match(data.state)
        return Game(state, earlier=earlier)
    if data.token is None or data.seat_key is None:
        raise problem(422, *STATE_OR_TOKEN)
    sealed, seat = opened(data.token, data.seat_key, sealer)
    state = posted.sealed_state(data.token, sealed)
    turn = state.turn
    if acting and turn is not None and seat != turn:
        raise ForbiddenSeat(phrase("Seat {seat} may not act now: it is seat {turn}'s turn.",
                                   seat=seat, turn=turn))
    return Game(state, sealed, seat)


def opened(token: str, seat_key: str, sealer: Sealer) -> tuple[SealedGame, int]:
    """The sealed game of ``token`` and the seat of ``seat_key`` in it."""
    sealed = sealer.open(token)
    return sealed, sealer.seat_of(sealed.game_id, seat_key, sealed.seats)


def game_problems(status_422: list[tuple[str, str]]) -> dict[int, list[tuple[str, str]]]:
    """The documented errors of an operation on a match, open or sealed: an open state the
    server did not make may be checked in the pool of processes, hence 503."""
    return {400: [INVALID_BODY], **SEALED_ERRORS,
            422: [*status_422, STATE_OR_TOKEN, INVALID_TOKEN], **POOL_ERRORS}


class GameController(Controller):
    """Matches, one request per step; the state travels with every request."""

    path = "/games"
    tags: ClassVar[list[str]] = ["games"]
    dto = StrictBody
    return_dto = None

    @post("/", operation_id="newGame", status_code=200, summary="Start a match",
          response_description="The new match, its first hand dealt: its state (`kind: "
                               "open`), or a sealed game's token, seat keys and the view "
                               "of the seat to play first (`kind: sealed`).",
          description="Draws for the first dealer and deals the first hand. Without a seed "
                      "the server chooses one; it is returned in the state, so the match can "
                      "be replayed. `options` override the variant's defaults "
                      "(see `GET /variants/{name}`). `house_rules` names the house rules to "
                      "play with (see `GET /house-rules`), layered in that order; the state "
                      "records them. With `sealed: true` the answer is a sealed game instead: "
                      "a `token` holding the state encrypted, the key of each seat "
                      "(`seat_keys`, index = seat; hand each seat its own) and the view of "
                      "the seat to play first. A sealed match's seed is the server's secret, "
                      "since with it and the (open source) engine a seat could compute every "
                      "deal: a sealed game takes no `seed` (422 `seed_not_allowed`).",
          responses=problem_responses({
              400: [INVALID_BODY],
              422: [("unknown_variant", "There is no variant 'scopone'; known variants: "
                                        "foraccio."),
                    ("invalid_options", "Option 'target' of variant 'foraccio' must be at "
                                        "least 1; got 0."),
                    ("unknown_house_rule", "There is no house rule 'scopa-d-assi'; known house "
                                           "rules: colore, no-last-play-scopa, "
                                           "single-card-priority."),
                    ("incompatible_house_rule", "House rule 'colore' does not apply to "
                                                "variant 'zobelon': it adds colore, which the "
                                                "variant awards already; it applies to: "
                                                "foraccio."),
                    SEED_NOT_ALLOWED],
          }),
          operation_class=documented(
              request=lambda: {"seeded": examples().new_game,
                               "with_options": examples().new_game_options,
                               "with_house_rules": examples().new_game_house_rules,
                               "sealed": examples().new_game_sealed},
              response=lambda: {"first_hand_dealt": examples().created,
                                "sealed": examples().created_sealed}))
    async def new_game(self, data: JSONBody[NewGame], sealer: NamedDependency[Sealer],
                       posted: NamedDependency[Posted]) -> StateBody | NewSealedGame:
        """Start a match of ``data.variant``."""
        if data.sealed:
            if data.seed is not None:
                raise SeedNotAllowed
            seed = sealer.match_seed()
        else:
            seed = secrets.randbelow(MAX_SEED + 1) if data.seed is None else data.seed
        state = engine.new_match(data.variant, seed, data.options, data.house_rules)
        if not data.sealed:
            return StateBody(state=posted.answer(state))
        game_id = new_game_id()
        token = sealer.seal(SealedGame.of(game_id, 0, state))
        posted.remember_token(token, state)
        return NewSealedGame(token=token, counter=0,
                             seat_keys=sealer.seat_keys(game_id, len(state.hands)),
                             view=seat_view(state, state.turn or 0))

    @post("/view", operation_id="viewGame", status_code=200, summary="A seat's view",
          response_description="What the seat whose key was posted sees of the game.",
          description="What the seat whose key is given may see of a sealed game: its own "
                      "hand, the table, the cards played in the hand, the captured piles, "
                      "how many cards each seat holds, the scores. Never another seat's "
                      "cards.",
          responses=problem_responses({400: [INVALID_BODY], 403: [WRONG_KEY],
                                       422: [INVALID_TOKEN]}),
          operation_class=documented(
              request=lambda: {"sealed": examples().view},
              response=lambda: {"sealed": examples().viewed}))
    async def view(self, data: JSONBody[ViewRequest], sealer: NamedDependency[Sealer],
                   posted: NamedDependency[Posted]) -> SeatView:
        """Return the view of the seat whose key is posted."""
        sealed, seat = opened(data.token, data.seat_key, sealer)
        return seat_view(posted.sealed_state(data.token, sealed), seat)

    @post("/legal-moves", operation_id="legalMoves", status_code=200,
          response_description="The seat to play and every move it may make.",
          summary="List the legal moves",
          description="The seat to play and every move it may make, each exactly in the form "
                      "`POST /games/play` accepts, saying its `kind` (`capture` or `lay`). "
                      "Outside a hand in play, `seat` is null and `moves` is empty. A sealed "
                      "game needs the key of the seat to play.",
          responses=problem_responses(game_problems([INVALID_STATE])),
          operation_class=documented(
              request=lambda: {"mid_hand": examples().state,
                               "sealed": examples().sealed_state},
              response=lambda: {"mid_hand": examples().legal_moves}))
    async def legal_moves(self, data: JSONBody[GameRequest], sealer: NamedDependency[Sealer],
                          posted: NamedDependency[Posted]) -> LegalMoves:
        """List what the seat to play may do."""
        game = await game_of(data, sealer, posted, acting=True)
        state = game.state
        if game.sealed is not None:
            # From the view, so nothing but what the seat may see enters the answer.
            return LegalMoves(seat=state.turn, moves=view_legal_moves(game.view(state),
                                                                       kinds=True))
        return LegalMoves(seat=state.turn, moves=engine.legal_moves(state, kinds=True))

    @post("/play", operation_id="play", status_code=200, summary="Play a move",
          response_description="The match after the move (`kind: open`: its state; "
                               "`kind: sealed`: its new token and the seat's view) and "
                               "the events the move caused, in order.",
          description="Plays `move` for the seat in turn and returns the new state and the "
                      "events the move caused (a capture, a scopa; when the hands run out, "
                      "more cards dealt and what that deal took; at the end of a hand "
                      "the table collected, the hand scored, maybe the match won). With "
                      "`seat`, the move is refused unless that seat is in turn; with a `kind` "
                      "that is not its own, with `wrong_kind`. An illegal move answers 422 "
                      "with the reason as `code`. "
                      "A sealed game needs the key of the seat to play and answers a new "
                      "token and that seat's view.",
          responses=problem_responses(game_problems([INVALID_STATE,
                    ("not_your_turn", "It is seat 0's turn to play, not seat 2's."),
                    ("card_not_in_hand", "Seat 0, the seat to play, does not hold 5c."),
                    ("capture_required", "10s can capture, and capture is compulsory: take "
                                         "[5c, 3b, 2d]."),
                    ("illegal_capture", "Illegal capture: 12c is not on the table; it can "
                                        "take [12d]."),
                    ("wrong_kind", "7c captures nothing here: it is laid on the table. "
                                   "Post the move with kind \"lay\", or without a kind."),
                    ("hand_over", "The hand is over; deal the next hand before playing."),
                    MATCH_OVER])),
          operation_class=documented(
              request=lambda: {"a_capture": examples().play, "sealed": examples().play_sealed},
              response=lambda: {"a_capture": examples().played,
                                "sealed": examples().played_sealed}))
    async def play(self, data: JSONBody[PlayRequest], sealer: NamedDependency[Sealer],
                   posted: NamedDependency[Posted]) -> Played | SealedPlayed:
        """Play one move."""
        game = await game_of(data, sealer, posted, acting=True)
        state, events = engine.play(game.state, data.move, data.seat)
        if game.sealed is None:
            return Played(state=game.answer(posted, state), events=events)
        return SealedPlayed(**game.reseal(sealer, posted, state), view=game.view(state),
                            events=events)

    @post("/next-hand", operation_id="nextHand", status_code=200,
          response_description="The match with the next hand dealt (`kind: open`: its "
                               "state; `kind: sealed`: its new token and the seat's "
                               "view).",
          summary="Deal the next hand",
          description="Once a hand is over (`phase` is `hand_over`), the deal passes on and "
                      "the next hand is dealt. `cut` is where the deck is cut (1 to 51 for "
                      "52 cards); without it the match's seeded generator chooses. Any seat of "
                      "a sealed game may deal; it gets a new token and its view. A sealed "
                      "game takes no `cut` (422 `cut_not_allowed`): the server keeps nothing, "
                      "so a token can be posted again, and a client choosing the cut could "
                      "choose again after seeing the hand it got. Its cut comes from the "
                      "match's seeded generator, so every replay of a token deals the same "
                      "hand.",
          responses=problem_responses(game_problems([
              INVALID_STATE,
              ("hand_in_progress", "The current hand is still being played; finish it first."),
              MATCH_OVER,
              ("invalid_cut", "The cut must be between 1 and 51; got 60."),
              CUT_NOT_ALLOWED])),
          operation_class=documented(
              request=lambda: {"after_a_hand": examples().next_hand,
                               "sealed": examples().next_hand_sealed},
              response=lambda: {"next_hand_dealt": examples().dealt,
                                "sealed": examples().dealt_sealed}))
    async def next_hand(self, data: JSONBody[NextHandRequest], sealer: NamedDependency[Sealer],
                        posted: NamedDependency[Posted]) -> StateBody | SealedState:
        """Deal the next hand."""
        game = await game_of(data, sealer, posted, acting=False)
        if game.sealed is not None and data.cut is not None:
            raise CutNotAllowed
        state = engine.next_hand(game.state, data.cut)
        if game.sealed is None:
            return StateBody(state=game.answer(posted, state))
        return SealedState(**game.reseal(sealer, posted, state), view=game.view(state))

    @post("/score", operation_id="scoreHand", status_code=200,
          response_description="The current hand's score lines so far and their points "
                               "per team.",
          summary="Score the current hand",
          description="The score lines of the current hand so far (final once it is over) "
                      "and their points per team, `[team 0, team 1]`. Match totals are in "
                      "the state's `scores`. Any seat of a sealed game may ask: score lines "
                      "show only captured cards, which are public.",
          responses=problem_responses(game_problems([INVALID_STATE])),
          operation_class=documented(
              request=lambda: {"mid_hand": examples().state,
                               "sealed": examples().sealed_state},
              response=lambda: {"mid_hand": examples().score}))
    async def score(self, data: JSONBody[GameRequest], sealer: NamedDependency[Sealer],
                    posted: NamedDependency[Posted]) -> HandScore:
        """Score the current hand so far."""
        state = (await game_of(data, sealer, posted, acting=False)).state
        lines = engine.score_hand(state)
        return HandScore(lines=lines, points=engine.hand_points(lines, len(state.scores)))
