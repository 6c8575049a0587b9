"""The table: four players in two partnerships, partners sitting opposite (seats 0 and 2
against 1 and 3), playing round in seat order."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.rules import PARTNERS_OPPOSITE


@hookimpl
def foraccio_seating():
    return PARTNERS_OPPOSITE
