"""What checking a posted state costs: in-process medians, in microseconds.

A posted state is accepted only if the engine reaches it
(:func:`core.validation.validate_state`); the engine's replay of it is
remembered, so the cost depends on what the worker has seen.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bench.bodies import mid_hand_step
from core import reachable
from core.validation import validate_state
from core.wire import to_wire


def costs(hand: int = 1, repeats: int = 300) -> dict[str, float]:
    """The costs of checking the benchmark's state at ``hand``.

    ``all`` is the whole check with that state remembered, as when a client
    posts the state the server just answered (what the load test posts);
    ``reachable`` the part of it that rebuilds the state and compares;
    ``one_play`` the whole check when only the state one move earlier is
    remembered (a client playing on); ``cold`` when nothing is (a worker that
    never saw the match: the whole match is replayed).
    """
    step = mid_hand_step("foraccio", hand)
    state, previous = to_wire(step.after), to_wire(step.before)

    def remember_previous() -> None:
        reachable.forget()
        validate_state(previous)

    validate_state(state)
    return {"all": _median_us(lambda: validate_state(state), repeats),
            "reachable": _median_us(lambda: to_wire(reachable.reached(state)) == state,
                                    repeats),
            "one_play": _median_us(lambda: validate_state(state), repeats, remember_previous),
            "cold": _median_us(lambda: validate_state(state), repeats // 10, reachable.forget)}


def _median_us(run: Callable[[], object], repeats: int,
               prepare: Callable[[], object] = lambda: None) -> float:
    times = []
    for _ in range(repeats):
        prepare()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6
