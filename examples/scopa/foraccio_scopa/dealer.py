"""Who deals: each player draws a card and the highest deals, ties drawing again; the
deal then passes to the next player in turn order.

The figures' ranks (11, 12, 13) order the cards as their values (8, 9, 10)
do, so the draw is Foraccio's, reused as it is.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl

# The module, not its hook function: a hook function imported under another name
# would be taken for an implementation of an unknown hook.
from foraccio.variants.foraccio import dealing as foraccio_dealing


@hookimpl
def foraccio_first_dealer(deck, rng, seating):
    return foraccio_dealing.foraccio_first_dealer(deck=deck, rng=rng, seating=seating)


@hookimpl
def foraccio_next_dealer(dealer, seating):
    return seating.next_seat[dealer]
