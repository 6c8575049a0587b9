"""Variants, their plugin managers, and the rule sets assembled from them.

A :class:`Variant` is a name, a title, a description, its options and the
ordered plugins (modules or objects with hook implementations) that make it
up. Plugin managers are built by :func:`make_plugin_manager`, never at
import time, so tests can build fresh ones; :func:`rules_for` caches one
assembled :class:`Rules` per variant and options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, NamedTuple

import pluggy

from core import hookspecs
from core.errors import InvalidOptions, UnknownVariant
from core.model import OptionValue
from core.rules import CaptureEffect, PlayRule


class OptionSpec(NamedTuple):
    """One option of a variant: its name, default, meaning and allowed values.

    The option's type is the default's type (bool, int or str). ``choices``
    lists the allowed strings of a str option; ``minimum`` bounds an int one.
    """

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None

    @property
    def type_name(self) -> str:
        return type(self.default).__name__


@dataclass(frozen=True)
class Variant:
    """A playable variant: the plugins that make it up, in registration order.

    Plugins registered later take precedence in ``firstresult`` hooks, so a
    variant built on another lists the base plugins first and its own after.
    """

    name: str
    title: str
    description: str
    options: tuple[OptionSpec, ...]
    plugins: tuple[Any, ...] = field(repr=False)

    def option(self, name: str) -> OptionSpec | None:
        return next((spec for spec in self.options if spec.name == name), None)


_registered: dict[str, Variant] = {}


def register_variant(variant: Variant) -> None:
    """Make ``variant`` available by its name, replacing any variant of that name."""
    global _last_rules
    _registered[variant.name] = variant
    plugin_manager.cache_clear()
    _assemble.cache_clear()
    _last_rules = (None, None, None)


@cache
def _builtin_variants() -> dict[str, Variant]:
    # Imported here, not at module level: the built-in variants are plugins of
    # the engine like any other, and core must import without them.
    from variants import BUILTIN_VARIANTS

    return {variant.name: variant for variant in BUILTIN_VARIANTS}


def variants() -> dict[str, Variant]:
    """Return every known variant by name: the built-in ones, then those registered."""
    return {**_builtin_variants(), **_registered}


def get_variant(name: str) -> Variant:
    """Return the variant called ``name``, or raise :class:`UnknownVariant`."""
    try:
        return variants()[name]
    except KeyError:
        known = ", ".join(sorted(variants()))
        raise UnknownVariant(f"There is no variant {name!r}; known variants: {known}.") from None


def make_plugin_manager(variant: Variant) -> pluggy.PluginManager:
    """Build a new plugin manager with the hook specs and ``variant``'s plugins."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for plugin in variant.plugins:
        manager.register(plugin)
    manager.check_pending()
    return manager


@lru_cache(maxsize=64)
def plugin_manager(name: str) -> pluggy.PluginManager:
    """Return the cached plugin manager of the variant called ``name``."""
    return make_plugin_manager(get_variant(name))


def resolve_options(variant: Variant, given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
    """Check ``given`` against ``variant``'s options and fill in the defaults.

    Raise :class:`InvalidOptions` naming the first unknown option or bad value.
    """
    given = dict(given or {})
    resolved: dict[str, OptionValue] = {}
    for spec in variant.options:
        value = given.pop(spec.name, spec.default)
        _check_option(variant, spec, value)
        resolved[spec.name] = value
    if given:
        unknown = sorted(given)[0]
        names = ", ".join(spec.name for spec in variant.options)
        raise InvalidOptions(
            f"Variant {variant.name!r} has no option {unknown!r}; its options are: {names}."
        )
    return resolved


def _check_option(variant: Variant, spec: OptionSpec, value: Any) -> None:
    where = f"Option {spec.name!r} of variant {variant.name!r}"
    if type(value) is not type(spec.default):
        raise InvalidOptions(f"{where} must be a {spec.type_name}, not {value!r}.")
    if spec.choices is not None and value not in spec.choices:
        raise InvalidOptions(f"{where} must be one of {', '.join(spec.choices)}; got {value!r}.")
    if spec.minimum is not None and value < spec.minimum:
        raise InvalidOptions(f"{where} must be at least {spec.minimum}; got {value!r}.")


@dataclass(frozen=True)
class Rules:
    """The rules of one variant with given options, assembled once from its hooks."""

    variant: Variant
    options: Mapping[str, OptionValue]
    hook: Any
    """The plugin manager's hook relay, for the hooks called once per hand or match."""
    deck: tuple[str, ...]
    play: PlayRule
    effects: tuple[CaptureEffect, ...]
    target: int


def rules_for(variant_name: str, options: Mapping[str, OptionValue]) -> Rules:
    """Return the rules of ``variant_name`` with ``options`` (resolved, see
    :func:`resolve_options`), assembling them on first use."""
    # Every engine call needs the rules; remembering the last ones saves
    # building the cache key on the hot path.
    global _last_rules
    last_name, last_options, rules = _last_rules
    if variant_name == last_name and options == last_options:
        return rules
    rules = _assemble(variant_name, tuple(options.items()))
    _last_rules = (variant_name, dict(options), rules)
    return rules


_last_rules: tuple[str | None, Mapping[str, OptionValue] | None, Any] = (None, None, None)


@lru_cache(maxsize=256)
def _assemble(variant_name: str, option_items: tuple[tuple[str, OptionValue], ...]) -> Rules:
    variant = get_variant(variant_name)
    options = resolve_options(variant, dict(option_items))
    hook = plugin_manager(variant_name).hook
    return Rules(
        variant=variant,
        options=options,
        hook=hook,
        deck=tuple(_required(hook.foraccio_build_deck(options=options), "foraccio_build_deck")),
        play=_required(hook.foraccio_play_rule(options=options), "foraccio_play_rule"),
        # pluggy returns results last-registered first; effects apply in plugin order.
        effects=tuple(e for e in reversed(hook.foraccio_capture_effects(options=options)) if e),
        target=_required(hook.foraccio_match_target(options=options), "foraccio_match_target"),
    )


def _required(result: Any, hook_name: str) -> Any:
    if result is None:
        raise TypeError(f"no plugin of this variant implements {hook_name}")
    return result
