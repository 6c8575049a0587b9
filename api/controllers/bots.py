"""``/games/bot-move`` and ``/games/autoplay``: bots that see only their seat's view; and
``GET /bots``: which bots there are.

In a sealed game a bot acts only for the seat whose key came with the request:
bots playing other seats would make the answer depend on those seats' hands.

The work a client's budget sets, a searching bot's move and every autoplay, runs
in the server's pool of bot processes under its ceilings (:mod:`foraccio.api.botpool`,
:mod:`foraccio.api.limits`), never in the event loop; a request is refused before it
waits there if it is bound to fail. A move of a quick bot (``random``,
``heuristic``: :attr:`~foraccio.bots.base.BotPlugin.quick`) takes well under a millisecond
(a few when the heuristic plays a hand's last round out exactly), about a trip to the
pool, so it is computed here and never waits behind
searches, once the bots have read the rule set (:func:`foraccio.bots.moves_at_once`: until
then, and for every other bot, an installed one included, it plays in the pool).
"""

from __future__ import annotations

from typing import ClassVar

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from foraccio.api.botpool import BotPool
from foraccio.api.botwork import AutoplayJob, BotMoveJob
from foraccio.api.controllers.games import (
    INVALID_STATE,
    MATCH_OVER,
    game_of,
    game_problems,
)
from foraccio.api.decoding import StrictBody
from foraccio.api.errors import problem, problem_responses
from foraccio.api.examples import examples
from foraccio.api.language import Lang, chosen
from foraccio.api.limits import BotLimits
from foraccio.api.openapi import documented
from foraccio.api.posted import Posted
from foraccio.api.schemas import (
    MAX_AUTOPLAY_PLAYS,
    Autoplayed,
    AutoplayRequest,
    BotInfo,
    BotList,
    BotMove,
    BotMoveRequest,
    BudgetParameter,
    SealedAutoplayed,
    SkippedPlugin,
)
from foraccio.api.sealing import Sealer
from foraccio.bots import BotPlugin, bot_plugins, get_bot_plugin, moves_at_once, ready_bot
from foraccio.bots.autoplay import check_autoplay
from foraccio.bots.base import MAX_SECONDS
from foraccio.bots.ismcts import DEFAULT_ITERATIONS
from foraccio.bots.registry import builtin_bots, skipped_bots
from foraccio.core.engine import rules_of
from foraccio.core.view import seat_view, with_kind
from foraccio.core.words import DEFAULT_LANGUAGE, gettext, phrase

UNKNOWN_BOT = ("unknown_bot", "There is no bot 'minimax'; known bots: heuristic, ismcts, random.")
BOTS_PER_SEAT = ("bots_per_seat", "bots names 4 bots, but this match seats 2 players: name "
                                  "one bot per seat, index = seat.")
BUDGET_OVER_LIMIT = ("budget_over_limit", "budget.iterations is 1000, over this server's limit "
                                          "of 500 playouts a move (GET /limits); ask for at "
                                          "most that.")
LIMITS = ("The server's ceilings (`GET /limits`, set by its environment) bound the work: a "
          "`budget` over them is refused with 422 `budget_over_limit`, and when every bot "
          "process is busy and the queue is full the answer is 503 `busy` with `Retry-After`.")


class BotController(Controller):
    """Bots choose moves from what one seat can see, never from the whole state."""

    path = "/games"
    tags: ClassVar[list[str]] = ["bots"]
    dto = StrictBody
    return_dto = None

    @post("/bot-move", operation_id="botMove", status_code=200, summary="Ask a bot for a move",
          response_description="The seat to play and the move the bot makes for it, exactly "
                               "as `POST /games/play` takes it.",
          description="The move `bot` makes for the seat to play, chosen from that seat's view "
                      "only (its hand, the table, the cards played, the piles, the scores). "
                      "`GET /bots` lists the bots. The same `seed` gives the same move. "
                      "`budget` bounds the search of a bot that reads it by `iterations`, "
                      f"playouts (`ismcts`'s default {DEFAULT_ITERATIONS}), or `seconds` (the "
                      "move then depends on the server's speed); the other bots ignore it. "
                      "A sealed game needs the key of the seat to play. " + LIMITS + " A "
                      "search that does not finish within the server's time limit answers "
                      "503 `time_limit`; a client that disconnects stops its search.",
          responses=problem_responses(game_problems([
              INVALID_STATE, UNKNOWN_BOT, BUDGET_OVER_LIMIT,
              ("hand_over", "The hand is over; deal the next hand before playing."),
              MATCH_OVER])),
          operation_class=documented(
              request=lambda: {"heuristic": examples().bot_move,
                               "ismcts": examples().bot_move_ismcts,
                               "sealed": examples().bot_move_sealed},
              response=lambda: {"heuristic": examples().bot_moved}))
    async def bot_move(self, data: JSONBody[BotMoveRequest], request: Request,
                       sealer: NamedDependency[Sealer], posted: NamedDependency[Posted],
                       bot_pool: NamedDependency[BotPool],
                       bot_limits: NamedDependency[BotLimits]) -> BotMove:
        """Ask a bot for the move of the seat to play."""
        game = await game_of(data, sealer, posted, acting=True)
        state = game.state
        # The view of the seat to play (in a sealed game, the key's seat): nothing else
        # goes to the bot, nor to the pool.
        view = game.view(state) if game.sealed is not None else seat_view(state, state.turn or 0)
        ready_bot(data.bot, view)  # an unknown bot or no move to make: refused before any wait
        job = BotMoveJob(data.bot, view, data.seed, data.budget)
        bot = get_bot_plugin(data.bot)
        if bot.budget:
            bot_limits.check_budget(data.budget)
        at_once = moves_at_once(data.bot, rules_of(state))
        move = job.run() if at_once else await bot_pool.run(job, request.receive)
        return BotMove(seat=state.turn, move=with_kind(view, move))

    @post("/autoplay", operation_id="autoplay", status_code=200,
          response_description="The match after the bots played (`kind: open`: its state; "
                               "`kind: sealed`: its new token and the seat's view), the "
                               "events in order, the plays made and whether the phase "
                               "asked for was reached.",
          summary="Let bots play on",
          description="`bots` names one bot per seat (index = seat); each plays from its own "
                      "seat's view until the hand (`until: hand_over`) or the match "
                      "(`game_over`) is over; a hand over is followed by the next, dealt with "
                      f"the match's own cut. At most {MAX_AUTOPLAY_PLAYS} plays and the "
                      "server's time limit a request (`GET /limits`): `done` is false when a "
                      "limit stopped the bots first, with the plays made until then (an "
                      "iteration budget plays the very same moves); post the state again to "
                      "go on. No play in time: 503 `time_limit`. A client that disconnects "
                      "stops the bots. `events` lists what happened, each deal included. "
                      "`seed` and `budget` are as for `POST /games/bot-move`. In a sealed game "
                      "the bots play only for the seat whose key is given (any seat's once the "
                      "hand is over), and stop when another seat is to play (`done` false): "
                      "playing for the others would make the answer depend on their hands. "
                      "It answers a new token and that seat's view. " + LIMITS,
          responses=problem_responses(game_problems([
              INVALID_STATE, UNKNOWN_BOT, BOTS_PER_SEAT, BUDGET_OVER_LIMIT, MATCH_OVER])),
          operation_class=documented(
              request=lambda: {"to_the_end_of_the_hand": examples().autoplay,
                               "sealed": examples().autoplay_sealed},
              response=lambda: {"to_the_end_of_the_hand": examples().autoplayed,
                                "sealed": examples().autoplayed_sealed}))
    async def autoplay(self, data: JSONBody[AutoplayRequest], request: Request,
                       sealer: NamedDependency[Sealer], posted: NamedDependency[Posted],
                       bot_pool: NamedDependency[BotPool],
                       bot_limits: NamedDependency[BotLimits]
                       ) -> Autoplayed | SealedAutoplayed:
        """Let the bots play until the phase asked for, or a limit."""
        game = await game_of(data, sealer, posted, acting=True)
        seats = len(game.state.hands)
        if len(data.bots) != seats:
            raise problem(422, BOTS_PER_SEAT[0], phrase(
                "bots names {named} bots, but this match seats {seats} players: name one bot "
                "per seat, index = seat.", named=len(data.bots), seats=seats))
        check_autoplay(game.state, data.bots)  # refused before any wait
        bot_limits.check_budget(data.budget)
        playing = range(seats) if game.seat is None else (game.seat,)
        # The engine's state: the engine needs it to play and deal; each bot in the
        # pool still sees only its seat's view.
        result = await bot_pool.run(
            AutoplayJob(game.state, data.bots, data.until, data.seed, data.budget,
                        bot_limits.autoplay_plays, playing),
            request.receive)
        if game.sealed is None:
            return Autoplayed(state=game.answer(posted, result.state), events=result.events,
                              plays=result.plays, done=result.done)
        return SealedAutoplayed(**game.reseal(sealer, posted, result.state),
                                view=game.view(result.state), events=result.events,
                                plays=result.plays, done=result.done)


BUDGET_DESCRIPTIONS = {
    "iterations": phrase("Playouts a move."),
    "seconds": phrase("Seconds a move (the move then depends on the server's speed)."),
}


def describe(bot: BotPlugin, limits: BotLimits, language: str = DEFAULT_LANGUAGE) -> BotInfo:
    """The wire description of ``bot``, with the most of each budget field this server
    accepts under ``limits``, its words in ``language``."""
    most = {"iterations": limits.iterations, "seconds": min(MAX_SECONDS, limits.seconds)}
    return BotInfo(name=bot.name, description=bot.described(language),
                   distribution=bot.distribution, variants=bot.variants,
                   budget=tuple(BudgetParameter(name=name,
                                                type="int" if name == "iterations" else "float",
                                                description=gettext(language,
                                                                    BUDGET_DESCRIPTIONS[name]),
                                                maximum=most[name])
                                for name in bot.budget))


def _example() -> object:
    # What a server with the built-in bots only and its default ceilings answers: the
    # document must not depend on the distributions installed where it is generated.
    return msgspec.to_builtins(BotList(bots=tuple(describe(bot, BotLimits())
                                                  for bot in builtin_bots().bots.values())))


class BotListController(Controller):
    """The bots this server plays: built in, installed, or registered."""

    path = "/bots"
    tags: ClassVar[list[str]] = ["bots"]

    @get("/", operation_id="listBots", summary="List the bots",
         response_description="Every bot this server plays, with what it does and the "
                              "budget it reads, and those it did not load.",
         description="Every bot `POST /games/bot-move` and `POST /games/autoplay` may name, "
                     "with what it does and the fields of `budget` it reads, each with the "
                     "most this server accepts, in the language asked for (`lang`, else "
                     "`Accept-Language`; English by default); `skipped` lists the bots this "
                     "server did not load and why.",
         operation_class=documented(response=lambda: {"built_in": _example()}))
    async def list_bots(self, request: Request, bot_limits: NamedDependency[BotLimits],
                        lang: Lang = None) -> BotList:
        """List every bot, in the language asked for."""
        language = chosen(request, lang)
        return BotList(bots=tuple(describe(bot, bot_limits, language)
                                  for bot in bot_plugins().values()),
                       skipped=tuple(SkippedPlugin(name=skip.name,
                                                   distribution=skip.distribution,
                                                   reason=skip.reason, kind=skip.kind)
                                     for skip in skipped_bots()))
