"""Plugin managers: the hook specs, then a variant's plugins, then each house rule's, in
the order the match names them.

This order is the layering of house rules, and part of the plugin contract
(docs/plugins.md, "The order plugins are registered"): a plugin registered later
answers a first-result hook before the ones registered earlier, and its wrapper
wraps theirs. So of two house rules on the same bonus, the one named second adjusts
what the first made of it. Every plugin is registered behind its guard
(:mod:`foraccio.core.registry.guards`). Managers are built by :func:`make_plugin_manager`,
never at import time, so tests get fresh ones (as pluggy's eggsample does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pluggy

from foraccio.core import hookspecs
from foraccio.core.errors import IncompatibleHouseRule, PluginError
from foraccio.core.registry.guards import GuardedPlugin, Owner, applies, guarded
from foraccio.core.registry.records import HouseRule, Variant
from foraccio.core.words import phrase


def make_plugin_manager(variant: Variant,
                        house_rules: Sequence[HouseRule] = ()) -> pluggy.PluginManager:
    """Build a new plugin manager with the hook specs, ``variant``'s plugins and then
    each house rule's plugins, in order.

    Raise :class:`IncompatibleHouseRule` when a house rule does not apply to
    ``variant`` or is listed twice, and :class:`PluginError` naming the plugin when
    one does not fit the hook specs.
    """
    check_applicable(variant, house_rules)
    return _manager_of((variant, *house_rules))


def check_hooks(record: Variant | HouseRule) -> None:
    """Raise :class:`PluginError` when a plugin of ``record`` does not fit the hook specs
    (an unknown hook, a parameter no spec has, a wrapper that is not a generator)."""
    _manager_of((record,))


def _manager_of(records: Sequence[Variant | HouseRule]) -> pluggy.PluginManager:
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for record in records:
        owner = Owner.of(record)
        for index, plugin in enumerate(record.plugins):
            _register(manager, plugin, owner, f"{owner.kind}:{owner.name}:{index}")
    try:
        manager.check_pending()
    except pluggy.PluginValidationError as error:
        owner = (error.plugin.owner if isinstance(error.plugin, GuardedPlugin)
                 else Owner.of(records[0]))
        raise owner.error(None, _first_line(error)) from error
    return manager


def check_applicable(variant: Variant, rules: Sequence[HouseRule]) -> None:
    """Raise :class:`IncompatibleHouseRule` for a house rule of ``rules`` that does not
    apply to ``variant``, or that is listed twice."""
    for index, rule in enumerate(rules):
        if not applies(rule, variant):
            raise IncompatibleHouseRule(phrase(
                "House rule {rule} does not apply to variant {variant}.", rule=repr(rule.name),
                variant=repr(variant.name)))
        if any(other.name == rule.name for other in rules[:index]):
            raise IncompatibleHouseRule(phrase(
                "House rule {rule} is listed twice; each house rule applies once.",
                rule=repr(rule.name)))


def _register(manager: pluggy.PluginManager, plugin: Any, owner: Owner, name: str) -> None:
    try:
        manager.register(guarded(plugin, owner, manager), name=name)
    except PluginError:
        raise
    except pluggy.PluginValidationError as error:
        raise owner.error(None, _first_line(error)) from error
    except Exception as error:  # a plugin pluggy cannot take at all
        raise owner.error(None, f"one of its plugins cannot be registered: "
                                f"{type(error).__name__}: {_first_line(error)}") from error


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
