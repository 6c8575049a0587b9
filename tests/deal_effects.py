"""The worked example of docs/plugins.md, "A deal that scores": the house rule
``dealers-fifteen`` run from the very code block of the guide, and a test-only variant
whose deal lays cards face up at every stage, for the deal effects of later stages.
"""

from __future__ import annotations

import re
import types
from pathlib import Path

from core.hookspecs import hookimpl
from core.registry import HouseRule, Variant, get_variant
from variants.foraccio.dealing import deal_in_rounds

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "plugins.md"


def guide_blocks(heading: str) -> list[str]:
    """The ```python blocks of the section of docs/plugins.md under ``## heading``."""
    text = GUIDE.read_text()
    section = text[text.index(f"\n## {heading}\n"):]
    section = section[:section.find("\n## ", 1)] if "\n## " in section[1:] else section
    return re.findall(r"^```python\n(.*?)^```$", section, flags=re.MULTILINE | re.DOTALL)


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


SCOPA = get_variant("scopa")

LAYING_SCOPA = Variant("laying-scopa", "Laying Scopa",
                       "Scopa for two, dealing two cards face up at every later stage too.",
                       SCOPA.options, (*SCOPA.plugins, EveryStageLays()))
"""Scopa (examples/scopa) whose later stages lay cards too: a deal effect may then take
cards at any stage."""
