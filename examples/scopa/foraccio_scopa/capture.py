"""What a played card captures, and when it is laid instead.

- A card takes one table card of its own value; when several lie there, the
  player chooses which one.
- Only when no table card has its value does it take a set of two or more table
  cards whose values add up to its own; when several sets do, the player
  chooses one.
- Capture is compulsory: a card that can capture must, and only a card that
  cannot is laid on the table. Which card of the hand to play is the player's
  choice.

The asso is an ordinary card of value 1: it takes a table asso, and on a table
without one it is laid like any card that cannot capture.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Move
from foraccio.core.rules import LAY, picker
from foraccio_scopa.deck import VALUES

HIGHEST = max(VALUES.values())
"""No card is worth more than 10, so no larger sum is ever taken."""


@hookimpl
def foraccio_play_rule():
    return hand_moves


def hand_moves(hand: tuple[str, ...], table: tuple[str, ...]) -> tuple[list[Move], list[Move]]:
    """Return ``(captures, lays)`` for ``hand`` on ``table`` (see the play rule hook): every
    capture of every card that can capture, and a lay for every card that cannot."""
    captures: list[Move] = []
    lays: list[Move] = []
    plan = capture_plan(tuple(map(VALUES.__getitem__, table)))
    for card in hand:
        picks = plan.get(VALUES[card])
        if picks is None:
            lays.append(LAY[card])
        else:
            captures += [Move(card, pick(table)) for pick in picks]
    return captures, lays


@lru_cache(maxsize=65536)
def capture_plan(values: tuple[int, ...]) -> dict[int, tuple[Callable, ...]]:
    """For a table holding cards of these values, map every value a card can capture
    with to functions picking, from the table, the cards of each capture it may make:
    each single card of that value when there is one, else each set of two or more
    cards adding up to it.

    Which positions a capture takes depends only on the values, so plans are cached
    by them; the engine keeps the table sorted by value, so few value tuples occur.
    """
    plan: dict[int, list[tuple[int, ...]]] = {}
    for position, value in enumerate(values):
        plan.setdefault(value, []).append((position,))
    sums: dict[int, list[tuple[int, ...]]] = {}
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
    while stack:
        start, total, chosen = stack.pop()
        for position in range(start, len(values)):
            subtotal = total + values[position]
            if subtotal > HIGHEST:
                continue
            picked = (*chosen, position)
            if len(picked) > 1 and subtotal not in plan:  # a single card comes first
                sums.setdefault(subtotal, []).append(picked)
            stack.append((position + 1, subtotal, picked))
    plan.update((total, sorted(picked)) for total, picked in sums.items())
    return {value: tuple(map(picker, positions)) for value, positions in sorted(plan.items())}
