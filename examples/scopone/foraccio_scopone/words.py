"""Scopone's words: Scopa's score lines, and the title and values of its own target, in
English; its own catalogue (``locale/<language>/LC_MESSAGES/foraccio_scopone.po`` in this
package) translates them, and its title, description and option, into Italian."""

from __future__ import annotations

from foraccio_scopa.words import LINES

from foraccio.core.words import Catalogue, Words

WORDS = Words(
    lines=LINES,
    values={"target": {"11": "11, a short match", "21": "21, a long match"}},
    titles={"target": "Points to win"},
    catalogue=Catalogue.of_package("foraccio_scopone"),
)
