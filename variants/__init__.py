"""The variants that ship with the engine, each a set of plugins (see :mod:`core.hookspecs`)."""

from variants.foraccio import FORACCIO

BUILTIN_VARIANTS = (FORACCIO,)
