"""The heuristic bot: the strategy of docs/rules.md §12.1, and a little more (§12.2).

Each legal move is scored by what it gains minus what it risks:

- gain: the worth of the cards it takes (the onori, the spade, the napoli
  cards, and every card for the carte count) and the bonuses it earns at
  once (a scopa, a colore: asked of the rules' own capture effects, so
  house rules count);
- risk: what the next opponent may then take from the table: a scopa when
  the table is a single card or adds up to 10 or less, the whole table with
  an ace (or a jolly king in Zobelon), or a valuable card of a rank they may
  hold; the odds come from the cards the seat has not seen;
- cost: an ace or a jolly king is a sweep kept in hand; spending it on a poor
  table wastes it, less so as the hand runs out.

:func:`greedy_move` is a cheaper cousin without the odds, for playouts.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from bots.base import Budget
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
"""What keeping an ace or a jolly king in hand for a rich table is worth."""


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
    odds = _Odds.of_view(view, rules)
    last_play = sum(view.hand_sizes) == 1
    table, seat, held = view.table, view.seat, len(view.cards)
    return [_score(move, table, seat, held, rules, odds, last_play) for move in moves]


def playout_move(rules: Rules, hands: tuple[tuple[str, ...], ...], turn: int,
                 table: tuple[str, ...], moves: tuple[Move, ...], rng: random.Random,
                 unseen_rest: Counter | None = None) -> Move:
    """The move :func:`heuristic_bot` makes for seat ``turn`` of a (determinized) deal,
    found faster for playouts: the same scores, the same tie-break with ``rng``.

    ``hands`` are every seat's cards and ``moves`` the seat's legal moves; what the
    seat has not seen is the other seats' hands, plus ``unseen_rest`` (the ranks of
    cards of the deck in no hand, on no table and in no pile, if the deal leaves any).
    """
    if len(moves) == 1:
        return moves[0]
    by_rank = Counter() if unseen_rest is None else Counter(unseen_rest)
    unseen = 0 if unseen_rest is None else sum(unseen_rest.values())
    for seat, cards in enumerate(hands):
        if seat != turn:
            unseen += len(cards)
            for card in cards:
                by_rank[RANK[card]] += 1
    odds = _Odds(unseen, by_rank, len(hands[(turn + 1) % 4]), _kings_are_jolly(rules))
    last_play = sum(len(cards) for cards in hands) == 1
    held = len(hands[turn])
    scores = [_score(move, table, turn, held, rules, odds, last_play) for move in moves]
    best = max(scores)
    return moves[rng.choice([index for index, score in enumerate(scores) if score >= best - 1e-9])]


def greedy_move(moves: tuple[Move, ...], table: tuple[str, ...], capturing: int,
                rng: random.Random) -> Move:
    """A fast policy for playouts: the move taking the most worth (a table cleared
    counts its last card's value) and leaving the least for a scopa, with a little
    noise so playouts differ. No odds: every threat counts at a fixed rate."""
    if rng.random() < 0.1:
        return rng.choice(moves)
    best, best_score = moves[0], -1e9
    for index, move in enumerate(moves):
        card = move.card
        if index < capturing:
            take = move.take
            score = sum(WORTH[c] for c in take) + 0.5 * WORTH[card]
            if len(take) == len(table):
                if take and move.jolly != "sweep" and RANK[card] != 1:
                    score += move.jolly if type(move.jolly) is int else RANK[card]
                elif RANK[card] == 1 or move.jolly is not None:
                    score -= SWEEP_COST
                after: tuple[str, ...] = ()
            else:
                after = tuple(c for c in table if c not in take)
                if RANK[card] == 1 or move.jolly is not None:
                    score -= SWEEP_COST
        else:
            score = -0.5 * WORTH[card]
            after = (*table, card)
        if after:
            score -= 0.4 * _scopable(after)
        if score > best_score:
            best, best_score = move, score
    return best


# --- scoring a move -------------------------------------------------------------------


class _Odds:
    """The chances that the next opponent holds a card of each rank, from what is unseen."""

    def __init__(self, unseen: int, by_rank: Counter, held: int, jolly: bool) -> None:
        kings = by_rank[13] if jolly else 0
        self.rank = {rank: _any_of(unseen, held, by_rank[rank] + (kings if rank != 13 else 0))
                     for rank in range(1, 14)}
        self.sweep = _any_of(unseen, held, by_rank[1] + kings)
        self.jolly = jolly

    @classmethod
    def of_view(cls, view: SeatView, rules: Rules) -> _Odds:
        unseen = unseen_cards(view)
        held = view.hand_sizes[(view.seat + 1) % 4]
        return cls(len(unseen), Counter(RANK[card] for card in unseen), held,
                   _kings_are_jolly(rules))


def _score(move: Move, table: tuple[str, ...], seat: int, held: int, rules: Rules, odds: _Odds,
           last_play: bool) -> float:
    card = move.card
    if move.take or RANK[card] == 1 or move.jolly is not None:
        taken = set(move.take)
        after = tuple(c for c in table if c not in taken)
        gain = sum(WORTH[c] for c in move.take) + 0.5 * WORTH[card]
        gain += _bonus_points(rules, seat, move, table, after, last_play)
        if RANK[card] == 1 or (odds.jolly and RANK[card] == 13):
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
    risk = odds.sweep * 0.8 * sum(WORTH[c] for c in table)
    scopa = _scopable(table)
    if scopa:
        risk += scopa * odds.rank[scopa]
    risk += sum(WORTH[c] * odds.rank[RANK[c]] for c in table)
    return risk


def _scopable(table) -> int:
    """The value a single card needs to take the whole ``table`` (a scopa), or 0."""
    if len(table) == 1:
        return RANK[table[0]]
    total = 0
    for card in table:
        rank = RANK[card]
        if rank > 10:
            return 0
        total += rank
    return total if total <= 10 else 0


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


def _kings_are_jolly(rules: Rules) -> bool:
    """Whether a king may capture as another value (Zobelon's jolly): asked of the rules."""
    key = (rules.variant.name, tuple(rule.name for rule in rules.house_rules),
           tuple(sorted(rules.options.items())))
    answer = _JOLLY.get(key)
    if answer is None:
        captures, _ = rules.play(("13c",), ("5d",))
        answer = _JOLLY[key] = any(move.jolly is not None for move in captures)
    return answer


_JOLLY: dict[tuple, bool] = {}
