"""The variants that ship with the engine, each a set of plugins (see :mod:`core.hookspecs`)."""

from variants.foraccio import FORACCIO
from variants.zobelon import ZOBELON

BUILTIN_VARIANTS = (FORACCIO, ZOBELON)
