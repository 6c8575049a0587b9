"""The results file of a lab run: JSON lines, the run's description first, then one line
per chunk as it is done, so that a run stopped (Ctrl-C, a machine gone) keeps what was
played and ``--resume`` plays only the chunks still missing.

A line cut short by a stop in the middle of a write is ignored on reading: its chunk is
played again.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

import msgspec

from foraccio.lab.play import Match
from foraccio.lab.speech import ENGLISH, Speech

FORMAT = 1
"""The version of the file's layout (the first line's ``foraccio_lab``)."""


class ResumeError(Exception):
    """The results file cannot be continued by this run (missing, not a results file, or
    another run's)."""


class _Chunk(msgspec.Struct):
    chunk: int
    matches: list[list[Match]]


def start(path: Path, run: dict[str, Any]) -> IO[bytes]:
    """A new results file at ``path`` for ``run`` (replacing any), open to append chunks."""
    out = path.open("wb")
    out.write(msgspec.json.encode({"foraccio_lab": FORMAT, "run": run}) + b"\n")
    out.flush()
    return out


def resume(path: Path, run: dict[str, Any], _: Speech = ENGLISH
           ) -> tuple[dict[int, list[list[Match]]], IO[bytes]]:
    """The chunks already in the results file at ``path`` (by number), and the file open to
    append more. Raise :class:`ResumeError` (in the language of ``_``) unless it is the
    file of this very ``run``."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as error:
        raise ResumeError(_("cannot read {file}: {error}").format(
            file=path, error=error.strerror)) from None
    try:
        header = msgspec.json.decode(lines[0])
    except msgspec.DecodeError:
        header = None
    if not isinstance(header, dict) or header.get("foraccio_lab") != FORMAT:
        raise ResumeError(_("{file} is not a results file of foraccio compare").format(
            file=path))
    if header.get("run") != msgspec.json.decode(msgspec.json.encode(run)):
        raise ResumeError(_("{file} holds another run (other setups, seed or number of "
                            "matches): give the same arguments as the run it holds").format(
                                file=path))
    done = {}
    for line in lines[1:]:
        try:
            chunk = msgspec.json.decode(line, type=_Chunk)
        except msgspec.DecodeError:
            continue  # the end of a line cut short, or the file's last newline
        done[chunk.chunk] = chunk.matches
    out = path.open("ab")
    if lines[-1]:
        out.write(b"\n")  # after a line cut short, start a line of our own
    return done, out


def append(out: IO[bytes], chunk: int, matches: list[list[Match]]) -> None:
    """Add a chunk's matches to the results file, written through to the disk's cache."""
    out.write(msgspec.json.encode(_Chunk(chunk, matches)) + b"\n")
    out.flush()
