"""The deal, in stages: three cards to each player and four face up on the table, then
three more to each player whenever every hand is empty, until the deck is used up.

Cards go out in turn order from the player after the dealer, three at a time.
Two players play six stages of a hand, three players four, four players three.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.variants.foraccio.dealing import deal_in_rounds

CARDS_EACH = 3
TABLE = 4


@hookimpl
def foraccio_deal(deck, dealer, seating, stage):
    return deal_in_rounds(deck, dealer, (CARDS_EACH,), seating, table=TABLE if stage == 0 else 0)
