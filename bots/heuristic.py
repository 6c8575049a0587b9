"""The heuristic bot: the strategy of docs/rules.md §12.1, and a little more (§12.2).

Each legal move is scored by what it gains minus what it risks:

- gain: the worth of the cards it takes (the onori, the spade, the napoli
  cards, and every card for the carte count) and the bonuses it earns at
  once (a scopa, a colore: asked of the rules' own capture effects, so
  house rules count);
- risk: what the next opponent (the next seat of another team) may then take
  from the table: a scopa when the table is a single card or adds up to 10 or
  less, the whole table with a sweeping card (an ace in Foraccio, or a jolly
  king in Zobelon), or a valuable card of a value they may hold; the odds come
  from the cards the seat has not seen (the other hands and the stock);
- cost: a sweeping card is a sweep kept in hand; spending it on a poor table
  wastes it, less so as the hand runs out.

Cards are judged by their capture value (``rules.values``), and which cards
sweep or are jolly is read from the rules (:mod:`bots.traits`), so the bot plays
any deck and seating. The worth of a card in the pile is Foraccio's (onori,
spade, napoli, carte), a rough guide in other games.

:func:`greedy_move` is a cheaper cousin without the odds, for playouts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from bots.base import Budget
from bots.traits import LARGEST_SUM, Traits, traits_of
from core.cards import DECK, RANK, SUIT
from core.model import Move
from core.registry import Rules, rules_for
from core.rules import CaptureContext
from core.view import SeatView, unseen_cards, view_legal_moves

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
"""What a card in the team's pile is worth, in points (rough, for comparing moves)."""

SWEEP_COST = 2.0
"""What keeping a sweeping card (an ace, a jolly king) in hand for a rich table is worth."""


def heuristic_bot(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
    """Return the legal move with the best gain minus risk; ties broken by ``rng``."""
    moves = view_legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    scores = move_scores(view, moves)
    best = max(scores)
    return moves[rng.choice([index for index, score in enumerate(scores) if score >= best - 1e-9])]


def move_scores(view: SeatView, moves: tuple[Move, ...]) -> list[float]:
    """Return the heuristic's score of each of ``moves`` (gain minus risk, in points)."""
    rules = rules_for(view.variant, view.options, view.house_rules)
    traits = traits_of(rules)
    odds = _Odds.of_view(view, traits)
    last_play = sum(view.hand_sizes) == 1 and not view.stock
    table, seat, held = view.table, view.seat, len(view.cards)
    return [_score(move, table, seat, held, rules, traits, odds, last_play) for move in moves]


def playout_move(rules: Rules, hands: tuple[tuple[str, ...], ...], turn: int,
                 table: tuple[str, ...], moves: tuple[Move, ...], rng: random.Random,
                 stock: Sequence[str] = ()) -> Move:
    """The move :func:`heuristic_bot` makes for seat ``turn`` of a (determinized) deal,
    found faster for playouts: the same scores, the same tie-break with ``rng``.

    ``hands`` are every seat's cards and ``moves`` the seat's legal moves; what the
    seat has not seen is the other seats' hands and the ``stock``, the cards kept back
    for a later stage of the deal.
    """
    if len(moves) == 1:
        return moves[0]
    traits = traits_of(rules)
    tally = _Tally(traits)
    # One pass over every unseen card: the same counts as hand by hand, fewer calls.
    tally.add([card for seat, cards in enumerate(hands) if seat != turn for card in cards]
              + list(stock))
    odds = _Odds(tally, len(hands[_next_opponent(traits, turn, hands)]), traits)
    last_play = not stock and sum(len(cards) for cards in hands) == 1
    held = len(hands[turn])
    scores = [_score(move, table, turn, held, rules, traits, odds, last_play) for move in moves]
    best = max(scores)
    return moves[rng.choice([index for index, score in enumerate(scores) if score >= best - 1e-9])]


def greedy_move(moves: tuple[Move, ...], table: tuple[str, ...], capturing: int,
                rng: random.Random, traits: Traits) -> Move:
    """A fast policy for playouts: the move taking the most worth (a table cleared
    counts its last card's value) and leaving the least for a scopa, with a little
    noise so playouts differ. No odds: every threat counts at a fixed rate.
    ``traits`` are those of the rules played (:func:`~bots.traits.traits_of`)."""
    values, sweeps = traits.values, traits.sweeps
    if rng.random() < 0.1:
        return rng.choice(moves)
    best, best_score = moves[0], -1e9
    for index, move in enumerate(moves):
        card = move.card
        if index < capturing:
            take = move.take
            score = sum(WORTH[c] for c in take) + 0.5 * WORTH[card]
            if len(take) == len(table):
                if take and move.jolly != "sweep" and card not in sweeps:
                    score += move.jolly if type(move.jolly) is int else values[card]
                elif card in sweeps or move.jolly is not None:
                    score -= SWEEP_COST
                after: tuple[str, ...] = ()
            else:
                after = tuple(c for c in table if c not in take)
                if card in sweeps or move.jolly is not None:
                    score -= SWEEP_COST
        else:
            score = -0.5 * WORTH[card]
            after = (*table, card)
        if after:
            score -= 0.4 * _scopable(after, values)
        if score > best_score:
            best, best_score = move, score
    return best


# --- scoring a move -------------------------------------------------------------------


class _Tally:
    """The cards a seat has not seen, counted by what matters to the odds."""

    __slots__ = ("by_value", "jolly", "jolly_by_value", "sweeps", "traits", "unseen")

    def __init__(self, traits: Traits) -> None:
        self.traits = traits
        self.unseen = 0
        self.by_value: Counter[int] = Counter()
        self.sweeps = 0
        self.jolly = 0
        self.jolly_by_value: dict[int, int] = {}

    def add(self, cards: Sequence[str]) -> None:
        traits = self.traits
        self.unseen += len(cards)
        self.by_value.update(map(traits.values.__getitem__, cards))
        if traits.special.isdisjoint(cards):  # most hands: no need to look card by card
            return
        for card in cards:
            if card in traits.sweeps:
                self.sweeps += 1
            elif card in traits.jolly:
                self.jolly += 1
                value = traits.values[card]
                self.jolly_by_value[value] = self.jolly_by_value.get(value, 0) + 1


class _Odds:
    """The chances that the next opponent holds a card of each value, from what is
    unseen, and a card that sweeps the table."""

    def __init__(self, tally: _Tally, held: int, traits: Traits) -> None:
        unseen, by_value, jolly = tally.unseen, tally.by_value.get, tally.jolly
        if jolly:
            # A jolly card captures as any value, its own counted once.
            self.value = {value: _any_of(unseen, held, by_value(value, 0) + jolly
                                         - tally.jolly_by_value.get(value, 0))
                          for value in traits.value_range}
        else:
            self.value = {value: _any_of(unseen, held, by_value(value, 0))
                          for value in traits.value_range}
        self.sweep = _any_of(unseen, held, tally.sweeps + jolly)
        self.values = traits.values

    @classmethod
    def of_view(cls, view: SeatView, traits: Traits) -> _Odds:
        tally = _Tally(traits)
        tally.add(unseen_cards(view))
        held = view.hand_sizes[_next_opponent(traits, view.seat, view.hand_sizes)]
        return cls(tally, held, traits)


def _next_opponent(traits: Traits, seat: int, hands: Sequence) -> int:
    """The opponent of ``seat`` who plays next: the first seat of another team after it
    in turn order that holds cards (``hands``: cards or counts, index = seat)."""
    opponents = traits.opponents[seat]
    if hands[opponents[0]]:
        return opponents[0]
    return next((opponent for opponent in opponents if hands[opponent]), opponents[0])


def _score(move: Move, table: tuple[str, ...], seat: int, held: int, rules: Rules,
           traits: Traits, odds: _Odds, last_play: bool) -> float:
    card = move.card
    if move.take or card in traits.sweeps or move.jolly is not None:
        taken = set(move.take)
        after = tuple(c for c in table if c not in taken)
        gain = sum(WORTH[c] for c in move.take) + 0.5 * WORTH[card]
        gain += _bonus_points(rules, seat, move, table, after, last_play)
        if card in traits.sweeps or card in traits.jolly:
            gain -= SWEEP_COST * min(1.0, held / 6)
    else:
        after = (*table, card)
        gain = -0.3 * WORTH[card]
    if last_play:
        return gain
    return gain - _risk(after, odds)


def _bonus_points(rules: Rules, seat: int, move: Move, table, after, last_play: bool) -> float:
    context = CaptureContext(seat, move.card, move.take, move.jolly, table, after, last_play)
    return float(sum(bonus.points for effect in rules.effects for bonus in effect(context)))


def _risk(table: tuple[str, ...], odds: _Odds) -> float:
    """What the next opponent may take from ``table``, in expected points."""
    if not table:
        return 0.0
    values, odds_of = odds.values, odds.value
    # Sums over maps and lists: the same additions in the same order as generators,
    # so the same floats, only faster.
    risk = odds.sweep * 0.8 * sum(map(WORTH.__getitem__, table))
    scopa = _scopable(table, values)
    if scopa:
        risk += scopa * odds_of[scopa]
    risk += sum([WORTH[c] * odds_of[values[c]] for c in table])
    return risk


def _scopable(table, values: dict[str, int]) -> int:
    """The value a single card needs to take the whole ``table`` (a scopa), or 0: the
    value of a lone card, or the sum of the values when it is 10 or less (a card worth
    more than 10, such as a Foraccio figure, never joins a sum)."""
    if len(table) == 1:
        return values[table[0]]
    total = 0
    for card in table:
        value = values[card]
        if value > LARGEST_SUM:
            return 0
        total += value
    return total if total <= LARGEST_SUM else 0


@lru_cache(maxsize=8192)
def _any_of(unseen: int, held: int, wanted: int) -> float:
    """The chance that ``held`` cards dealt from ``unseen`` include one of ``wanted``."""
    if wanted <= 0 or held <= 0:
        return 0.0
    if unseen - wanted < held:
        return 1.0
    none = 1.0
    for i in range(held):
        none *= (unseen - wanted - i) / (unseen - i)
    return 1.0 - none
