"""What every bot is: a function of a seat's view, a generator and a budget, to a move."""

from __future__ import annotations

import random
from typing import Annotated, Protocol

import msgspec

from core.model import Move, Wire
from core.view import SeatView


class Budget(Wire):
    """How long a searching bot may think: ``iterations`` (playouts; deterministic) or
    ``seconds``.

    With both, the search stops at the first reached. A bot that does not
    search ignores it. A time budget makes the move depend on the machine's
    speed; only an iteration budget gives the same move for the same seed.
    """

    iterations: Annotated[int, msgspec.Meta(ge=1, le=1000)] | None = None
    seconds: Annotated[float, msgspec.Meta(gt=0, le=1.0)] | None = None


class Bot(Protocol):
    """``bot(view, rng, budget)``: the move ``view.seat`` makes; ``view`` is its turn."""

    def __call__(self, view: SeatView, rng: random.Random, budget: Budget | None) -> Move: ...
