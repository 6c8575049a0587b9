"""``POST /games/play`` of an open state this worker answered, or of a sealed game,
without Litestar's routing.

It is the request a client playing a match sends all match long, and the one ``make
bench`` loads at 50 connections. Under that load a
worker answers one request at a time, so a request waits for the CPU of all those
ahead of it: the p99 is about fifty times the CPU of one play. Of that CPU the play
itself (decoding the body, the receipt's MAC and lookup, the engine's play, the answer
signed and encoded) was a third; Litestar's layers around it (CORS, exception
handling, routing, the body's extraction and the response's building) the rest.
:class:`FastPlay` answers this one request with the handler's own pieces and none of
those layers:

- only a request Litestar would answer the same way: ``POST /games/play`` without a
  query string or an ``Origin`` (CORS answers add headers: a browser's requests, the
  web table's among them, carry one and go through Litestar), with one JSON
  ``Content-Type`` and a ``Content-Length`` within
  :data:`~foraccio.api.decoding.MAX_BODY_SIZE`;
- the body decoded by the handler's own strict decoder (repeated keys refused alike);
  an open state whose receipt is this server's
  (:meth:`~foraccio.api.posted.Posted.answered`: never the bot pool), or a sealed
  game's token with the key of the seat to play
  (:func:`~foraccio.api.controllers.games.sealed_game`); played by the handler's own
  :func:`~foraccio.api.controllers.games.played`, and encoded as Litestar encodes it.

It sits right below the request log (:class:`~foraccio.api.logging.RequestLog`), above
the two layers every other request goes through, whose work it does itself for its
answers: it reads the body as :class:`~foraccio.api.asgi.WholeBody` does, whole once
``Content-Length`` bytes are in and within the same time, and gives its answers the
headers of :class:`~foraccio.api.answer_headers.AnswerHeaders` (a play's answer says no
language). Going through both cost a play about 4 % of its instructions in process.

Any other request, and any of these that fails at any step (a body that does not
decode, a state without a valid receipt, a bad token or seat key, an illegal move, a
slow body, a client gone), goes to those layers and Litestar as it came, with what was
read of its body and, for a slow body, the timeout WholeBody answers 408: the problem
documents, the checks in full and the pool are Litestar's as before. What it may
repeat there has no effect but its cost (a failed decode, a MAC, a lookup, a token
opened, a refused play). tests/api/test_fastplay.py checks that both ways answer alike
(the same bytes and headers; a sealed game's new token differs, as two tokens of one
game always do, and plays on the same).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from litestar.serialization import encode_json

from foraccio.api.answer_headers import HEADERS as ANSWER_HEADERS
from foraccio.api.controllers.games import Game, played, sealed_game
from foraccio.api.decoding import MAX_BODY_SIZE, StrictBody, decode_strictly, is_json
from foraccio.api.posted import Posted
from foraccio.api.schemas import PlayRequest

if TYPE_CHECKING:
    from litestar.types import ASGIApp, Message, Receive, Scope, Send

PATH = "/games/play"
_JSON = (b"content-type", b"application/json")


class FastPlay:
    """ASGI middleware in front of the app's own (``app``: the answer headers, the whole
    body, Litestar) answering the plays of answered open states and of sealed games."""

    def __init__(self, app: ASGIApp, posted: Posted, body_seconds: float) -> None:
        self.app = app
        self.posted = posted
        self.body_seconds = body_seconds
        self.decoder = StrictBody.decoder(PlayRequest)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = None
        if (scope["type"] == "http" and scope["path"] == PATH and scope["method"] == "POST"
                and not scope["query_string"] and not scope.get("root_path")):
            length = _plain_json_length(scope["headers"])
        if length is None:
            await self.app(scope, receive, send)
            return
        # The body read as WholeBody reads it: within the same time, and no more receive()
        # once its length is in (granian would answer one more with an empty chunk).
        # A client gone is a message (http.disconnect), not an error: Litestar's below.
        read: list[Message] = []
        timed_out = False
        try:
            async with asyncio.timeout(self.body_seconds):
                while length > 0:
                    message = await receive()
                    read.append(message)
                    if message["type"] != "http.request" or not message.get("more_body"):
                        break
                    length -= len(message.get("body", b""))
        except TimeoutError:
            # A slow body: WholeBody's 408, asked for after this block, so that the error
            # is not the context of every one raised in Litestar (see _replaying).
            timed_out = True
        if timed_out:
            await self.app(scope, _replaying(read, receive, timed_out=True), send)
            return
        try:
            answer = self._answer(read)
        except Exception:  # a bad body, an illegal move: Litestar answers its problem
            answer = None
        if answer is None:
            await self.app(scope, _replaying(read, receive), send)
            return
        await send({"type": "http.response.start", "status": 200, "headers": [
            _JSON, (b"content-length", str(len(answer)).encode()), *ANSWER_HEADERS]})
        await send({"type": "http.response.body", "body": answer, "more_body": False})

    def _answer(self, read: list[Message]) -> bytes | None:
        """The answer's body, or None when this request is Litestar's to answer."""
        if not read or read[-1]["type"] != "http.request":
            return None
        data = decode_strictly(self.decoder, b"".join(m.get("body", b"") for m in read))
        posted = self.posted
        if data.state is None:  # a sealed game: no pool there either
            game = sealed_game(data, posted.sealer, posted, acting=True)
        elif data.token is not None or data.seat_key is not None:
            return None
        else:
            match = posted.answered(data.state)
            if match is None:
                return None
            game = Game(match.state, earlier=match.earlier)
        return encode_json(played(posted, game, data))


def _plain_json_length(headers) -> int | None:
    """The body's length if the request has one JSON ``Content-Type``, a ``Content-Length``
    in bounds and no ``Origin``; else None."""
    content_types = 0
    length = None
    for name, value in headers:
        if name == b"content-type":
            if not is_json(value):
                return None
            content_types += 1
        elif name == b"content-length":
            if length is not None or not value.isdigit() or len(value) > 18:
                return None
            length = int(value)
        elif name in (b"origin", b"transfer-encoding"):
            return None
    if content_types == 1 and length is not None and length <= MAX_BODY_SIZE:
        return length
    return None


def _replaying(read: list[Message], receive: Receive, timed_out: bool = False) -> Receive:
    """``receive`` as Litestar would have met it: the messages read already, then the rest;
    or, when the body's time ran out (``timed_out``), a :class:`TimeoutError` on every
    call after them, as WholeBody's own deadline would raise it.

    After a timeout the real ``receive`` is never awaited again: WholeBody's deadline
    starts when it is called, after this one has passed, and would give the body a second
    wait. Each error is new and raised from no variable: an exception kept in this frame
    (a local, or this closure's cell) sits in a cycle with its own traceback, which holds
    this frame and, through ``receive``, granian's protocol. That protocol owns the
    request body; while it lives, granian (hyper) keeps reading a body that never comes
    and holds the connection open despite the 408's ``Connection: close``, until the
    cyclic garbage collector runs, which a quiet worker (after ``gc.freeze()``) may not
    do for a long time."""
    pending = read[::-1]

    async def replay() -> Message:
        if pending:
            return pending.pop()
        if timed_out:
            raise TimeoutError
        return await receive()

    return replay
