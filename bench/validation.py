"""What checking a posted open state costs: in-process medians, in microseconds.

The API takes a state it answered on its receipt (:mod:`foraccio.api.posted`): from the
worker's recent answers if it answered it itself, else rebuilt from the start of
its current hand. A state without a receipt is replayed in full
(:func:`foraccio.core.validation.validate_state`), in the bot pool when it is long. Each
cost is measured at the same point of a hand (:data:`bench.bodies.PLAYS_IN`
plays in), so hand 1 and hand 100 differ only by the match behind them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Coroutine
from typing import Any

from bench.bodies import BENCH_SECRET, mid_hand
from foraccio.api.botpool import BotPool
from foraccio.api.limits import BotLimits
from foraccio.api.posted import Posted, Receipts
from foraccio.api.sealing import Sealer
from foraccio.core import reachable
from foraccio.core.validation import validate_state
from foraccio.core.wire import to_wire


def costs(hand: int = 1, repeats: int = 300) -> dict[str, float]:
    """The costs of checking the benchmark's state at ``hand``.

    ``answered``: the worker answered the state itself (a MAC and a lookup, what the
    load test posts); ``receipt``: another worker did (a MAC, then the current hand
    dealt and played again); ``full``: a state without a receipt, replayed from the
    match's first deal (with nothing remembered).
    """
    state = mid_hand("foraccio", hand)
    receipts = Receipts(Sealer(BENCH_SECRET.encode()).receipt_key)
    wire = receipts.sign(to_wire(state))
    posted = Posted(receipts, BotPool(BotLimits()))  # its pool is never started here
    posted.recent[wire.receipt] = state
    elsewhere = Posted(receipts, BotPool(BotLimits()))
    plain = to_wire(state)
    return {
        "answered": _median_us(lambda: _at_once(posted.match(wire)), repeats),
        "receipt": _median_us(lambda: _at_once(elsewhere.match(wire)), repeats,
                              elsewhere.recent.clear),
        "full": _median_us(lambda: validate_state(plain), max(3, repeats // 30),
                           reachable.forget),
    }


def _at_once(check: Coroutine[Any, Any, Any]) -> Any:
    """The result of a check that never waits (a receipted state's), without a loop."""
    try:
        check.send(None)
    except StopIteration as done:
        return done.value
    raise RuntimeError("the check waited for the pool")


def _median_us(run: Callable[[], object], repeats: int,
               prepare: Callable[[], object] = lambda: None) -> float:
    times = []
    for _ in range(repeats):
        prepare()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6
