"""The 52 cards of the Treviso deck and their wire codes (docs/rules.md §1).

A card is its wire code, a plain ``str`` such as ``"1d"`` (asso di denari),
``"11s"`` (la vecchia) or ``"13b"`` (re di bastoni): rank first, then the suit
letter. Codes are what the state stores and what the API sends, so no
translation layer sits between the engine and the wire.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

import msgspec

SUITS = "cdbs"
"""Suit letters in canonical order: coppe, denari, bastoni, spade."""

SUIT_NAMES = {"c": "coppe", "d": "denari", "b": "bastoni", "s": "spade"}

RANKS = range(1, 14)
"""Ranks 1 (asso) to 13 (re); a card's value is its rank."""

FIGURES = frozenset((11, 12, 13))
"""Fante, cavallo and re: they capture only their own rank and never join a sum."""

CARD_PATTERN = r"^(1[0-3]|[1-9])[cdbs]$"

DECK: tuple[str, ...] = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)
"""All 52 cards, suit by suit, ace to re: the order before any shuffle."""

Card = Annotated[Literal[DECK], msgspec.Meta(examples=["1d", "10d", "11s"])]  # type: ignore[valid-type]
"""A card's wire code, one of :data:`DECK` (so it matches :data:`CARD_PATTERN`).

Decoding checks a code against the 52 by a hash lookup and yields the very
string objects of :data:`DECK`, which is cheaper than a pattern match."""

RANK: dict[str, int] = {card: int(card[:-1]) for card in DECK}
"""Card code to rank; a dict lookup is the cheapest way to read a rank on the hot path."""

SUIT: dict[str, str] = {card: card[-1] for card in DECK}

ORDER: dict[str, int] = {card: index for index, card in enumerate(DECK)}
"""Card code to its position in :data:`DECK`, for sorting hands."""

_CARD_RE = re.compile(CARD_PATTERN)


def card(rank: int, suit: str) -> str:
    """Return the wire code of the card of ``rank`` (1-13) in ``suit`` (c, d, b or s)."""
    code = f"{rank}{suit}"
    if code not in RANK:
        raise ValueError(f"no card of rank {rank!r} in suit {suit!r}")
    return code


def is_card(code: object) -> bool:
    """Tell whether ``code`` is the wire code of one of the 52 cards."""
    return isinstance(code, str) and _CARD_RE.match(code) is not None


def sort_cards(cards) -> tuple[str, ...]:
    """Return ``cards`` in the order of a hand: by suit (c, d, b, s), then by rank."""
    return tuple(sorted(cards, key=_ORDER_KEY))


_ORDER_KEY = ORDER.__getitem__  # made once: every deal sorts each hand
