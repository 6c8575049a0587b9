"""The heuristic bot: the strategy of docs/rules.md §12.1, and a little more (§12.2).

Each legal move is scored by what it gains minus what it risks:

- gain: the worth of the cards it takes, by the variant's own score lines
  (:mod:`foraccio.bots.worth`: Foraccio's onori and napoli cards, Scopa's settebello and
  sevens, whatever the variant scores), and the bonuses it earns at once (a
  scopa, a colore: asked of the rules' own capture effects, so house rules
  count);
- risk: what the next opponent (the next seat of another team) may then take
  from the table: a scopa (worth what the rules' capture effects give it) when
  the table is a single card or adds up to 10 or less, the whole table with a
  sweeping card (an ace in Foraccio, or a jolly king in Zobelon), or a valuable
  card of a value they may hold; the odds come
  from the cards the seat has not seen (the other hands and the stock);
- cost: a sweeping card is a sweep kept in hand; spending it on a poor table
  wastes it, less so as the hand runs out.

Once the seat knows where every card is (the stock used up, and no more than one other
seat holding cards: the last round of a two-player Scopa hand, the last plays of any
hand), the score gives way to the exact end of the hand (:mod:`foraccio.bots.endgame`):
of the moves that lead to the most hand points when every seat plays its best, the
best scored. Where the table's last cards go to the last capture, this is what
scoring one move at a time misses most: in two-player Scopa it lifted the heuristic's
wins against random from 937 to 974 of the same 1,000 matches (docs/benchmarks.md).

Cards are judged by their capture value (``rules.values``), and which cards
sweep or are jolly, and what each card and a scopa is worth, are read from the
rules (:mod:`foraccio.bots.traits`), so the bot plays any deck, seating and scoring.

:func:`scored_move` is the move by the score alone; :func:`playout_move` and
:class:`PlayoutPolicy` make the same moves for ISMCTS's playouts, from a deal rather
than a view (the policy keeping its card counts up to date as the cards are played),
without the exact search, which a playout of thousands could not afford at each
play; :func:`greedy_move` is a cheaper cousin without the odds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache, partial

from foraccio.bots.base import BotPlugin, Budget
from foraccio.bots.endgame import exact_leads
from foraccio.bots.traits import LARGEST_SUM, Traits, traits_of
from foraccio.core.model import Move
from foraccio.core.registry import Rules, rules_for
from foraccio.core.rules import CaptureContext
from foraccio.core.view import SeatView, unseen_cards, view_legal_moves

SWEEP_COST = 2.0
"""What keeping a sweeping card (an ace, a jolly king) in hand for a rich table is worth."""


def heuristic_bot(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
    """Return the legal move with the best gain minus risk, among those leading to the
    most hand points when the end of the hand can be played out exactly
    (:func:`~foraccio.bots.endgame.exact_leads`); ties broken by ``rng``."""
    moves = view_legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    return exact_move(view, moves, rng) or _pick(moves, move_scores(view, moves), rng)


def exact_move(view: SeatView, moves: tuple[Move, ...], rng: random.Random) -> Move | None:
    """Of ``moves``, those leading to the most hand points when the end of the hand is
    played out exactly (:func:`~foraccio.bots.endgame.exact_leads`), the best scored;
    None when it cannot be played out."""
    leads = exact_leads(view, moves)
    if leads is None:
        return None
    most = max(leads)
    scores = move_scores(view, moves)
    return _pick(moves, [score if lead == most else -math.inf
                         for score, lead in zip(scores, leads, strict=True)], rng)


def scored_move(view: SeatView, rng: random.Random) -> Move:
    """The legal move with the best gain minus risk, without the exact end of the hand:
    the move :func:`playout_move` makes from the deal."""
    moves = view_legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    return _pick(moves, move_scores(view, moves), rng)


def _pick(moves: tuple[Move, ...], scores: list[float], rng: random.Random) -> Move:
    """The move of the best score, ties broken by ``rng``."""
    best = max(scores)
    return moves[rng.choice([index for index, score in enumerate(scores) if score >= best - 1e-9])]


HEURISTIC = BotPlugin(
    "heuristic",
    "Takes what the variant's score lines value most and guards the table against the "
    "next opponent's captures.",
    heuristic_bot, quick=True, title="heuristic")


def move_scores(view: SeatView, moves: tuple[Move, ...],
                traits: Traits | None = None) -> list[float]:
    """Return the heuristic's score of each of ``moves`` (gain minus risk, in points);
    ``traits`` are those of the rules played (by default, :func:`~foraccio.bots.traits.traits_of`
    them)."""
    rules = rules_for(view.variant, view.options, view.house_rules)
    traits = traits or traits_of(rules)
    unseen = _Tally(traits, unseen_cards(view))
    held = view.hand_sizes[_next_opponent(traits, view.seat, view.hand_sizes)]
    odds = _Odds(unseen, _Tally(traits), held, traits)
    last_play = sum(view.hand_sizes) == 1 and not view.stock
    return _scores(moves, view.table, view.seat, len(view.cards), rules, traits, odds, last_play)


def playout_move(rules: Rules, hands: tuple[tuple[str, ...], ...], turn: int,
                 table: tuple[str, ...], moves: tuple[Move, ...], rng: random.Random,
                 stock: Sequence[str] = ()) -> Move:
    """The move :func:`scored_move` makes for seat ``turn`` of a (determinized) deal,
    found faster for playouts: the same scores, the same tie-break with ``rng``.

    ``hands`` are every seat's cards and ``moves`` the seat's legal moves; what the
    seat has not seen is the other seats' hands and the ``stock``, the cards kept back
    for a later stage of the deal. :class:`PlayoutPolicy` makes the same moves faster
    still over a whole playout.
    """
    if len(moves) == 1:
        return moves[0]
    traits = traits_of(rules)
    # Every card still to be played, less the seat's own: what it has not seen.
    left = _Tally(traits, [card for cards in hands for card in cards])
    left.add(stock)
    return _best(rules, traits, left, _Tally(traits, hands[turn]), hands, turn, table,
                 moves, rng, stock)


class PlayoutPolicy:
    """:func:`playout_move` for every seat of one deal played out move by move: the
    cards still to be played and each seat's own are tallied once, then kept up to
    date as cards are played (:meth:`played`) instead of counted again at every move
    (most of the work of a move otherwise). The same tallies, so the same scores and
    moves.

    ``hands`` and ``stock`` are the deal's at the start of the playout.
    """

    __slots__ = ("_hands", "_left", "rules", "traits")

    def __init__(self, rules: Rules, hands: Sequence[tuple[str, ...]],
                 stock: Sequence[str]) -> None:
        self.rules = rules
        self.traits = traits_of(rules)
        self.dealt(hands, stock)

    def dealt(self, hands: Sequence[tuple[str, ...]], stock: Sequence[str]) -> None:
        """Tally the cards afresh: the hands and the stock after a stage of the deal
        (which moves cards from the stock to the hands and the table)."""
        traits = self.traits
        self._hands = [_Tally(traits, cards) for cards in hands]
        self._left = _Tally(traits, [card for cards in hands for card in cards])
        self._left.add(stock)

    def played(self, seat: int, card: str) -> None:
        """Seat ``seat`` played ``card`` from its hand."""
        self._hands[seat].remove(card)
        self._left.remove(card)

    def move(self, hands: Sequence[tuple[str, ...]], turn: int, table: tuple[str, ...],
             moves: tuple[Move, ...], rng: random.Random, stock: Sequence[str]) -> Move:
        """The move :func:`playout_move` makes with these arguments."""
        if len(moves) == 1:
            return moves[0]
        return _best(self.rules, self.traits, self._left, self._hands[turn], hands, turn,
                     table, moves, rng, stock)


def greedy_move(moves: tuple[Move, ...], table: tuple[str, ...], capturing: int,
                rng: random.Random, traits: Traits) -> Move:
    """A fast policy for playouts: the move taking the most worth (a table cleared
    counts the scopa's points) and leaving the least for a scopa, with a little
    noise so playouts differ. No odds: every threat counts at a fixed rate.
    ``traits`` are those of the rules played (:func:`~foraccio.bots.traits.traits_of`)."""
    values, sweeps, worth = traits.values, traits.sweeps, traits.worth
    if rng.random() < 0.1:
        return rng.choice(moves)
    best, best_score = moves[0], -1e9
    for index, move in enumerate(moves):
        card = move.card
        if index < capturing:
            take = move.take
            score = sum(worth[c] for c in take) + 0.5 * worth[card]
            if len(take) == len(table):
                if take and move.jolly != "sweep" and card not in sweeps:
                    score += traits.scopa_points.get(
                        move.jolly if type(move.jolly) is int else values[card], 0.0)
                elif card in sweeps or move.jolly is not None:
                    score -= SWEEP_COST
                after: tuple[str, ...] = ()
            else:
                after = tuple(c for c in table if c not in take)
                if card in sweeps or move.jolly is not None:
                    score -= SWEEP_COST
        else:
            score = -0.5 * worth[card]
            after = (*table, card)
        if after:
            score -= 0.4 * _scopable(after, values)
        if score > best_score:
            best, best_score = move, score
    return best


# --- scoring a move -------------------------------------------------------------------


class _Tally:
    """Cards counted by what matters to the odds: how many, how many of each value
    (a list indexed by value), how many sweep the table, how many are jolly cards and
    of each value."""

    __slots__ = ("by_value", "cards", "jolly", "jolly_by_value", "sweeps", "traits")

    def __init__(self, traits: Traits, cards: Sequence[str] = ()) -> None:
        self.traits = traits
        self.cards = 0
        self.by_value = [0] * traits.value_range.stop
        self.sweeps = 0
        self.jolly = 0
        self.jolly_by_value = [0] * traits.value_range.stop
        self.add(cards)

    def add(self, cards: Sequence[str]) -> None:
        traits, by_value = self.traits, self.by_value
        self.cards += len(cards)
        for value in map(traits.values.__getitem__, cards):
            by_value[value] += 1
        if traits.special.isdisjoint(cards):  # most hands: no need to look card by card
            return
        for card in cards:
            self._count_special(card, 1)

    def remove(self, card: str) -> None:
        traits = self.traits
        self.cards -= 1
        self.by_value[traits.values[card]] -= 1
        if card in traits.special:
            self._count_special(card, -1)

    def _count_special(self, card: str, step: int) -> None:
        traits = self.traits
        if card in traits.sweeps:
            self.sweeps += step
        elif card in traits.jolly:
            self.jolly += step
            self.jolly_by_value[traits.values[card]] += step


class _Odds(dict):
    """The chance that the next opponent holds a card of each value (value: chance),
    from the cards the seat has not seen: every card ``left`` tallies but the seat's
    own (``mine``). Each chance is found when first asked for, as a move's risk asks
    about a few values only; ``sweep`` is the chance of a card that sweeps the table.
    """

    __slots__ = ("_held", "_jolly", "_left", "_mine", "_unseen", "scopa_points", "sweep",
                 "values", "worth")

    def __init__(self, left: _Tally, mine: _Tally, held: int, traits: Traits) -> None:
        self._left, self._mine, self._held = left, mine, held
        self._unseen = left.cards - mine.cards
        self._jolly = left.jolly - mine.jolly
        self.sweep = _any_of(self._unseen, held, left.sweeps - mine.sweeps + self._jolly)
        self.values = traits.values
        self.worth = traits.worth
        self.scopa_points = traits.scopa_points

    def __missing__(self, value: int) -> float:
        left, mine = self._left, self._mine
        wanted = left.by_value[value] - mine.by_value[value]
        if self._jolly:
            # A jolly card captures as any value, its own counted once.
            wanted += self._jolly - left.jolly_by_value[value] + mine.jolly_by_value[value]
        chance = self[value] = _any_of(self._unseen, self._held, wanted)
        return chance


def _next_opponent(traits: Traits, seat: int, hands: Sequence) -> int:
    """The opponent of ``seat`` who plays next: the first seat of another team after it
    in turn order that holds cards (``hands``: cards or counts, index = seat)."""
    opponents = traits.opponents[seat]
    if hands[opponents[0]]:
        return opponents[0]
    return next((opponent for opponent in opponents if hands[opponent]), opponents[0])


def _best(rules: Rules, traits: Traits, left: _Tally, mine: _Tally,
          hands: Sequence[tuple[str, ...]], turn: int, table: tuple[str, ...],
          moves: tuple[Move, ...], rng: random.Random, stock: Sequence[str]) -> Move:
    """The move of :func:`scored_move` for seat ``turn``: ``left`` tallies every card
    still to be played (the hands and the stock), ``mine`` the seat's own."""
    odds = _Odds(left, mine, len(hands[_next_opponent(traits, turn, hands)]), traits)
    last_play = not stock and sum(map(len, hands)) == 1
    scores = _scores(moves, table, turn, len(hands[turn]), rules, traits, odds, last_play)
    best = max(scores)
    return moves[rng.choice([index for index, score in enumerate(scores) if score >= best - 1e-9])]


def _scores(moves: tuple[Move, ...], table: tuple[str, ...], seat: int, held: int,
            rules: Rules, traits: Traits, odds: _Odds, last_play: bool) -> list[float]:
    """Each move's gain less what it then risks (nothing, after the last play)."""
    laid = None if last_play else _LaidRisk(table, odds)
    sweeps, lay_gain = traits.sweeps, traits.lay_gain
    scores = []
    # Most moves of a playout lay a card: scored here, on the table's sums made once.
    for move in moves:
        card = move.card
        if move.take or card in sweeps or move.jolly is not None:
            scores.append(_capture_score(move, table, seat, held, rules, traits, odds, laid))
        elif laid is None:
            scores.append(lay_gain[card])
        else:
            scores.append(lay_gain[card] - laid.risk(card))
    return scores


def _capture_score(move: Move, table: tuple[str, ...], seat: int, held: int, rules: Rules,
                   traits: Traits, odds: _Odds, laid: _LaidRisk | None) -> float:
    card = move.card
    taken = set(move.take)
    # Lists, not generators, for the sums: the same additions in the same order.
    after = tuple([c for c in table if c not in taken])
    worth = traits.worth
    gain = sum([worth[c] for c in move.take]) + 0.5 * worth[card]
    gain += _bonus_points(rules, seat, move, table, after, laid is None)
    if card in traits.sweeps or card in traits.jolly:
        gain -= SWEEP_COST * min(1.0, held / 6)
    return gain if laid is None else gain - _risk(after, odds)


def _bonus_points(rules: Rules, seat: int, move: Move, table, after, last_play: bool) -> float:
    context = _capture_context((seat, move.card, move.take, move.jolly, table, after,
                                last_play))
    points = 0
    for effect in rules.effects:
        for bonus in effect(context):
            points += bonus.points
    return float(points)


_capture_context = partial(tuple.__new__, CaptureContext)
"""A :class:`~foraccio.core.rules.CaptureContext` from the tuple of its fields, without the Python
frame of a named tuple's ``__new__``."""


def _risk(table: tuple[str, ...], odds: _Odds) -> float:
    """What the next opponent may take from ``table``, in expected points."""
    if not table:
        return 0.0
    values, worth = odds.values, odds.worth
    # Sums over maps and lists: the same additions in the same order as generators,
    # so the same floats, only faster.
    return _risk_of(sum(map(worth.__getitem__, table)), _scopable(table, values),
                    sum([worth[c] * odds[values[c]] for c in table]), odds)


def _risk_of(worth: float, scopa: int, by_value: float, odds: _Odds) -> float:
    """The risk of a table whose cards are worth ``worth``, which a card of value
    ``scopa`` takes whole (0: none) and whose cards the next opponent may take by value
    for ``by_value`` points."""
    risk = odds.sweep * 0.8 * worth
    if scopa:
        risk += odds.scopa_points[scopa] * odds[scopa]
    return risk + by_value


class _LaidRisk:
    """The risk of ``table`` with one more card laid on it, for any card: the table's
    sums are made once, and the laid card adds its term last, as a sum over the longer
    table would (a lay puts the card after the table's), so the floats are those of
    :func:`_risk` on it wherever ``sum`` adds floats in order (CPython 3.11)."""

    __slots__ = ("by_value", "odds", "size", "total", "worth")

    def __init__(self, table: tuple[str, ...], odds: _Odds) -> None:
        values, worth = odds.values, odds.worth
        self.odds = odds
        self.size = len(table)
        self.worth = sum(map(worth.__getitem__, table))
        self.by_value = sum([worth[c] * odds[values[c]] for c in table])
        # The sum of the values, None when a card too high to join a sum is there.
        on_table = list(map(values.__getitem__, table))
        self.total = None if max(on_table, default=0) > LARGEST_SUM else sum(on_table)

    def risk(self, card: str) -> float:
        """What the next opponent may take from the table after ``card`` is laid."""
        odds = self.odds
        value, worth = odds.values[card], odds.worth[card]
        if not self.size:
            scopa = value  # a lone card: a card of its value takes it
        elif self.total is None or value > LARGEST_SUM or self.total + value > LARGEST_SUM:
            scopa = 0
        else:
            scopa = self.total + value
        return _risk_of(self.worth + worth, scopa, self.by_value + worth * odds[value], odds)


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
