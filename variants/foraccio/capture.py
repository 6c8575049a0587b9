"""What a played card captures (RULES.md section 4.1), and when it is laid instead.

- a number card 2-10 takes one table card of its value, or two or more
  number cards adding up to it;
- a figure takes one figure of its own rank;
- an ace takes the whole table, or only itself when the table is empty.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from core.cards import DECK, FIGURES, RANK
from core.hookspecs import hookimpl
from core.model import Capture

LARGEST_SUM = 10
"""Only number cards (2-10) capture by sum, so no sum above 10 is ever taken."""


@hookimpl
def foraccio_capture_rule():
    return captures_of


@hookimpl
def foraccio_lay_rule(options):
    return capture_is_compulsory if options["capture_required"] else lay_unless_ace


def captures_of(cards: tuple[str, ...], table: tuple[str, ...]) -> dict[str, tuple[Capture, ...]]:
    """The captures of each of ``cards`` that can capture on ``table``: single cards
    first, then sums."""
    if not table:
        return {card: _ALONE for card in cards if RANK[card] == 1}
    plan = capture_plan(tuple(map(RANK.__getitem__, table)))
    found = {}
    for card in cards:
        value = RANK[card]
        if value == 1:
            found[card] = (Capture(table),)
        elif value in plan:
            found[card] = captures_by_plan(plan[value], table)
    return found


def capture_is_compulsory(card: str, captures: tuple[Capture, ...]) -> bool:
    """A card that can capture must capture: it is never laid."""
    return False


def lay_unless_ace(card: str, captures: tuple[Capture, ...]) -> bool:
    """Capture is optional, but an ace always takes the table: it is never laid."""
    return RANK[card] != 1


_ALONE = (Capture(()),)
"""An ace on an empty table takes nothing but itself."""

_SINGLE = {card: Capture((card,)) for card in DECK}


def captures_by_plan(plan: tuple[tuple[int, ...], tuple[itemgetter, ...]],
                     table: tuple[str, ...]) -> tuple[Capture, ...]:
    """Turn one value's plan (see :func:`capture_plan`) into captures from ``table``."""
    singles, sums = plan
    return (*[_SINGLE[table[position]] for position in singles],
            *[Capture(pick(table)) for pick in sums])


@lru_cache(maxsize=65536)
def capture_plan(values: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], tuple[itemgetter, ...]]]:
    """For a table holding cards of these values, map every value a card can capture
    with to the positions of the single cards of that value, and getters picking each
    set of two or more number cards adding up to it (aces on a Zobelon table count 1).

    Which positions a capture takes depends only on the values, so plans are cached
    by them; the engine keeps the table sorted by value, so few value tuples occur.
    """
    singles: dict[int, list[int]] = {}
    for position, value in enumerate(values):
        singles.setdefault(value, []).append(position)
    sums: dict[int, list[tuple[int, ...]]] = {}
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
                sums.setdefault(subtotal, []).append(picked)
            stack.append((i + 1, subtotal, picked))
    return {
        value: (tuple(singles.get(value, ())),
                tuple(itemgetter(*picked) for picked in sorted(sums.get(value, ()))))
        for value in sorted(singles.keys() | sums.keys())
    }
