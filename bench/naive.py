"""A naive Foraccio playout, kept only as a yardstick for the engine benchmark.

It is the "naive one (lists and itertools.combinations)" the performance goal
was stated against: mutable lists, capture options recomputed from scratch
with itertools.combinations, no events, no hooks, no validation, scoring cut
to carte and scopa. It is not the engine and is tested by nothing: it only
calibrates what the machine running the benchmark can do, so the engine's
speed can be quoted as a ratio measured in the same run.
"""

from __future__ import annotations

import random
from itertools import combinations

DECK = [(rank, suit) for suit in "cdbs" for rank in range(1, 14)]
TARGET = 71


def capture_options(card, table):
    rank = card[0]
    if rank == 1:
        return [list(table)]
    options = [[other] for other in table if other[0] == rank]
    if rank <= 10:
        numbers = [other for other in table if other[0] <= 10]
        for size in range(2, len(numbers) + 1):
            options += [list(combo) for combo in combinations(numbers, size)
                        if sum(other[0] for other in combo) == rank]
    return options


def play_match(players: random.Random) -> int:
    """Play one random match; return the number of card plays."""
    scores = [0, 0]
    dealer = plays = 0
    while max(scores) < TARGET:
        deck = DECK[:]
        players.shuffle(deck)
        hands = [deck[seat::4] for seat in range(4)]
        table: list = []
        piles: list[list] = [[], []]
        last = turn = (dealer + 1) % 4
        for _ in range(52):
            moves = []
            for card in hands[turn]:
                options = capture_options(card, table)
                moves += [(card, take) for take in options] if options else [(card, None)]
            card, take = players.choice(moves)
            plays += 1
            hands[turn].remove(card)
            if take is None:
                table.append(card)
            else:
                for other in take:
                    table.remove(other)
                piles[turn % 2] += [*take, card]
                last = turn
                if not table and take and card[0] != 1:
                    scores[turn % 2] += card[0]
            turn = (turn + 1) % 4
        piles[last % 2] += table
        for team in (0, 1):
            needed = 27 if team == dealer % 2 else 26
            scores[team] += 2 if len(piles[team]) >= needed else 0
        dealer = (dealer + 1) % 4
    return plays
