"""Napoli: per suit, holding the asso, 2 and 3 scores the length of the unbroken run
from the asso up (3 to 13)."""

from __future__ import annotations

from core.cards import SUITS
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
    run: list[str] = []
    for rank in range(1, 14):
        card = f"{rank}{suit}"
        if card not in held:
            break
        run.append(card)
    return tuple(run)
