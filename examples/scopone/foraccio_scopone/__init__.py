"""Scopone scientifico, as a variant of the Foraccio engine: Scopa's rules, reused module
by module from the ``foraccio-scopa`` distribution, with a table and a deal of its own.

- :mod:`.seating`: four players in two partnerships, partners opposite.
- :mod:`.dealing`: ten cards each, none on the table.
- From :mod:`foraccio_scopa`, as they are: the 40-card deck and its values, the
  draw for the first deal and its rotation, capture, the scopa (1 point, not on
  the last play), the cards left to the last player who captured, the score
  lines ``carte``, ``denari``, ``settebello``, ``primiera`` and ``scopa``, and
  the end of the match at the target (option ``target``: 11 or 21).
- :mod:`.words`: Scopa's score lines and its own words, translated by its catalogue in
  ``locale/``.
"""

from foraccio_scopa import AWARDS, capture, dealer, deck, end_of_hand, match, scopa
from foraccio_scopa.scoring import carte, denari, primiera, settebello

from foraccio.core.registry import OptionSpec, Variant
from foraccio.variants.foraccio.scoring import bonuses
from foraccio_scopone import dealing, seating
from foraccio_scopone.words import WORDS

OPTIONS = (
    OptionSpec("target", 11,
               "Match score a team must reach to win: 11 for a short match, 21 for a long one.",
               choices=(11, 21)),
)

PLUGINS = (seating, deck, dealer, dealing, capture, scopa, end_of_hand, carte, denari,
           settebello, primiera, bonuses, match)
"""Scopa's plugins, with Scopone's seating and deal in the place of Scopa's."""

SCOPONE = Variant(
    name="scopone-scientifico",
    title="Scopone scientifico",
    description=(
        "Scopa for two partnerships with the whole 40-card deck dealt at once, ten cards "
        "each and none on the table; captures, scopas and the score lines are Scopa's; "
        "first to 11 (or 21) wins."
    ),
    options=OPTIONS,
    plugins=PLUGINS,
    awards=AWARDS,
    words=WORDS,
)
