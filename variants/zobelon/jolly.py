"""Kings are jolly (docs/rules.md §8.4, §8.5).

A played king either sweeps the whole table like an ace (never a scopa), or is
given a value d from 1 to 13 and captures exactly as a card of value d would:
one table card of value d, or, for d <= 10, two or more number cards adding
up to d (a table ace counting 1). A king given 1 takes one table ace, not the
table: a card of value 1 is an ace, but the king is given the ace's value,
not its sweep. On an empty table a king takes only itself: it always
captures, and is never laid on the table.

The play rule wraps Foraccio's: it answers for the kings, never lays one, and
leaves every other card to the rule it wraps.
A scopa made by a king given a value is worth that value, as Foraccio's scopa
already counts a jolly; a house rule makes it worth the king's rank instead.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.rules import PlayRule
from foraccio.variants.zobelon.jolly_moves import king_scopa_at_rank, with_jolly_kings


@hookimpl(wrapper=True)
def foraccio_play_rule():
    rule: PlayRule = yield
    return with_jolly_kings(rule)


@hookimpl(wrapper=True)
def foraccio_capture_effects(options):
    effects = yield
    if options["king_scopa_value"] == "declared":
        return effects
    return [effect and king_scopa_at_rank(effect) for effect in effects]
