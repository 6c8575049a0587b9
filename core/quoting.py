"""How a message quotes what a client sent: never more than a short bound.

Error messages name the bad value so a person can fix it, but a client
chooses that value's size: a variant name of a megabyte, a ``take`` list of
half a million cards. Every message that interpolates client input goes
through :func:`quote` (a value, shown as ``repr`` shows it) or
:func:`shorten` (text already formatted), which cut it to about
:data:`LIMIT` characters and end the cut with :data:`ELLIPSIS`.
"""

from __future__ import annotations

import json

LIMIT = 100
"""Most characters of one quoted value: enough to recognise it, too few to flood."""

ELLIPSIS = "…"

_CLOSING = "'\"`)]}>"
"""Marks that close a quote; kept after the ellipsis so a cut quote still reads as one."""


def shorten(text: str, limit: int = LIMIT) -> str:
    """Return ``text`` if it has at most ``limit`` characters, else its start cut to
    ``limit`` characters in all, ending with ``…``.

    A closing quote mark or bracket ending ``text`` is kept after the ellipsis:
    ``'abcdef'`` cut to 6 is ``'abc…'``, ``[1d, 2d, 3d]`` cut to 8 is ``[1d, 2…]``.
    """
    if len(text) <= limit:
        return text
    closing = text[-1] if text[-1] in _CLOSING and limit >= 3 else ""
    return text[:max(0, limit - 1 - len(closing))] + ELLIPSIS + closing


def quote(value: object, limit: int = LIMIT) -> str:
    """Return ``repr(value)`` cut to at most ``limit`` characters (see :func:`shorten`).

    Safe on any size: a long string is cut before ``repr`` copies it, and a value
    ``repr`` refuses (an integer of more digits than ``sys.get_int_max_str_digits()``,
    or a list holding one) is named by its type.
    """
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # still longer than limit once repr adds quotes: cut below
    try:
        text = repr(value)
    except ValueError:
        text = f"<{type(value).__name__} too large to show>"
    return shorten(text, limit)


def quote_json(value: object, limit: int = LIMIT) -> str:
    """Return ``value`` as JSON writes it (``"sum"``, ``null``, ``5``), cut as
    :func:`shorten` cuts: a value a client posted, named in a message beside the wire
    names it should have sent, which the message writes so too ("way \"fifteen\", not
    \"sum\""). A value JSON cannot write is quoted as :func:`quote` does."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return quote(value, limit)
    return shorten(text, limit)
