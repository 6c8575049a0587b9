"""The scopa's capture effect (docs/rules.md §5): what a capture that empties the table
scores. Its hook is in :mod:`foraccio.variants.foraccio.scopa`; the effect runs on every capture,
so it is a module of the compiled engine (:mod:`foraccio.core.compiled`), which holds no hook
implementation."""

from __future__ import annotations

from foraccio.core.cards import RANK
from foraccio.core.model import Bonus
from foraccio.core.rules import CaptureContext, CaptureEffect, Seating


def scopa_effect(counts_on_last_play: bool, seating: Seating) -> CaptureEffect:
    """The effect scoring a scopa at ``seating``'s table; a scopa made on the last play
    of a hand counts when ``counts_on_last_play``."""

    def scopa(capture: CaptureContext) -> tuple[Bonus, ...]:
        # Most captures leave cards on the table: that is checked first.
        if capture.table_after or not is_scopa(capture) or (
                capture.last_play and not counts_on_last_play):
            return ()
        points = capture.jolly if isinstance(capture.jolly, int) else RANK[capture.card]
        return (Bonus(seat=capture.seat, team=seating.team_of[capture.seat], name="scopa",
                      points=points, card=capture.card),)

    return scopa


def is_scopa(capture: CaptureContext) -> bool:
    """True when ``capture`` empties the table by a means that counts as a scopa."""
    return (not capture.table_after and bool(capture.take) and capture.jolly != "sweep"
            and RANK[capture.card] != 1)
