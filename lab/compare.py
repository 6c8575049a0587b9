"""A comparison: every setup plays the same seeds, chunk by chunk, on whatever runs them,
kept in a results file, then reported (:mod:`foraccio.lab.report`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec
from rich.console import Console

from foraccio.bots import Budget
from foraccio.core.words import DEFAULT_LANGUAGE
from foraccio.lab import results
from foraccio.lab.play import Match, Work, matches_of, play_chunk
from foraccio.lab.progress import run_with_progress
from foraccio.lab.report import summary
from foraccio.lab.runner import CHUNK, chunks
from foraccio.lab.setups import Setup, searching, seating_of
from foraccio.lab.speech import Speech


class Outcome(NamedTuple):
    """The report (None when no match was played), and whether a stop (Ctrl-C) cut the
    run short."""

    report: dict[str, Any] | None
    stopped: bool


def chunk_size(setups: Sequence[Setup]) -> int:
    """Matches per chunk: one when a bot searches (a match takes seconds or more)."""
    return 1 if searching(setups) else CHUNK


def compare(setups: Sequence[Setup], matches: int, seed: int, *,
            budget: Budget | None = None, workers: int = 1, dask: str | None = None,
            results_file: Path | None = None, resume: bool = False,
            progress: Console | None = None, language: str = DEFAULT_LANGUAGE) -> Outcome:
    """Play ``matches`` seeds in every setup and report (against the first setup).

    The report is the same whatever ``workers`` or ``dask`` is. With ``results_file``,
    each chunk is written there as it is done; with ``resume``, the chunks already
    there are kept and only the missing ones played (raise
    :class:`~foraccio.lab.results.ResumeError` when the file is another run's). A
    KeyboardInterrupt stops the run: what was played is reported (``stopped``), in
    ``language``.
    """
    setups = tuple(setups)
    work = Work(setups, seed, budget)
    size = chunk_size(setups)
    run = {"setups": msgspec.to_builtins(setups), "seed": seed, "matches": matches,
           "chunk": size, "budget": msgspec.to_builtins(budget)}
    done: dict[int, list[list[Match]]] = {}
    out = None
    if results_file is not None:
        if resume:
            done, out = results.resume(results_file, run, Speech(language))
        else:
            out = results.start(results_file, run)
    todo = [chunk for chunk in chunks(matches, size) if chunk.index not in done]
    stopped = False
    try:
        for chunk, played in run_with_progress(
                progress, "compare", matches, play_chunk, work, todo,
                done=sum(map(len, done.values())), hands=searching(setups), workers=workers,
                dask=dask, language=language):
            done[chunk.index] = played
            if out is not None:
                results.append(out, chunk.index, played)
    except KeyboardInterrupt:
        stopped = True
    finally:
        if out is not None:
            out.close()
    if not done:
        return Outcome(None, stopped)
    teams = seating_of(setups[0].variant, setups[0].options, setups[0].house_rules).teams
    played = matches_of([done[index] for index in sorted(done)])
    return Outcome(summary(setups, teams, seed, played, matches, language), stopped)
