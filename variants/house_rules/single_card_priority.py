"""Single card first (Scopa's rule): when a table card has the played card's value,
the card must take it, not a sum of other cards.

The rule wraps the variant's play rule and, for each card and each value it
captures as, drops the sums of that value when a single table card of that
value is there. Values are the game's (``foraccio_card_values``), not ranks: where
figures are worth 10, a re played on a 10 takes the 10. A Zobelon king given a
value d is held to it the same way: given d, it may not take a sum of d while a
table card of value d is there; it may still sweep, or be given another value and
take what that value takes.

It acts on captures by sum (``ways=("sum",)``): a variant that names its ways of
capture is offered it only when one is ``"sum"``, and its captures of other ways (a
Cirulla capture by fifteen) are left alone. Scopa, whose own capture already takes a
single card first, refuses it.
"""

from __future__ import annotations

from msgspec import UNSET

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Move
from foraccio.core.registry import HouseRule


class SingleCardFirst:
    """The plugin: narrows the captures of the play rule it wraps."""

    @hookimpl(wrapper=True)
    def foraccio_play_rule(self, values):
        """Wrap the variant's play rule; the lays it lists are left as they are."""
        rule = yield

        def value(move: Move) -> int:
            # The value a card captures as: a jolly's declared value, else its own.
            return move.jolly if isinstance(move.jolly, int) else values[move.card]

        def single_card_first(hand, table):
            captures, lays = rule(hand, table)
            singles = {(m.card, m.jolly) for m in captures
                       if len(m.take) == 1 and values[m.take[0]] == value(m)}
            return [m for m in captures
                    if len(m.take) < 2 or (m.card, m.jolly) not in singles
                    or m.way not in _SUMS], lays

        return single_card_first


_SUMS = (UNSET, "sum")
"""The ways of capture it acts on: a capture by sum, or one of a variant that names no
ways (Foraccio's, Zobelon's)."""


SINGLE_CARD_PRIORITY = HouseRule(
    name="single-card-priority",
    title="Single card first",
    description="When a table card has the value of the played card, the card must take it "
                "and may not take a sum of other cards instead (Scopa's rule); a Zobelon king "
                "given a value is held to it the same way.",
    plugins=(SingleCardFirst(),),
    ways=("sum",),
)
