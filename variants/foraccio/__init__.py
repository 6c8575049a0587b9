"""Foraccio, as docs/rules.md §1-§7 and §9 state it: one plugin module per rule.

Where an option can change an engine choice of docs/rules.md (§11), the
choice is the option's default, so a table that plays it differently only
changes an option.
"""

from foraccio.core.registry import OptionSpec, Variant
from foraccio.variants.foraccio import capture, dealing, end_of_hand, match, scopa
from foraccio.variants.foraccio.scoring import bonuses, carte, la_24, napoli, onori, spade
from foraccio.variants.foraccio.words import WORDS

DEAL_SCHEMES = ("one_at_a_time", "5-4-4")

OPTIONS = (
    OptionSpec("deal_scheme", "one_at_a_time",
               "How the 13 cards are dealt: one at a time for 13 rounds, or in rounds of 5, 4, 4.",
               choices=DEAL_SCHEMES),
    OptionSpec("target", 71, "Match score a team must reach to win.", minimum=1,
               maximum=1000),
    OptionSpec("deal_passes_to", "right",
               "Who deals the next hand: the player on the dealer's right (the next in "
               "playing order) or the one on the left.",
               choices=("right", "left")),
    OptionSpec("capture_required", True,
               "A card that can capture must capture; when false, any card but an ace may "
               "also be laid on the table."),
    OptionSpec("last_play_scopa", True, "A scopa made on the last play of a hand counts."),
    OptionSpec("lone_ace_captures", True,
               "An ace played on an empty table counts as a capture, so its player may take "
               "the cards left at the end of the hand; when false only captures that take "
               "table cards count for that."),
)

AWARDS = (*(name for name, _ in onori.ONORI), "spade", "carte", "napoli", "la_24", "scopa")
"""The score lines and bonuses Foraccio can award (docs/plugins.md lists them)."""

PLUGINS = (dealing, capture, scopa, end_of_hand, onori, spade, carte, napoli, bonuses, la_24,
           match)

FORACCIO = Variant(
    name="foraccio",
    title="Foraccio",
    description=(
        "The Venetian capture game for four players in two teams with a 52-card deck: aces "
        "take the whole table, figures take only their own rank, scopas score the value of "
        "the card that made them; first team to 71 wins."
    ),
    options=OPTIONS,
    plugins=PLUGINS,
    awards=AWARDS,
    words=WORDS,
)
