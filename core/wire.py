"""The state as it travels: what a client holds and posts back.

The engine's :class:`foraccio.core.model.State` carries everything it knows: every
event of the hand, every dealt deck, every move as a value. Sent whole it
grew by about 2.4 KB a hand. :class:`State` here carries only what the seed
cannot rebuild: the position (hands, table, piles, scores, whose turn) and,
per hand dealt, where the deck was cut, its moves in the short notation of
:mod:`foraccio.core.notation` and, once over, its points. From that the engine deals
and plays the match again and arrives at its own state
(:func:`foraccio.core.reachable.reached`); a whole twelve-hand match stays under 4 KB
of JSON, and any client can replay and check it.

Version 2 of the wire form; version 1 (the engine's state as it was, with
events and decks) is not read: a match started under it is started anew.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from foraccio.core.model import (
    Card,
    CardLists,
    Count,
    OptionValue,
    Phase,
    Scores,
    Seat,
    Team,
    Teams,
    Wire,
)
from foraccio.core.model import State as EngineState
from foraccio.core.registry import rules_for

VERSION = 2
"""Version of the state's wire form; bumped on any change a client must know of."""

# No pattern: matching it cost more than the rest of decoding a long match's state,
# and every word is read, and refused when it is not a move, when the state is checked.
Notation = Annotated[str, msgspec.Meta(
    max_length=2048,
    description="A hand's moves in order, a word each: `10d` laid 10d; `10d+5c3b` took 5c "
                "and 3b with it; `10d+` captured in the only way 10d could there; "
                "`13s=8+6d2c` and `13s=*+` a king used as an 8 or as a sweep.",
    examples=["5d 8b 13d=8+ 9c+2s3d4c 1b+"])]


Receipt = Annotated[str, msgspec.Meta(
    min_length=1, max_length=32, pattern="^[A-Za-z0-9_-]+$",
    description="The answering server's proof that it made this state (a MAC of the rest of "
                "it): a state posted back with its receipt intact is taken without replaying "
                "the match. Opaque to clients; leave it as it came. A state without one, or "
                "changed in any way, is checked in full.")]


class HandLog(Wire):
    """One hand dealt: where the deck was cut, its moves, and its points once over."""

    cut: Count
    moves: Notation = ""
    points: Scores | None = None


class State(Wire, kw_only=True):
    """A match at one moment, as the API sends it and takes it back.

    ``record`` holds one :class:`HandLog` per hand dealt, the current hand
    last. ``hands`` holds one hand per seat, ``piles`` and ``scores`` one per
    team, and ``teams`` the seats of each team, as the variant seats them.
    ``scores`` are the totals of the finished hands. ``stock`` is how many cards
    of the hand are kept back for a later stage of its deal (in Scopa, the next
    three each). ``house_rules`` is in layering order and may be left out when
    empty. ``receipt`` is the answering server's, never the engine's: the engine
    makes states without one and ignores it.
    """

    version: Count = VERSION
    variant: str
    options: dict[str, OptionValue]
    house_rules: tuple[str, ...] = ()
    seed: Count
    hand: Count
    dealer: Seat
    turn: Seat | None
    phase: Phase
    teams: Teams
    hands: CardLists
    table: tuple[Card, ...]
    stock: Count = 0
    piles: CardLists
    last_capturer: Seat | None
    scores: Scores
    winner: Team | None
    record: tuple[HandLog, ...]
    receipt: Receipt | None = None


def to_wire(state: EngineState, earlier: tuple[HandLog, ...] = ()) -> State:
    """Return the wire form of the engine's ``state``.

    ``earlier`` are the logs of the hands before those ``state.record`` holds, when it
    does not hold them all (a state rebuilt from its current hand,
    :func:`foraccio.core.reachable.resumed`): one per hand, so that the wire's record has one
    log per hand dealt.
    """
    if len(earlier) + len(state.record) != state.hand:
        raise ValueError(f"{len(earlier)} earlier logs and {len(state.record)} records do "
                         f"not make the {state.hand} hands of the state")
    teams = rules_for(state.variant, state.options, state.house_rules).seating.teams
    logs = [*earlier, *(HandLog(entry.cut, entry.notation, entry.points)
                        for entry in state.record)]
    if logs and state.phase == "playing":
        logs[-1] = HandLog(logs[-1].cut, state.notation)
    return State(
        variant=state.variant, options=state.options, house_rules=state.house_rules,
        seed=state.seed, hand=state.hand, dealer=state.dealer, turn=state.turn,
        phase=state.phase, teams=teams, hands=state.hands, table=state.table,
        stock=len(state.stock), piles=state.piles,
        last_capturer=state.last_capturer, scores=state.scores, winner=state.winner,
        record=tuple(logs))
