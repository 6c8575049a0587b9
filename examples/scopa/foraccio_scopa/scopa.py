"""The scopa: a capture that empties the table is worth 1 point to its player's team,
except on the last play of the hand, where it does not count.

The asso is no exception: taking the last card of the table with an asso is a
scopa like any other.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus
from foraccio.core.rules import CaptureContext

POINTS = 1


@hookimpl
def foraccio_capture_effects(seating):
    def scopa(capture: CaptureContext) -> tuple[Bonus, ...]:
        if capture.table_after or not capture.take or capture.last_play:
            return ()
        return (Bonus(seat=capture.seat, team=seating.team_of[capture.seat], name="scopa",
                      points=POINTS, card=capture.card),)

    return scopa
