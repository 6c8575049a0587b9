"""``/games``: start a match, list the legal moves, play, deal the next hand, score.

The server keeps no game: each request carries the state the previous
answer returned. Every posted state is checked by
:func:`core.validation.validate_state` before the engine sees it.
"""

from __future__ import annotations

import secrets
from typing import ClassVar

from litestar import Controller, post
from litestar.params import JSONBody

from api.decoding import StrictBody
from api.errors import problem_responses
from api.examples import examples
from api.openapi import documented
from api.schemas import (
    MAX_SEED,
    HandScore,
    LegalMoves,
    NewGame,
    NextHandRequest,
    Played,
    PlayRequest,
    StateBody,
)
from core import engine
from core.model import State
from core.validation import validate_state

INVALID_BODY = ("invalid_body", "The request body is not valid: Object missing required field "
                                "`state`.")
INVALID_STATE = ("invalid_state", "Seat 2 holds 9 cards but should hold 10: seat 3, to play, "
                                  "holds 10, and each seat from the dealer's right (seat 0) up "
                                  "to the one in turn has played one card more in this round.")
MATCH_OVER = ("match_over", "The match is over; start a new one.")


def checked(state: State) -> State:
    """Return ``state`` once it is known to be consistent (else raise ``InvalidState``)."""
    validate_state(state)
    return state


class GameController(Controller):
    """Matches, one request per step; the state travels with every request."""

    path = "/games"
    tags: ClassVar[list[str]] = ["games"]
    dto = StrictBody
    return_dto = None

    @post("/", operation_id="newGame", status_code=200, summary="Start a match",
          description="Draws for the first dealer and deals the first hand. Without a seed "
                      "the server chooses one; it is returned in the state, so the match can "
                      "be replayed. `options` override the variant's defaults "
                      "(see `GET /variants/{name}`). `house_rules` names the house rules to "
                      "play with (see `GET /house-rules`), layered in that order; the state "
                      "records them.",
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
                                                "variant 'zobelon'; it applies to: foraccio.")],
          }),
          operation_class=documented(
              request=lambda: {"seeded": examples().new_game,
                               "with_options": examples().new_game_options,
                               "with_house_rules": examples().new_game_house_rules},
              response=lambda: {"first_hand_dealt": examples().created}))
    async def new_game(self, data: JSONBody[NewGame]) -> StateBody:
        """Start a match of ``data.variant``."""
        seed = secrets.randbelow(MAX_SEED + 1) if data.seed is None else data.seed
        return StateBody(state=engine.new_match(data.variant, seed, data.options,
                                                data.house_rules))

    @post("/legal-moves", operation_id="legalMoves", status_code=200,
          summary="List the legal moves",
          description="The seat to play and every move it may make, each exactly in the form "
                      "`POST /games/play` accepts. Outside a hand in play, `seat` is null and "
                      "`moves` is empty.",
          responses=problem_responses({400: [INVALID_BODY], 422: [INVALID_STATE]}),
          operation_class=documented(
              request=lambda: {"mid_hand": examples().state},
              response=lambda: {"mid_hand": examples().legal_moves}))
    async def legal_moves(self, data: JSONBody[StateBody]) -> LegalMoves:
        """List what the seat to play may do."""
        state = checked(data.state)
        return LegalMoves(seat=state.turn, moves=engine.legal_moves(state))

    @post("/play", operation_id="play", status_code=200, summary="Play a move",
          description="Plays `move` for the seat in turn and returns the new state and the "
                      "events the move caused (a capture, a scopa, and at the end of a hand "
                      "the table collected, the hand scored, maybe the match won). With "
                      "`seat`, the move is refused unless that seat is in turn. An illegal "
                      "move answers 422 with the reason as `code`.",
          responses=problem_responses({
              400: [INVALID_BODY],
              422: [INVALID_STATE,
                    ("not_your_turn", "It is seat 0's turn to play, not seat 2's."),
                    ("card_not_in_hand", "5c is not in the hand of seat 0, the seat to play."),
                    ("capture_required", "10s can capture, and capture is compulsory: take "
                                         "[5c, 3b, 2d]."),
                    ("illegal_capture", "Illegal capture: 12c is not on the table; it can "
                                        "take [12d]."),
                    ("hand_over", "The hand is over; deal the next hand before playing."),
                    ("match_over", "The match is over; start a new one to play on.")],
          }),
          operation_class=documented(
              request=lambda: {"a_capture": examples().play},
              response=lambda: {"a_capture": examples().played}))
    async def play(self, data: JSONBody[PlayRequest]) -> Played:
        """Play one move."""
        state, events = engine.play(checked(data.state), data.move, data.seat)
        return Played(state=state, events=events)

    @post("/next-hand", operation_id="nextHand", status_code=200,
          summary="Deal the next hand",
          description="Once a hand is over (`phase` is `hand_over`), the deal passes on and "
                      "the next hand is dealt. `cut` is where the deck is cut (1 to 51 for "
                      "52 cards); without it the match's seeded generator chooses.",
          responses=problem_responses({
              400: [INVALID_BODY],
              422: [INVALID_STATE,
                    ("hand_in_progress", "The current hand is still being played; finish it "
                                         "first."),
                    MATCH_OVER,
                    ("invalid_cut", "The cut must be between 1 and 51; got 60.")],
          }),
          operation_class=documented(
              request=lambda: {"after_a_hand": examples().next_hand},
              response=lambda: {"next_hand_dealt": examples().dealt}))
    async def next_hand(self, data: JSONBody[NextHandRequest]) -> StateBody:
        """Deal the next hand."""
        return StateBody(state=engine.next_hand(checked(data.state), data.cut))

    @post("/score", operation_id="scoreHand", status_code=200,
          summary="Score the current hand",
          description="The score lines of the current hand so far (final once it is over) "
                      "and their points per team, `[team 0, team 1]`. Match totals are in "
                      "the state's `scores`.",
          responses=problem_responses({400: [INVALID_BODY], 422: [INVALID_STATE]}),
          operation_class=documented(
              request=lambda: {"mid_hand": examples().state},
              response=lambda: {"mid_hand": examples().score}))
    async def score(self, data: JSONBody[StateBody]) -> HandScore:
        """Score the current hand so far."""
        lines = engine.score_hand(checked(data.state))
        return HandScore(lines=lines, points=engine.hand_points(lines))
