"""Request and response bodies of the API.

The engine's values (:class:`~foraccio.core.wire.State`, :class:`~foraccio.core.model.Move`,
the events) are already frozen msgspec Structs that reject unknown fields, so
they travel as they are; the bodies here only wrap them. Every body derives
from :class:`foraccio.core.model.Wire`, the same strict base.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from foraccio.api.sealing import MAX_TOKEN_LENGTH
from foraccio.bots.base import Budget
from foraccio.core.model import (
    MAX_SAFE_INTEGER,
    ONE_PER_SEAT_OR_TEAM,
    AnyEvent,
    Move,
    OptionValue,
    ScoreLine,
    Scores,
    Seat,
    Teams,
    Wire,
)
from foraccio.core.view import SeatView
from foraccio.core.wire import State

MAX_SEED = MAX_SAFE_INTEGER
"""Largest seed: every seed survives a round trip through a JavaScript number."""

Seed = Annotated[int, msgspec.Meta(
    ge=0, le=MAX_SEED,
    description="Decides every shuffle and cut of the match. A sealed match's seed is "
                "derived from it with a key only the server knows.")]

PluginKind = Literal["variant", "house_rule", "bot"]
"""What a plugin is: a variant, a house rule or a bot."""

AutoplayUntil = Literal["hand_over", "game_over"]
"""Until when the bots of ``POST /games/autoplay`` play: the end of the hand or of the match."""


# --- variants -------------------------------------------------------------------------


class OptionInfo(Wire):
    """One option of a variant or a house rule: its type, its default and the values it
    allows."""

    name: str
    """As the options of ``POST /games`` name it: a house rule's as
    ``<house rule>.<option>``, e.g. ``double-scopa.factor``."""
    type: Literal["bool", "int", "str"]
    default: OptionValue
    description: str
    choices: tuple[str | int, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None


class SeatingInfo(Wire):
    """Who sits where when the options that change it have these values."""

    options: dict[str, OptionValue]
    """The value of each option that changes the seating (the others at any value)."""
    teams: Teams
    """The seats of each team with those values."""


class LineWordsInfo(Wire):
    """A score line's or a bonus's words: its name and what it rewards."""

    name: str
    rewards: str


class OptionWordsInfo(Wire):
    """An option in words."""

    name: str
    title: str
    """A short label: the plugin's own title ("Points to win"), else the option's name
    in words ("Deal scheme")."""
    description: str
    values: dict[str, str]
    """Values (as text: ``"21"``) in words."""


class CardWordsInfo(Wire):
    """The names of the deck's cards, by rank (a rank not named is its number) and by
    suit letter."""

    ranks: dict[str, str]
    suits: dict[str, str]


class WordsInfo(Wire):
    """What a variant or a house rule says of itself, in the request's language."""

    language: str
    """``en`` or ``it``."""
    title: str
    description: str
    options: tuple[OptionWordsInfo, ...]
    lines: dict[str, LineWordsInfo]
    """Each score line and bonus it awards (a house rule: adds or changes), by name."""
    kinds: dict[str, str]
    """Each kind of move (``Move.kind``) it makes (a house rule: adds), in words."""
    wild: str | None
    """How a wild card's value is asked for; null for none."""
    cards: CardWordsInfo


class VariantInfo(Wire):
    """A playable variant and its options."""

    name: str
    title: str
    description: str
    target: int
    """The match score a team must reach, with the default options."""
    teams: Teams
    """The seats of each team, with the default options: how many play, and who with whom."""
    cards: int
    """How many cards the deck holds, with the default options."""
    options: tuple[OptionInfo, ...]
    seatings: tuple[SeatingInfo, ...] = ()
    """The teams for each value of the options that change them (Scopa's ``players``:
    2, 3 or 4), the defaults' first; empty when no option changes them. Values are
    listed for a bool, an option with choices and an int with at most 16 values in its
    bounds; when several options change the teams, every combination of their values
    (up to 64)."""
    awards: tuple[str, ...] | None = None
    """The names of the bonuses and score lines it can award, as it declares them; null
    when it declares none (every house rule is then offered as far as its other
    requirements go)."""
    ways: tuple[str, ...] | None = None
    """Its own names for its kinds of capture, as its moves say them (``way``); null when
    it names none."""
    refuses: tuple[str, ...] = ()
    """The house rules it refuses: never offered for it."""
    words: WordsInfo | None = None
    """What it says of itself, in the request's language."""


class SkippedPlugin(Wire):
    """A plugin this server did not load, and why: it failed to import, broke a hook's
    contract, failed when its rules were first assembled, or is named like another."""

    name: str
    """Its name, or its entry point's when it failed before telling what it was."""
    distribution: str
    """The installed distribution that declares it (``foraccio`` for a built-in one)."""
    reason: str
    kind: PluginKind | None = None
    """What it is; null when it failed before telling (listed with the variants and the
    house rules)."""


class VariantList(Wire):
    """Every variant this server plays, and the variants it did not load."""

    variants: tuple[VariantInfo, ...]
    skipped: tuple[SkippedPlugin, ...] = ()


# --- house rules ----------------------------------------------------------------------


class HouseRuleInfo(Wire):
    """A house rule a match may be played with, the variants it applies to and its
    options."""

    name: str
    title: str
    description: str
    variants: tuple[str, ...]
    """The variants of this server it applies to."""
    options: tuple[OptionInfo, ...] = ()
    """Its options, given in the options of ``POST /games`` as ``<house rule>.<option>``."""
    needs: tuple[str, ...] = ()
    """The bonuses and score lines a variant must award for it to apply (a variant that
    declares none of its awards is not held to them)."""
    awards: tuple[str, ...] = ()
    """The bonuses and score lines it adds: it does not apply to a variant that awards
    one of them already."""
    ways: tuple[str, ...] = ()
    """The kinds of capture it acts on: a variant that names its ways must name one of
    them for it to apply."""
    words: WordsInfo | None = None
    """What it says of itself, in the request's language."""


class HouseRuleList(Wire):
    """Every house rule this server knows, and the house rules it did not load."""

    house_rules: tuple[HouseRuleInfo, ...]
    skipped: tuple[SkippedPlugin, ...] = ()


# --- sealed games ---------------------------------------------------------------------

Token = Annotated[str, msgspec.Meta(
    min_length=1, max_length=MAX_TOKEN_LENGTH, pattern="^[A-Za-z0-9_-]+$",
    description="A sealed game: its whole state, encrypted and authenticated by the server. "
                "Opaque to clients; post the last one the server returned. At most "
                f"{MAX_TOKEN_LENGTH:,} characters, the most the server seals; about 600 in "
                "the built-in games.")]

SeatKey = Annotated[str, msgspec.Meta(
    min_length=1, max_length=64, pattern="^[A-Za-z0-9_-]+$",
    description="The key of one seat of a sealed game, as `POST /games` returned it: it "
                "proves which seat a request speaks for.")]

Counter = Annotated[int, msgspec.Meta(
    ge=0, le=MAX_SAFE_INTEGER,
    description="How many tokens of this game came before this one (also sealed in the "
                "token): a relay that remembers the last one can refuse an older token "
                "posted again.")]

SeatKeys = Annotated[tuple[SeatKey, ...], msgspec.Meta(min_length=2, max_length=6)]


# --- open and sealed --------------------------------------------------------------------

Kind = Literal["open", "sealed"]
"""Which form of a match a body is about: ``open`` (the whole state travels) or ``sealed``
(a token and a seat key travel)."""


class OpenAnswer(Wire, tag_field="kind", tag="open"):
    """Base of the answers about an open match: each carries ``"kind": "open"``.

    Every operation that may answer either form tags its answers by ``kind``, so that
    a client (and a generated one's discriminator) tells them apart by one field
    rather than by which other fields are present. ``kind`` rather than ``type``:
    ``type`` is the RFC 9457 field of every problem document and the tag of events.
    """


class SealedAnswer(Wire, tag_field="kind", tag="sealed"):
    """Base of the answers about a sealed match: each carries ``"kind": "sealed"``."""


# --- games ----------------------------------------------------------------------------


class NewGame(Wire):
    """Start a match: a variant, optionally a seed, option values and house rules.

    ``house_rules`` names the house rules to play with (see ``GET /house-rules``),
    layered on the variant in that order. A sealed match's seed is the server's
    secret: ``seed`` goes with open matches only.
    """

    variant: str
    seed: Seed | None = None
    options: dict[str, OptionValue] = msgspec.field(default_factory=dict)
    house_rules: tuple[str, ...] = ()
    sealed: bool = False
    """Answer with a token, the seat keys and a seat's view instead of the open state."""


class StateBody(OpenAnswer):
    """A match's state, as the server returned it last, and the events of the deal it
    made (a new match's or hand's)."""

    state: State
    events: tuple[AnyEvent, ...] = ()


class GameRequest(Wire, kw_only=True):
    """A match: either its open ``state``, or a sealed game's ``token`` and a ``seat_key``."""

    # One permissive body, since msgspec decodes no untagged union of two Structs; the
    # handlers refuse both or neither with 422 `state_or_token`, and the OpenAPI
    # document describes the body as the oneOf of its two forms (api/openapi_kinds.py).
    # `kind` may come along so that an answer such as {"kind": "open", "state": ...}
    # can be posted back as it is; it must then name the form the body has.
    kind: Kind | None = None
    state: State | None = None
    token: Token | None = None
    seat_key: SeatKey | None = None
    events: Annotated[tuple[msgspec.Raw, ...], msgspec.Meta(
        description="Ignored: the events of an answer posted back as it is.")] | None = None
    """The events of an open answer posted back as it is (``POST /games``, ``next-hand``,
    ``play``); ignored, and so not read: an answer's events may gain fields and types in a
    later version (docs/api.md, "Versions and what may change") that this body need not
    know."""

    def __post_init__(self) -> None:
        if self.kind == "open" and (self.token is not None or self.seat_key is not None):
            raise ValueError("`kind` is 'open', but the body carries a `token` or a "
                             "`seat_key`: an open match is posted as its `state`")
        if self.kind == "sealed" and self.state is not None:
            raise ValueError("`kind` is 'sealed', but the body carries a `state`: a sealed "
                             "match is posted as its `token` and a `seat_key`")


class ViewRequest(Wire, kw_only=True):
    """A sealed game's ``token`` and the key of the seat whose view is asked for."""

    # Taken, as by the other sealed requests, so that a body built for one of them (or a
    # sealed answer's fields) can be posted here as it is.
    kind: Literal["sealed"] | None = None
    token: Token
    seat_key: SeatKey


class NewSealedGame(SealedAnswer):
    """A new sealed match: its token, every seat's key (index = seat) and the view of the
    seat to play first."""

    token: Token
    counter: Counter
    seat_keys: SeatKeys
    view: SeatView


class SealedState(SealedAnswer):
    """A sealed game's new token and the view of the seat that asked."""

    token: Token
    counter: Counter
    view: SeatView


class PlayRequest(GameRequest, kw_only=True):
    """A move to play in a match; ``seat``, when given, must be the seat to play."""

    move: Move
    seat: Seat | None = None


class NextHandRequest(GameRequest, kw_only=True):
    """Deal the next hand of a match; ``cut`` is where the deck is cut (random when absent).

    A sealed game takes no ``cut``: its deals are the server's seeded ones.
    """

    cut: Annotated[int, msgspec.Meta(ge=1, le=MAX_SAFE_INTEGER)] | None = None


class LegalMoves(Wire):
    """The seat to play and every move it may make, each exactly as ``play`` accepts it.

    Outside a hand in play ``seat`` is null and ``moves`` is empty.
    """

    seat: Seat | None
    moves: tuple[Move, ...]


class Played(OpenAnswer):
    """The state after a move and what the move caused, in order."""

    state: State
    events: tuple[AnyEvent, ...]


class SealedPlayed(SealedAnswer):
    """A sealed game after a move: its new token, the view of the seat that played and
    what the move caused, in order."""

    token: Token
    counter: Counter
    view: SeatView
    events: tuple[AnyEvent, ...]


class HandScore(Wire):
    """The score lines of the current hand so far and their points per team."""

    lines: tuple[ScoreLine, ...]
    points: Scores


# --- bots -----------------------------------------------------------------------------

MAX_AUTOPLAY_PLAYS = 520
"""Most plays one autoplay request makes: ten hands of Foraccio."""

BotName = Annotated[str, msgspec.Meta(
    description="A bot's name, as `GET /bots` lists it.", examples=["heuristic"])]

BotSeed = Annotated[int, msgspec.Meta(
    ge=0, le=MAX_SEED, description="Decides the bots' choices; the same seed, the same moves.")]


class BotMoveRequest(GameRequest, kw_only=True):
    """Ask ``bot`` for the move of the seat to play in a match, from that seat's view."""

    bot: BotName
    seed: BotSeed = 0
    budget: Budget | None = None


class BotMove(Wire):
    """The move the bot makes for ``seat``, exactly as ``play`` accepts it."""

    seat: Seat
    move: Move


class AutoplayRequest(GameRequest, kw_only=True):
    """Let ``bots`` (one per seat, index = seat) play a match on ``until`` a phase."""

    bots: Annotated[tuple[BotName, ...], ONE_PER_SEAT_OR_TEAM]
    until: AutoplayUntil
    seed: BotSeed = 0
    budget: Budget | None = None


class Autoplayed(OpenAnswer):
    """The state after the bots played, and the events in order (each new hand's deal
    included). ``done`` is false when the request's limit on plays stopped them first."""

    state: State
    events: tuple[AnyEvent, ...]
    plays: int
    done: bool


class SealedAutoplayed(SealedAnswer):
    """A sealed game after the bots played: its new token, the view of the seat that asked,
    the events in order, the plays made and whether the phase asked for was reached."""

    token: Token
    counter: Counter
    view: SeatView
    events: tuple[AnyEvent, ...]
    plays: int
    done: bool


class Limits(Wire):
    """The ceilings this server puts on bot requests (``POST /games/bot-move`` with a
    searching bot, ``POST /games/autoplay``), each set by an environment variable.

    They hold per server worker process: a server with several workers runs as many
    pools."""

    processes: Annotated[int, msgspec.Meta(ge=1, description=(
        "Bot requests computed at once, each in a process of its own "
        "(`FORACCIO_BOT_PROCESSES`)."))]
    queue: Annotated[int, msgspec.Meta(ge=0, description=(
        "Bot requests that may wait for a free process; one more is answered 503 `busy` "
        "with `Retry-After` (`FORACCIO_BOT_QUEUE`)."))]
    seconds: Annotated[float, msgspec.Meta(gt=0, description=(
        "Wall-clock ceiling of one bot request's work, from when a process takes it: an "
        "autoplay then answers its plays so far (`done` false), a bot move 503 "
        "`time_limit`; a larger `budget.seconds` is refused (`FORACCIO_BOT_SECONDS`)."))]
    iterations: Annotated[int, msgspec.Meta(ge=1, description=(
        "Most `ismcts` playouts a move: a larger `budget.iterations` is refused with 422 "
        "`budget_over_limit`; the default budget and a `seconds` budget stop there "
        "(`FORACCIO_BOT_ITERATIONS`)."))]
    autoplay_plays: Annotated[int, msgspec.Meta(ge=1, description=(
        "Most plays one autoplay request makes; `done` is false when it stopped the bots "
        "(`FORACCIO_AUTOPLAY_PLAYS`)."))]


# --- bots -----------------------------------------------------------------------------


class BudgetParameter(Wire):
    """A field of ``budget`` a bot reads, and the most this server accepts."""

    name: Literal["iterations", "seconds"]
    type: Literal["int", "float"]
    description: str
    maximum: float
    """The most this server accepts: the lower of the API's bound and this server's
    ceiling (``GET /limits``); more is refused with 422 ``budget_over_limit``."""


class BotInfo(Wire):
    """A bot by name, what it does and the budget it reads."""

    name: str
    """As ``bot`` and ``bots`` of ``POST /games/bot-move`` and ``POST /games/autoplay``
    name it."""
    description: str
    budget: tuple[BudgetParameter, ...]
    """The fields of ``budget`` it reads; none for a bot that does not search (it ignores
    a budget)."""
    distribution: str | None = None
    """The installed distribution that declares it (``foraccio`` for a built-in one);
    null for one registered at run time."""
    variants: tuple[str, ...] = ()
    """The variants it plays well (none: all); tables offer it for those."""


class BotList(Wire):
    """Every bot this server plays, and the bots it did not load."""

    bots: tuple[BotInfo, ...]
    skipped: tuple[SkippedPlugin, ...] = ()


class Health(Wire):
    """The service answers."""

    status: Literal["ok"]


# --- errors ---------------------------------------------------------------------------


class PluginFailure(Wire):
    """The plugin of a ``plugin_error``: a variant, a house rule or a bot, its
    distribution, and the hook whose implementation failed (or returned the rule function
    that failed; none for a bot)."""

    kind: PluginKind
    name: str
    distribution: str | None = None
    hook: str | None = None


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
    plugin: PluginFailure | None = None
    """With code ``plugin_error``: the plugin whose code failed."""


BODIES = (VariantList, VariantInfo, HouseRuleList, NewGame, StateBody, GameRequest, ViewRequest,
          NewSealedGame, SealedState, SeatView, PlayRequest, NextHandRequest, LegalMoves, Played,
          SealedPlayed, HandScore, BotMoveRequest, BotMove, AutoplayRequest, Autoplayed,
          SealedAutoplayed, BotList, Limits, Health, Problem)
"""Every request and response body: the OpenAPI document's schemas are made from them."""
