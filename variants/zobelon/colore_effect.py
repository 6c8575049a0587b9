"""The colore's capture effect (docs/rules.md §8.6): what a capture whose table cards
all share the capturing card's suit scores. Its hook is in :mod:`foraccio.variants.zobelon.colore`;
the effect runs on every capture, so it is a module of the compiled engine
(:mod:`foraccio.core.compiled`), which holds no hook implementation."""

from __future__ import annotations

from foraccio.core.cards import RANK, SUIT
from foraccio.core.model import Bonus
from foraccio.core.rules import CaptureContext, CaptureEffect, Seating


def colore_effect(counts_declared_value: bool, seating: Seating) -> CaptureEffect:
    """The effect scoring a colore at ``seating``'s table: worth the capturing card's
    value, a jolly's declared value when ``counts_declared_value``."""

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
