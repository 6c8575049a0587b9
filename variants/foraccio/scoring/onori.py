"""The three onori: the 2 of spade, la vecchia (fante of spade), il 10 bello (10 of denari)."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine

ONORI = (("primo_onore", "2s"), ("secondo_onore", "11s"), ("terzo_onore", "10d"))

_ONORI_CARDS = frozenset(card for _, card in ONORI)


@hookimpl
def foraccio_score_lines(state):
    # Each pile is read once, for the onori it holds.
    held = [_ONORI_CARDS.intersection(pile) for pile in state.piles]
    return [ScoreLine(team=team, name=name, points=1, cards=(card,))
            for name, card in ONORI
            for team, cards in enumerate(held) if card in cards]
