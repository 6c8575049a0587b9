"""The progress bar of long runs (``foraccio compare``, ``foraccio simulate``): matches
played, their rate and the time left, and the hands played when bots are slow."""

from __future__ import annotations

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
