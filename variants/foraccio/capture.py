"""What a played card captures (docs/rules.md §4.2), and when it is laid instead (§4.4).

- a number card 2-10 takes one table card of its value, or two or more
  number cards adding up to it;
- a figure takes one figure of its own rank;
- an ace takes the whole table, or only itself when the table is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import itemgetter

from core.cards import FIGURES, RANK
from core.hookspecs import hookimpl
from core.model import Move
from core.rules import LAY

LARGEST_SUM = 10
"""Only number cards (2-10) capture by sum, so no sum above 10 is ever taken."""

Plan = list[tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...] | None]
"""What each value captures on one table: at index ``value`` (1 to 13) the functions
picking, from the table, the cards of each capture a card of that value can make, or
None when it can make none."""

SWEEP = (itemgetter(slice(None)),)
"""The plan of a played ace: it takes the whole table (or only itself)."""

PLANS_KEPT = 1 << 16
"""How many plans :func:`capture_plan` keeps (it forgets them all when it has more)."""


@hookimpl
def foraccio_play_rule(options):
    return hand_moves if options["capture_required"] else partial(hand_moves, lay_capturing=True)


def hand_moves(hand: tuple[str, ...], table: tuple[str, ...],
               lay_capturing: bool = False) -> tuple[list[Move], list[Move]]:
    """Return ``(captures, lays)`` for ``hand`` on ``table`` (see the play rule hook):
    every capture of every card, single cards before sums. A card that cannot
    capture is laid; so is one that can when ``lay_capturing`` (capture is not
    compulsory), unless it is an ace: an ace always takes the table."""
    captures: list[Move] = []
    lays: list[Move] = []
    values = tuple(map(RANK.__getitem__, table))
    plan = _plans.get(values) or capture_plan(values)
    for card in hand:
        picks = plan[RANK[card]]
        if picks is None:
            lays.append(LAY[card])
            continue
        for pick in picks:
            captures.append(Move(card, pick(table)))
        if lay_capturing and picks is not SWEEP:
            lays.append(LAY[card])
    return captures, lays


def capture_plan(values: tuple[int, ...]) -> Plan:
    """Return the :data:`Plan` of a table holding cards of these values: for each value,
    single cards of that value first, then sets of two or more number cards adding up
    to it (aces on a Zobelon table count 1). Value 1 is :data:`SWEEP`.

    Which positions a capture takes depends only on the values, so plans are kept by
    them; the engine keeps the table sorted by value, so few value tuples occur.
    """
    plan: Plan = [None] * (max(RANK.values()) + 1)
    for value, positions in _capture_positions(values).items():
        plan[value] = tuple(map(_picker, positions))
    # A played ace sweeps, whatever the table: table aces are taken by sums or
    # (in Zobelon) by a king given the value 1.
    plan[1] = SWEEP
    if len(_plans) >= PLANS_KEPT:
        _plans.clear()
    _plans[values] = plan
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


def _picker(positions: Sequence[int]) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    # Both are C functions returning a tuple from a tuple: no Python frame per capture.
    if len(positions) == 1:
        (position,) = positions
        return itemgetter(slice(position, position + 1))
    return itemgetter(*positions)
