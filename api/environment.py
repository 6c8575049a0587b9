"""Numbers the server reads from its environment at start-up, each checked against its
range, so that a typo stops the server with a message naming the variable instead of
running it with a value nobody chose."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from foraccio.core.words import phrase


def number(environ: Mapping[str, str], name: str, parse: Callable[[str], float],
           default: float, low: float, high: float) -> float:
    """The value of ``name`` in ``environ`` read with ``parse`` (``int`` or ``float``), or
    ``default`` when it is unset or empty; raise :class:`ValueError` naming the variable
    when it is not a number from ``low`` to ``high``."""
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = parse(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:  # NaN fails too
        raise ValueError(phrase("{name} must be a number from {low:g} to {high:g}; got "
                                "{text!r}", name=name, low=low, high=high, text=text[:40]))
    return value
