"""The rule-set cache: one plugin manager per variant and house rules, one assembled
:class:`~foraccio.core.registry.Rules` per variant, options and house rules.

Every engine call needs the rules of its state; they are assembled on first use
and kept, and forgotten whenever what is known changes (a plugin registered or
loaded anew).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pluggy

from foraccio.core.model import OptionValue
from foraccio.core.registry.assembly import Rules, assemble
from foraccio.core.registry.catalogue import get_variant, house_rules_for, on_change
from foraccio.core.registry.managers import make_plugin_manager
from foraccio.core.registry.options import resolve_options


@lru_cache(maxsize=64)
def plugin_manager(name: str, house_rules: tuple[str, ...] = ()) -> pluggy.PluginManager:
    """Return the cached plugin manager of the variant called ``name`` with the house
    rules called ``house_rules`` (see :func:`~foraccio.core.registry.house_rules_for`)."""
    variant = get_variant(name)
    return make_plugin_manager(variant, house_rules_for(variant, house_rules))


def rules_for(variant_name: str, options: Mapping[str, OptionValue],
              house_rules: tuple[str, ...] = ()) -> Rules:
    """Return the rules of ``variant_name`` with ``options`` (resolved, see
    :func:`~foraccio.core.registry.resolve_options`) and the house rules called ``house_rules``,
    in order, assembling them on first use."""
    # Every engine call needs the rules; remembering the last ones saves
    # building the cache key on the hot path.
    global _last_rules
    last_name, last_options, last_house_rules, rules = _last_rules
    if (variant_name == last_name and house_rules == last_house_rules
            and options == last_options and _same_types(options, last_options)):
        return rules
    house_rules = tuple(house_rules)
    rules = _assemble(variant_name, _option_key(options), house_rules)
    _last_rules = (variant_name, dict(options), house_rules, rules)
    return rules


_last_rules: tuple[str | None, Mapping[str, OptionValue] | None, tuple[str, ...] | None, Any] = (
    None, None, None, None)


def _same_types(options: Mapping[str, OptionValue], equal: Mapping[str, OptionValue]) -> bool:
    # Two equal option dicts may still differ in type: True == 1.
    return all(type(value) is type(equal[name]) for name, value in options.items())


def _option_key(options: Mapping[str, OptionValue]) -> tuple[tuple[str, type, OptionValue], ...]:
    # Sorted, as the same options in another order are the same rule set; typed, as
    # True == 1 but 1 is no value for a bool option.
    return tuple(sorted((name, type(value), value) for name, value in options.items()))


@lru_cache(maxsize=256)
def _assemble(variant_name: str, option_key: tuple[tuple[str, type, OptionValue], ...],
              house_rule_names: tuple[str, ...]) -> Rules:
    variant = get_variant(variant_name)
    house_rules = house_rules_for(variant, house_rule_names)
    options = resolve_options(variant, {name: value for name, _, value in option_key},
                              house_rules)
    return assemble(plugin_manager(variant_name, house_rule_names), variant, options,
                    house_rules)


def forget_rule_sets() -> None:
    """Forget every plugin manager and rule set built so far."""
    global _last_rules
    plugin_manager.cache_clear()
    _assemble.cache_clear()
    _last_rules = (None, None, None, None)


on_change(forget_rule_sets)
