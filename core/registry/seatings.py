"""The seatings a variant's options give, known before a match starts: for each value of
an option that changes who sits where, the seats and teams it gives (Scopa's
``players``: 2, 3 or 4), so that a table or a form can offer a seat for each player.

An option's values are tried when they can be listed: a bool's two, the ``choices``
of a str or an int, and an int's values from ``minimum`` to ``maximum`` when there
are at most :data:`MAX_VALUES` of them. An option changes the seating when one of its
values, every other option at its default, seats the table otherwise than the
defaults do. Every combination of the values of such options is then tried, so
that two options that seat the table together (how many play, whether in
partnerships) are listed as they play; beyond :data:`MAX_SEATINGS` combinations, each
option's values are listed alone, the others at their defaults.

Only ``foraccio_seating`` is called, never the rest of a variant's set-up. A value
whose seating fails (the variant's plugin raises, or answers what is no seating) is
logged and left out: the match would be refused with it anyway.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from foraccio.core.errors import PluginError
from foraccio.core.model import OptionValue
from foraccio.core.registry.cache import plugin_manager
from foraccio.core.registry.catalogue import get_variant, logger, on_change
from foraccio.core.registry.options import resolve_options
from foraccio.core.registry.records import OptionSpec, Variant
from foraccio.core.rules import Seating

MAX_VALUES = 16
"""The most values of an int option, from its minimum to its maximum, that are tried."""

MAX_SEATINGS = 64
"""The most combinations of the values of the options that change the seating listed."""


class OptionSeating(NamedTuple):
    """The seating a variant has when ``options`` have these values (the others at
    their defaults)."""

    options: dict[str, OptionValue]
    """The value of each option that changes the seating."""
    seating: Seating


def option_values(spec: OptionSpec) -> tuple[OptionValue, ...] | None:
    """Every value ``spec`` allows, when they can be listed (see the module docstring);
    None otherwise."""
    if isinstance(spec.default, bool):
        return (spec.default, not spec.default)
    if spec.choices is not None:
        return spec.choices
    if (isinstance(spec.default, int) and spec.minimum is not None and spec.maximum is not None
            and spec.maximum - spec.minimum < MAX_VALUES):
        return tuple(range(spec.minimum, spec.maximum + 1))
    return None


def seatings(variant_name: str) -> tuple[OptionSeating, ...]:
    """The seating of the variant called ``variant_name`` for each value, or combination
    of values, of the options that change it; none when no option does. The first is
    the defaults' (see the module docstring)."""
    return _seatings(variant_name)


@lru_cache(maxsize=64)
def _seatings(variant_name: str) -> tuple[OptionSeating, ...]:
    variant = get_variant(variant_name)
    default = _seating(variant, {})
    changing = {spec.name: values for spec in variant.options
                if (values := option_values(spec)) is not None
                and any(_seating(variant, {spec.name: value}) not in (default, None)
                        for value in values)}
    if not changing or default is None:
        return ()
    found = [OptionSeating(chosen, seating) for chosen in _combinations(variant, changing)
             if (seating := _seating(variant, chosen)) is not None]
    return tuple(found)


def _combinations(variant: Variant, changing: dict[str, tuple[OptionValue, ...]]
                  ) -> Iterator[dict[str, OptionValue]]:
    """The defaults first, then every other combination of the values of ``changing``
    (or each option's alone, when they are too many)."""
    defaults = {name: variant.option(name).default for name in changing}
    yield defaults
    count = 1
    for values in changing.values():
        count *= len(values)
    if count <= MAX_SEATINGS:
        for values in product(*changing.values()):
            chosen = dict(zip(changing, values, strict=True))
            if chosen != defaults:
                yield chosen
        return
    for name, values in changing.items():
        yield from ({**defaults, name: value} for value in values if value != defaults[name])


def _seating(variant: Variant, chosen: dict[str, OptionValue]) -> Seating | None:
    try:
        options = resolve_options(variant, chosen)
        # The same key as rules_for uses, so the manager built for the match is reused.
        return plugin_manager(variant.name, ()).hook.foraccio_seating(options=options)
    except PluginError as error:
        logger.error("Variant %r cannot seat a table with the options %r", variant.name,
                     chosen, exc_info=error)
        return None


on_change(_seatings.cache_clear)
