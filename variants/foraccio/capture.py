"""What a played card captures (docs/rules.md §4.2), and when it is laid instead (§4.4).

- a number card 2-10 takes one table card of its value, or two or more
  number cards adding up to it;
- a figure takes one figure of its own rank;
- an ace takes the whole table, or only itself when the table is empty.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

from core.cards import FIGURES, RANK
from core.hookspecs import hookimpl
from core.model import Move
from core.rules import LAY, picker

LARGEST_SUM = 10
"""Only number cards (2-10) capture by sum, so no sum above 10 is ever taken."""


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
    plan = capture_plan(tuple(map(RANK.__getitem__, table)))
    for card in hand:
        picks = plan.get(RANK[card])
        if picks is None:
            lays.append(LAY[card])
            continue
        if picks is SWEEP:
            captures.append(Move(card, table))
            continue
        if len(picks) == 1:
            captures.append(Move(card, picks[0](table)))
        else:
            captures += [Move(card, pick(table)) for pick in picks]
        if lay_capturing:
            lays.append(LAY[card])
    return captures, lays


SWEEP = ()
"""The plan of a played ace: it takes the whole table (or only itself)."""


@lru_cache(maxsize=65536)
def capture_plan(values: tuple[int, ...]) -> dict[int, tuple[Callable, ...]]:
    """For a table holding cards of these values, map every value a card can capture
    with to functions picking, from the table, the cards of each such capture: single
    cards of that value first, then sets of two or more number cards adding up to it
    (aces on a Zobelon table count 1). Value 1 maps to :data:`SWEEP`.

    Which positions a capture takes depends only on the values, so plans are cached
    by them; the engine keeps the table sorted by value, so few value tuples occur.
    """
    plan: dict[int, list[tuple[int, ...]]] = {}
    for position, value in enumerate(values):
        plan.setdefault(value, []).append((position,))
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
        plan.setdefault(total, []).append(picked)
    pickers = {value: tuple(map(picker, positions)) for value, positions in sorted(plan.items())}
    # A played ace sweeps, whatever the table: table aces are taken by sums or
    # (in Zobelon) by a king given the value 1.
    pickers[1] = SWEEP
    return pickers
