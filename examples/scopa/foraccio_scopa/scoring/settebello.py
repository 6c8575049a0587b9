"""Settebello: 1 point to the team that took the 7 of denari."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine

SETTEBELLO = "7d"


@hookimpl
def foraccio_score_lines(state):
    return [ScoreLine(team=team, name="settebello", points=1, cards=(SETTEBELLO,))
            for team, pile in enumerate(state.piles) if SETTEBELLO in pile]
