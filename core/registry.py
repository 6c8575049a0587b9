"""Variants, house rules, their plugin managers, and the rule sets assembled from them.

A :class:`Variant` is a name, a title, a description, its options and the
ordered plugins (modules or objects with hook implementations) that make it
up. A :class:`HouseRule` is a layer of plugins registered after a variant's,
for the variants it names. A rule set is a variant, its options and the house
rules played with it, in order. Plugin managers are built by
:func:`make_plugin_manager`, never at import time, so tests can build fresh
ones; :func:`rules_for` caches one assembled :class:`Rules` per rule set.

Variants and house rules come from three places, later ones replacing earlier
ones of the same name: the built-in ones (:mod:`variants`), those installed
distributions declare under the entry-point group ``foraccio`` (see
:func:`installed_plugins`), and those registered at run time.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import metadata
from typing import Any, NamedTuple

import pluggy

from core import hookspecs
from core.errors import IncompatibleHouseRule, InvalidOptions, UnknownHouseRule, UnknownVariant
from core.model import OptionValue
from core.quoting import quote
from core.rules import CaptureEffect, PlayRule

ENTRY_POINT_GROUP = hookspecs.PROJECT
"""The entry-point group under which installed distributions declare their plugins."""

DISABLE_AUTOLOAD = "FORACCIO_DISABLE_PLUGIN_AUTOLOAD"
"""When this environment variable is set (to anything but an empty string), installed
plugins are not loaded, as ``PYTEST_DISABLE_PLUGIN_AUTOLOAD`` does for pytest."""

logger = logging.getLogger("foraccio.plugins")


class OptionSpec(NamedTuple):
    """One option of a variant: its name, default, meaning and allowed values.

    The option's type is the default's type (bool, int or str). ``choices``
    lists the allowed strings of a str option; ``minimum`` and ``maximum`` bound an
    int one.
    """

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

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


@dataclass(frozen=True)
class HouseRule:
    """A table's own rule: plugins layered on any of the variants it names.

    Its plugins are registered after the variant's (and after the house rules
    listed before it), so they override the variant's ``firstresult`` hooks and,
    as ``wrapper=True`` implementations, adjust its answers: filter capture
    options, drop or add a bonus or a score line.
    """

    name: str
    title: str
    description: str
    variants: tuple[str, ...]
    """The names of the variants it applies to."""
    plugins: tuple[Any, ...] = field(repr=False)


_registered: dict[str, Variant] = {}
_registered_house_rules: dict[str, HouseRule] = {}


def register_variant(variant: Variant) -> None:
    """Make ``variant`` available by its name, replacing any variant of that name."""
    _registered[variant.name] = variant
    _forget_rule_sets()


def register_house_rule(rule: HouseRule) -> None:
    """Make ``rule`` available by its name, replacing any house rule of that name."""
    _registered_house_rules[rule.name] = rule
    _forget_rule_sets()


def _forget_rule_sets() -> None:
    global _last_rules
    plugin_manager.cache_clear()
    _assemble.cache_clear()
    _last_rules = (None, None, None, None)


@cache
def _builtin_variants() -> dict[str, Variant]:
    # Imported here, not at module level: the built-in variants are plugins of
    # the engine like any other, and core must import without them.
    from variants import BUILTIN_VARIANTS

    return {variant.name: variant for variant in BUILTIN_VARIANTS}


@cache
def _builtin_house_rules() -> dict[str, HouseRule]:
    from variants import BUILTIN_HOUSE_RULES

    return {rule.name: rule for rule in BUILTIN_HOUSE_RULES}


def variants() -> dict[str, Variant]:
    """Return every known variant by name: built-in, installed, then registered."""
    return {**_builtin_variants(), **installed_plugins().variants, **_registered}


def get_variant(name: str) -> Variant:
    """Return the variant called ``name``, or raise :class:`UnknownVariant`."""
    try:
        return variants()[name]
    except KeyError:
        known = ", ".join(sorted(variants()))
        raise UnknownVariant(
            f"There is no variant {quote(name)}; known variants: {known}.") from None


def house_rules() -> dict[str, HouseRule]:
    """Return every known house rule by name: built-in, installed, then registered."""
    return {**_builtin_house_rules(), **installed_plugins().house_rules,
            **_registered_house_rules}


def get_house_rule(name: str) -> HouseRule:
    """Return the house rule called ``name``, or raise :class:`UnknownHouseRule`."""
    try:
        return house_rules()[name]
    except KeyError:
        known = ", ".join(sorted(house_rules()))
        raise UnknownHouseRule(
            f"There is no house rule {quote(name)}; known house rules: {known}.") from None


def house_rules_for(variant: Variant, names: Iterable[str]) -> tuple[HouseRule, ...]:
    """Return the house rules called ``names``, in order, for a match of ``variant``.

    Raise :class:`UnknownHouseRule` for a name no house rule has, and
    :class:`IncompatibleHouseRule` for one that does not apply to ``variant``
    or is listed twice.
    """
    rules = tuple(map(get_house_rule, names))
    _check_applicable(variant, rules)
    return rules


def _check_applicable(variant: Variant, rules: Sequence[HouseRule]) -> None:
    for index, rule in enumerate(rules):
        if variant.name not in rule.variants:
            raise IncompatibleHouseRule(
                f"House rule {rule.name!r} does not apply to variant {variant.name!r}; it "
                f"applies to: {', '.join(rule.variants)}.")
        if any(other.name == rule.name for other in rules[:index]):
            raise IncompatibleHouseRule(
                f"House rule {rule.name!r} is listed twice; each house rule applies once.")


# --- installed plugins ----------------------------------------------------------------


class Installed(NamedTuple):
    """The variants and house rules of installed distributions, by name."""

    variants: dict[str, Variant]
    house_rules: dict[str, HouseRule]


@cache
def installed_plugins() -> Installed:
    """Load, once, the variants and house rules installed distributions declare.

    The convention: each entry point of the group ``foraccio`` names one
    :class:`Variant` or one :class:`HouseRule` object, e.g. in a
    ``pyproject.toml``::

        [project.entry-points.foraccio]
        napoli-to-ten = "napoli_to_ten:HOUSE_RULE"

    An entry point that fails to import, names anything else, or whose
    plugins do not fit the hook specs is logged as an error, with its
    distribution, and skipped: a broken plugin never takes the service down.
    Nothing is loaded when the environment variable
    ``FORACCIO_DISABLE_PLUGIN_AUTOLOAD`` is set.
    """
    found = Installed({}, {})
    if os.environ.get(DISABLE_AUTOLOAD):
        return found
    for entry_point in metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            plugin = _load(entry_point)
        except Exception as error:  # a plugin's bug, whatever it is, is its own
            distribution = entry_point.dist.name if entry_point.dist else "unknown"
            logger.error("Plugin %r of distribution %r failed to load and is skipped: %s: %s",
                         entry_point.name, distribution, type(error).__name__, error,
                         exc_info=error)
            continue
        if isinstance(plugin, HouseRule):
            found.house_rules[plugin.name] = plugin
        else:
            found.variants[plugin.name] = plugin
    return found


def load_installed_plugins() -> Installed:
    """Load the installed plugins anew (after installing one, or in tests)."""
    installed_plugins.cache_clear()
    _forget_rule_sets()
    return installed_plugins()


def _load(entry_point: metadata.EntryPoint) -> Variant | HouseRule:
    plugin = entry_point.load()
    if not isinstance(plugin, Variant | HouseRule):
        raise TypeError(f"the entry point names {plugin!r}, which is neither a "
                        f"core.registry.Variant nor a core.registry.HouseRule")
    _check_plugins(plugin.plugins)
    return plugin


def _check_plugins(plugins: Iterable[Any]) -> None:
    # Registering checks every hook implementation against its spec.
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for plugin in plugins:
        manager.register(plugin)
    manager.check_pending()


# --- plugin managers ------------------------------------------------------------------


def make_plugin_manager(variant: Variant,
                        house_rules: Sequence[HouseRule] = ()) -> pluggy.PluginManager:
    """Build a new plugin manager with the hook specs, ``variant``'s plugins and then
    each house rule's plugins, in order.

    Raise :class:`IncompatibleHouseRule` when a house rule does not apply to
    ``variant`` or is listed twice.
    """
    _check_applicable(variant, house_rules)
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for plugin in variant.plugins:
        manager.register(plugin)
    for rule in house_rules:
        for plugin in rule.plugins:
            manager.register(plugin)
    manager.check_pending()
    return manager


@lru_cache(maxsize=64)
def plugin_manager(name: str, house_rules: tuple[str, ...] = ()) -> pluggy.PluginManager:
    """Return the cached plugin manager of the variant called ``name`` with the house
    rules called ``house_rules`` (see :func:`house_rules_for`)."""
    variant = get_variant(name)
    return make_plugin_manager(variant, house_rules_for(variant, house_rules))


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
            f"Variant {variant.name!r} has no option {quote(unknown)}; its options are: {names}."
        )
    return resolved


def _check_option(variant: Variant, spec: OptionSpec, value: Any) -> None:
    where = f"Option {spec.name!r} of variant {variant.name!r}"
    if type(value) is not type(spec.default):
        raise InvalidOptions(f"{where} must be a {spec.type_name}, not {quote(value)}.")
    if spec.choices is not None and value not in spec.choices:
        raise InvalidOptions(
            f"{where} must be one of {', '.join(spec.choices)}; got {quote(value)}.")
    if spec.minimum is not None and value < spec.minimum:
        raise InvalidOptions(f"{where} must be at least {spec.minimum}; got {quote(value)}.")
    if spec.maximum is not None and value > spec.maximum:
        raise InvalidOptions(f"{where} must be at most {spec.maximum}; got {quote(value)}.")


@dataclass(frozen=True)
class Rules:
    """The rules of one rule set (a variant, its options and house rules), assembled
    once from its hooks."""

    variant: Variant
    options: Mapping[str, OptionValue]
    house_rules: tuple[HouseRule, ...]
    hook: Any
    """The plugin manager's hook relay, for the hooks called once per hand or match."""
    deck: tuple[str, ...]
    play: PlayRule
    effects: tuple[CaptureEffect, ...]
    target: int


def rules_for(variant_name: str, options: Mapping[str, OptionValue],
              house_rules: tuple[str, ...] = ()) -> Rules:
    """Return the rules of ``variant_name`` with ``options`` (resolved, see
    :func:`resolve_options`) and the house rules called ``house_rules``, in order,
    assembling them on first use."""
    # Every engine call needs the rules; remembering the last ones saves
    # building the cache key on the hot path.
    global _last_rules
    last_name, last_options, last_house_rules, rules = _last_rules
    if variant_name == last_name and house_rules == last_house_rules and options == last_options:
        return rules
    house_rules = tuple(house_rules)
    rules = _assemble(variant_name, tuple(options.items()), house_rules)
    _last_rules = (variant_name, dict(options), house_rules, rules)
    return rules


_last_rules: tuple[str | None, Mapping[str, OptionValue] | None, tuple[str, ...] | None, Any] = (
    None, None, None, None)


@lru_cache(maxsize=256)
def _assemble(variant_name: str, option_items: tuple[tuple[str, OptionValue], ...],
              house_rule_names: tuple[str, ...]) -> Rules:
    variant = get_variant(variant_name)
    options = resolve_options(variant, dict(option_items))
    hook = plugin_manager(variant_name, house_rule_names).hook
    return Rules(
        variant=variant,
        options=options,
        house_rules=house_rules_for(variant, house_rule_names),
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
