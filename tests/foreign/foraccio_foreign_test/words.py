"""Lumaca's words: its score lines, declarations, bonus, ways of capture and wild card, in
English; its own catalogue (``locale/<language>/LC_MESSAGES/foraccio_foreign_test.po`` in
this package) translates them, and its title, description and option, into Italian."""

from __future__ import annotations

from foraccio.core.words import ITALIAN_DECK, CardWords, Catalogue, LineWords, Words

WORDS = Words(
    lines={
        "heap": LineWords("Heap", "The most cards taken (on a tie nobody scores it): 1 point"),
        "sevens": LineWords("Sevens",
                            "The most sevens taken (on a tie nobody scores it): 1 point"),
        "broom": LineWords("Broom", "Emptying the table, on any play: 1 point"),
        "trio": LineWords("Trio", "A hand dealt of three cards of one rank, shown: 3 points"),
        "lowly": LineWords("Lowly", "A hand dealt adding up to less than 8, shown: 2 points"),
    },
    kinds={"match": "takes its match", "eleven": "takes what makes eleven with it"},
    wild="The ace of coins is wild: choose the value it matches as",
    # Its queen and emperor are its own: a surface that named or lettered them as the
    # engine's deck does (knight, king; N, K) would show it.
    cards=CardWords(ranks={1: "ace", 11: "jack", 12: "queen", 13: "emperor"},
                    suits=ITALIAN_DECK.suits),
    catalogue=Catalogue.of_package("foraccio_foreign_test"),
)
