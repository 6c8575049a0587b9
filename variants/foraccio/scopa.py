"""The scopa (docs/rules.md §5): a capture that empties the table.

It is worth the value of the card that made it (for a jolly given a value,
that value). A capture by an ace, or by a jolly sweeping the table, is never
a scopa. The effect itself is :func:`foraccio.variants.foraccio.scopa_effect.scopa_effect`.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.variants.foraccio.scopa_effect import scopa_effect


@hookimpl
def foraccio_capture_effects(options, seating):
    return scopa_effect(options["last_play_scopa"], seating)
