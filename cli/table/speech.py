"""The terminal table's language: one for the whole table, as a person at a terminal reads
one. ``_`` says the table's sentences in it (:class:`foraccio.lab.speech.Speech`);
``foraccio play`` sets it from ``--lang`` or the locale for as long as the table runs
(:func:`speaking`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from foraccio.lab.speech import Speech

_ = Speech()
"""The table's words, in the language the table speaks now (English unless told)."""


@contextmanager
def speaking(language: str) -> Iterator[Speech]:
    """Speak ``language`` at the table until the block ends."""
    before = _.language
    _.language = language
    try:
        yield _
    finally:
        _.language = before
