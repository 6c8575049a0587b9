"""The heuristic bot as it was before it read the variant's scoring: it valued every
game's cards by Foraccio's (the onori, the spade, the napoli cards, a little for carte)
and a scopa by the value of the card making it, as Foraccio scores it. Kept for
``bench.bots`` to measure the heuristic that reads the variant's own score lines
against it; not a bot of the product.

It is the heuristic with these values in place of those :mod:`foraccio.bots.worth` reads, so
it plays as the heuristic bot played then, move for move.
"""

from __future__ import annotations

import random

from foraccio.bots import BotPlugin, Budget, register_bot
from foraccio.bots.heuristic import move_scores
from foraccio.bots.traits import traits_of
from foraccio.core.cards import DECK, RANK, SUIT
from foraccio.core.model import Move
from foraccio.core.registry import rules_for
from foraccio.core.view import SeatView, view_legal_moves

NAME = "foraccio-minded"
"""The name it plays under in ``bench.bots`` (registered when this module is imported)."""

ONORI = frozenset(("2s", "11s", "10d"))
"""Primo, secondo and terzo onore: a point each."""

NAPOLI_WORTH = {1: 1.3, 2: 1.1, 3: 1.1, 4: 0.4, 5: 0.2}
"""A napoli needs the asso, 2 and 3 of a suit and grows with the run above them."""


def _worth(card: str) -> float:
    worth = 0.15  # carte: 2 points for the larger half of 52 cards
    if card in ONORI:
        worth += 2.5
    if SUIT[card] == "s":
        worth += 0.3  # spade: 1 point for 7 of 13
    return worth + NAPOLI_WORTH.get(RANK[card], 0.0)


WORTH: dict[str, float] = {card: _worth(card) for card in DECK}
"""What a card in the team's pile is worth, in Foraccio's points, whatever the game."""

LAY_GAIN: dict[str, float] = {card: -0.3 * WORTH[card] for card in DECK}


def foraccio_minded_bot(view: SeatView, rng: random.Random, budget: Budget | None = None
                        ) -> Move:
    """The move the heuristic made before it read the variant's scoring."""
    moves = view_legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    traits = traits_of(rules_for(view.variant, view.options, view.house_rules))
    traits = traits._replace(worth=WORTH, lay_gain=LAY_GAIN,
                             scopa_points={value: float(value) for value in traits.value_range})
    scores = move_scores(view, moves, traits)
    best = max(scores)
    return moves[rng.choice([index for index, score in enumerate(scores) if score >= best - 1e-9])]


register_bot(BotPlugin(NAME, "The heuristic valuing every game's cards as Foraccio scores "
                       "them (bench only).", foraccio_minded_bot, quick=True))
