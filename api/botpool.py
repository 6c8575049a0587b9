"""The pool of bot processes of one server worker, with its bounded queue.

Bot work is CPU work whose amount a client sets; done in the event loop it
would hold every other request of the worker (``/health`` waited 48 s behind
one autoplay), and threads would not help under the GIL. So it runs in a few
worker processes (:mod:`foraccio.api.botwork`), started once per server worker, at
start-up or on first use, and stopped on shutdown:

- **Bounded.** At most ``processes`` jobs run and ``queue`` more wait; one
  more is refused at once with :class:`Busy` (503 ``busy``), whose
  ``retry_after`` is when the first running job reaches its ceiling.
- **Ceilings.** A process stops a job at the ceiling on seconds by itself and
  says so (:class:`~foraccio.api.botwork.Stopped`); should it not answer a little
  after that, it is killed and replaced. Either way the request gets
  :class:`TimeLimit` (503 ``time_limit``), unless the job returned partial
  results first (an autoplay's plays so far).
- **Shares.** Requests over the API and rooms' bots (:mod:`foraccio.rooms.driver`) wait
  apart, so that neither side can take the whole pool: when a process comes free and
  both have work waiting, they take turns, rooms taking ``rooms_share`` percent of the
  turns (``FORACCIO_BOT_ROOMS_SHARE``, half by default); when only one side waits, it
  has every process. The queue's bound is the API's alone: a room's move is never
  refused for it, since a room cannot come back later as a client can (its driver asks
  for one move of a room at a time, so the rooms waiting are at most the rooms open).
  Among rooms, turns go by room, not by job: each room with work waiting has its turn
  in a round, so no room, however much it asks, takes more than one room's part of
  the rooms' share (fair queueing per room).
- **Cancellation.** While a request waits, its ASGI ``receive`` is watched for
  ``http.disconnect``: when the client goes, it leaves the queue, or its job
  is cancelled (:data:`~foraccio.api.botwork.CANCEL` down the process's socket, which
  the bots look for between rounds of playouts, :mod:`foraccio.bots.limits`), and
  the process is free again within milliseconds. The request ends with
  :class:`ClientGone`; the answer goes nowhere (the log shows 499).

Each process has a socket of its own, so a job is cancelled without touching
another's. Jobs and answers cross it pickled, framed by their length; the event
loop reads the server's end, so waiting costs no thread, and reads until the
whole of an answer is in, however the loop hands it over (:class:`_Process`).

A pool process is a fresh interpreter (``python -m foraccio.api.botwork``, about 0.15 s
to start), not a fork of the server worker: granian runs threads of its own
there, and a fork could copy a lock one of them holds; nor one of
:mod:`multiprocessing`'s, which would import the server's ``__main__`` again.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import pickle
import socket
import struct
import subprocess
import sys
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import structlog

from foraccio.api import botwork
from foraccio.api.asgi import ClientGone
from foraccio.api.limits import BotLimits
from foraccio.core.errors import EngineError, PluginError

if TYPE_CHECKING:
    from litestar.types import Receive

START_SECONDS = 120.0
"""Seconds a new process has to say it is ready (:data:`~foraccio.api.botwork.READY`)
before a job that waits for it is refused as busy and the process replaced: about 0.3 s
on a quiet machine, over 20 s beside other work at full load, niced as it is."""

STOP_GRACE = 2.0
"""Seconds a process is given to stop a job after it was told to (or after its own
deadline) before it is killed and replaced. Rounds of playouts take milliseconds;
this is for a bug, a machine under heavy load, or a huge pickle."""

logger = structlog.get_logger("foraccio.api.botpool")


class Busy(Exception):
    """Every process is busy and the queue is full: answer 503 ``busy``."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


class TimeLimit(Exception):
    """The job reached the ceiling on seconds with nothing to answer: 503 ``time_limit``."""

    def __init__(self, seconds: float, retry_after: int) -> None:
        super().__init__(seconds, retry_after)
        self.seconds = seconds
        self.retry_after = retry_after


class _Process:
    """One pool process and the server's end of its socket.

    Messages cross the socket framed as :mod:`multiprocessing.connection` frames them
    (the process reads and writes with a blocking ``Connection``): a 4-byte
    big-endian length, then that many bytes of pickle. The server's end is
    non-blocking and read through the event loop, which returns whatever has
    arrived so far: an answer larger than the socket's buffer comes in pieces, so
    every read is repeated until the announced length is in (:func:`_receive_exactly`).
    """

    def __init__(self, ceilings: botwork.Ceilings) -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "foraccio.api.botwork", str(theirs.fileno()),
                 repr(ceilings.seconds), str(ceilings.iterations)],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        # Non-blocking on every event loop alike (uvloop makes it so anyway).
        ours.setblocking(False)
        self.socket = ours
        self.pid = self.process.pid
        self.since: float | None = None
        """When the job in progress started (:func:`time.monotonic`), if any."""
        self.ready = False
        """Whether the process has said it is ready for jobs."""

    async def wait_until_ready(self, loop: asyncio.AbstractEventLoop) -> None:
        """Return once the process has said it is ready (at once after the first time);
        raise :class:`EOFError` if it died or said anything else."""
        if not self.ready:
            if await self.answer(loop) != botwork.READY:
                raise EOFError("a bot process did not start as it should")
            self.ready = True

    async def send(self, loop: asyncio.AbstractEventLoop, message: bytes) -> None:
        """Send a pickled job; an exception, cancellation included, may leave it half sent."""
        self.since = time.monotonic()
        await loop.sock_sendall(self.socket, _frame(message))

    def cancel(self) -> bool:
        """Tell the process to stop its job; False if the message could not go out whole."""
        message = _frame(botwork.CANCEL)
        try:
            return self.socket.send(message) == len(message)
        except OSError:  # the process is gone, or its socket full: nothing sane to stop
            return False

    async def answer(self, loop: asyncio.AbstractEventLoop) -> botwork.Answer:
        """The next answer on the socket; raise :class:`EOFError` if the process died."""
        (size,) = struct.unpack("!i", await _receive_exactly(loop, self.socket, 4))
        if size == -1:  # over 2 GiB: a longer length follows, as Connection writes it
            (size,) = struct.unpack("!Q", await _receive_exactly(loop, self.socket, 8))
        answer = pickle.loads(await _receive_exactly(loop, self.socket, size))
        self.since = None
        return answer

    def stop(self, timeout: float) -> None:
        """Close the socket (the process then exits) and wait; kill it if it does not."""
        self.cancel()
        self.socket.close()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _frame(message: bytes) -> bytes:
    if len(message) > 0x7FFFFFFF:
        return struct.pack("!iQ", -1, len(message)) + message
    return struct.pack("!i", len(message)) + message


async def _receive_exactly(loop: asyncio.AbstractEventLoop, sock: socket.socket,
                           size: int) -> bytearray:
    """Read exactly ``size`` bytes from ``sock``, however many reads that takes."""
    buffer = bytearray(size)
    view = memoryview(buffer)
    received = 0
    while received < size:
        count = await loop.sock_recv_into(sock, view[received:])
        if count == 0:
            raise EOFError("the bot process closed its socket")
        received += count
    return buffer


class BotPool:
    """Run bot jobs in ``limits.processes`` processes with ``limits.queue`` waiting places.

    Safe to use from several event loops (each request's waiting is done on its
    own loop), as the in-process test clients do.
    """

    def __init__(self, limits: BotLimits) -> None:
        self.limits = limits
        self._ceilings = botwork.Ceilings(limits.seconds, limits.iterations)
        self._lock = threading.Lock()
        self._processes: list[_Process] = []
        self._idle: list[_Process] = []
        self._waiting: deque[asyncio.Future[_Process]] = deque()
        """Requests over the API waiting for a process, first come first served."""
        self._rooms_waiting: dict[str, deque[asyncio.Future[_Process]]] = {}
        """Rooms' jobs waiting, by room, the rooms in the order of their next turn."""
        self._turns = _Turns(limits.rooms_share)
        self._settling: set[asyncio.Task[None]] = set()
        self.cancelled = 0
        """Jobs cancelled so far because their client went away."""

    # --- life -----------------------------------------------------------------------

    def start(self) -> None:
        """Start the processes, if not running (at start-up, or on the first job; again
        after :meth:`close` if the app starts again, as test clients do)."""
        with self._lock:
            if self._processes:
                return
            self._processes = [_Process(self._ceilings) for _ in range(self.limits.processes)]
            self._idle = list(self._processes)

    def close(self) -> None:
        """Stop every process: a job in progress is cancelled; waiting requests get
        :class:`Busy`."""
        with self._lock:
            processes, self._processes, self._idle = self._processes, [], []
            waiting = [*self._waiting, *(turn for room in self._rooms_waiting.values()
                                         for turn in room)]
            self._waiting, self._rooms_waiting = deque(), {}
        for future in waiting:
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits there
                future.get_loop().call_soon_threadsafe(_fail, future, Busy(1))
        for process in processes:
            process.stop(timeout=1.0)

    # --- work -----------------------------------------------------------------------

    async def run(self, job: botwork.Job, receive: Receive | None = None,
                  room: str | None = None) -> Any:
        """Run ``job`` in a process and return its result.

        ``room`` names the room whose bot asks (its job waits among the rooms', never
        refused for a full queue); None is a request over the API.
        Raise :class:`Busy` at once when no process is free and the queue is full,
        :class:`ClientGone` when ``receive`` (the request's ASGI receive) says the
        client disconnected, :class:`TimeLimit` at the ceiling on seconds, and the
        job's :class:`~foraccio.core.errors.EngineError` as the engine raised it.
        """
        self.start()
        loop = asyncio.get_running_loop()
        gone: asyncio.Future[Any] = (loop.create_task(_disconnected(receive))
                                     if receive is not None else loop.create_future())
        try:
            process = await self._take(loop, gone, room)
            if gone.done():
                self._give(process)
                raise ClientGone
            answer = await self._work(loop, process, job, gone)
        finally:
            gone.cancel()
        if isinstance(answer, botwork.Done):
            return answer.result
        if isinstance(answer, botwork.Failed):
            raise EngineError(answer.message, answer.code)
        if isinstance(answer, botwork.Stopped):
            raise TimeLimit(self.limits.seconds, self.retry_after())
        if isinstance(answer, botwork.PluginFailed):
            logger.error("bot_job_plugin_failed", traceback=answer.traceback)
            raise PluginError(*answer.args)
        logger.error("bot_job_crashed", traceback=answer.traceback)
        raise RuntimeError("a bot job failed in its process")

    def retry_after(self) -> int:
        """Seconds until the first job running now reaches its ceiling (at least 1)."""
        now = time.monotonic()
        with self._lock:
            ends = [process.since + self.limits.seconds for process in self._processes
                    if process.since is not None]
        return max(1, math.ceil(min(ends, default=now + 1) - now))

    async def _take(self, loop: asyncio.AbstractEventLoop, gone: asyncio.Future[Any],
                    room: str | None) -> _Process:
        """An idle process, after waiting for a turn if need be (the API's requests in
        the queue, a room's jobs in the room's)."""
        with self._lock:
            if self._idle:
                return self._idle.pop()
            turn: asyncio.Future[_Process] = loop.create_future()
            if room is not None:
                self._rooms_waiting.setdefault(room, deque()).append(turn)
                full = False
            else:
                full = len(self._waiting) >= self.limits.queue
                if not full:
                    self._waiting.append(turn)
        if full:
            raise Busy(self.retry_after())
        try:
            await asyncio.wait((turn, gone), return_when=asyncio.FIRST_COMPLETED)
        except BaseException:  # this task was cancelled
            self._leave(turn, room)
            raise
        if not turn.done():
            self._leave(turn, room)
            raise ClientGone
        error = turn.exception()
        if error is not None:
            raise error
        return turn.result()

    def _leave(self, turn: asyncio.Future[_Process], room: str | None) -> None:
        """Take a request that gives up out of the queue (or its room's); pass on a
        process it was handed meanwhile."""
        with self._lock:
            waiting = self._waiting if room is None else self._rooms_waiting.get(room, deque())
            with contextlib.suppress(ValueError):
                waiting.remove(turn)
            if room is not None and not waiting:
                self._rooms_waiting.pop(room, None)
        if turn.done() and not turn.cancelled() and turn.exception() is None:
            self._give(turn.result())
        else:
            turn.cancel()

    async def _work(self, loop: asyncio.AbstractEventLoop, process: _Process,
                    job: botwork.Job, gone: asyncio.Future[Any]) -> botwork.Answer:
        """Send ``job`` to ``process`` and wait for its answer, the client going away, or
        the ceiling (and its grace) passing; then hand the process on."""
        try:
            message = pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:  # the job did not pickle: nothing was sent
            self._give(process)
            raise
        try:
            # The ceiling counts from the job's start, not from the process's.
            await asyncio.wait_for(process.wait_until_ready(loop), START_SECONDS)
        except TimeoutError:
            self._replace(process)
            logger.error("bot_process_not_started", pid=process.pid, seconds=START_SECONDS)
            raise Busy(self.retry_after()) from None
        except (EOFError, OSError):  # it died while it started: as if during the job
            self._replace(process)
            logger.error("bot_process_died", pid=process.pid)
            raise RuntimeError("a bot process died as it started") from None
        except BaseException:  # this request was cancelled meanwhile
            self._replace(process)
            raise
        try:
            await process.send(loop, message)
        except BaseException:  # the process died, or the job went out in part
            self._replace(process)
            raise
        answering = loop.create_task(process.answer(loop))
        try:
            await asyncio.wait((answering, gone), timeout=self.limits.seconds + STOP_GRACE,
                               return_when=asyncio.FIRST_COMPLETED)
        except BaseException:  # this task was cancelled: the job must stop all the same
            self._abandon(loop, process, answering, "request_cancelled")
            raise
        if not answering.done():
            client_gone = gone.done()
            self._abandon(loop, process, answering, "client_gone" if client_gone else "overran")
            if client_gone:
                raise ClientGone
            raise TimeLimit(self.limits.seconds, self.retry_after())
        try:
            answer = answering.result()
        except Exception:
            if process not in self._processes:  # the pool was closed: it stopped the job
                raise Busy(1) from None
            self._replace(process)
            logger.error("bot_process_died", pid=process.pid)
            raise RuntimeError("a bot process died during a job") from None
        self._give(process)
        return answer

    def _abandon(self, loop: asyncio.AbstractEventLoop, process: _Process,
                 answering: asyncio.Task[botwork.Answer], why: str) -> None:
        """Cancel the job in progress; hand the process on once it has stopped."""
        if why != "overran":
            self.cancelled += 1
        logger.info("bot_job_cancelled", why=why, pid=process.pid)
        if not process.cancel():
            answering.cancel()
            self._replace(process)
            return
        task = loop.create_task(self._settle(process, answering))
        self._settling.add(task)
        task.add_done_callback(self._settling.discard)

    async def _settle(self, process: _Process, answering: asyncio.Task[botwork.Answer]) -> None:
        try:
            await asyncio.wait_for(answering, STOP_GRACE)  # dropped: nobody waits for it
        except Exception:  # it did not stop in time, or died
            logger.warning("bot_process_replaced", pid=process.pid)
            self._replace(process)
            return
        self._give(process)

    def _replace(self, process: _Process) -> None:
        """Kill ``process`` and put a new one in its place."""
        process.stop(timeout=0.1)
        with self._lock:
            if process not in self._processes:  # the pool was closed meanwhile
                return
            self._processes.remove(process)
            fresh = _Process(self._ceilings)
            self._processes.append(fresh)
        self._give(fresh)

    def _give(self, process: _Process) -> None:
        """Hand an idle ``process`` to the first request waiting, or keep it idle."""
        with self._lock:
            if process not in self._processes:  # of a pool closed since: stopped already
                return
            while (turn := self._next_turn()) is not None:
                if turn.done():
                    continue
                try:
                    turn.get_loop().call_soon_threadsafe(self._hand, turn, process)
                except RuntimeError:  # its event loop is closed: nobody waits there
                    continue
                return
            self._idle.append(process)

    def _next_turn(self) -> asyncio.Future[_Process] | None:
        """Take the request whose turn is next out of its queue (the lock held): the
        API's or the rooms' as :class:`_Turns` says when both wait, and among rooms the
        first room's, which goes to the back of the round if it has more waiting."""
        if self._waiting and self._rooms_waiting:
            rooms_next = self._turns.rooms_next()
        elif self._waiting or self._rooms_waiting:
            rooms_next = bool(self._rooms_waiting)
        else:
            return None
        if not rooms_next:
            return self._waiting.popleft()
        room = next(iter(self._rooms_waiting))
        waiting = self._rooms_waiting.pop(room)
        turn = waiting.popleft()
        if waiting:
            self._rooms_waiting[room] = waiting  # a dict keeps order: now the last
        return turn

    def _hand(self, turn: asyncio.Future[_Process], process: _Process) -> None:
        # Runs in the waiting request's loop: it may have given up in the meantime.
        if turn.done():
            self._give(process)
        else:
            turn.set_result(process)


class _Turns:
    """Whose turn it is when requests over the API and rooms' bots both wait: a smooth
    weighted round robin of two. At each such turn each side earns its share of it
    (rooms ``rooms_share`` percent, the API the rest), and the side with more earned
    takes the turn and pays a whole one. So with half each they alternate, with 75 %
    rooms take three turns in four, spread out; and a side that waited alone meanwhile
    neither earned nor spent, so the count never drifts. Turns are counted, not
    seconds: every job stops at the same ceiling on seconds, so either side waits for
    a bounded number of the other's jobs, and counting keeps the rule this simple."""

    def __init__(self, rooms_share: int) -> None:
        self.rooms_share = rooms_share
        self.rooms_earned = 0
        self.api_earned = 0

    def rooms_next(self) -> bool:
        """Whether this turn is the rooms' (else the API's); both sides wait."""
        self.rooms_earned += self.rooms_share
        self.api_earned += 100 - self.rooms_share
        if self.rooms_earned > self.api_earned:
            self.rooms_earned -= 100
            return True
        self.api_earned -= 100
        return False


async def _disconnected(receive: Receive) -> None:
    """Return once the client has disconnected.

    Called after the body was read, ``receive`` answers at most an empty last body
    chunk (some servers send one) and then waits for ``http.disconnect``.
    """
    try:
        while (await receive())["type"] != "http.disconnect":
            pass
    except Exception:
        # A server that cannot say: never take the request for gone on a guess.
        await asyncio.get_running_loop().create_future()


def _fail(future: asyncio.Future[Any], error: Exception) -> None:
    if not future.done():
        future.set_exception(error)
