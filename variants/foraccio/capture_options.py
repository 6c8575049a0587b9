"""Every move a hand can make on a table: what a played card captures (docs/rules.md
§4.2), and when it is laid instead (§4.4).

- a number card 2-10 takes one table card of its value, or two or more
  number cards adding up to it;
- a figure takes one figure of its own rank;
- an ace takes the whole table, or only itself when the table is empty.

The play rule's hook is in :mod:`foraccio.variants.foraccio.capture`; these functions are apart
from it as they run on every play and are among the modules of the compiled engine
(:mod:`foraccio.core.compiled`), which holds no hook implementation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter

from foraccio.core.cards import FIGURES, RANK
from foraccio.core.model import Move
from foraccio.core.rules import LAY

LARGEST_SUM = 10
"""Only number cards (2-10) capture by sum, so no sum above 10 is ever taken."""

Picks = tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...]
"""The functions picking, from a table, the cards of each capture one card can make."""

Plan = tuple[Picks | None, ...]
"""What each value captures on one table: at index ``value`` (1 to 13) the
:data:`Picks` of a card of that value, or None when it can make no capture."""

SWEEP = (itemgetter(slice(None)),)
"""The plan of a played ace: it takes the whole table (or only itself)."""

PLANS_KEPT = 1 << 16
"""How many plans :func:`capture_plan` keeps (it forgets them all when it has more)."""


def hand_moves(hand: tuple[str, ...], table: tuple[str, ...]) -> tuple[list[Move], list[Move]]:
    """Return ``(captures, lays)`` for ``hand`` on ``table`` (see the play rule hook):
    every capture of every card, single cards before sums; a card that cannot
    capture is laid."""
    # The values are read by one C call (itemgetter), the cheapest way for more than
    # one card; itemgetter answers a single value for one card, and takes no empty
    # list of cards.
    values = (itemgetter(*table)(RANK) if len(table) > 1
              else (RANK[table[0]],) if table else ())
    plan = _plans.get(values) or capture_plan(values)
    captures: list[Move] = []
    lays: list[Move] = []
    for card in hand:
        picks = plan[RANK[card]]
        if picks is None:
            lays.append(LAY[card])
        else:
            for pick in picks:
                captures.append(Move(card, pick(table)))
    return captures, lays


def hand_moves_laying_any(hand: tuple[str, ...],
                          table: tuple[str, ...]) -> tuple[list[Move], list[Move]]:
    """:func:`hand_moves` where capture is not compulsory: a card that can capture may
    also be laid, unless it is an ace (an ace always takes the table)."""
    captures, _ = hand_moves(hand, table)
    return captures, [LAY[card] for card in hand if RANK[card] != 1]


def plan_of(values: tuple[int, ...]) -> Plan:
    """The :data:`Plan` of a table holding cards of these values (kept, or made)."""
    return _plans.get(values) or capture_plan(values)


def capture_plan(values: tuple[int, ...]) -> Plan:
    """Return the :data:`Plan` of a table holding cards of these values: for each value,
    single cards of that value first, then sets of two or more number cards adding up
    to it (aces on a Zobelon table count 1). Value 1 is :data:`SWEEP`.

    Which positions a capture takes depends only on the values, so plans are kept by
    them; the engine keeps the table sorted by value, so few value tuples occur.
    """
    picks: list[Picks | None] = [None] * (max(RANK.values()) + 1)
    for value, positions in _capture_positions(values).items():
        picks[value] = _picks(tuple(positions))
    # A played ace sweeps, whatever the table: table aces are taken by sums or
    # (in Zobelon) by a king given the value 1.
    picks[1] = SWEEP
    if len(_plans) >= PLANS_KEPT:
        _plans.clear()
    # A tuple is one block of memory, a list two: the plans a play reads stay closer.
    plan = _plans[values] = tuple(picks)
    return plan


_plans: dict[tuple[int, ...], Plan] = {}


def _capture_positions(values: tuple[int, ...]) -> dict[int, list[tuple[int, ...]]]:
    """The positions each capture takes on a table of these values, by value."""
    found: dict[int, list[tuple[int, ...]]] = {}
    for position, value in enumerate(values):
        found.setdefault(value, []).append((position,))
    sums: list[tuple[int, tuple[int, ...]]] = []
    addends = [position for position, value in enumerate(values) if value not in FIGURES]
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
    while stack:
        start, total, chosen = stack.pop()
        for i in range(start, len(addends)):
            subtotal = total + values[addends[i]]
            if subtotal > LARGEST_SUM:
                continue
            picked = (*chosen, addends[i])
            if len(picked) > 1:
                sums.append((subtotal, picked))
            stack.append((i + 1, subtotal, picked))
    for total, picked in sorted(sums):
        found.setdefault(total, []).append(picked)
    return found


@cache
def _picks(positions: tuple[tuple[int, ...], ...]) -> tuple[Callable, ...]:
    # Kept once for each list of captures: plans share them, which keeps the memory a
    # play reads small.
    return tuple(map(_picker, positions))


@cache
def _picker(positions: Sequence[int]) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    # Both are C functions returning a tuple from a tuple: no Python frame per capture.
    if len(positions) == 1:
        (position,) = positions
        return itemgetter(slice(position, position + 1))
    return itemgetter(*positions)
