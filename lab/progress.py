"""The progress bar of long runs (``foraccio compare``, ``foraccio simulate``): matches
played, their rate and the time left, and the hands played when bots are slow, in the
run's language."""

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

from foraccio.core.words import DEFAULT_LANGUAGE
from foraccio.lab.runner import Chunk, ChunkFn, run_chunks
from foraccio.lab.speech import Speech


class RateColumn(ProgressColumn):
    """Matches per second, from rich's own estimate over the last seconds."""

    def __init__(self, _: Speech) -> None:
        super().__init__()
        self.speech = _

    def render(self, task: Task) -> Text:
        _ = self.speech
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else _("{rate} matches/s").format(
            rate=_.number(speed, ".1f")), style="progress.data.speed")


class HandsColumn(ProgressColumn):
    """The hands played so far, when they are counted (slow bots: a match takes long)."""

    def __init__(self, _: Speech) -> None:
        super().__init__()
        self.speech = _

    def render(self, task: Task) -> Text:
        hands = task.fields.get("hands")
        return Text("" if hands is None else self.speech.plural(
            "{count} hand", "{count} hands", hands).format(count=hands),
            style="progress.data.speed")


def match_progress(console: Console | None, _: Speech) -> Progress:
    """A progress bar of matches on ``console`` in the language of ``_``; a disabled one
    (that shows nothing) without it."""
    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                    MofNCompleteColumn(), TextColumn(_("matches")), HandsColumn(_),
                    RateColumn(_), TextColumn(_("left")), TimeRemainingColumn(),
                    console=console, disable=console is None,
                    # Standard output carries the report: leave it alone.
                    redirect_stdout=False, redirect_stderr=False)


def progress_console() -> Console | None:
    """Standard error as a rich console when it is a terminal; else None (no progress)."""
    console = Console(stderr=True)
    return console if console.is_terminal else None


def run_with_progress(console: Console | None, description: str, total: int, fn: ChunkFn,
                      work: Any, todo: Sequence[Chunk], *, done: int = 0, hands: bool = False,
                      workers: int = 1, dask: str | None = None,
                      language: str = DEFAULT_LANGUAGE) -> Iterator[tuple[Chunk, Any]]:
    """:func:`~foraccio.lab.runner.run_chunks` with a bar of ``total`` matches on ``console``
    (``done`` of them played before), counting each match as it is played on this
    machine (each chunk as it comes back from Dask) and, with ``hands``, the hands; its
    words in ``language``."""
    with match_progress(console, Speech(language)) as bar:
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
