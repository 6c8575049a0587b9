"""Small helpers shared by the rule tests."""

from __future__ import annotations

from foraccio.core.engine import legal_moves
from foraccio.core.model import Bonus


def outcomes(state, card):
    """What ``card`` may do: (cards taken, jolly use) for each of its legal moves."""
    return {(frozenset(move.take), move.jolly) for move in legal_moves(state) if move.card == card}


def bonuses(events):
    """The (name, points) of the bonus events among ``events``, sorted."""
    return sorted((event.name, event.points) for event in events if isinstance(event, Bonus))


def take(*cards):
    """The cards a capture takes, as :func:`outcomes` lists them."""
    return frozenset(cards)
