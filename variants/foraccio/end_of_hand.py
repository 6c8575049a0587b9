"""The cards left on the table at the end of a hand (docs/rules.md §6.2)."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Captured


@hookimpl
def foraccio_collect_table(state, options):
    """The player who captured last takes them; if nobody captured, the dealer does."""
    if options["lone_ace_captures"]:
        seat = state.last_capturer
    else:
        seat = next((event.seat for event in reversed(state.events)
                     if isinstance(event, Captured) and event.take), None)
    return state.dealer if seat is None else seat
