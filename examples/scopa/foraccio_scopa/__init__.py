"""Scopa, the Italian capture game, as a variant of the Foraccio engine: one plugin
module per rule.

- :mod:`.seating`: two, three or four players (option ``players``); four play in
  two partnerships, partners opposite.
- :mod:`.deck`: the 40 cards (asso to 7, fante, cavallo, re of each suit), the
  figures worth 8, 9 and 10.
- :mod:`.dealer`: the draw for the first deal; the deal passes in turn order.
- :mod:`.dealing`: three cards each and four on the table, then three each
  whenever the hands are empty.
- :mod:`.capture`: a card takes a card of its value, else a set adding up to it;
  capture is compulsory.
- :mod:`.scopa`: emptying the table is a scopa, 1 point (not on the last play).
- :mod:`.end_of_hand`: the cards left go to the last player who captured.
- :mod:`.scoring`: the lines ``carte``, ``denari``, ``settebello``, ``primiera``,
  each 1 point, and ``scopa``, 1 per scopa (scored by Foraccio's bonus rule,
  :mod:`foraccio.variants.foraccio.scoring.bonuses`, reused as it is).
- :mod:`.match`: the first team to the target (option ``target``, 11) wins.
- :mod:`.words`: its words in English, translated by its catalogue in ``locale/``.
"""

from foraccio.core.registry import OptionSpec, Variant
from foraccio.variants.foraccio.scoring import bonuses
from foraccio_scopa import capture, dealer, dealing, deck, end_of_hand, match, scopa, seating
from foraccio_scopa.scoring import carte, denari, primiera, settebello
from foraccio_scopa.words import WORDS

OPTIONS = (
    OptionSpec("players", 2,
               "How many play: 2 or 3, each for themselves, or 4 in two partnerships, "
               "partners opposite.",
               choices=(2, 3, 4)),
    OptionSpec("target", 11, "Match score a team must reach to win.", minimum=1, maximum=100),
)

AWARDS = ("carte", "denari", "settebello", "primiera", "scopa")
"""What it can award: its score lines and the scopa bonus (house rules check it)."""

PLUGINS = (seating, deck, dealer, dealing, capture, scopa, end_of_hand, carte, denari,
           settebello, primiera, bonuses, match)
"""The rules, in the order their score lines are listed."""

SCOPA = Variant(
    name="scopa",
    title="Scopa",
    description=(
        "The Italian capture game with 40 cards, for 2 or 3 players or two partnerships: "
        "a card takes one of its value or cards adding up to it, emptying the table is a "
        "scopa; carte, denari, settebello and primiera score a point each; first to 11 "
        "wins."
    ),
    options=OPTIONS,
    plugins=PLUGINS,
    awards=AWARDS,
    words=WORDS,
)
