"""The page reads a room's Server-Sent Events with fetch() (EventSource cannot send the
link's Authorization header), so it parses the stream itself: ``EventStreamParser`` of
web/static/js/sse.js, run by Node, as the HTML standard's event stream interpretation
says, whatever the chunks the network cuts the stream into."""

from __future__ import annotations

import pytest

from tests.web.node import run_module

SCRIPT = """
import {EventStreamParser} from %s;
const chunkings = JSON.parse(process.argv[1]);
console.log(JSON.stringify(chunkings.map((chunks) => {
  const events = [];
  const parser = new EventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return {events, lastEventId: parser.lastEventId, retry: parser.retry};
})));
"""

ROOM = '{"room":"r","version":7}'
STREAM = (f"id: 7\nevent: room\ndata: {ROOM}\n\n"
          ": heartbeat\n\n"
          "event: presence\ndata: {\"spectators\":1}\n\n")
EXPECTED = [{"type": "room", "data": ROOM, "id": "7"},
            {"type": "presence", "data": '{"spectators":1}', "id": "7"}]


def parse(tmp_path, *chunkings: list[str]) -> list[dict]:
    return run_module(tmp_path, "sse.js", SCRIPT, list(chunkings))


def every_split(text: str) -> list[list[str]]:
    """The text in one chunk, and cut in two and in three at every place."""
    cuts = [[text], *([text[:i], text[i:]] for i in range(1, len(text)))]
    cuts += [[text[:i], text[i:i + 3], text[i + 3:]] for i in range(len(text) - 3)]
    return cuts


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_a_stream_parses_the_same_however_it_is_cut(tmp_path, newline):
    text = STREAM.replace("\n", newline)
    results = parse(tmp_path, *every_split(text))
    for chunks, result in zip(every_split(text), results, strict=True):
        assert result["events"] == EXPECTED, chunks
        assert result["lastEventId"] == "7"


def test_fields_as_the_standard_reads_them(tmp_path):
    (result,) = parse(tmp_path, [
        "\ufeffdata: one\ndata:two\ndata\n\n"  # a byte order mark; no space; no colon
        "data: three\nid: 8\nretry: 1500\nretry: soon\nfoo: bar\n\n"  # unknown fields ignored
        "event: nothing\n\n"  # no data: nothing dispatched, and the type is forgotten
        "data: four\n\n"
        "id\ndata: five\n\n"  # an empty id resets it
        "data: six\n",  # not ended by a blank line: never dispatched
    ])
    assert result["events"] == [
        {"type": "message", "data": "one\ntwo\n", "id": ""},
        {"type": "message", "data": "three", "id": "8"},
        {"type": "message", "data": "four", "id": "8"},
        {"type": "message", "data": "five", "id": ""},
    ]
    assert result["retry"] == 1500


def test_a_cr_at_the_end_of_a_chunk_and_a_lf_at_the_start_of_the_next_end_one_line(tmp_path):
    (once, twice) = parse(tmp_path, ["data: a\r", "\ndata: b\r", "\n\r", "\n"],
                          ["data: a\r", "\r\ndata: b\n\n"])
    assert once["events"] == [{"type": "message", "data": "a\nb", "id": ""}]
    assert twice["events"] == [{"type": "message", "data": "a", "id": ""},
                               {"type": "message", "data": "b", "id": ""}]
