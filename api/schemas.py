"""Request and response bodies of the API.

The engine's values (:class:`~core.model.State`, :class:`~core.model.Move`,
the events) are already frozen msgspec Structs that reject unknown fields, so
they travel as they are; the bodies here only wrap them. Every body derives
from :class:`core.model.Wire`, the same strict base.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.bots.base import Budget
from core.model import AnyEvent, Move, OptionValue, ScoreLine, Seat, State, Wire

MAX_SEED = 2**53 - 1
"""Largest seed: every seed survives a round trip through a JavaScript number."""

Seed = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEED,
                                   description="Decides every shuffle and cut of the match.")]


# --- variants -------------------------------------------------------------------------


class OptionInfo(Wire):
    """One option of a variant: its type, its default and the values it allows."""

    name: str
    type: Literal["bool", "int", "str"]
    default: OptionValue
    description: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None


class VariantInfo(Wire):
    """A playable variant and its options."""

    name: str
    title: str
    description: str
    target: int
    """The match score a team must reach, with the default options."""
    options: tuple[OptionInfo, ...]


class VariantList(Wire):
    """Every variant this server plays."""

    variants: tuple[VariantInfo, ...]


# --- house rules ----------------------------------------------------------------------


class HouseRuleInfo(Wire):
    """A house rule a match may be played with, and the variants it applies to."""

    name: str
    title: str
    description: str
    variants: tuple[str, ...]


class HouseRuleList(Wire):
    """Every house rule this server knows."""

    house_rules: tuple[HouseRuleInfo, ...]


# --- games ----------------------------------------------------------------------------


class NewGame(Wire):
    """Start a match: a variant, optionally a seed, option values and house rules.

    ``house_rules`` names the house rules to play with (see ``GET /house-rules``),
    layered on the variant in that order.
    """

    variant: str
    seed: Seed | None = None
    options: dict[str, OptionValue] = msgspec.field(default_factory=dict)
    house_rules: tuple[str, ...] = ()


class StateBody(Wire):
    """A match's state, as the server returned it last."""

    state: State


class PlayRequest(Wire):
    """A move to play in ``state``; ``seat``, when given, must be the seat to play."""

    state: State
    move: Move
    seat: Seat | None = None


class NextHandRequest(Wire):
    """Deal the next hand of ``state``; ``cut`` is where the deck is cut (random when absent)."""

    state: State
    cut: Annotated[int, msgspec.Meta(ge=1)] | None = None


class LegalMoves(Wire):
    """The seat to play and every move it may make, each exactly as ``play`` accepts it.

    Outside a hand in play ``seat`` is null and ``moves`` is empty.
    """

    seat: Seat | None
    moves: tuple[Move, ...]


class Played(Wire):
    """The state after a move and what the move caused, in order."""

    state: State
    events: tuple[AnyEvent, ...]


class HandScore(Wire):
    """The score lines of the current hand so far and their points per team."""

    lines: tuple[ScoreLine, ...]
    points: tuple[int, int]


# --- bots -----------------------------------------------------------------------------

MAX_AUTOPLAY_PLAYS = 520
"""Most plays one autoplay request makes: ten hands of Foraccio."""

BotName = Annotated[str, msgspec.Meta(
    description="A bot's name: `random`, `heuristic` or `ismcts`.", examples=["heuristic"])]

BotSeed = Annotated[int, msgspec.Meta(
    ge=0, le=MAX_SEED, description="Decides the bots' choices; the same seed, the same moves.")]


class BotMoveRequest(Wire):
    """Ask ``bot`` for the move of the seat to play in ``state``, from that seat's view."""

    state: State
    bot: BotName
    seed: BotSeed = 0
    budget: Budget | None = None


class BotMove(Wire):
    """The move the bot makes for ``seat``, exactly as ``play`` accepts it."""

    seat: Seat
    move: Move


class AutoplayRequest(Wire):
    """Let ``bots`` (one per seat, index = seat) play ``state`` on ``until`` a phase."""

    state: State
    bots: Annotated[tuple[BotName, ...], msgspec.Meta(min_length=4, max_length=4)]
    until: Literal["hand_over", "game_over"]
    seed: BotSeed = 0
    budget: Budget | None = None


class Autoplayed(Wire):
    """The state after the bots played, and the events in order (each new hand's deal
    included). ``done`` is false when the request's limit on plays stopped them first."""

    state: State
    events: tuple[AnyEvent, ...]
    plays: int
    done: bool


class Health(Wire):
    """The service answers."""

    status: Literal["ok"]


# --- errors ---------------------------------------------------------------------------


class Problem(Wire):
    """An RFC 9457 problem document (``application/problem+json``).

    ``code`` is the machine-readable kind of problem, e.g. ``invalid_state``,
    ``capture_required`` or ``invalid_body``; ``detail`` says in a sentence
    what was wrong and how to put it right.
    """

    title: str
    status: int
    detail: str
    code: str
    type: str = "about:blank"


BODIES = (VariantList, VariantInfo, HouseRuleList, NewGame, StateBody, PlayRequest,
          NextHandRequest, LegalMoves, Played, HandScore, BotMoveRequest, BotMove, AutoplayRequest,
          Autoplayed, Health, Problem)
"""Every request and response body: the OpenAPI document's schemas are made from them."""
