"""Denari: 1 point to the team that took the most cards of denari (coins, suit ``d``);
on a tie (5-5) nobody scores it."""

from __future__ import annotations

from foraccio.core.cards import SUIT
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine
from foraccio_scopa.scoring import sole_best


@hookimpl
def foraccio_score_lines(state):
    denari = [tuple(card for card in pile if SUIT[card] == "d") for pile in state.piles]
    team = sole_best(list(map(len, denari)))
    return [] if team is None else [
        ScoreLine(team=team, name="denari", points=1, cards=denari[team])]
