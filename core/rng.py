"""Seeded randomness. A match's only source of chance is its recorded seed.

Each random decision gets its own generator, derived from the seed, the hand
number and the decision's purpose. So no generator state needs to travel
with the match: the seed alone (recorded in the state) reproduces every
shuffle and cut, and a client-chosen cut does not shift later shuffles.
"""

from __future__ import annotations

import random


def generator(seed: int, hand: int) -> random.Random:
    """Return the generator of hand ``hand`` of the match (0: the draw for the first dealer)."""
    # A str seed is hashed with SHA-512 by random.Random: stable across runs
    # and platforms, unlike hash().
    return random.Random(f"foraccio:{seed}:{hand}")
