"""Limits set from outside the bots (:mod:`foraccio.bots.limits`) stop them, never change them."""

from __future__ import annotations

import time

import pytest

from foraccio.bots import Budget, choose_move, ismcts
from foraccio.bots.autoplay import autoplay
from foraccio.bots.limits import Interrupted, check, iteration_cap, limited
from foraccio.core.testing import random_playout
from foraccio.core.view import seat_view


def mid_hand():
    return next(step.before for step in random_playout("foraccio", 3)
                if len(step.before.table) >= 2)


def start_of_match():
    return next(step.before for step in random_playout("foraccio", 5))


def test_without_limits_nothing_stops():
    check()
    assert iteration_cap() is None


def test_a_cancelled_search_stops_at_its_next_round():
    state = mid_hand()
    view = seat_view(state, state.turn)
    calls = 0

    def cancelled() -> bool:
        nonlocal calls
        calls += 1
        return calls > 3

    with limited(cancelled=cancelled), pytest.raises(Interrupted) as stop:
        choose_move("ismcts", view, 1, Budget(iterations=1000))
    assert stop.value.reason == "cancelled"
    assert calls == 4  # checked once a round: three rounds made, the fourth refused


LONG_SEARCH = Budget(iterations=200_000)
"""Playouts for minutes on the engine's Python source (a thousand take over a second)
and tens of seconds compiled, so that a search that overlooked its deadline would run
far past :data:`STOPPED_WITHIN`. (A client's budget stops at 1000; the bot's own caller
may ask for more.)"""

STOPPED_WITHIN = 5.0
"""Seconds within which a search told to stop after 0.05 s must have stopped: a round
of playouts takes milliseconds, so this holds on a machine ten times slower too."""


def test_a_search_past_its_deadline_stops():
    state = mid_hand()
    view = seat_view(state, state.turn)
    start = time.monotonic()
    with limited(deadline=start + 0.05), pytest.raises(Interrupted) as stop:
        choose_move("ismcts", view, 1, LONG_SEARCH)
    assert stop.value.reason == "deadline"
    assert time.monotonic() - start < STOPPED_WITHIN  # not at the end of the search


def test_the_cap_bounds_the_default_and_time_budgets_but_not_a_count():
    state = mid_hand()
    view = seat_view(state, state.turn)
    default = ismcts.default_iterations(view)
    with limited(max_iterations=7):
        assert ismcts._limits(None, view) == (7, None)
        assert ismcts._limits(Budget(seconds=0.5), view)[0] == 7
        assert ismcts._limits(Budget(iterations=20), view) == (20, None)
    assert ismcts._limits(None, view) == (default, None)


def test_an_iteration_budget_gives_the_same_move_under_limits():
    state = mid_hand()
    view = seat_view(state, state.turn)
    budget = Budget(iterations=60)
    free = choose_move("ismcts", view, 9, budget)
    with limited(deadline=time.monotonic() + 60, cancelled=lambda: False, max_iterations=60):
        assert choose_move("ismcts", view, 9, budget) == free


def test_a_stopped_autoplay_returns_the_plays_an_unlimited_one_starts_with():
    state = start_of_match()
    bots = ["heuristic", "random", "ismcts", "random"]
    budget = Budget(iterations=6)
    full = autoplay(state, bots, "hand_over", 3, budget)
    checks = 0

    def cancelled() -> bool:
        nonlocal checks
        checks += 1
        return checks > 12

    with limited(cancelled=cancelled):
        partial = autoplay(state, bots, "hand_over", 3, budget)
    assert 0 < partial.plays < full.plays
    assert partial.done is False
    assert partial.events == full.events[:len(partial.events)]


def test_an_autoplay_stopped_before_its_first_play_raises():
    with limited(cancelled=lambda: True), pytest.raises(Interrupted):
        autoplay(start_of_match(), ["random"] * 4, "hand_over")
