"""Running a lab's chunks: in this process, in local processes, or on a Dask cluster.

The work is cut into chunks of match numbers fixed in advance (:func:`chunks`), whatever
runs them; the chunks come back in whatever order they finish and the caller keeps each
under its number, so the figures made from them in match order are the same, byte for
byte, on one process, on every core, or on a cluster (``dask.distributed``; a worker
that dies has its chunks played again elsewhere, by the same seeds).

A chunk function is ``fn(work, start, stop, tick)``: module-level (it is pickled by
name into the workers), pure but for ``tick``, which it calls, when it is given, as
``tick(0, 1)`` after each hand and ``tick(1, 0)`` after each match, for the progress
bar.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

Tick = Callable[[int, int], None]
"""``tick(matches, hands)``: that many more matches and hands were played."""

ChunkFn = Callable[[Any, int, int, Tick | None], Any]


CHUNK = 10
"""Matches per chunk with fast bots: a fraction of a second's work per setup, so a stop
loses little and the work spreads evenly over the workers (a searching bot's match
takes minutes: one a chunk)."""


class Chunk(NamedTuple):
    """Chunk ``index``: the matches ``start`` to ``stop - 1``."""

    index: int
    start: int
    stop: int


def chunks(matches: int, size: int) -> list[Chunk]:
    """``matches`` cut into chunks of ``size`` (the last one shorter)."""
    return [Chunk(index, start, min(start + size, matches))
            for index, start in enumerate(range(0, matches, size))]


def default_workers() -> int:
    """Every core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def run_chunks(fn: ChunkFn, work: Any, todo: Sequence[Chunk], *, workers: int = 1,
               dask: str | None = None, tick: Tick | None = None
               ) -> Iterator[tuple[Chunk, Any]]:
    """Play the chunks ``todo`` of ``work``; yield each chunk with its result as it is
    done.

    ``dask`` is a Dask scheduler's address (``tcp://host:8786``; OSError when it cannot
    be reached within Dask's connect timeout, ``distributed.comm.timeouts.connect``);
    without it ``workers`` processes of this machine play (1: this very process).
    ``tick`` is told of each match and hand played, on this machine only (on Dask only
    whole chunks report). Closing the iterator early (or a KeyboardInterrupt) stops the
    workers: what they were playing is dropped.
    """
    if not todo:
        return
    if dask is not None:
        yield from _on_dask(fn, work, todo, dask)
    elif workers <= 1 or len(todo) == 1:
        for chunk in todo:
            yield chunk, fn(work, chunk.start, chunk.stop, tick)
    else:
        yield from _on_processes(fn, work, todo, workers, tick)


# --- local processes -------------------------------------------------------------------

_ticks: Any = None
"""In a worker process: the queue on which it counts matches and hands (None: nobody
listens)."""


def _start_worker(ticks: Any) -> None:
    global _ticks
    _ticks = ticks
    # Ctrl-C reaches every process of the terminal's group: the parent stops the
    # workers itself, so they must not die in the middle of writing a result.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _tick(matches: int, hands: int) -> None:
    _ticks.put((matches, hands))


def _play(task: tuple[ChunkFn, Any, Chunk]) -> tuple[Chunk, Any]:
    fn, work, chunk = task
    return chunk, fn(work, chunk.start, chunk.stop, None if _ticks is None else _tick)


def _on_processes(fn: ChunkFn, work: Any, todo: Sequence[Chunk], workers: int,
                  tick: Tick | None) -> Iterator[tuple[Chunk, Any]]:
    # spawn, not fork: the parent has threads (rich's progress display) that a fork
    # would copy in whatever state they are.
    context = multiprocessing.get_context("spawn")
    queue = context.SimpleQueue() if tick is not None else None
    pool = context.Pool(min(workers, len(todo)), _start_worker, (queue,))
    try:
        results = pool.imap_unordered(_play, [(fn, work, chunk) for chunk in todo])
        for _ in todo:
            while True:
                try:
                    done = results.next(timeout=0.2)
                    break
                except multiprocessing.TimeoutError:
                    _count(queue, tick)
            _count(queue, tick)
            yield done
    finally:
        pool.terminate()
        pool.join()


def _count(queue: Any, tick: Tick | None) -> None:
    if queue is None:
        return
    matches = hands = 0
    while not queue.empty():
        more_matches, more_hands = queue.get()
        matches, hands = matches + more_matches, hands + more_hands
    if matches or hands:
        tick(matches, hands)


# --- Dask ------------------------------------------------------------------------------


def _on_dask(fn: ChunkFn, work: Any, todo: Sequence[Chunk], address: str
             ) -> Iterator[tuple[Chunk, Any]]:
    from distributed import Client, as_completed

    with Client(address) as client:
        # pure=False: every run gets tasks of its own, never a result the scheduler
        # still holds from another run with the same arguments.
        futures = {client.submit(_play_on_dask, fn, work, chunk, pure=False): chunk
                   for chunk in todo}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            client.cancel(list(futures))


def _play_on_dask(fn: ChunkFn, work: Any, chunk: Chunk) -> Any:
    return fn(work, chunk.start, chunk.stop, None)
