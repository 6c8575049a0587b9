"""From what a client posts to the engine's state: receipts, the recent answers, and the
full check of states the server did not make.

Every open request carries the whole match, which may be a hundred hands long. Checking
it by replaying the match (:func:`foraccio.core.validation.validate_state`) costs as much as the
match: tens of milliseconds of the event loop that answers every other request of the
worker. So the work a posted state costs is bounded whatever it holds:

- **Receipts.** Every open state the server answers carries a ``receipt``: a MAC of the
  rest of the state under a key derived from the server secret, which every worker of a
  deployment shares. A state posted back with its receipt intact is the server's own:
  it is not replayed, only rebuilt from where its current hand began
  (:func:`foraccio.core.reachable.resumed`: one deal and the hand's plays, whatever the match's
  length), and the rebuilt position must match the posted one. A state changed in any
  way, the receipt included, is no longer the server's and is checked in full.
- **Recent answers.** The engine states of the last answers of this worker are kept by
  receipt, and those of sealed games by token: a client posting back what it was just
  answered costs a MAC (or the token's decryption) and a lookup. A sealed game's token
  is rebuilt like a receipted state (:meth:`~foraccio.api.sealing.SealedGame.engine_state`).
- **States the server did not make** (no receipt, or a broken one) are checked in full:
  in the worker when they record at most :data:`INLINE_PLAYS` plays (about a
  millisecond), in the pool of bot processes otherwise (:mod:`foraccio.api.botpool`), under its
  ceilings: its queue bounds how many wait, its time limit how long one may take, and
  the event loop goes on answering meanwhile.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import NamedTuple

import msgspec
from cachetools import LRUCache
from msgspec.structs import replace

from foraccio.api.botpool import BotPool
from foraccio.api.botwork import CheckJob
from foraccio.api.sealing import SealedGame, Sealer
from foraccio.core.errors import EngineError
from foraccio.core.model import State
from foraccio.core.reachable import hand_start, resumed
from foraccio.core.validation import validate_state
from foraccio.core.wire import HandLog, to_wire
from foraccio.core.wire import State as WireState

INLINE_PLAYS = 64
"""Most plays a state without a valid receipt may record to be checked in the worker: a
hand of the largest deck and a little more, about a millisecond of replay. Longer ones
go to the pool."""

RECEIPT_BYTES = 16
"""128 bits of HMAC-SHA256: 22 characters of base64."""

RECENT = 4096
"""Engine states of recent answers kept per worker (a few MB)."""


class Receipts:
    """Signs the open states the server answers, and recognises them when posted back."""

    def __init__(self, key: bytes) -> None:
        self._mac = hmac.new(key, digestmod=hashlib.sha256)
        # Dict keys sorted: a client may send the options in any order.
        self._encoder = msgspec.msgpack.Encoder(order="deterministic")

    def sign(self, state: WireState) -> WireState:
        """``state`` (without a receipt) with its receipt."""
        return replace(state, receipt=self._receipt(state))

    def valid(self, state: WireState) -> bool:
        """Whether ``state`` carries the receipt this server gave it."""
        given = state.receipt
        if given is None:
            return False
        expected = self._receipt(replace(state, receipt=None))
        return hmac.compare_digest(expected.encode(), given.encode())

    def _receipt(self, state: WireState) -> str:
        mac = self._mac.copy()
        mac.update(self._encoder.encode(state))
        return base64.urlsafe_b64encode(mac.digest()[:RECEIPT_BYTES]).rstrip(b"=").decode()


class Match(NamedTuple):
    """A posted open match: the engine's state, and the logs of the hands before those
    its record holds (the wire's own, when the state was rebuilt from its current
    hand), for :meth:`Posted.answer`."""

    state: State
    earlier: tuple[HandLog, ...] = ()


class Posted:
    """Turns posted games into the engine's states, and answers open states with receipts.

    It holds the :class:`~foraccio.api.sealing.Sealer` that opens and seals the tokens of
    sealed games too, so that a handler needs this one dependency: Litestar resolves two
    or more in a task group of their own, which cost a fifth of the CPU of
    ``POST /games/play``."""

    def __init__(self, receipts: Receipts, pool: BotPool, sealer: Sealer | None = None
                 ) -> None:
        self.receipts = receipts
        self.pool = pool
        self.recent: LRUCache[str, State] = LRUCache(RECENT)
        """The engine states of this worker's latest answers, by receipt or token."""
        self.sealer = sealer

    def answer(self, state: State, earlier: tuple[HandLog, ...] = ()) -> WireState:
        """The wire form of the engine's ``state`` (after ``earlier``, see :class:`Match`)
        with its receipt, for an answer."""
        wire = self.receipts.sign(to_wire(state, earlier))
        self.recent[wire.receipt] = state
        return wire

    def remember_token(self, token: str, state: State) -> None:
        """Remember the engine's ``state`` sealed in ``token``, answered just now."""
        self.recent[token] = state

    def sealed_state(self, token: str, game: SealedGame) -> State:
        """The engine's state of the sealed ``game`` opened from ``token``."""
        state = self.recent.get(token)
        if state is None:
            state = game.engine_state()
            self.recent[token] = state
        return state

    def answered(self, wire: WireState) -> Match | None:
        """The match of the posted ``wire`` if its receipt is this server's (a MAC, and a
        lookup or one hand played again); None if it must be checked in full."""
        if not self.receipts.valid(wire):
            return None
        known = self.recent.get(wire.receipt)
        if known is not None:
            return _match(known, wire)
        state = _trusted(wire)
        if state is None:
            return None
        self.recent[wire.receipt] = state
        return _match(state, wire)

    async def match(self, wire: WireState) -> Match:
        """The match of the posted ``wire``; raise :class:`~foraccio.core.errors.InvalidState` if
        the engine cannot reach it (and :class:`~foraccio.api.botpool.Busy` when its check must
        wait for the pool and the pool is full)."""
        known = self.answered(wire)
        if known is not None:
            return known
        if _plays(wire) <= INLINE_PLAYS:
            return Match(validate_state(wire))
        await self.pool.run(CheckJob(wire))
        return _match(_resumed(wire), wire)


def _match(state: State, wire: WireState) -> Match:
    return Match(state, wire.record[:wire.hand - len(state.record)])


def _resumed(wire: WireState) -> State:
    return resumed(hand_start(wire), wire.record[-1].moves)


def _trusted(wire: WireState) -> State | None:
    """The engine's state of a receipted ``wire``; None if this engine does not play its
    current hand out the same (the state was signed with this secret by another version
    of the rules): then it is checked in full like any other."""
    try:
        state = _resumed(wire)
    except EngineError:
        return None
    # The finished hands' logs are the wire's own objects: comparing them costs nothing.
    same = to_wire(state, wire.record[:-1]) == replace(wire, receipt=None)
    return state if same else None


def _plays(wire: WireState) -> int:
    return sum(log.moves.count(" ") + 1 for log in wire.record if log.moves)
