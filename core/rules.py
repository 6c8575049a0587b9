"""Values the hooks exchange with the engine, and the rule functions' types.

The hooks of the play phase are called once per rule set and return plain
functions (see :mod:`foraccio.core.hookspecs` for why); their types are defined here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import NamedTuple

from foraccio.core.cards import DECK
from foraccio.core.model import Bonus, Draw, Jolly, Move, OptionValue

Options = Mapping[str, OptionValue]
"""A match's options, every default filled in."""

Table = tuple[str, ...]

CardValues = Mapping[str, int]
"""Each card of the deck to its value for capturing (a 2-10 number card's is its rank in
Foraccio, a Scopa cavallo's 9)."""


class Seating(NamedTuple):
    """How a variant seats its players: build one with :func:`seating`.

    ``seats`` players (2 to 6) sit at seats ``0`` to ``seats - 1``; ``teams``
    lists each team's seats (a team of one seat when each plays for itself);
    ``order`` is the turn order, a cycle through every seat. ``team_of[seat]``
    and ``next_seat[seat]`` are derived from them, for the engine's hot path.
    """

    seats: int
    teams: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]
    team_of: tuple[int, ...]
    next_seat: tuple[int, ...]


MIN_SEATS, MAX_SEATS = 2, 6


def seating(seats: int, teams: Sequence[Sequence[int]] | None = None,
            order: Sequence[int] | None = None) -> Seating:
    """Return the :class:`Seating` of ``seats`` players in ``teams`` (None: each for
    themselves) who play in ``order`` (None: seat 0, 1, 2, ... and round again).

    Raise ValueError when ``seats`` is not 2 to 6, when the teams do not hold every
    seat exactly once, or when ``order`` is not every seat once.
    """
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {seats!r}")
    everyone = list(range(seats))
    teams = tuple(tuple(team) for team in teams) if teams is not None else tuple(
        (seat,) for seat in everyone)
    if sorted(seat for team in teams for seat in team) != everyone or not all(teams):
        raise ValueError(f"the teams {teams!r} must hold each seat 0 to {seats - 1} once")
    if len(teams) < 2:
        raise ValueError("a match needs two teams or more")
    order = tuple(order) if order is not None else tuple(everyone)
    if sorted(order) != everyone:
        raise ValueError(f"the turn order {order!r} must name each seat 0 to {seats - 1} once")
    team_of = [0] * seats
    for team, members in enumerate(teams):
        for seat in members:
            team_of[seat] = team
    next_seat = [0] * seats
    for position, seat in enumerate(order):
        next_seat[seat] = order[(position + 1) % seats]
    return Seating(seats, teams, order, tuple(team_of), tuple(next_seat))


PARTNERS_OPPOSITE = seating(4, ((0, 2), (1, 3)))
"""Four players, partners sitting opposite, playing 0, 1, 2, 3: Foraccio's table."""


class Deal(NamedTuple):
    """One stage of a deal: each seat's new cards (index = seat), the cards laid face up
    on the table, and the cards kept back (``stock``, top card first) for a later stage.
    """

    hands: tuple[tuple[str, ...], ...]
    table: tuple[str, ...] = ()
    stock: tuple[str, ...] = ()


class FirstDealer(NamedTuple):
    """The outcome of the draw for the first deal."""

    dealer: int
    draws: tuple[Draw, ...]


class DealContext(NamedTuple):
    """What a deal effect may look at: one stage of a deal, just dealt, as anyone at the
    table sees it. No hand and no stock are in it, so a deal effect cannot depend on a
    card some seat does not see."""

    hand: int
    """The number of the hand (1 for the first of the match)."""
    stage: int
    """The stage of the deal just dealt: 0 for the deal that starts the hand, then 1, 2,
    ... (see ``foraccio_deal``)."""
    dealer: int
    laid: Table
    """The cards this stage laid face up on the table, in the order they were dealt."""
    table: Table
    """The whole table after this stage: the cards ``laid`` and any left on it before,
    in the engine's table order."""
    values: CardValues
    """Each card's value for capturing (see ``foraccio_card_values``)."""


class DealEffects(NamedTuple):
    """What a stage of a deal does besides placing the cards: ``seat``'s team takes the
    table cards ``take`` into its pile (a capture of ``seat``'s, so it becomes the last
    seat to have captured), and ``bonuses`` are earned, scored at the end of the hand by
    their name as a capture's are. An empty ``take`` moves nothing."""

    seat: int
    take: tuple[str, ...] = ()
    bonuses: tuple[Bonus, ...] = ()


class Declaration(NamedTuple):
    """What a seat's dealt hand declares (``foraccio_declarations``): its ``name`` (Cirulla's
    ``"busso"``, ``"tris"``), the ``cards`` of the hand it shows to everyone, and the
    ``points`` it scores at the end of the hand (a score line named ``name``)."""

    name: str
    cards: tuple[str, ...]
    points: int


class CaptureContext(NamedTuple):
    """Everything a capture effect may look at."""

    seat: int
    card: str
    take: tuple[str, ...]
    jolly: Jolly | None
    table_before: Table
    table_after: Table
    last_play: bool
    """True when this capture is the last play of the hand: every hand is empty and no
    card is left to deal."""


PlayRule = Callable[[tuple[str, ...], Table], tuple[Sequence[Move], Sequence[Move]]]
"""``play_rule(hand, table)``: the moves of ``hand`` on ``table`` as a pair
``(captures, lays)``: every move capturing with a card of the hand, then every
move laying a card on the table, each once and in neither list twice."""

def picker(positions: Sequence[int]) -> Callable[[Sequence[str]], tuple[str, ...]]:
    """Return a fast function picking the items at ``positions`` from a sequence, as a
    tuple, for rules that precompute which cards to take."""
    if len(positions) == 1:
        (position,) = positions
        return lambda cards: (cards[position],)
    return itemgetter(*positions)


LAY: dict[str, Move] = {card: Move(card) for card in DECK}
"""The move laying each card, built once: most moves are lays, and a rule
returning these saves building new ones on every play."""

CaptureEffect = Callable[[CaptureContext], Iterable[Bonus]]
"""``effect(context)``: the bonus events (scopa, colore, ...) a capture earns."""
