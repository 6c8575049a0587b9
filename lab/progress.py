"""The progress bar of long runs (``foraccio compare``, ``foraccio simulate``): matches
played, their rate and the time left, and the hands played when bots are slow."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from foraccio.lab.runner import Chunk, ChunkFn, run_chunks


class RateColumn(ProgressColumn):
    """Matches per second, from rich's own estimate over the last seconds."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} matches/s", style="progress.data.speed")


class HandsColumn(ProgressColumn):
    """The hands played so far, when they are counted (slow bots: a match takes long)."""

    def render(self, task: Task) -> Text:
        hands = task.fields.get("hands")
        return Text("" if hands is None else f"{hands} hands", style="progress.data.speed")


def match_progress(console: Console | None) -> Progress:
    """A progress bar of matches on ``console``; a disabled one (that shows nothing)
    without it."""
    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                    MofNCompleteColumn(), TextColumn("matches"), HandsColumn(), RateColumn(),
                    TextColumn("left"), TimeRemainingColumn(),
                    console=console, disable=console is None,
                    # Standard output carries the report: leave it alone.
                    redirect_stdout=False, redirect_stderr=False)


def progress_console() -> Console | None:
    """Standard error as a rich console when it is a terminal; else None (no progress)."""
    console = Console(stderr=True)
    return console if console.is_terminal else None


def run_with_progress(console: Console | None, description: str, total: int, fn: ChunkFn,
                      work: Any, todo: Sequence[Chunk], *, done: int = 0, hands: bool = False,
                      workers: int = 1, dask: str | None = None
                      ) -> Iterator[tuple[Chunk, Any]]:
    """:func:`~foraccio.lab.runner.run_chunks` with a bar of ``total`` matches on ``console``
    (``done`` of them played before), counting each match as it is played on this
    machine (each chunk as it comes back from Dask) and, with ``hands``, the hands."""
    with match_progress(console) as bar:
        task = bar.add_task(description, total=total, completed=done,
                            hands=0 if hands else None)
        played_hands = 0

        def tick(matches: int, more_hands: int) -> None:
            nonlocal played_hands
            played_hands += more_hands
            bar.update(task, advance=matches, hands=played_hands if hands else None)

        # Dask's workers do not report each match: the bar moves by chunks there.
        ticking = dask is None
        for chunk, result in run_chunks(fn, work, todo, workers=workers, dask=dask,
                                        tick=tick if ticking else None):
            if not ticking:
                bar.advance(task, chunk.stop - chunk.start)
            yield chunk, result
