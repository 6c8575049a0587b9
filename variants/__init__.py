"""The variants and house rules that ship with the engine, each a set of plugins (see
:mod:`core.hookspecs`)."""

from variants.foraccio import FORACCIO
from variants.house_rules import BUILTIN_HOUSE_RULES
from variants.zobelon import ZOBELON

BUILTIN_VARIANTS = (FORACCIO, ZOBELON)

__all__ = ["BUILTIN_HOUSE_RULES", "BUILTIN_VARIANTS"]
