"""The short notation of a hand's moves, as a state records them.

A hand's moves are written as one string, a move per word, in the order
played, like a chess score sheet:

- ``10d`` — the card ``10d`` was laid on the table;
- ``10d+5c3b2d`` — ``10d`` captured ``5c``, ``3b`` and ``2d`` (the card
  codes follow each other without separator: a code is a rank then a suit
  letter, so they read back unambiguously);
- ``10d+`` — ``10d`` captured, and the cards it took go unwritten because it
  could capture in only one way there (as chess notation names a piece's
  square only when two pieces could move there);
- ``13s=8+6d2c``, ``13s=*+`` — a Zobelon king used as an 8, or as a sweep.

Cards taken are written in the order the engine lists them. A move is read
back with the rules of the position it was played in (:func:`find_move`), so
the notation is exactly as long as it needs to be, and a whole match of
twelve hands fits in a few kilobytes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from foraccio.core.model import Jolly, Move

SWEEP = "*"
"""How a jolly sweep is written after ``=``."""

_WORD = re.compile(
    r"(1[0-3]|[1-9])([cdbs])(?:=(\*|1[0-3]|[1-9]))?(\+((?:(?:1[0-3]|[1-9])[cdbs])*))?")
_CARD = re.compile(r"(?:1[0-3]|[1-9])[cdbs]")


class Written(NamedTuple):
    """One move as written: the card, its jolly use, whether it captured, and the
    cards taken (``None`` when they go unwritten)."""

    card: str
    jolly: Jolly | None
    captured: bool
    take: tuple[str, ...] | None


def write(move: Move, captured: bool, only_way: bool) -> str:
    """Return the word of ``move``: ``captured`` says it captured (an ace on an empty
    table captures, taking nothing), ``only_way`` that it was its card's only capture
    there (with that jolly use), so the cards taken go unwritten."""
    if not captured:
        return move.card
    word = move.card
    if move.jolly is not None:
        word += "=" + (SWEEP if move.jolly == "sweep" else str(move.jolly))
    return word + "+" + ("" if only_way else "".join(move.take))


def words(notation: str) -> list[str]:
    """Split a hand's notation into its moves' words."""
    return notation.split()


def read(word: str) -> Written:
    """Parse one move's word; raise ValueError when it is not one."""
    found = _WORD.fullmatch(word)
    if found is None:
        raise ValueError(f"{word[:20]!r} is not a move in the notation (e.g. 10d, 10d+5c3b)")
    rank, suit, jolly, plus, take = found.groups()
    if jolly is not None and plus is None:
        raise ValueError(f"{word[:20]!r} gives a jolly use to a card that did not capture")
    use: Jolly | None = None
    if jolly is not None:
        use = "sweep" if jolly == SWEEP else int(jolly)
    written = None
    if plus is not None and take:
        written = tuple(_CARD.findall(take))
    elif plus is None:
        written = ()
    return Written(rank + suit, use, plus is not None, written)


def find_move(written: Written, captures: Sequence[Move]) -> Move:
    """Return the move ``written`` stands for, given the capturing moves listed at that
    position; raise ValueError when the cards taken go unwritten but the card could
    capture in several ways (or in none)."""
    if not written.captured:
        return Move(written.card)
    if written.take is not None:
        return Move(written.card, written.take, written.jolly)
    ways = [move for move in captures
            if move.card == written.card and move.jolly == written.jolly]
    if len(ways) != 1:
        raise ValueError(f"{written.card} captured without naming the cards taken, but it "
                         f"could capture in {len(ways)} ways there")
    return ways[0]
