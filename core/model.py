"""The engine's data: moves, events, score lines and the game state.

Every type is a frozen msgspec Struct that rejects unknown fields: moves
and events are also the API's wire form, decoded straight from what a client
posts, and no value can be changed in place. The state travels in a shorter
form of its own (:mod:`foraccio.core.wire`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from foraccio.core.cards import Card

Seat = Annotated[int, msgspec.Meta(ge=0, le=5)]
"""A seat, 0 to 5: a variant seats 2 to 6 players (:class:`foraccio.core.rules.Seating`). In
Foraccio seats 0-3 play in that order and partners sit opposite (docs/rules.md §2.1,
§2.2)."""

Team = Annotated[int, msgspec.Meta(ge=0, le=5)]
"""A team, 0 to 5: as many as the variant seats teams. In Foraccio team 0 is seats 0
and 2, team 1 seats 1 and 3."""

MAX_SAFE_INTEGER = 2**53 - 1
"""The largest integer a JavaScript client holds exactly: every number on the wire is
bounded by it, so every state survives a round trip through any JSON client."""

Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_SAFE_INTEGER)]
"""A number of hands, points or positions: never negative, always JavaScript-safe."""

Jolly = Literal["sweep"] | Annotated[int, msgspec.Meta(ge=1, le=13)]
"""How a jolly card (a Zobelon king) is used: ``"sweep"`` takes the whole
table; a value 1-13 makes it capture as a card of that value."""

Phase = Literal["playing", "hand_over", "game_over"]

ONE_PER_SEAT_OR_TEAM = msgspec.Meta(min_length=2, max_length=6)
"""A list with one item per seat or per team: a table has 2 to 6 of either."""

Scores = Annotated[tuple[Count, ...], ONE_PER_SEAT_OR_TEAM]
"""Points or scores, one per team (index = team)."""

CardLists = Annotated[tuple[tuple[Card, ...], ...], ONE_PER_SEAT_OR_TEAM]
"""Hands (one per seat) or piles (one per team)."""

Teams = Annotated[tuple[tuple[Seat, ...], ...], ONE_PER_SEAT_OR_TEAM]
"""The seats of each team (index = team)."""

OptionValue = (
    bool | Annotated[int, msgspec.Meta(ge=-MAX_SAFE_INTEGER, le=MAX_SAFE_INTEGER)] | str)



class Wire(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Base of every engine value: immutable, and strict when decoded.

    ``gc=False``: these values hold only strings, numbers and tuples of them,
    so they can never form a reference cycle, and skipping the cycle
    collector's bookkeeping speeds up the hot path.
    """


def team_of(seat: int) -> int:
    """Return the team of ``seat`` at Foraccio's table, where partners sit opposite each
    other; any variant's is ``seating.team_of[seat]`` (:class:`foraccio.core.rules.Seating`)."""
    return seat % 2


# --- moves ---------------------------------------------------------------------------


MoveKind = Literal["capture", "lay"]
"""What a move does, as the variant's play rule decided (``foraccio_play_rule``): a
move of its ``captures`` is a ``"capture"`` (also one taking only its card, as a
Foraccio ace on an empty table does), one of its ``lays`` a ``"lay"``."""


WayName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
"""A variant's own name for a kind of capture (``Move.way``)."""


class Move(Wire):
    """One card played by the seat whose turn it is.

    ``take`` lists the table cards it takes: none when it is laid, or when it
    takes only itself (an ace, or a sweeping king, on an empty table).
    ``jolly`` says how a jolly card is used (``None`` for any other card).
    ``kind`` says what the move does, as the variant's play rule decided:
    every move the API answers says it; a posted move may leave it out, and
    is refused if it says another than its own. ``way`` is the variant's name
    for the kind of capture (``"fifteen"``), absent where it names none; as
    ``kind``, a posted move may leave it out.
    """

    card: Card
    take: tuple[Card, ...] = ()
    jolly: Jolly | None = None
    kind: MoveKind | None = None
    way: WayName | msgspec.UnsetType = msgspec.UNSET


# --- events --------------------------------------------------------------------------


class Event(Wire, tag_field="type"):
    """Something that happened in a hand; ``type`` tells which kind."""


class Draw(Wire):
    """One card drawn by a seat to decide the first dealer."""

    seat: Seat
    card: Card


class FirstDealerChosen(Event, tag="first_dealer_chosen"):
    """The draw for the first deal; ``draws`` holds every round, ties drawing again."""

    draws: tuple[Draw, ...]
    dealer: Seat


class Dealt(Event, tag="dealt"):
    """A hand was dealt by ``dealer`` after cutting the deck at ``cut``."""

    hand: Count
    dealer: Seat
    cut: Count


class DealtMore(Event, tag="dealt_more"):
    """Every hand was empty and more cards were dealt from the stock: stage ``stage``
    (1, 2, ...) of hand ``hand``'s deal, with ``table`` the cards it laid face up."""

    hand: Count
    stage: Count
    table: tuple[Card, ...] = ()


class DealCaptured(Event, tag="deal_captured"):
    """At stage ``stage`` of hand ``hand``'s deal, ``seat``'s team took ``cards`` from
    the table, as the variant's deal effects say (``foraccio_deal_effects``): cards lying
    face up, which anyone at the table saw."""

    hand: Count
    stage: Count
    seat: Seat
    team: Team
    cards: tuple[Card, ...]


class Laid(Event, tag="laid"):
    """``seat`` laid ``card`` on the table without capturing."""

    seat: Seat
    card: Card


class Captured(Event, tag="captured"):
    """``seat`` played ``card`` and took ``take`` from the table (and ``card`` itself),
    in the ``way`` its move says."""

    seat: Seat
    card: Card
    take: tuple[Card, ...]
    jolly: Jolly | None = None
    way: WayName | msgspec.UnsetType = msgspec.UNSET


class Bonus(Event, tag="bonus"):
    """A capture earned points during play (a scopa, a colore, or a house rule's bonus),
    or a deal did (see :class:`DealCaptured`); ``card`` is the card that made it, or
    None for a bonus no one card made (a deal's scopa on the whole table laid)."""

    seat: Seat
    team: Team
    name: str
    points: Count
    card: Card | None = None


class Declared(Event, tag="declared"):
    """``seat``'s hand, dealt at stage ``stage``, declared ``name`` and showed ``cards``;
    ``points`` go to ``team`` at the end of the hand."""

    hand: Count
    stage: Count
    seat: Seat
    team: Team
    name: str
    cards: tuple[Card, ...]
    points: Count


class TableCollected(Event, tag="table_collected"):
    """At the end of a hand ``seat``'s team took the cards left on the table."""

    seat: Seat
    team: Team
    cards: tuple[Card, ...]


class ScoreLine(Wire):
    """One scoring item of a hand for one team, e.g. ``napoli`` worth 5.

    ``cards`` shows what earned it: the honour card, the napoli run, the card
    that made a scopa. It is empty for counts such as ``carte``.
    """

    team: Team
    name: str
    points: Count
    cards: tuple[Card, ...] = ()


class HandScored(Event, tag="hand_scored"):
    """The hand is over: its score lines, its points per team and the match scores after it."""

    lines: tuple[ScoreLine, ...]
    points: Scores
    scores: Scores


class MatchWon(Event, tag="match_won"):
    """``team`` won the match with ``scores``."""

    team: Team
    scores: Scores


AnyEvent = (
    FirstDealerChosen | Dealt | DealtMore | DealCaptured | Laid | Captured | Bonus | TableCollected
    | HandScored | MatchWon | Declared
)


# --- state ---------------------------------------------------------------------------


class HandRecord(Wire):
    """What replays one hand without the seed: who dealt, the cut, the deck as
    dealt (after the cut, top card first), and, once the hand is over, its
    moves in order (also in the short notation of :mod:`foraccio.core.notation`) and
    its points per team."""

    dealer: Seat
    cut: Count
    deck: tuple[Card, ...]
    moves: tuple[Move, ...] = ()
    points: Scores | None = None
    notation: str = ""


class State(Wire):
    """A whole match at one moment; the engine's functions take one and return a new one.

    This is the engine's own value, with every event and dealt deck; the API
    sends a shorter form of it (:class:`foraccio.core.wire.State`), from which the
    engine rebuilds this one.

    ``hands`` holds one hand per seat; ``piles`` and ``scores`` one per team.
    ``scores`` are the match totals of the hands already finished: a hand's
    points are added when it ends (docs/rules.md §9.2). ``record`` holds one
    :class:`HandRecord` per hand dealt, the current hand last; the current
    hand's moves are in ``events`` until it ends. A state the server rebuilt
    from a hand it made (:func:`foraccio.core.reachable.resumed`) records the hands from
    that one on: its earlier hands are kept by whoever holds the match (the
    wire form's record, a sealed game's scores). ``house_rules`` names the
    house rules the match is played with, in the order they are layered on the
    variant (empty for none, which a client may leave out).
    """

    variant: str
    options: dict[str, OptionValue]
    seed: Count
    hand: Count
    dealer: Seat
    turn: Seat | None
    phase: Phase
    hands: CardLists
    table: tuple[Card, ...]
    piles: CardLists
    last_capturer: Seat | None
    events: tuple[AnyEvent, ...]
    scores: Scores
    winner: Team | None
    record: tuple[HandRecord, ...]
    house_rules: tuple[str, ...] = ()
    notation: str = ""
    """The current hand's moves so far, in the short notation of :mod:`foraccio.core.notation`."""
    stock: tuple[Card, ...] = ()
    """The cards of the current hand kept back for a later stage of its deal, top first."""
    stage: Count = 0
    """The stage of the current hand's deal last dealt: 0, then 1, 2, ... (see
    ``foraccio_deal``)."""
