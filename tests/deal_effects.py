"""Deals that do more than place cards (``foraccio_deal_effects``), for the tests:

- ``dealers-fifteen``: the worked example of docs/plugins.md, "A deal that scores",
  run from the very code block of the guide (a house rule);
- ``laying-scopa``: Scopa (examples/scopa) whose deal lays cards face up at every
  stage, so that a deal effect may take cards at any stage;
- ``taking-scopa``: laying Scopa whose dealer takes every card a deal lays and scores
  a scopa for it, a variant whose every deal does something (for the web table).

A server in another process finds them as installed plugins (:func:`deal_effects_environment`).
"""

from __future__ import annotations

import types
from pathlib import Path

from foraccio_scopa import SCOPA

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus
from foraccio.core.registry import HouseRule, Variant
from foraccio.core.rules import DealEffects
from foraccio.variants.foraccio.dealing import deal_in_rounds
from tests.installed import ROOT, installed_environment
from tests.markdown import fenced_blocks

GUIDE = ROOT / "docs" / "plugins.md"


def guide_blocks(heading: str) -> list[str]:
    """The ```python blocks of the section of docs/plugins.md under ``## heading``."""
    text = GUIDE.read_text()
    section = text[text.index(f"\n## {heading}\n") + 1:]
    end = section.find("\n## ")
    section = section if end < 0 else section[:end]
    return fenced_blocks(section, "python")


def guide_module(heading: str, name: str) -> types.ModuleType:
    """The first python block of that section, run as the module ``name``."""
    module = types.ModuleType(name)
    exec(compile(guide_blocks(heading)[0], f"docs/plugins.md ({heading})", "exec"),
         module.__dict__)
    return module


DEALERS_FIFTEEN: HouseRule = guide_module("A deal that scores: the dealer's fifteen",
                                          "dealers_fifteen").HOUSE_RULE
"""The house rule exactly as docs/plugins.md shows it."""


class EveryStageLays:
    """Three cards each, and cards face up at every stage: four at the first, then two
    (none when only the hands' cards are left)."""

    @hookimpl
    def foraccio_deal(self, deck, dealer, seating, stage):
        each = min(3, len(deck) // seating.seats)
        table = 4 if stage == 0 else min(2, len(deck) - each * seating.seats)
        return deal_in_rounds(deck, dealer, (each,), seating, table=table)


class DealerTakesWhatIsLaid:
    """The dealer takes every card a deal lays face up, and scores a scopa for it."""

    @hookimpl
    def foraccio_deal_effects(self, deal, seating):
        if not deal.laid:
            return None
        scopa = Bonus(seat=deal.dealer, team=seating.team_of[deal.dealer], name="scopa",
                      points=1, card=deal.laid[-1])
        return DealEffects(seat=deal.dealer, take=deal.laid, bonuses=(scopa,))


LAYING_SCOPA = Variant("laying-scopa", "Laying Scopa",
                       "Scopa for two, dealing two cards face up at every later stage too.",
                       SCOPA.options, (*SCOPA.plugins, EveryStageLays()))

TAKING_SCOPA = Variant("taking-scopa", "Taking Scopa",
                       "Laying Scopa whose dealer takes every card a deal lays face up, and "
                       "scores a scopa for it.",
                       SCOPA.options, (*LAYING_SCOPA.plugins, DealerTakesWhatIsLaid()))


def deal_effects_environment(directory: Path) -> dict[str, str]:
    """The environment of a server process that knows these variants and the house rule,
    installed in ``directory`` as an installed distribution's entry points."""
    return installed_environment(directory, "foraccio-test-deal-effects", {
        "dealers-fifteen": "tests.deal_effects:DEALERS_FIFTEEN",
        "laying-scopa": "tests.deal_effects:LAYING_SCOPA",
        "taking-scopa": "tests.deal_effects:TAKING_SCOPA"})
