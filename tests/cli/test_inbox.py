"""The room table's inbox (:mod:`foraccio.cli.table.inbox`): the room's news and the person's lines
in one queue, each read by a thread of its own."""

from __future__ import annotations

import os

from foraccio.cli.table.base import TableError
from foraccio.cli.table.inbox import Inbox, News


def test_lines_typed_arrive_whole_then_the_end_of_the_keyboard():
    inbox = Inbox()
    reading, writing = os.pipe()
    inbox.read_keyboard(reading)
    os.write(writing, b"1\r\n7c\n5d+")
    os.write(writing, b"2d3b\nre \xc3")  # an \xe8 (UTF-8 \xc3\xa8) cut in two reads
    os.write(writing, b"\xa8\n")
    os.close(writing)
    got = [inbox.get(timeout=5) for _ in range(5)]
    os.close(reading)
    assert got == [News("line", "1"), News("line", "7c"), News("line", "5d+2d3b"),
                   News("line", "re \xe8"), News("eof")]


def test_a_stream_s_news_arrive_and_its_failure_too():
    def stream():
        yield News("room", {"version": 2})
        raise TableError("The room is gone.", "room_not_found")

    inbox = Inbox()
    inbox.listen(stream())
    assert inbox.get(timeout=5) == News("room", {"version": 2})
    failed = inbox.get(timeout=5)
    assert failed.kind == "failed" and failed.value.code == "room_not_found"
    assert inbox.get(timeout=0.05) is None
