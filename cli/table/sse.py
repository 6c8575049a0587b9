"""Server-Sent Events read from the lines of a stream, as the HTML standard's event
stream parser reads them (https://html.spec.whatwg.org/multipage/server-sent-events.html).

A message is the ``event``, ``data`` and ``id`` fields up to a blank line; ``data``
lines are joined with a newline; a line starting with ``:`` is a comment (a room's
stream sends one as its heartbeat); a field without a colon has an empty value; one
space after the colon is dropped. ``retry`` and unknown fields are ignored: the room
table chooses its own reconnection delays.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple


class Message(NamedTuple):
    """One event of the stream."""

    event: str
    """Its type: ``room``, ``presence``; ``message`` when the stream names none."""
    data: str
    last_id: str | None
    """The stream's last event id once this message arrived (its own ``id``, or the one
    before): what a reconnection sends as ``Last-Event-ID``."""


def messages(lines: Iterable[str]) -> Iterator[Message]:
    """The messages of a stream given as its lines (without their line ends)."""
    data: list[str] = []
    event = ""
    last_id: str | None = None
    for line in lines:
        if not line:
            if data:
                yield Message(event or "message", "\n".join(data), last_id)
            data, event = [], ""
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            data.append(value)
        elif name == "event":
            event = value
        elif name == "id" and "\0" not in value:
            last_id = value
