"""Small helpers shared by the rule tests."""

from __future__ import annotations

import pytest

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


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """The command speaks the locale's language (LC_ALL, LC_MESSAGES, LANG): English here,
    whatever the machine's, unless a test asks for another (``--lang``, or its own
    locale). Autouse where a conftest imports it (tests/cli, tests/lab)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
