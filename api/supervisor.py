"""Several workers, each under a granian of its own, so that no worker's deaths stop another.

``foraccio serve --workers N`` with N above 1 becomes this module's process
(:func:`foraccio.api.serve.serve`): it runs N granian servers of one worker each on the
same address, and starts again any of them that exits while the others go on answering.

Why not one granian with ``--workers N``: granian replaces a worker that dies
(``--respawn-failed-workers``), but when the same worker dies again within 5.5 s of being
replaced, it takes that for a crash at every start and stops the whole server, the
workers that were answering with it. And a worker that fails at every start a little
slower than that, or two that fail by turns, it starts again for ever. granian 2.8 has
no option that changes either. So each granian here stops when its worker dies, and
this module alone decides what comes next.

The granians can share the address because granian binds with ``SO_REUSEPORT``: the
kernel gives each new connection to one of the sockets that listen there, and a granian
that has exited has closed its socket. The rules:

- A granian that exits while another runs is started again: at once when it had run
  for :data:`STEADY_SECONDS` or more; otherwise after a pause of 1 s, doubled each time
  up to :data:`LONGEST_PAUSE`. So a worker that cannot start costs little while the
  others answer.
- A granian that exits while none other runs leaves no worker: this process then exits
  with status 1, and its own supervisor (systemd: ``deploy/foraccio.service``) starts
  the whole server again. A setting that keeps the app from starting ends the server
  this way: the pauses grow until every granian is waiting at once.
- SIGTERM or SIGINT stops every granian (each gives its open requests up to
  :data:`foraccio.api.serve.STOP_SECONDS`) and then this process, with status 0. SIGHUP
  is passed on, and each granian starts its worker afresh.

Only the standard library is imported, so the process stays small.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

STEADY_SECONDS = 60.0
"""A granian that ran this long before it exited is started again at once."""
FIRST_PAUSE = 1.0
"""Seconds before a granian that exited sooner is started again, the first time."""
LONGEST_PAUSE = 32.0
"""The longest pause before a granian that keeps exiting is started again."""
POLL_SECONDS = 0.2
"""How often the granians are looked at (and so how late a signal may be acted on)."""


@dataclass
class Slot:
    """One worker's place: the granian serving it now, or when the next one starts."""

    number: int
    command: Sequence[str]
    process: subprocess.Popen | None = None
    started: float = 0.0
    pause: float = 0.0
    due: float | None = None

    def start(self) -> None:
        """Start the slot's granian, in the server's process group, writing to its log."""
        self.process = subprocess.Popen(self.command)
        self.started, self.due = time.monotonic(), None

    def running(self) -> bool:
        """Whether the slot's granian runs."""
        return self.process is not None and self.process.poll() is None

    def exited(self) -> bool:
        """Whether the slot's granian has exited since it was started."""
        return self.process is not None and self.process.poll() is not None

    def start_later(self) -> None:
        """Forget the granian that exited and set when the next one starts."""
        if time.monotonic() - self.started >= STEADY_SECONDS:
            self.pause = 0.0
        else:
            self.pause = min(2 * self.pause, LONGEST_PAUSE) if self.pause else FIRST_PAUSE
        self.process, self.due = None, time.monotonic() + self.pause


def supervise(command: Sequence[str], workers: int) -> int:
    """Run ``command`` (granian serving one worker) ``workers`` times and keep them
    running, by the rules of this module's docstring, until SIGTERM or SIGINT (return 0)
    or until none runs (return 1)."""
    slots = [Slot(number, command) for number in range(1, workers + 1)]
    stopping: list[int] = []
    for stop in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop, lambda number, _: stopping.append(number))
    signal.signal(signal.SIGHUP, lambda number, _: _pass_on(slots, number))
    for slot in slots:
        slot.start()
    while not stopping:
        for slot in slots:
            if slot.exited():
                gone = _gone(slot)
                if not any(other.running() for other in slots):
                    _log("ERROR", f"{gone}, and no other worker runs: exiting")
                    return 1
                slot.start_later()
                _log("WARNING", f"{gone}: starting it again "
                                f"{f'in {slot.pause:g} s' if slot.pause else 'at once'}")
            elif slot.due is not None and time.monotonic() >= slot.due:
                slot.start()
        time.sleep(POLL_SECONDS)
    _pass_on(slots, signal.SIGTERM)
    for slot in slots:
        if slot.process is not None:
            slot.process.wait()
    return 0


def _pass_on(slots: Sequence[Slot], number: int) -> None:
    for slot in slots:
        if slot.running():
            slot.process.send_signal(number)


def _gone(slot: Slot) -> str:
    return (f"the granian of worker {slot.number} (PID {slot.process.pid}) exited with "
            f"status {slot.process.returncode}")


def _log(level: str, line: str) -> None:
    # In granian's own format, as the lines around it in the server's log; dropped when
    # it cannot be written (a full disk), which must not stop the workers' keeper.
    with contextlib.suppress(OSError):
        print(f"[{level}] {line}", file=sys.stderr, flush=True)


def main(arguments: Sequence[str]) -> int:
    """``python -m foraccio.api.supervisor WORKERS GRANIAN_ARGUMENTS...``"""
    workers, *granian = arguments
    return supervise([sys.executable, "-m", "granian", *granian], int(workers))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
