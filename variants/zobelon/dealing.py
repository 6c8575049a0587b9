"""The Zobelon deal (docs/rules.md §8.2): 12 cards each, the 4 left over face up.

The deck, the draw for the first dealer and the rotation of the deal are
Foraccio's; only the deal itself differs. Dealing in rounds leaves the
undealt cards on the table, so this is the only time an ace or a king can
lie there.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.variants.foraccio.dealing import deal_in_rounds

DEAL_ROUNDS = {"6-6": (6, 6), "12": (12,)}
"""Cards per seat in each round: two rounds of 6, or (when the cutter declines to
cut, a common table custom) all 12 in one round."""


@hookimpl
def foraccio_deal(deck, dealer, options, seating):
    return deal_in_rounds(deck, dealer, DEAL_ROUNDS[options["deal_scheme"]], seating)
