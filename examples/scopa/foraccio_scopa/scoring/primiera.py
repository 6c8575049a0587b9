"""Primiera: 1 point to the team with the highest primiera; on a tie nobody scores it.

A team's primiera is the sum, over the four suits, of the primiera value of its
best card of that suit: 7 is worth 21, 6 18, asso 16, 5 15, 4 14, 3 13, 2 12,
and each figure 10. A team that took no card of some suit has no primiera and
cannot win it; when no team has one, nobody scores it.
"""

from __future__ import annotations

from foraccio.core.cards import RANK, SUIT, SUITS, sort_cards
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine
from foraccio_scopa.scoring import sole_best

PRIMIERA_VALUES = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 11: 10, 12: 10, 13: 10}
"""A card's rank to its primiera value."""


@hookimpl
def foraccio_score_lines(state):
    best = [best_of_each_suit(pile) for pile in state.piles]
    team = sole_best([None if cards is None else primiera(cards) for cards in best])
    return [] if team is None else [
        ScoreLine(team=team, name="primiera", points=1, cards=best[team])]


def best_of_each_suit(pile) -> tuple[str, ...] | None:
    """The best card of each suit in ``pile`` by primiera value (the lowest ranked of equal
    ones), in suit order; None when a suit is missing."""
    best: dict[str, str] = {}
    for card in sort_cards(pile):
        held = best.get(SUIT[card])
        if held is None or PRIMIERA_VALUES[RANK[card]] > PRIMIERA_VALUES[RANK[held]]:
            best[SUIT[card]] = card
    return tuple(best[suit] for suit in SUITS) if len(best) == len(SUITS) else None


def primiera(cards) -> int:
    """The primiera of these cards (one per suit): the sum of their primiera values."""
    return sum(PRIMIERA_VALUES[RANK[card]] for card in cards)
