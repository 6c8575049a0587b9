"""Limits on a bot's work set from outside it: a deadline, a cancellation flag and a
cap on playouts per move.

A server runs bots for clients that may give up or ask for too much. The bots
themselves take only a :class:`~foraccio.bots.base.Budget` (what the client asked
for), so whoever runs them sets the outer limits here, for everything run
inside :func:`limited`:

- the ISMCTS search calls :func:`check` between rounds of playouts and caps
  the playouts of its default budget, and of a ``seconds`` budget, at
  :func:`iteration_cap`;
- :func:`~foraccio.bots.autoplay.autoplay` calls :func:`check` between plays.

:func:`check` raises :class:`Interrupted` once the deadline has passed or the
flag says cancelled. Outside :func:`limited` there are no limits, and a check
costs one context-variable lookup. The limits never change what a bot
chooses: work is either finished as it would have been, or stopped, so an
iteration budget stays deterministic.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Literal, NamedTuple

Reason = Literal["deadline", "cancelled"]


class Interrupted(Exception):
    """The work was stopped from outside: its ``reason`` is ``deadline`` or ``cancelled``."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason: Reason = reason


class Limits(NamedTuple):
    deadline: float | None
    """:func:`time.monotonic` time after which the work stops."""
    cancelled: Callable[[], bool] | None
    """True once whoever asked for the work no longer wants it."""
    max_iterations: int | None
    """Most playouts a search makes for one move."""


_LIMITS: ContextVar[Limits | None] = ContextVar("bot_limits", default=None)


@contextmanager
def limited(deadline: float | None = None, cancelled: Callable[[], bool] | None = None,
            max_iterations: int | None = None) -> Iterator[None]:
    """Run the bots called inside under these limits."""
    token = _LIMITS.set(Limits(deadline, cancelled, max_iterations))
    try:
        yield
    finally:
        _LIMITS.reset(token)


def check() -> None:
    """Raise :class:`Interrupted` if the work in progress must stop now."""
    limits = _LIMITS.get()
    if limits is None:
        return
    if limits.cancelled is not None and limits.cancelled():
        raise Interrupted("cancelled")
    if limits.deadline is not None and time.monotonic() >= limits.deadline:
        raise Interrupted("deadline")


def iteration_cap() -> int | None:
    """The most playouts one move's search may make here, if capped."""
    limits = _LIMITS.get()
    return None if limits is None else limits.max_iterations
