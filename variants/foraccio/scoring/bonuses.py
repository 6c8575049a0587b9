"""Bonuses earned during play (scopa, colore, a house rule's own) score their points."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus, ScoreLine


@hookimpl
def foraccio_score_lines(state):
    return [ScoreLine(team=event.team, name=event.name, points=event.points,
                      cards=() if event.card is None else (event.card,))
            for event in state.events if type(event) is Bonus]
