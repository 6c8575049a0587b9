"""The cards left on the table when a hand ends go to the team of the player who
captured last. Taking them is never a scopa.

Were nobody to capture they would go to the dealer's team, but no whole hand
goes without a capture: a card is laid only when no table card has its value,
so at most ten played cards are laid before one must capture, and a hand plays
36.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl


@hookimpl
def foraccio_collect_table(state):
    return state.dealer if state.last_capturer is None else state.last_capturer
