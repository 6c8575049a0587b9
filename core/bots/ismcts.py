"""The ISMCTS bot: information-set Monte Carlo search over the seat's own moves.

Each round deals the cards the seat has not seen to the other seats, as many
as each holds (a *determinization* consistent with the view), and plays the
hand out from there once per candidate move: the replies to each move (the
next two rounds of play) with the heuristic bot, as every seat sees the
deal from its own seat, the rest with the fast
:func:`~core.bots.heuristic.greedy_move` policy. Every candidate meets the
same deal and the same playout chances (common random numbers), so the
hand-point differences between candidates measure the moves, not the luck of
the deal. The candidates are the seat's legal moves the heuristic rates best;
the move made is the one with the best mean hand-point difference for the
seat's team.

This is the information-set search restricted to the root (the seat's next
decision): it samples information sets, never the true hidden hands, and it
knows nothing of any variant, only the engine's
:func:`~core.engine.legal_moves` and :func:`~core.engine.play`, so it plays
every variant and house rule.
"""

from __future__ import annotations

import random
import time

from core.bots.base import Budget
from core.bots.heuristic import greedy_move, heuristic_bot, move_scores
from core.engine import play, rules_of
from core.model import HandRecord, HandScored, Move, State
from core.plays import plays_of
from core.registry import rules_for
from core.view import SeatView, seat_view, unseen_cards, view_legal_moves

DEFAULT_ITERATIONS = 200
"""Playouts per move by default: at most about 0.2 s a move on one core of the
development machine (at the start of a hand; less as the hand runs out)."""

CANDIDATES = 4
"""How many of the heuristic's best moves are searched."""

HEURISTIC_PLIES = 8
"""After the candidate move, this many plays (two rounds) use the heuristic bot;
the rest of the playout uses the greedy policy."""


def ismcts_bot(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
    """Return the candidate with the best mean hand-point difference after the
    playouts the ``budget`` allows (by default :data:`DEFAULT_ITERATIONS`; always at
    least one round, one playout per candidate)."""
    moves = view_legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    candidates = _candidates(view, moves)
    totals = _search(view, candidates, rng, *_limits(budget))[0]
    best = max(range(len(candidates)), key=lambda index: (totals[index], -index))
    return candidates[best]


def search_stats(view: SeatView, rng: random.Random, iterations: int) -> dict[str, float]:
    """Run about ``iterations`` playouts; return their count and seconds (for benchmarks)."""
    candidates = _candidates(view, view_legal_moves(view))
    start = time.perf_counter()
    done = _search(view, candidates, rng, iterations, None)[1]
    return {"iterations": done, "seconds": time.perf_counter() - start}


def determinize(view: SeatView, rng: random.Random) -> State:
    """Return a state consistent with ``view``: the unseen cards dealt at random to the
    other seats, each getting as many as it holds."""
    unseen = list(unseen_cards(view))
    rng.shuffle(unseen)
    hands: list[tuple[str, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.cards)
        else:
            hands.append(tuple(unseen[:size]))
            del unseen[:size]
    deck = rules_for(view.variant, view.options, view.house_rules).deck
    return State(
        variant=view.variant, options=view.options, seed=0, hand=view.hand, dealer=view.dealer,
        turn=view.turn, phase=view.phase, hands=tuple(hands), table=view.table,
        piles=view.piles, last_capturer=view.last_capturer, events=view.events,
        scores=view.scores, winner=view.winner,
        record=(HandRecord(dealer=view.dealer, cut=1, deck=deck),),
        house_rules=view.house_rules,
    )


def _candidates(view: SeatView, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    scores = move_scores(view, moves)
    order = sorted(range(len(moves)), key=lambda index: (-scores[index], index))
    return tuple(moves[index] for index in order[:CANDIDATES])


def _limits(budget: Budget | None) -> tuple[int, float | None]:
    if budget is None or (budget.iterations is None and budget.seconds is None):
        return DEFAULT_ITERATIONS, None
    iterations = budget.iterations if budget.iterations is not None else 10**9
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    return iterations, deadline


def _search(view: SeatView, candidates: tuple[Move, ...], rng: random.Random, iterations: int,
            deadline: float | None) -> tuple[list[float], int]:
    """Play rounds of one playout per candidate on a shared deal; return the candidates'
    summed rewards and the playouts made."""
    totals = [0.0] * len(candidates)
    done = 0
    while not done or (done < iterations
                       and (deadline is None or time.perf_counter() < deadline)):
        state = determinize(view, rng)
        chances = rng.getrandbits(64)
        for index, move in enumerate(candidates):
            totals[index] += _playout(state, move, view.seat, random.Random(chances))
        done += len(candidates)
    return totals, done


def _playout(state: State, move: Move, seat: int, rng: random.Random) -> int:
    """Play ``move``, then the hand to its end; return the seat's team's point lead."""
    state, _ = play(state, move)
    plies = 0
    while state.phase == "playing":
        turn = state.turn
        if plies < HEURISTIC_PLIES:
            reply = heuristic_bot(seat_view(state, turn), rng)
        else:
            moves, capturing = plays_of(rules_of(state), state.hands[turn], state.table)
            reply = greedy_move(moves, state.table, capturing, rng)
        state, _ = play(state, reply)
        plies += 1
    scored = next(event for event in reversed(state.events) if type(event) is HandScored)
    team = seat % 2
    return scored.points[team] - scored.points[1 - team]
