"""Sealed games: the whole state in an encrypted token, and one key per seat.

A sealed match travels as a *token*: the state, a game id and a move counter,
encoded with msgpack and sealed with AES-GCM under a key derived from the
server's secret. Only this server can read or make one, and any change to a
token is detected. Each seat gets a *seat key*, an HMAC of the game id under
another key derived from the secret, so the server stores nothing and a
request proves which seat it speaks for.

The secret comes from ``FORACCIO_SECRET``, else from the data directory, where the
first start makes it (:mod:`foraccio.api.secret_file`), so tokens outlive a restart and every
process of one machine opens the others'.

What a seat holding one key must never learn is where the cards it cannot
see lie. Three rules keep every answer, and the token itself, a function of
what that seat may see:

- **The seed stays inside.** The engine is open source, so a seat that knew a
  match's seed could compute every deal. A sealed match's seed is drawn by the
  server (:meth:`Sealer.match_seed`), 128 random bits that travel only inside
  the token; a client may not name one (:class:`SeedNotAllowed`): whoever knew
  it could start the same match and read every hand.
- **No client names the cut.** The server keeps nothing, so any token can be
  posted again. A client-chosen cut could then be chosen anew after seeing
  the result, and even the cutter (dealer + 3) could pick among deals. So the
  cut of a sealed match is the seeded generator's, a function of the sealed
  seed and the hand number: every replay of a token from before a deal deals
  the identical hand (a ``cut`` is refused with :class:`CutNotAllowed`).
- **A token's length tells nothing.** Every answer shows the token, so its
  length must not depend on where the hidden cards lie: it holds the moves
  played (public) and the hand's deck (every card once, whatever the deal),
  uncompressed, and the seed always takes 16 bytes.

A token holds no position at all, only where the current hand began (the hand
number, its dealer, cut and deck, the scores before it) and the hand's moves:
the token proves they are the server's own, so :func:`foraccio.core.reachable.resumed`
deals that deck and plays the moves again. The finished hands
are not kept, so a token's length stays the same at hand 1 and hand 100: about
1 KB.

Replay: the server keeps no history, so a client may post an older token of
its own game again, going back to an earlier point of it as that seat. It
never sees more than that seat saw there, nor deals anew. The counter sealed
in every token, which the answers also show beside it, lets a relay that
keeps the last one refuse an older token.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets

import msgspec
import structlog
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from foraccio.api.data_dir import data_dir
from foraccio.api.secret_file import stored_secret
from foraccio.core.model import Card, OptionValue
from foraccio.core.model import State as EngineState
from foraccio.core.reachable import HandStart, resumed
from foraccio.core.registry import rules_for
from foraccio.core.words import phrase

SECRET_VARIABLE = "FORACCIO_SECRET"
"""The environment variable holding the server secret (any string; it is hashed)."""

TOKEN_AAD = b"foraccio-token-v4"
"""Bound to every token: a token of another format or purpose never opens as this one
(v1 tokens held the whole state compressed, v2 and v3 uncompressed, v3 the finished
hands too)."""

NONCE_BYTES = 12
TAG_BYTES = 16
GAME_ID_BYTES = 16
SEAT_KEY_BYTES = 18
"""144 bits of HMAC per seat key: 24 characters of base64."""

MAX_PLAINTEXT = 4096
"""Size of the largest game a token may hold (msgpack), so that its token's length has a
bound the OpenAPI document can give (``Token``, 5,500 characters): a hand's moves, which
the wire bounds at 2048 characters as it does a posted state's hand; the deck, at most
the 52 cards once; a few numbers (the seed, the game id, the counter, the scores); and
the rest, about 1.7 KB, for the variant's name, its options and the house rules. The
built-in games take under 600 bytes at any hand of any match (a token of about 800
characters; tests/api/test_sealed.py)."""

MAX_TOKEN_BYTES = NONCE_BYTES + MAX_PLAINTEXT + TAG_BYTES
"""Bytes of the longest token: nonce, ciphertext (as long as the state) and tag."""

MAX_TOKEN_LENGTH = -(-MAX_TOKEN_BYTES // 3) * 4
"""Characters of the longest token, in unpadded base64."""

SEED_BYTES = 16
"""A sealed match's seed: 128 random bits, beyond any search of the seeds that could
have dealt a seat's cards."""

logger = structlog.get_logger("foraccio.api.sealing")


class SealingError(Exception):
    """A sealed request the server refuses; ``status`` and ``code`` say how.

    Messages never include the token, a key or a card: they are safe to show
    and to log.
    """

    status: int = 422
    code: str = "sealing_error"

    @property
    def message(self) -> str:
        """Why, in English (a :class:`~foraccio.core.words.Phrase` the API translates)."""
        return self.args[0]


class InvalidToken(SealingError):
    """A token that is not, or no longer, exactly as this server issued it."""

    code = "invalid_token"

    def __init__(self) -> None:
        super().__init__(phrase("The token was not issued by this server or was altered; post "
                                "the last token the server returned for this game."))


class ForbiddenSeat(SealingError):
    """A seat key that is not one of the game's, or a seat that may not act now."""

    status = 403
    code = "forbidden_seat"


class CutNotAllowed(SealingError):
    """A cut named in a sealed game: its deals are the server's seeded ones only."""

    code = "cut_not_allowed"

    def __init__(self) -> None:
        super().__init__(phrase("A sealed game takes no cut: the server cuts its deck with the "
                                "match's seeded generator, so any replay of the same token "
                                "deals the same hand; leave `cut` out."))


class SeedNotAllowed(SealingError):
    """A seed named for a sealed game: its seed is the server's secret."""

    code = "seed_not_allowed"

    def __init__(self) -> None:
        super().__init__(phrase("A sealed game takes no seed: the server draws one and keeps it "
                                "secret, since whoever knew it could start the same match and "
                                "read every hand; leave `seed` out."))


class SealedGame(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """What a token holds: the game's id, how many tokens came before, the match's seed
    (``SEED_BYTES``, big-endian), and where the current hand began with its moves so far.

    Nothing else: the token is the server's own (its tag proves it), so the position
    is rebuilt by dealing the hand's deck and playing its moves again
    (:func:`foraccio.core.reachable.resumed`), and the finished hands need not be kept at all,
    only the scores they left. So a token's length does not grow with the match, and
    it follows from public facts only: the options, the scores, the moves played and
    the deck's cards (each once, in an order only the server reads).
    """

    game_id: bytes
    counter: int
    seed: bytes
    variant: str
    options: dict[str, OptionValue]
    house_rules: tuple[str, ...]
    hand: int
    dealer: int
    scores: tuple[int, ...]
    """The match scores before the current hand."""
    cut: int
    deck: tuple[Card, ...]
    """The current hand's deck as dealt. The seed deals the same, but a token that holds
    it can hold any deal, as the tests' twins of a game need (tests/api/sealed.py);
    it holds every card of the deck once, so its length is the same for any deal."""
    moves: str
    """The current hand's moves so far, in the notation."""

    @classmethod
    def of(cls, game_id: bytes, counter: int, state: EngineState) -> SealedGame:
        """The token content of the engine's ``state`` in game ``game_id``."""
        current = state.record[-1]
        scores = state.scores
        if current.points is not None:  # the hand is over: its points are in the scores
            scores = tuple(map(int.__sub__, scores, current.points))
        moves = state.notation if state.phase == "playing" else current.notation
        return cls(game_id, counter, state.seed.to_bytes(SEED_BYTES, "big"), state.variant,
                   state.options, state.house_rules, state.hand, state.dealer, scores,
                   current.cut, current.deck, moves)

    @property
    def seats(self) -> int:
        """How many seats the game has."""
        return rules_for(self.variant, self.options, self.house_rules).seating.seats

    def engine_state(self) -> EngineState:
        """The engine's state of this game, its current hand dealt and played again."""
        start = HandStart(self.variant, self.options, self.house_rules,
                          int.from_bytes(self.seed, "big"), self.hand, self.dealer, self.scores,
                          self.cut, self.deck)
        return resumed(start, self.moves)


class Sealer:
    """Seals states into tokens and derives seat keys and the receipts' key, all from one
    server secret."""

    def __init__(self, secret: bytes) -> None:
        root = hashlib.sha256(secret).digest()
        self._aead = AESGCM(_derive(root, b"token-key"))
        self.receipt_key = _derive(root, b"receipt-key")
        """The key of open states' receipts (:class:`foraccio.api.posted.Receipts`)."""
        # Keyed once; each seat key copies it (hmac.new per call costs several times more).
        self._seat_mac = hmac.new(_derive(root, b"seat-key"), digestmod=hashlib.sha256)
        self._encoder = msgspec.msgpack.Encoder()
        self._decoder = msgspec.msgpack.Decoder(SealedGame)

    def seal(self, game: SealedGame, nonce: bytes | None = None) -> str:
        """Return the token of ``game``. ``nonce`` is for reproducible examples only."""
        nonce = secrets.token_bytes(NONCE_BYTES) if nonce is None else nonce
        # Not compressed: a compressed state's length would depend on how the hidden
        # cards lie, and every answer shows the token's length.
        plain = self._encoder.encode(game)
        if len(plain) > MAX_PLAINTEXT:  # a token no request could bring back
            raise RuntimeError(f"a sealed game of {len(plain)} bytes is over MAX_PLAINTEXT")
        sealed = self._aead.encrypt(nonce, plain, TOKEN_AAD)
        return _b64(nonce + sealed)

    def open(self, token: str) -> SealedGame:
        """Return the game sealed in ``token``, or raise :class:`InvalidToken`."""
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            # The decoder skips stray characters and ignores the last one's spare bits:
            # only the one canonical spelling of a token is accepted.
            if (_b64(raw) != token
                    or not NONCE_BYTES + TAG_BYTES <= len(raw) <= MAX_TOKEN_BYTES):
                raise InvalidToken
            plain = self._aead.decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], TOKEN_AAD)
            # The state is not validated again: the tag proves this server sealed it, and
            # the server seals only states the engine made. Validating would also take a
            # time that may depend on the hidden cards, on a path every request takes.
            return self._decoder.decode(plain)
        except (InvalidToken, InvalidTag, binascii.Error, ValueError, msgspec.DecodeError):
            # ValueError covers non-ASCII tokens and msgspec.ValidationError.
            raise InvalidToken from None

    @staticmethod
    def match_seed() -> int:
        """Return the seed of a new sealed match: :data:`SEED_BYTES` random bytes."""
        return secrets.randbits(8 * SEED_BYTES)

    def seat_key(self, game_id: bytes, seat: int) -> str:
        """Return the key of ``seat`` in game ``game_id``."""
        mac = self._seat_mac.copy()
        mac.update(game_id + bytes([seat]))
        return _b64(mac.digest()[:SEAT_KEY_BYTES])

    def seat_keys(self, game_id: bytes, seats: int = 4) -> tuple[str, ...]:
        """Return the key of every seat of game ``game_id`` of ``seats`` seats (Foraccio's
        four by default), index = seat."""
        return tuple(self.seat_key(game_id, seat) for seat in range(seats))

    def seat_of(self, game_id: bytes, key: str, seats: int = 4) -> int:
        """Return the seat of the ``seats`` of game ``game_id`` whose key ``key`` is, or
        raise :class:`ForbiddenSeat`."""
        found = None
        for seat, expected in enumerate(self.seat_keys(game_id, seats)):
            # Every key is compared, in constant time, so timing tells nothing.
            if hmac.compare_digest(expected.encode(), key.encode()):
                found = seat
        if found is None:
            raise ForbiddenSeat(phrase("The seat key is not one of this game's seat keys."))
        return found


def new_game_id() -> bytes:
    """Return a fresh random game id."""
    return secrets.token_bytes(GAME_ID_BYTES)


def sealer_from_environment() -> Sealer:
    """Return the sealer of the secret in ``FORACCIO_SECRET``, or else of the secret kept
    in the data directory (:mod:`foraccio.api.secret_file`, made there on the first start).

    The log says where the secret came from, never the secret.
    """
    secret = os.environ.get(SECRET_VARIABLE, "")
    if not secret:
        stored = stored_secret(data_dir())
        logger.info("secret", source=str(stored.path), created=stored.created)
        return Sealer(stored.secret)
    logger.info("secret", source=SECRET_VARIABLE)
    return Sealer(secret.encode())


def _derive(root: bytes, label: bytes) -> bytes:
    return hmac.new(root, b"foraccio|" + label, hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
