"""Values the hooks exchange with the engine, and the rule functions' types.

The hooks of the play phase are called once per rule set and return plain
functions (see :mod:`core.hookspecs` for why); their types are defined here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import NamedTuple

from core.cards import DECK
from core.model import Bonus, Draw, Jolly, Move, OptionValue

Options = Mapping[str, OptionValue]
"""A match's options, every default filled in."""

Table = tuple[str, ...]


class Deal(NamedTuple):
    """A dealt hand: the four seats' cards (index = seat) and the cards laid face up."""

    hands: tuple[tuple[str, ...], ...]
    table: tuple[str, ...] = ()


class FirstDealer(NamedTuple):
    """The outcome of the draw for the first deal."""

    dealer: int
    draws: tuple[Draw, ...]


class CaptureContext(NamedTuple):
    """Everything a capture effect may look at."""

    seat: int
    card: str
    take: tuple[str, ...]
    jolly: Jolly | None
    table_before: Table
    table_after: Table
    last_play: bool
    """True when this capture is the last play of the hand."""


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
