"""The scopa (docs/rules.md §5): a capture that empties the table.

It is worth the value of the card that made it (for a jolly given a value,
that value). A capture by an ace, or by a jolly sweeping the table, is never
a scopa.
"""

from __future__ import annotations

from core.cards import RANK
from core.hookspecs import hookimpl
from core.model import Bonus
from core.rules import CaptureContext


@hookimpl
def foraccio_capture_effects(options, seating):
    counts_on_last_play = options["last_play_scopa"]

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
