"""Colore in Foraccio: a capture whose table cards all share the suit of the card that
took them scores a bonus worth the card's value, as in Zobelon.

One source of Foraccio's rules counts it there too. The plugin is Zobelon's
own colore module (:mod:`foraccio.variants.zobelon.colore`), registered on top of
Foraccio's plugins, so the two games can never score it differently. It awards
colore, so it is not offered for a variant that awards colore already (Zobelon).
"""

from __future__ import annotations

from foraccio.core.registry import HouseRule
from foraccio.core.words import LineWords, Words
from foraccio.variants.zobelon import colore

COLORE = HouseRule(
    name="colore",
    title="Colore",
    description="A capture whose table cards are all of the capturing card's suit scores a "
                "colore worth the card's value, as in Zobelon (where it is a rule of the game).",
    plugins=(colore,),
    awards=("colore",),
    words=Words(lines={"colore": LineWords(
        "Colore", "A capture whose table cards are all of the capturing card's suit: worth "
                  "the capturing card's value")}),
)
