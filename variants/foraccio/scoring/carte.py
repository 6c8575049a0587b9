"""Carte: 2 points for 27 or more cards; 26 are enough for the team without the dealer.

So in a 52-card hand exactly one team scores it, and at 26-26 it is the team
without the dealer.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine

MAJORITY = 27


@hookimpl
def foraccio_score_lines(state, seating):
    dealing_team = seating.team_of[state.dealer]
    return [ScoreLine(team=team, name="carte", points=2)
            for team, pile in enumerate(state.piles)
            if len(pile) >= (MAJORITY if team == dealing_team else MAJORITY - 1)]
