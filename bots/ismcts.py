"""The ISMCTS bot: information-set Monte Carlo search over the seat's own moves.

Each round deals the cards the seat has not seen to the other seats, as many
as each holds, and to the stock kept back for a later stage of the deal, as
many as it holds (a *determinization* consistent with the view: the seat knows
every card played, the table and the piles, how many cards each seat holds and
how many the stock does; in Foraccio no rule reveals more, such as a void; in Scopa
a card that can capture must, but the seat chooses which card to play, so a lay
reveals no void either), and plays on from there once per candidate move, every seat
playing as the heuristic bot would from its own seat of that deal
(:class:`~foraccio.bots.heuristic.PlayoutPolicy`: the heuristic's scores, found
from the deal without building a view, its counts of the unseen cards kept up to
date as the cards are played), for :data:`PLAYOUT_PLIES` plays or to the end of the
hand, whichever comes first. A playout that ends the hand is scored by the engine's
own code (the hand-point lead); one stopped earlier is valued by the worth of the
cards each team has taken, by the variant's own score lines, and the bonuses scored
(:func:`estimated_lead`), several times cheaper at the start of a hand. The plays
left are the same in every playout of one search, so either all of them are stopped
or none is, and the candidates are valued alike. Every candidate meets the same deal
and the same playout chances (common random numbers), so the hand-point
differences between candidates measure the moves, not the luck of the deal.

The candidates are the seat's legal moves the heuristic rates best
(:data:`CANDIDATES`); the playouts are spent by sequential halving: in
stages, the worse half of the candidates (by summed hand-point lead, on the
same deals) is dropped after each stage, so the close calls get most
playouts. The move made is the one left with the best mean hand-point
lead of the seat's team over the best of the other teams, ties going to the
heuristic's choice. The
default budget (:func:`default_iterations`) grows as the hand runs out and
playouts get shorter, so every move gets about the same time.

Once the view hides nothing that matters (the stock used up and no more than one other
seat holding cards), there is no information set to sample: it plays the exact end
of the hand as the heuristic does (:func:`~foraccio.bots.heuristic.exact_move`), which
playouts of the heuristic's scores only approach.

This is the information-set search restricted to the root (the seat's next
decision): it samples information sets, never the true hidden hands, and it
knows nothing of any variant: the playouts run on
:class:`~foraccio.bots.simulation.Playout`, a mutable copy of the hand played with the
rule functions the engine assembled and scored by the engine's own code, so it
plays every variant and house rule, and each playout ends as it would with
:func:`~foraccio.core.engine.play` (:func:`engine_playout`, which
tests/core/test_simulation.py and ``bench.bots`` compare it with), only faster;
:func:`full_playout` plays every playout to the end of the hand, as before issue #34
(``bench.bots`` measures both).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from foraccio.bots import limits
from foraccio.bots.base import BotPlugin, Budget
from foraccio.bots.heuristic import (
    PlayoutPolicy,
    exact_move,
    greedy_move,
    move_scores,
    playout_move,
)
from foraccio.bots.simulation import Playout, determinize
from foraccio.bots.traits import traits_of
from foraccio.core.engine import play, rules_of
from foraccio.core.model import (
    Bonus,
    HandScored,
    Move,
    State,
)
from foraccio.core.plays import plays_of
from foraccio.core.registry import rules_for
from foraccio.core.view import SeatView, view_legal_moves

DEFAULT_ITERATIONS = 1200
"""Playouts at the start of a hand by default (:func:`default_iterations`): about
0.14 s a move (``bench.bots``: the median, in CPU seconds of one core of the
development machine, busy), under issue #15's 0.2 s. Before playouts stopped after
:data:`PLAYOUT_PLIES` plays, 150 playouts to the end of the hand took as long."""


MAX_ITERATIONS = 4 * DEFAULT_ITERATIONS
"""The most playouts the default budget makes for one move (on the last plays of a
hand, where playouts are short)."""

CANDIDATES = 3
"""How many of the heuristic's best moves are searched (sequential halving:
3, then 2). Fewer candidates leave more playouts for the close call between the
last two: bench.bots found 3 and 4 stronger than 6 at the same budget (about +5.7
hand points a deal against the heuristic, not +3.5), 3 and 4 alike within noise."""

PLAYOUT_PLIES: int | None = 6
"""After the candidate move, this many plays are played out; then the playout stops and
its result is estimated (:func:`estimated_lead`) rather than scored. None: every
playout goes to the end of the hand, as before issue #34. Six plays (a round and a
half at a table of four) make a playout at the start of a Foraccio hand about five
times cheaper, and what a move changes shows within them: the captures it offers or
denies the next seats, the scopa it leaves."""

HEURISTIC_PLIES: int | None = None
"""After the candidate move, this many plays use the heuristic bot's policy
(:func:`~foraccio.bots.heuristic.playout_move`) and the rest the cheaper greedy
policy; None: the heuristic plays every seat to the end of the hand."""


def ismcts_bot(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
    """Return the candidate with the best mean hand-point difference after the
    playouts the ``budget`` allows (by default :func:`default_iterations`; always at
    least one round, one playout per candidate), or the exact end of the hand once
    nothing is hidden."""
    moves = view_legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    exact = exact_move(view, moves, rng)
    if exact is not None:  # nothing hidden is left to sample
        return exact
    candidates = _candidates(view, moves)
    totals, _, alive = _search(view, candidates, rng, *_limits(budget, view))
    return candidates[max(alive, key=lambda index: (totals[index], -index))]


ISMCTS = BotPlugin(
    "ismcts",
    "Information-set Monte Carlo search: plays the heuristic's best moves out on deals "
    "of the cards it has not seen, keeping the best on average.",
    ismcts_bot, budget=("iterations", "seconds"), title="ISMCTS")


def default_iterations(view: SeatView) -> int:
    """The playouts of the default budget: :data:`DEFAULT_ITERATIONS` at the start of a
    hand, more once playouts get shorter (about the same time a move), at most
    :data:`MAX_ITERATIONS`: scaled by the plays of a playout at the start of a hand
    over those of a playout now (the cards left to play, in the hands and the stock, or
    :data:`PLAYOUT_PLIES` and the candidate's, whichever is fewer)."""
    full_hand = len(rules_for(view.variant, view.options, view.house_rules).deck)
    plays_left = max(1, sum(view.hand_sizes) + view.stock)
    if PLAYOUT_PLIES is not None:
        full_hand = min(full_hand, PLAYOUT_PLIES + 1)
        plays_left = min(plays_left, PLAYOUT_PLIES + 1)
    return min(MAX_ITERATIONS, DEFAULT_ITERATIONS * full_hand // plays_left)


def search_stats(view: SeatView, rng: random.Random, iterations: int,
                 playout: PlayoutFunction | None = None) -> dict[str, float]:
    """Run about ``iterations`` playouts; return their count, seconds and seconds of this
    process's CPU time, which other processes on a busy machine disturb less (for
    benchmarks). ``playout`` plays each (by default the fast one;
    :func:`engine_playout` to compare)."""
    candidates = _candidates(view, view_legal_moves(view))
    start, cpu = time.perf_counter(), time.process_time()
    done = _search(view, candidates, rng, iterations, None, playout or _playout)[1]
    return {"iterations": done, "seconds": time.perf_counter() - start,
            "cpu_seconds": time.process_time() - cpu}


PlayoutFunction = Callable[[State, Move, int, random.Random], float]
"""A playout: ``playout(state, move, seat, rng)`` plays ``move`` then the hand on and
returns the seat's team's hand-point lead (estimated when it stops before the end)."""


def _candidates(view: SeatView, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    scores = move_scores(view, moves)
    order = sorted(range(len(moves)), key=lambda index: (-scores[index], index))
    return tuple(moves[index] for index in order[:CANDIDATES])


def _limits(budget: Budget | None, view: SeatView) -> tuple[int, float | None]:
    # Whoever runs the bot may cap the playouts (foraccio.bots.limits): the default budget
    # and a time budget promise no count, so they stop there. An explicit count is
    # left alone, so that it gives the same move everywhere; a server refuses one
    # over its cap instead.
    cap = limits.iteration_cap()
    if budget is None or (budget.iterations is None and budget.seconds is None):
        iterations = default_iterations(view)
        return iterations if cap is None else min(iterations, cap), None
    if budget.iterations is not None:
        iterations = budget.iterations
    else:
        iterations = 10**9 if cap is None else cap
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    return iterations, deadline


def _search(view: SeatView, candidates: tuple[Move, ...], rng: random.Random, iterations: int,
            deadline: float | None, playout: PlayoutFunction | None = None,
            ) -> tuple[list[float], int, list[int]]:
    """Search the candidates by sequential halving; return their summed rewards, the
    playouts made and the candidates still in the race (indexes), which all met the
    same deals.

    Each round deals the unseen cards once and plays one playout per candidate in
    the race on that deal. Without a deadline, the ``iterations`` are split evenly
    between ceil(log2(candidates)) stages, and after each stage but the last the
    worse half of the race (by summed reward) is dropped; with a deadline, every
    candidate stays in and rounds are played until the deadline or the iterations.

    Before each round the limits set from outside are checked
    (:func:`foraccio.bots.limits.check`), which may stop the search with
    :class:`~foraccio.bots.limits.Interrupted`: a round makes a few playouts, a few
    milliseconds, so a search stops that quickly."""
    playout = playout or _playout
    totals = [0.0] * len(candidates)
    alive = list(range(len(candidates)))
    done = 0
    stages = 1 if deadline is not None else max(1, (len(candidates) - 1).bit_length())
    for stage in range(stages):
        if stage:
            alive = sorted(alive, key=lambda index: (-totals[index], index))
            alive = sorted(alive[:(len(alive) + 1) // 2])
        goal = done + (iterations - done) // (stages - stage)
        while not done or (done < goal
                           and (deadline is None or time.perf_counter() < deadline)):
            limits.check()
            state = determinize(view, rng)
            chances = rng.getrandbits(64)
            for index in alive:
                totals[index] += playout(state, candidates[index], view.seat,
                                          random.Random(chances))
            done += len(alive)
    return totals, done, alive


def _playout(state: State, move: Move, seat: int, rng: random.Random) -> float:
    """Play ``move``, then the hand on (on the fast
    :class:`~foraccio.bots.simulation.Playout`, which plays as the engine does, every seat
    choosing as :func:`~foraccio.bots.heuristic.playout_move` would, through a
    :class:`~foraccio.bots.heuristic.PlayoutPolicy` kept up to date) for
    :data:`PLAYOUT_PLIES` plays or to its end; return the seat's team's point lead over
    the best of the other teams (estimated, :func:`estimated_lead`, when the hand is not
    over)."""
    return _played_out(state, move, seat, rng, PLAYOUT_PLIES)


def full_playout(state: State, move: Move, seat: int, rng: random.Random) -> float:
    """:func:`_playout` to the end of the hand, whatever :data:`PLAYOUT_PLIES` says."""
    return _played_out(state, move, seat, rng, None)


def _played_out(state: State, move: Move, seat: int, rng: random.Random,
                most: int | None) -> float:
    playout = Playout(state)
    rules = playout.rules
    traits = traits_of(rules)
    policy = PlayoutPolicy(rules, playout.hands, playout.stock)
    playout.plays()
    _play(playout, policy, move)
    plies = 0
    team = rules.seating.team_of[seat]
    while playout.turn is not None:
        if plies == most:
            return estimated_lead(playout.piles, (*state.events, *playout.events), team,
                                  traits.worth)
        turn = playout.turn
        moves, capturing = playout.plays()
        if HEURISTIC_PLIES is None or plies < HEURISTIC_PLIES:
            reply = policy.move(playout.hands, turn, playout.table, moves, rng, playout.stock)
        else:
            reply = greedy_move(moves, playout.table, capturing, rng, traits)
        _play(playout, policy, reply)
        plies += 1
    points = playout.points()
    return points[team] - max(p for other, p in enumerate(points) if other != team)


def _play(playout: Playout, policy: PlayoutPolicy, move: Move) -> None:
    """Play ``move`` and tell ``policy``: the card played, or, when it ended a stage of
    the deal and the next was dealt, the new hands and stock."""
    turn, stage = playout.turn, playout.stage
    playout.play(move)
    if playout.stage == stage:
        policy.played(turn, move.card)
    else:
        policy.dealt(playout.hands, playout.stock)


def engine_playout(state: State, move: Move, seat: int, rng: random.Random) -> float:
    """:func:`_playout` on the public engine (:func:`~foraccio.core.engine.play` on frozen
    states), every move found afresh (:func:`~foraccio.bots.heuristic.playout_move`, which
    counts the unseen cards again each time): slower, the same result; the reference
    the tests and ``bench.bots`` compare the fast playout with."""
    rules = rules_of(state)
    traits = traits_of(rules)
    state, _ = play(state, move)
    plies = 0
    team = rules.seating.team_of[seat]
    while state.phase == "playing":
        if plies == PLAYOUT_PLIES:
            return estimated_lead(state.piles, state.events, team, traits.worth)
        turn = state.turn
        moves, capturing = plays_of(rules, state.hands[turn], state.table)
        if HEURISTIC_PLIES is None or plies < HEURISTIC_PLIES:
            reply = playout_move(rules, state.hands, turn, state.table, moves, rng,
                                 state.stock)
        else:
            reply = greedy_move(moves, state.table, capturing, rng, traits)
        state, _ = play(state, reply)
        plies += 1
    scored = next(event for event in reversed(state.events) if type(event) is HandScored)
    points = scored.points
    return points[team] - max(p for other, p in enumerate(points) if other != team)


def estimated_lead(piles, events, team: int, worth: dict[str, float]) -> float:
    """The lead of ``team`` over the best other team that a hand stopped midway promises:
    each team's cards taken at their worth by the variant's score lines
    (:func:`~foraccio.bots.worth.card_worth`: what taking a card rather than leaving it
    to nobody gains), and the bonuses scored in the hand so far (``events``)."""
    totals = [sum([worth[card] for card in pile]) for pile in piles]
    for event in events:
        if type(event) is Bonus:
            totals[event.team] += event.points
    return totals[team] - max(total for other, total in enumerate(totals) if other != team)
