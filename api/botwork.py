"""What a process of the bot pool does: take a job, run it under the limits, answer.

This module is all a pool process imports (besides the engine), so it knows
nothing of HTTP. A job holds only what its computation needs: a bot move gets
the view of the seat to play, never the state; an autoplay gets the engine's
state, which the engine needs to play the moves and deal the next hand (the
bots in it still see only their seat's view); the check of a long posted state
gets that state (:mod:`foraccio.api.posted`). Answers are :class:`Done`,
:class:`Failed` (an engine error: its code and message, as the API answers
them), :class:`Stopped` (a deadline or a cancellation stopped the work before
it had a result), :class:`PluginFailed` (a variant's, house rule's or bot's code
failed: answered as ``plugin_error``) or :class:`Crashed` (a bug: its traceback,
for the server's log).

The process, ``python -m foraccio.api.botwork FD SECONDS ITERATIONS``, reads one pickled
job at a time from the socket ``FD`` and writes one pickled answer back
(:func:`serve`). While a job runs the server may send :data:`CANCEL` (a client
that went away); the job's deadline is the server's ceiling
(``FORACCIO_BOT_SECONDS``), counted from when the process takes the job. Both
are checked by the bots between rounds of playouts and between plays
(:mod:`foraccio.bots.limits`), so work stops within a few milliseconds of either.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import time
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Literal, NamedTuple

from foraccio.bots import Budget, choose_move
from foraccio.bots.autoplay import Autoplay, autoplay
from foraccio.bots.limits import Interrupted, Reason, limited
from foraccio.bots.registry import installed_bots
from foraccio.core.errors import EngineError, PluginError
from foraccio.core.model import Move, State
from foraccio.core.registry import installed_plugins
from foraccio.core.validation import validate_state
from foraccio.core.view import SeatView
from foraccio.core.wire import State as WireState

CANCEL = b"cancel"
"""What the server sends to stop the job in progress. One that comes when no job runs
(the job ended as it was sent) is dropped."""

READY = "ready"
"""What a process answers first, once it has loaded what it plays with: the pool sends
it no job, and so starts no job's ceiling, before that (a niced process on a busy
machine has taken over 20 s to start)."""

NICENESS = 10
"""How much lower than the server's the pool processes' CPU priority is: when the
machine's cores are all busy, the event loop serving every other request still gets
the CPU as soon as it has work (Linux gives a process of niceness 10 about a tenth
of the share of one of niceness 0)."""


class BotMoveJob(NamedTuple):
    """Ask ``bot`` for the move of ``view.seat``, whose turn it is."""

    bot: str
    view: SeatView
    seed: int
    budget: Budget | None

    def run(self) -> Move:
        return choose_move(self.bot, self.view, self.seed, self.budget)


class AutoplayJob(NamedTuple):
    """Let ``bots`` play ``state`` on, for ``seats`` only, as :func:`autoplay` does."""

    state: State
    bots: Sequence[str]
    until: Literal["hand_over", "game_over"]
    seed: int
    budget: Budget | None
    max_plays: int
    seats: Sequence[int]

    def run(self) -> Autoplay:
        return autoplay(self.state, self.bots, self.until, self.seed, self.budget,
                        self.max_plays, self.seats)


class CheckJob(NamedTuple):
    """Check a posted open ``state`` the server did not make: whether the engine reaches
    it (:func:`~foraccio.core.validation.validate_state`). The answer is None, or the
    :class:`~foraccio.core.errors.InvalidState` as :class:`Failed`."""

    state: WireState

    def run(self) -> None:
        validate_state(self.state)


Job = BotMoveJob | AutoplayJob | CheckJob


class Done(NamedTuple):
    result: Move | Autoplay | None


class Failed(NamedTuple):
    code: str
    message: str


class Stopped(NamedTuple):
    reason: Reason


class Crashed(NamedTuple):
    traceback: str


class PluginFailed(NamedTuple):
    """A plugin's code failed (:class:`~foraccio.core.errors.PluginError`): its arguments, to raise
    it again in the server, and the traceback of what it raised, for the server's log."""

    args: tuple
    traceback: str


Answer = Done | Failed | Stopped | Crashed | PluginFailed


class Ceilings(NamedTuple):
    """What a pool process needs of the server's ceilings
    (:class:`foraccio.api.limits.BotLimits`)."""

    seconds: float
    iterations: int


def run(job: Job, ceilings: Ceilings, cancelled) -> Answer:
    """Run ``job`` under the ceilings until done, failed, past its deadline or cancelled."""
    deadline = time.monotonic() + ceilings.seconds
    try:
        with limited(deadline, cancelled, ceilings.iterations):
            return Done(job.run())
    except Interrupted as stop:
        return Stopped(stop.reason)
    except EngineError as error:
        # Sent as code and message: the engine's exceptions do not all survive pickling.
        return Failed(error.code, error.message)
    except PluginError as error:
        return PluginFailed(error.args, traceback.format_exc())
    except Exception:
        return Crashed(traceback.format_exc())


class _Cancellation:
    """Whether the server has sent :data:`CANCEL` since the job began: a look at the
    socket, without waiting, each time the bots check (a system call, about a
    microsecond, every few milliseconds of work)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.cancelled = False

    def __call__(self) -> bool:
        if not self.cancelled and self.connection.poll(0):
            self.cancelled = self.connection.recv_bytes() == CANCEL
        return self.cancelled


def serve(connection: Connection, ceilings: Ceilings) -> None:
    """Answer jobs from ``connection`` until the server closes it (or dies)."""
    while True:
        try:
            message = connection.recv_bytes()
        except (EOFError, OSError):
            return  # the server closed the socket, or is gone
        if message == CANCEL:
            continue  # for a job that ended meanwhile
        answer = run(pickle.loads(message), ceilings, _Cancellation(connection))
        try:
            connection.send_bytes(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            return


def main(argv: Sequence[str]) -> None:
    """The process: ``FD SECONDS ITERATIONS``, as :class:`foraccio.api.botpool.BotPool`
    starts it."""
    descriptor, seconds, iterations = argv
    # Ctrl-C in `make run` reaches the whole process group: the server shuts the pool
    # down, and a pool process that also stopped would print a traceback for nothing.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(NICENESS)
    installed_plugins()  # the variants and house rules the server plays, as it loads them
    installed_bots()  # and the bots (entry points of foraccio.bots)
    connection = Connection(int(descriptor))
    try:
        connection.send(READY)
    except OSError:
        return  # the server closed the socket while this process started
    serve(connection, Ceilings(float(seconds), int(iterations)))


if __name__ == "__main__":
    # Run the module's importable copy, not this ``__main__`` one: the answers it
    # pickles must name ``foraccio.api.botwork`` classes, which the server can unpickle.
    from foraccio.api.botwork import main as main_of_module

    main_of_module(sys.argv[1:])
