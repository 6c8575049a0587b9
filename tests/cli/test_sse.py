"""Server-Sent Events read as the HTML standard reads them (:mod:`foraccio.cli.table.sse`)."""

from __future__ import annotations

from foraccio.cli.table.sse import Message, messages


def test_a_room_stream_reads_as_its_messages():
    lines = ["id: 7", "event: room", 'data: {"version": 7}', "",
             ": heartbeat", "",
             "event: presence", 'data: {"spectators": 1}', ""]
    assert list(messages(lines)) == [Message("room", '{"version": 7}', "7"),
                                     Message("presence", '{"spectators": 1}', "7")]


def test_data_lines_join_and_fields_read_as_the_standard_says():
    lines = ["data:first", "data:  second", "data", "retry: 5000", "unknown: field", "",
             "id", "data: after an empty id", "", "id: a\0b", "data: a bad id is ignored",
             ""]
    assert list(messages(lines)) == [Message("message", "first\n second\n", None),
                                     Message("message", "after an empty id", ""),
                                     Message("message", "a bad id is ignored", "")]


def test_a_message_cut_off_before_its_blank_line_is_not_dispatched():
    assert list(messages(["event: room", "data: {}"])) == []
    assert list(messages(["event: room", ""])) == []  # no data: nothing to dispatch
