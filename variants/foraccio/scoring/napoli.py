"""Napoli: per suit, holding the asso, 2 and 3 scores the length of the unbroken run
from the asso up (3 to 13)."""

from __future__ import annotations

from core.cards import RANKS, SUITS
from core.hookspecs import hookimpl
from core.model import ScoreLine

SHORTEST = 3


@hookimpl
def foraccio_score_lines(state):
    lines = []
    for team, pile in enumerate(state.piles):
        held = set(pile)
        for suit in SUITS:
            run = _run_from_ace(held, suit)
            if len(run) >= SHORTEST:
                lines.append(ScoreLine(team=team, name="napoli", points=len(run), cards=run))
    return lines


def _run_from_ace(held: set[str], suit: str) -> tuple[str, ...]:
    suit_cards = _SUIT_CARDS[suit]
    length = 0
    while length < len(suit_cards) and suit_cards[length] in held:
        length += 1
    return suit_cards[:length]


_SUIT_CARDS = {suit: tuple(f"{rank}{suit}" for rank in RANKS) for suit in SUITS}
