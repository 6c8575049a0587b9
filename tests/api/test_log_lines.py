"""The log's lines (api/logging.py, :class:`LogLines`) on a file that stops taking writes:
here a pipe whose reader lags (non-blocking, so a full pipe refuses at once, as a full
disk does). A line refused is dropped, never raised; once the file takes writes again,
the first line says how many were lost; a line the file took only part of is ended
before the next, so that each line stays one event."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from foraccio.api.logging import LogLines


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    yield reader, writer
    os.close(reader)
    os.close(writer)


def fill(writer: int) -> int:
    """Fill the pipe; how many bytes it holds."""
    held = 0
    while True:
        try:
            held += os.write(writer, b"." * 4096)
        except BlockingIOError:
            return held


def drain(reader: int, size: int) -> bytes:
    read = b""
    while len(read) < size:
        read += os.read(reader, size - len(read))
    return read


def log_lines(writer: int) -> LogLines:
    return LogLines(os.fdopen(writer, "wb", buffering=0, closefd=False),
                    lambda count: f"dropped {count}")


def test_lines_a_full_file_refuses_are_dropped_and_counted_and_said_once(pipe):
    reader, writer = pipe
    lines = log_lines(writer)
    held = fill(writer)
    lines.info(b'{"event":"lost"}')
    lines.error("lost too")
    assert lines.dropped == 2
    assert set(drain(reader, held)) == {ord(".")}
    lines.info(b'{"event":"kept"}')
    lines.info(b'{"event":"kept too"}')
    written = b'dropped 2\n{"event":"kept"}\n{"event":"kept too"}\n'
    assert drain(reader, len(written)) == written
    assert lines.dropped == 0


def test_a_line_cut_short_is_ended_before_the_next(pipe):
    reader, writer = pipe
    lines = log_lines(writer)
    held = fill(writer)
    drain(reader, 4096)  # room for part of the next line only
    lines.info(b"x" * held)
    assert lines.dropped == 1
    assert drain(reader, held) == b"." * (held - 4096) + b"x" * 4096
    lines.info(b"next")
    written = b"\ndropped 1\nnext\n"
    assert drain(reader, len(written)) == written
