"""The deck: 40 Italian cards, and what each is worth for capturing.

Each of the four suits holds the asso to the 7 (ranks 1-7) and three figures:
the fante (11), the cavallo (12) and the re (13); the 8s, 9s and 10s of the
52-card deck are left out. A number card is worth its rank; the figures are
worth 8, 9 and 10, so the values of a suit run from 1 to 10.
"""

from __future__ import annotations

from foraccio.core.cards import DECK, RANK
from foraccio.core.hookspecs import hookimpl

FIGURE_VALUES = {11: 8, 12: 9, 13: 10}
"""Fante, cavallo and re, by rank, to their value for capturing."""

SCOPA_DECK = tuple(card for card in DECK if RANK[card] <= 7 or RANK[card] in FIGURE_VALUES)
"""The 40 cards, suit by suit, asso to re."""

VALUES = {card: FIGURE_VALUES.get(RANK[card], RANK[card]) for card in SCOPA_DECK}
"""Each card of the deck to its value for capturing, 1 to 10."""


@hookimpl
def foraccio_build_deck():
    return SCOPA_DECK


@hookimpl
def foraccio_card_values():
    return VALUES
