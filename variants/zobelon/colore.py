"""Colore (docs/rules.md §8.6): a capture whose table cards all share the suit of the
card that took them.

It is worth the capturing card's value; a king given a value counts that value
(or its own rank, 13, as a house rule), a sweeping king its rank. A capture can
be both a colore and a scopa: each is its own bonus.
"""

from __future__ import annotations

from core.cards import RANK, SUIT
from core.hookspecs import hookimpl
from core.model import Bonus
from core.rules import CaptureContext


@hookimpl
def foraccio_capture_effects(options, seating):
    """Contribute the colore effect. Without the option ``king_colore_value`` (Foraccio
    has no jolly, and plays this module as its ``colore`` house rule) a jolly counts
    its declared value."""
    counts_declared_value = options.get("king_colore_value", "declared") == "declared"

    def colore(capture: CaptureContext) -> tuple[Bonus, ...]:
        if not is_colore(capture):
            return ()
        jolly = capture.jolly
        points = (jolly if isinstance(jolly, int) and counts_declared_value
                  else RANK[capture.card])
        return (Bonus(seat=capture.seat, team=seating.team_of[capture.seat], name="colore",
                      points=points, card=capture.card),)

    return colore


def is_colore(capture: CaptureContext) -> bool:
    """True when ``capture`` takes table cards, all of the capturing card's suit."""
    if not capture.take:
        return False
    suit = SUIT[capture.card]
    for card in capture.take:  # noqa: SIM110 (all() over a generator costs more per capture)
        if SUIT[card] != suit:
            return False
    return True
