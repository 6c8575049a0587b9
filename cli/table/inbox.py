"""What the room table waits on: the room's news from its event stream and the lines the
person types, one queue in the order they came.

Each source is read by a thread of its own, so that the table shows another seat's play
the moment it arrives, even while it waits for the person to type. The keyboard is
read from the file descriptor itself (``os.read``), not through ``sys.stdin``: a thread
blocked in it holds no lock that the interpreter needs when it exits.
"""

from __future__ import annotations

import codecs
import os
import queue
import threading
import time
from collections.abc import Iterator
from typing import Any, NamedTuple

from foraccio.cli.table.base import TableError

SLICE = 0.2
"""Seconds the main thread waits at a time, so that Ctrl-C reaches it promptly."""


class News(NamedTuple):
    """One thing that arrived.

    ``kind`` is ``room`` (a new version of the room: ``value`` is the RoomView),
    ``presence`` (who has the room open: ``{"seats", "spectators"}``), ``lost`` (the
    stream dropped: ``value`` says why; it is being reconnected), ``back`` (reconnected),
    ``failed`` (the stream cannot go on: ``value`` is the :class:`TableError`), ``line``
    (a line the person typed) or ``eof`` (the keyboard is closed: Ctrl-D)."""

    kind: str
    value: Any = None


class Inbox:
    """The queue the room table reads, and the threads that fill it."""

    def __init__(self) -> None:
        self._queue: queue.Queue[News] = queue.Queue()

    def put(self, news: News) -> None:
        self._queue.put(news)

    def get(self, timeout: float | None = None) -> News | None:
        """The next news; None when ``timeout`` seconds pass without any."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = SLICE if deadline is None else min(SLICE, deadline - time.monotonic())
            if wait <= 0:
                return None
            try:
                return self._queue.get(timeout=wait)
            except queue.Empty:
                continue

    def listen(self, stream: Iterator[News]) -> None:
        """Put each news of ``stream`` (the room's,
        :meth:`foraccio.cli.table.room.RoomTable.follow`) in the queue, from a thread; a
        :class:`TableError` that ends it arrives as ``failed``."""
        threading.Thread(target=self._listen, args=(stream,), name="room-stream",
                         daemon=True).start()

    def read_keyboard(self, fd: int) -> None:
        """Put each line typed on ``fd`` (the terminal) in the queue, from a thread; then
        ``eof``."""
        threading.Thread(target=self._read_keyboard, args=(fd,), name="keyboard",
                         daemon=True).start()

    def _listen(self, stream: Iterator[News]) -> None:
        try:
            for news in stream:
                self.put(news)
        except TableError as error:
            self.put(News("failed", error))

    def _read_keyboard(self, fd: int) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending = ""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                self.put(News("eof"))
                return
            pending += decoder.decode(chunk)
            *lines, pending = pending.split("\n")
            for line in lines:
                self.put(News("line", line.removesuffix("\r")))
