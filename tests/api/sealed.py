"""Helpers of the sealed-game tests: posting, looking inside tokens, and *twins*.

A twin of a state, for a seat, is the same match with the cards that seat
cannot see dealt anew among the other seats: everything the seat has seen is
the same, so every answer to that seat must be the same too.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import NamedTuple

from msgspec.structs import replace

from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.posted import Receipts
from foraccio.api.sealing import Sealer
from foraccio.core.cards import sort_cards
from foraccio.core.model import Declared, State

SEALER = Sealer(EXAMPLE_SECRET.encode())
"""The tests' app seals with the example secret (see conftest), so tests can look inside."""

RECEIPTS = Receipts(SEALER.receipt_key)
"""The receipts of the tests' app, so tests can make states as it answers them."""


class Answer(NamedTuple):
    """An answer of :class:`DirectClient`, read as an httpx response is."""

    status_code: int
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode()

    def json(self):
        return json.loads(self.content)


class DirectClient:
    """POSTs straight into the ASGI app, in one event loop of its own.

    The probes send tens of thousands of requests. Each goes through the whole
    app (request log, routing, strict decoding, problem documents); only the
    HTTP client is skipped: a ``TestClient`` request spends about 1 ms in httpx
    and its thread portal, five times what the app takes.
    """

    def __init__(self, app) -> None:
        self.app = app
        self.loop = asyncio.new_event_loop()

    def close(self) -> None:
        self.loop.close()

    def post(self, path: str, json: dict) -> Answer:
        return self.loop.run_until_complete(self._call(path, _encode(json)))

    async def _call(self, path: str, body: bytes) -> Answer:
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
                 "query_string": b"", "root_path": "", "client": ("test", 1),
                 "server": ("test", 80), "headers": [
                     (b"content-type", b"application/json"),
                     (b"content-length", str(len(body)).encode())]}
        messages = [{"type": "http.request", "body": body, "more_body": False}]
        status, chunks = 0, []
        answered = asyncio.Event()

        async def receive():
            if messages:
                return messages.pop()
            # As a server does: the client is there until it has its answer (the bot
            # pool takes an earlier disconnect for a client gone, and stops its work).
            await answered.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if not message.get("more_body"):
                    answered.set()

        await self.app(scope, receive, send)
        return Answer(status, b"".join(chunks))


def _encode(body: dict) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


def post(client, path: str, body: dict, status: int = 200) -> dict:
    """POST ``body`` to ``path``; check the status and return the JSON answer."""
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()


def sealed_game(client, variant: str = "foraccio", **fields) -> dict:
    """A new sealed match through HTTP: ``{token, counter, seat_keys, view}``; its seed is
    the server's (a sealed game takes none)."""
    return post(client, "/games", {"variant": variant, "sealed": True, **fields})


def hidden_from(seat: int, token: str) -> set[str]:
    """The cards in the other seats' hands and in the stock of the game in ``token``, but
    those a hand declared (shown to everyone, ``foraccio_declarations``)."""
    state = SEALER.open(token).engine_state()
    return {*state.stock, *(card for other, hand in enumerate(state.hands)
                            if other != seat for card in hand)} - declared_in(state)


def declared_in(state: State) -> set[str]:
    """The cards the hands of ``state``'s current hand showed when they declared."""
    return {card for event in state.events if type(event) is Declared for card in event.cards}


def strings_in(value) -> set[str]:
    """Every string anywhere in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {*value, *(s for item in value.values() for s in strings_in(item))}
    if isinstance(value, list):
        return {s for item in value for s in strings_in(item)}
    return set()


def without_draws(value):
    """``value`` without the draws for the first dealer: cards shown face up and then
    shuffled back into the deck before the deal, so they tell nothing of any hand."""
    if isinstance(value, dict):
        return {key: without_draws(item) for key, item in value.items()
                if not (key == "draws" and value.get("type") == "first_dealer_chosen")}
    if isinstance(value, list):
        return [without_draws(item) for item in value]
    return value


def assert_no_leak(body: dict, seat: int, *tokens: str) -> None:
    """``body``, an answer to ``seat``, shows no card of another seat's hand or of the
    stock, nor a state: none hidden in the last of ``tokens``, and none hidden in an
    earlier one that the seat does not see in the last (a new stage of the deal gives
    it cards that were in the stock)."""
    assert "state" not in body
    hidden = hidden_from(seat, tokens[-1])
    seen = seen_by(seat, tokens[-1])
    for token in tokens[:-1]:
        hidden |= hidden_from(seat, token) - seen
    leaked = strings_in(without_draws(body)) & hidden
    assert not leaked, f"seat {seat} was shown {sorted(leaked)}"


def seen_by(seat: int, token: str) -> set[str]:
    """The cards ``seat`` sees in the game in ``token``: its hand, the table, the piles, the
    cards declared."""
    state = SEALER.open(token).engine_state()
    return {*state.hands[seat], *state.table, *(card for pile in state.piles for card in pile),
            *declared_in(state)}


def twin(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the cards ``seat`` cannot see (the other seats' hands and the
    stock) dealt anew among the other seats and the stock, each keeping its number of
    cards.

    The current hand's recorded deck follows: each card of the deal goes where the
    card it replaces went, so the twin is a match the engine could have dealt.
    """
    others = [other for other in range(len(state.hands)) if other != seat]
    hidden = [card for other in others for card in state.hands[other]] + list(state.stock)
    dealt = rng.sample(hidden, len(hidden))
    replaced = dict(zip(hidden, dealt, strict=True))
    hands = list(state.hands)
    start = 0
    for other in others:
        size = len(state.hands[other])
        hands[other] = sort_cards(dealt[start:start + size])
        start += size
    record = state.record
    if hidden:
        current = record[-1]
        record = (*record[:-1],
                  replace(current, deck=tuple(replaced.get(card, card) for card in current.deck)))
    return replace(state, hands=tuple(hands), stock=tuple(dealt[start:]), record=record)
