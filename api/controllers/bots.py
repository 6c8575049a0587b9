"""``/games/bot-move`` and ``/games/autoplay``: bots that see only their seat's view.

In a sealed game a bot acts only for the seat whose key came with the request:
bots playing other seats would make the answer depend on those seats' hands.
"""

from __future__ import annotations

from typing import ClassVar

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from api.controllers.games import INVALID_STATE, MATCH_OVER, answered, game_of, game_problems
from api.decoding import StrictBody
from api.errors import problem_responses
from api.examples import examples
from api.openapi import documented
from api.schemas import (
    MAX_AUTOPLAY_PLAYS,
    Autoplayed,
    AutoplayRequest,
    BotMove,
    BotMoveRequest,
    SealedAutoplayed,
)
from api.sealing import Sealer
from core.bots import choose_move, move_for_state
from core.bots.autoplay import SEATS, autoplay
from core.bots.ismcts import DEFAULT_ITERATIONS

UNKNOWN_BOT = ("unknown_bot", "There is no bot 'minimax'; known bots: heuristic, ismcts, random.")


class BotController(Controller):
    """Bots choose moves from what one seat can see, never from the whole state."""

    path = "/games"
    tags: ClassVar[list[str]] = ["bots"]
    dto = StrictBody
    return_dto = None

    @post("/bot-move", operation_id="botMove", status_code=200, summary="Ask a bot for a move",
          description="The move `bot` makes for the seat to play, chosen from that seat's view "
                      "only (its hand, the table, the cards played, the piles, the scores). "
                      "Bots: `random` (a uniformly random legal move), `heuristic` (guards "
                      "the onori, the napoli cards and the table against scopas), `ismcts` "
                      "(information-set Monte Carlo search: playouts on deals of the unseen "
                      "cards). The same `seed` gives the same move. `budget` bounds the "
                      "search by `iterations`, playouts (default "
                      f"{DEFAULT_ITERATIONS}, at most 1000), or `seconds` (at most 1; the "
                      "move then depends on the server's speed); the other bots ignore it. "
                      "A sealed game needs the key of the seat to play.",
          responses=problem_responses(game_problems([
              INVALID_STATE, UNKNOWN_BOT,
              ("hand_over", "The hand is over; deal the next hand before playing."),
              ("match_over", "The match is over; start a new one to play on.")])),
          operation_class=documented(
              request=lambda: {"heuristic": examples().bot_move,
                               "ismcts": examples().bot_move_ismcts,
                               "sealed": examples().bot_move_sealed},
              response=lambda: {"heuristic": examples().bot_moved}))
    async def bot_move(self, data: JSONBody[BotMoveRequest],
                       sealer: NamedDependency[Sealer]) -> BotMove:
        """Ask a bot for the move of the seat to play."""
        game = game_of(data, sealer, acting=True)
        if game.sealed is not None:
            # The view of the key's seat (the seat to play, if any): nothing else goes in.
            move = choose_move(data.bot, game.view(game.state), data.seed, data.budget)
        else:
            move = move_for_state(data.bot, game.state, data.seed, data.budget)
        return BotMove(seat=game.state.turn, move=move)

    @post("/autoplay", operation_id="autoplay", status_code=200,
          summary="Let bots play on",
          description="`bots` names the bot of each seat (index = seat); they play, each from "
                      "its own seat's view, until the hand is over (`until: hand_over`) or the "
                      "match is (`game_over`). A hand already over is followed by the next, "
                      "dealt with the match's own cut. One request makes at most "
                      f"{MAX_AUTOPLAY_PLAYS} plays (ten hands of Foraccio): `done` is false "
                      "when that limit stopped the bots first; post the state again to go on. "
                      "`events` lists what happened in order, each new hand's deal included. "
                      "`seed` and `budget` are as for `POST /games/bot-move`; an `ismcts` "
                      "seat takes up to a few tenths of a second a move. In a sealed game the "
                      "bots act only for the seat whose key is given: `bots[seat]` plays that "
                      "seat's turns, a hand over is followed by the next (the seeded deal), "
                      "and the bots stop as soon as another seat is to play (`done` false) or "
                      "the phase asked for is reached (`done` true); playing for the other "
                      "seats would make the answer depend on their hands. It needs the key "
                      "of the seat to play (any seat's once the hand is over) and answers a "
                      "new token and that seat's view.",
          responses=problem_responses(game_problems([INVALID_STATE, UNKNOWN_BOT, MATCH_OVER])),
          operation_class=documented(
              request=lambda: {"to_the_end_of_the_hand": examples().autoplay,
                               "sealed": examples().autoplay_sealed},
              response=lambda: {"to_the_end_of_the_hand": examples().autoplayed,
                                "sealed": examples().autoplayed_sealed}))
    async def autoplay(self, data: JSONBody[AutoplayRequest], sealer: NamedDependency[Sealer]
                       ) -> Autoplayed | SealedAutoplayed:
        """Let the bots play until the phase asked for, or the limit on plays."""
        game = game_of(data, sealer, acting=True)
        seats = SEATS if game.seat is None else (game.seat,)
        result = autoplay(game.state, data.bots, data.until, data.seed, data.budget,
                          MAX_AUTOPLAY_PLAYS, seats)
        if game.sealed is None:
            return Autoplayed(state=answered(result.state), events=result.events,
                              plays=result.plays, done=result.done)
        return SealedAutoplayed(**game.reseal(sealer, result.state),
                                view=game.view(result.state), events=result.events,
                                plays=result.plays, done=result.done)
