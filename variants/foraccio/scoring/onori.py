"""The three onori: the 2 of spade, la vecchia (fante of spade), il 10 bello (10 of denari)."""

from __future__ import annotations

from core.hookspecs import hookimpl
from core.model import ScoreLine

ONORI = (("primo_onore", "2s"), ("secondo_onore", "11s"), ("terzo_onore", "10d"))


@hookimpl
def foraccio_score_lines(state):
    return [ScoreLine(team=team, name=name, points=1, cards=(card,))
            for name, card in ONORI
            for team, pile in enumerate(state.piles) if card in pile]
