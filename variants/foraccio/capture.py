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
    singles, addends, sums = analyse(table)
    found = {}
    for card in cards:
        value = RANK[card]
        if value == 1:
            found[card] = (Capture(table),)
        elif value in singles or value in sums:
            found[card] = (*singles.get(value, ()),
                           *(Capture(pick(addends)) for pick in sums.get(value, ())))
    return found


def capture_is_compulsory(card: str, captures: tuple[Capture, ...]) -> bool:
    """A card that can capture must capture: it is never laid."""
    return False


def lay_unless_ace(card: str, captures: tuple[Capture, ...]) -> bool:
    """Capture is optional, but an ace always takes the table: it is never laid."""
    return RANK[card] != 1


_SINGLE = {card: Capture((card,)) for card in DECK}


def analyse(table: tuple[str, ...]):
    """Return, for ``table``: the single-card captures by value; the number cards
    that can join a sum; and, by total, functions picking each sum from them.

    Every card of a hand is matched against the same table, so the analysis is
    kept until the table changes.
    """
    global _last_analysis
    if _last_analysis[0] is table:
        return _last_analysis[1]
    singles: dict[int, list[Capture]] = {}
    addends: list[str] = []
    for card in table:
        value = RANK[card]
        singles.setdefault(value, []).append(_SINGLE[card])
        if value not in FIGURES:
            addends.append(card)
    sums = _sums(tuple(map(RANK.__getitem__, addends))) if len(addends) > 1 else {}
    analysis = (singles, addends, sums)
    _last_analysis = (table, analysis)
    return analysis


_last_analysis: tuple = (None, None)


@lru_cache(maxsize=16384)
def _sums(values: tuple[int, ...]) -> dict[int, tuple[itemgetter, ...]]:
    """For number cards of these values, map each total up to 10 of two or more of
    them to getters that pick each such set (by position) from the cards."""
    # Only the values decide which positions add up, and few value sequences
    # occur, so the answer is cached by them.
    found: dict[int, list[itemgetter]] = {}
    stack = [(0, 0, ())]
    while stack:
        start, total, chosen = stack.pop()
        for position in range(start, len(values)):
            subtotal = total + values[position]
            if subtotal > LARGEST_SUM:
                continue
            picked = (*chosen, position)
            if len(picked) > 1:
                found.setdefault(subtotal, []).append(picked)
            stack.append((position + 1, subtotal, picked))
    return {total: tuple(itemgetter(*picked) for picked in sorted(sets))
            for total, sets in found.items()}
