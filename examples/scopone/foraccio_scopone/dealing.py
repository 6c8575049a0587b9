"""The deal: the whole deck at once, ten cards to each player and none to the table.

Cards go out in turn order from the player after the dealer, so the hand is
played from an empty table, and its first play is always laid.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.variants.foraccio.dealing import deal_in_rounds

CARDS_EACH = 10


@hookimpl
def foraccio_deal(deck, dealer, seating):
    return deal_in_rounds(deck, dealer, (CARDS_EACH,), seating, table=0)
