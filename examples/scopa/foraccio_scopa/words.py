"""Scopa's words: its score lines and the values of its options, in English; its own
catalogue (``locale/<language>/LC_MESSAGES/foraccio_scopa.po`` in this package)
translates them, and its title, description and options' descriptions, into Italian.

Scopone builds on these (:mod:`foraccio_scopone`)."""

from __future__ import annotations

from foraccio.core.words import Catalogue, LineWords, Words

LINES = {
    "carte": LineWords("Carte", "The most cards (on a tie nobody scores it): 1 point"),
    "denari": LineWords("Denari", "The most coins (on a tie nobody scores it): 1 point"),
    "settebello": LineWords("Settebello", "The 7 of coins: 1 point"),
    "primiera": LineWords("Primiera",
                          "The highest primiera, from the best card of each suit (a 7 counts "
                          "most): 1 point; on a tie nobody scores it"),
    "scopa": LineWords("Scopa",
                       "Taking every card on the table, except on the last play of the hand: "
                       "1 point"),
}

WORDS = Words(
    lines=LINES,
    values={"players": {"2": "Two, each for themselves", "3": "Three, each for themselves",
                        "4": "Four, in two partnerships"}},
    titles={"target": "Points to win"},
    catalogue=Catalogue.of_package("foraccio_scopa"),
)
