"""Values the hooks exchange with the engine, and the rule functions' types.

The hooks of the play phase are called once per rule set and return plain
functions (see :mod:`core.hookspecs` for why); their types are defined here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from core.model import Bonus, Capture, Draw, Jolly, OptionValue

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


CaptureRule = Callable[[tuple[str, ...], Table], Mapping[str, tuple[Capture, ...]]]
"""``capture_rule(cards, table)``: for each of ``cards`` that can capture on
``table``, every capture it can make, without duplicates. Cards that can make
no capture are left out."""

LayRule = Callable[[str, tuple[Capture, ...]], bool]
"""``lay_rule(card, captures)``: may ``card`` be laid on the table instead of
making one of ``captures`` (never empty)?"""

CaptureEffect = Callable[[CaptureContext], Iterable[Bonus]]
"""``effect(context)``: the bonus events (scopa, colore, ...) a capture earns."""
