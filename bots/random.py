"""The random bot: a uniformly random legal move."""

from __future__ import annotations

import random

from foraccio.bots.base import BotPlugin, Budget
from foraccio.core.model import Move
from foraccio.core.view import SeatView, view_legal_moves


def random_bot(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
    """Return one of the seat's legal moves, each as likely."""
    return rng.choice(view_legal_moves(view))


RANDOM = BotPlugin("random", "Plays a uniformly random legal move.", random_bot, quick=True,
                   title="random")
