"""Foraccio's words: its score lines, the values of its options (English; the project's
catalogue, ``foraccio/locale``, translates them). Zobelon and the built-in house rules
start from these."""

from __future__ import annotations

from foraccio.core.words import LineWords, Words

ONORI = {
    "primo_onore": LineWords("Primo onore", "The 2 of swords: 1 point"),
    "secondo_onore": LineWords("Secondo onore",
                               "The jack of swords, la vecchia: 1 point"),
    "terzo_onore": LineWords("Terzo onore", "The 10 of coins, il 10 bello: 1 point"),
}

PUNTI_DI_MANO = {
    **ONORI,
    "spade": LineWords("Spade", "7 or more swords: 1 point"),
    "carte": LineWords("Carte",
                       "27 or more cards (26 for the team without the dealer): 2 points"),
    "la_24": LineWords("La 24",
                       "All six punti di mano (the three onori, spade and carte): 18 more, "
                       "24 in all"),
}

NAPOLI = LineWords("Napoli",
                   "The ace, 2 and 3 of a suit and the unbroken run above them: a point a "
                   "card, 3 to 13 for each suit")

SCOPA = LineWords("Scopa",
                  "Taking every card on the table (not with an ace): worth the value of the "
                  "card that made it, 2 to 13")

DEALER = {"right": "The dealer's right", "left": "The dealer's left"}

TITLES = {
    "deal_scheme": "Deal",
    "target": "Points to win",
    "deal_passes_to": "Next dealer",
    "capture_required": "Must capture when able",
    "last_play_scopa": "A scopa on the last play counts",
    "lone_ace_captures": "An ace on an empty table is a capture",
}
"""Each option's title, the label beside its value."""

WORDS = Words(
    lines={**PUNTI_DI_MANO, "napoli": NAPOLI, "scopa": SCOPA},
    values={
        "deal_scheme": {"one_at_a_time": "One at a time for 13 rounds",
                        "5-4-4": "In three rounds of 5, 4, 4"},
        "deal_passes_to": DEALER,
    },
    titles=TITLES,
)
