"""Napoli: per suit, holding the asso, 2 and 3 scores the length of the unbroken run
from the asso up (3 to 13)."""

from __future__ import annotations

from foraccio.core.cards import RANKS, SUITS
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine

SHORTEST = 3


@hookimpl
def foraccio_score_lines(state):
    lines = []
    for team, pile in enumerate(state.piles):
        held = set(pile)
        for suit_cards in _SUIT_CARDS:
            if suit_cards[0] in held:  # no asso, no napoli: most suits of most piles
                run = _run_from_ace(held, suit_cards)
                if len(run) >= SHORTEST:
                    lines.append(ScoreLine(team=team, name="napoli", points=len(run),
                                           cards=run))
    return lines


def _run_from_ace(held: set[str], suit_cards: tuple[str, ...]) -> tuple[str, ...]:
    length = 0
    while length < len(suit_cards) and suit_cards[length] in held:
        length += 1
    return suit_cards[:length]


_SUIT_CARDS = tuple(tuple(f"{rank}{suit}" for rank in RANKS) for suit in SUITS)
"""Each suit's cards from the asso up, in the order of :data:`~foraccio.core.cards.SUITS`."""
