"""Colore (docs/rules.md §8.6): a capture whose table cards all share the suit of the
card that took them.

It is worth the capturing card's value; a king given a value counts that value
(or its own rank, 13, as a house rule), a sweeping king its rank. A capture can
be both a colore and a scopa: each is its own bonus.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.variants.zobelon.colore_effect import colore_effect


@hookimpl
def foraccio_capture_effects(options, seating):
    """Contribute the colore effect. Without the option ``king_colore_value`` (Foraccio
    has no jolly, and plays this module as its ``colore`` house rule) a jolly counts
    its declared value."""
    return colore_effect(options.get("king_colore_value", "declared") == "declared", seating)
