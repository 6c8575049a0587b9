"""The table: two players each for themselves, three each for themselves, or four in
two partnerships with partners sitting opposite (option ``players``).

Play goes round the table in seat order, 0, 1, 2, ...; with four players seats
0 and 2 are one team, 1 and 3 the other.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.rules import PARTNERS_OPPOSITE, seating


@hookimpl
def foraccio_seating(options):
    players = options["players"]
    return PARTNERS_OPPOSITE if players == 4 else seating(players)
