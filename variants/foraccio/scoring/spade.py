"""Spade: 1 point to the team holding 7 or more spade."""

from __future__ import annotations

from foraccio.core.cards import DECK, SUIT
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine

MAJORITY = 7

SPADE = frozenset(card for card in DECK if SUIT[card] == "s")


@hookimpl
def foraccio_score_lines(state):
    lines = []
    for team, pile in enumerate(state.piles):
        # Counted in one pass of C code; the cards are listed only for the team that
        # scores.
        if len(SPADE.intersection(pile)) >= MAJORITY:
            spade = tuple([card for card in pile if card in SPADE])
            lines.append(ScoreLine(team=team, name="spade", points=1, cards=spade))
    return lines
