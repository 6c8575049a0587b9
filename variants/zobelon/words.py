"""Zobelon's words: Foraccio's, with its scopa and colore, its jolly kings and its own
options' values (English; the project's catalogue translates them)."""

from __future__ import annotations

from foraccio.core.words import LineWords, Words
from foraccio.variants.foraccio import words as foraccio_words

SCOPA = LineWords("Scopa",
                  "Taking every card on the table (not with an ace, nor with a king that "
                  "sweeps it): worth the value of the card that made it, 2 to 13; for a king "
                  "given a value, that value")

COLORE = LineWords("Colore",
                   "A capture whose table cards are all of the capturing card's suit: worth "
                   "the capturing card's value; for a king given a value, that value")

KING_VALUE = {"declared": "The value given to the king", "rank": "The king's rank (13)"}

TITLES = {
    **foraccio_words.TITLES,
    "lone_ace_captures": "An ace or a king on an empty table is a capture",
    "king_scopa_value": "A king's scopa is worth",
    "king_colore_value": "A king's colore is worth",
}
"""Foraccio's options' titles, a king beside the ace, and its own options'."""

WORDS = Words(
    lines={**foraccio_words.PUNTI_DI_MANO, "napoli": foraccio_words.NAPOLI, "scopa": SCOPA,
           "colore": COLORE},
    wild="A king is a jolly: sweep the table like an ace, or choose the value it plays as",
    values={
        "deal_scheme": {"6-6": "In two rounds of 6",
                        "12": "All 12 in one round (the cutter declined to cut)"},
        "deal_passes_to": foraccio_words.DEALER,
        "king_scopa_value": KING_VALUE,
        "king_colore_value": KING_VALUE,
    },
    titles=TITLES,
)
