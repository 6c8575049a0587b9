"""Napoli to the 10: a napoli counts only up to the 10, as some tables play it.

The run from the asso stops at the 10 even when the team also holds the
fante, cavallo and re of the suit, so a napoli is worth 3 to 10. The plugin
wraps the scoring hook and caps the napoli lines of the variant (their points
and their cards); every other line is left as it is. It needs a variant that
scores napoli, so it says so: it applies to every variant that awards napoli.
"""

from msgspec.structs import replace

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine
from foraccio.core.registry import HouseRule
from foraccio.core.words import Catalogue, LineWords, Words

HIGHEST = 10


class NapoliToTen:
    """The plugin: caps the napoli lines of the scoring rules it wraps."""

    @hookimpl(wrapper=True)
    def foraccio_score_lines(self):
        """Cap every napoli line of the other scoring rules at the 10."""
        results = yield  # one list of lines (or None) per scoring rule
        return [[_capped(line) for line in lines or ()] for lines in results]


def _capped(line: ScoreLine) -> ScoreLine:
    if line.name != "napoli" or line.points <= HIGHEST:
        return line
    return replace(line, points=HIGHEST, cards=line.cards[:HIGHEST])


HOUSE_RULE = HouseRule(
    name="napoli-to-ten",
    title="Napoli to the 10",
    description="A napoli counts only up to the 10: the run from the asso stops there even "
                "when the team holds the fante, cavallo and re of the suit (3 to 10 points).",
    plugins=(NapoliToTen(),),
    needs=("napoli",),
    # The napoli line as it scores here; its catalogue (locale/ in this package) says
    # all of it in Italian.
    words=Words(lines={"napoli": LineWords(
        "Napoli", "The ace, 2 and 3 of a suit and the unbroken run above them, up to the 10: "
                  "a point a card, 3 to 10 for each suit")},
                catalogue=Catalogue.of_package("foraccio_napoli_to_ten")),
)
