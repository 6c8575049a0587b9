"""Carte: 1 point to the team that took the most cards; on a tie (20-20) nobody scores
it. With two teams that is 21 cards or more, more than half the deck."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine
from foraccio_scopa.scoring import sole_best


@hookimpl
def foraccio_score_lines(state):
    team = sole_best([len(pile) for pile in state.piles])
    return [] if team is None else [ScoreLine(team=team, name="carte", points=1)]
