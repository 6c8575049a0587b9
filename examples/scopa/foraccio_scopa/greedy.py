"""The greedy bot: a third party's bot, declared as the distribution declares its
variant, under an entry point (group ``foraccio.bots``) of its ``pyproject.toml``::

    [project.entry-points."foraccio.bots"]
    greedy = "foraccio_scopa.greedy:GREEDY"

It takes as many cards as it can, the settebello first, and when it cannot take
it lays its lowest card; it plays any variant of the usual cards legally, and says it
plays Scopa's and Scopone's well (``variants``: a table offers it for those). It sees
only its seat's view and draws its ties from the generator it is given, so the same
seed gives the same move.
"""

from __future__ import annotations

import random

from foraccio.bots import BotPlugin, Budget
from foraccio.core.cards import RANK
from foraccio.core.model import Move
from foraccio.core.view import SeatView, view_legal_moves
from foraccio.core.words import Catalogue
from foraccio_scopa.scoring.settebello import SETTEBELLO


def greedy(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
    """The move taking the most cards (the settebello counting as five more), else the
    lay of the lowest card; ties broken by ``rng``."""
    moves = view_legal_moves(view)

    def gain(move: Move) -> float:
        if not move.take:
            return -RANK[move.card] / 100  # a lay: the lower, the better
        return len(move.take) + 1 + 5 * (SETTEBELLO in (move.card, *move.take))

    best = max(map(gain, moves))
    return rng.choice([move for move in moves if gain(move) == best])


GREEDY = BotPlugin(
    name="greedy",
    description="Takes as many cards as it can, the settebello first; when it cannot "
                "take, lays its lowest card.",
    play=greedy,
    variants=("scopa", "scopone-scientifico"),
    catalogue=Catalogue.of_package("foraccio_scopa"),
)
"""The bot as the entry point names it. It reads no budget; not ``quick``, so a server
plays it in its pool of bot processes, as it does any bot it cannot vouch for. Its
description is said in Italian by the distribution's catalogue, as its variant's words."""
