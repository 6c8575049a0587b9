"""Zobelon, as docs/rules.md §8 states it: Foraccio's plugins, with the deal, the
jolly kings and the colore as plugins of its own.

Where an option can change an engine choice of docs/rules.md (§11), the
choice is the option's default, so a table that plays it differently only
changes an option.
"""

from foraccio.core.registry import OptionSpec, Variant
from foraccio.variants.foraccio import FORACCIO, capture, end_of_hand, match, scopa
from foraccio.variants.foraccio import dealing as foraccio_dealing
from foraccio.variants.foraccio.scoring import bonuses, carte, la_24, napoli, onori, spade

# Imported after Foraccio's modules: a submodule import binds its name in this
# package, so "dealing" here is Zobelon's own.
from foraccio.variants.zobelon import colore, dealing, jolly
from foraccio.variants.zobelon.words import WORDS

JOLLY_VALUES = ("declared", "rank")


def _foraccio_option(name: str, **changes) -> OptionSpec:
    return FORACCIO.option(name)._replace(**changes)


OPTIONS = (
    OptionSpec("deal_scheme", "6-6",
               "How the 12 cards are dealt: in two rounds of 6, or (a table custom when "
               "the cutter declines to cut) all 12 in one round.",
               choices=tuple(dealing.DEAL_ROUNDS)),
    _foraccio_option("target", default=121),
    _foraccio_option("deal_passes_to"),
    _foraccio_option(
        "capture_required",
        description="A card that can capture must capture; when false, any card but an "
                    "ace or a king may also be laid on the table."),
    _foraccio_option("last_play_scopa"),
    _foraccio_option(
        "lone_ace_captures",
        description="An ace or a king played on an empty table counts as a capture, so its "
                    "player may take the cards left at the end of the hand; when false only "
                    "captures that take table cards count for that."),
    OptionSpec("king_scopa_value", "declared",
               "What a scopa made by a king given a value is worth: that value, or the "
               "king's rank (13).",
               choices=JOLLY_VALUES),
    OptionSpec("king_colore_value", "declared",
               "What a colore made by a king given a value is worth: that value, or the "
               "king's rank (13). Any other colore is worth the capturing card's value.",
               choices=JOLLY_VALUES),
)

PLUGINS = (foraccio_dealing, capture, scopa, end_of_hand, onori, spade, carte, napoli, bonuses,
           la_24, match, dealing, jolly, colore)
"""Foraccio's plugins, then Zobelon's: its deal overrides Foraccio's, its kings wrap
Foraccio's capture and lay rules, and its colore adds a bonus."""

ZOBELON = Variant(
    name="zobelon",
    title="Zobelon",
    description=(
        "Foraccio's Venetian sister game: 12 cards each and 4 face up on the table, kings "
        "are jolly (they sweep the table or capture as any value), a capture all in the "
        "capturing card's suit scores a colore; first team to 121 wins."
    ),
    options=OPTIONS,
    plugins=PLUGINS,
    awards=(*FORACCIO.awards, "colore"),
    words=WORDS,
)
