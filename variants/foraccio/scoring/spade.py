"""Spade: 1 point to the team holding 7 or more spade."""

from __future__ import annotations

from core.cards import SUIT
from core.hookspecs import hookimpl
from core.model import ScoreLine

MAJORITY = 7


@hookimpl
def foraccio_score_lines(state):
    lines = []
    for team, pile in enumerate(state.piles):
        spade = tuple(card for card in pile if SUIT[card] == "s")
        if len(spade) >= MAJORITY:
            lines.append(ScoreLine(team=team, name="spade", points=1, cards=spade))
    return lines
