"""Variants, house rules, their plugin managers, and the rule sets assembled from them.

A :class:`Variant` is a name, a title, a description, its options and the
ordered plugins (modules or objects with hook implementations) that make it
up. A :class:`HouseRule` is a layer of plugins registered after a variant's,
with options of its own, for the variants it applies to. A rule set is a
variant, its options and the house rules played with it, in order.

The package has one module per job; this module re-exports their public names,
so ``from foraccio.core.registry import HouseRule`` is all a plugin needs:

- :mod:`~foraccio.core.registry.records`: the records a plugin's author writes
  (:class:`Variant`, :class:`HouseRule`, :class:`OptionSpec`), and their
  :class:`~foraccio.core.words.Words` (re-exported here);
- :mod:`~foraccio.core.registry.options`: a match's options, the variant's and its house
  rules' (``"<house rule>.<option>"``), checked and completed;
- :mod:`~foraccio.core.registry.loading`: loading the built-in plugins
  (:data:`DEFAULT_PLUGINS`, by module name) and the installed ones (entry points
  of the group ``foraccio``), skipping the broken ones;
- :mod:`~foraccio.core.registry.catalogue`: what is known by name, loaded or registered at
  run time, and what was skipped;
- :mod:`~foraccio.core.registry.managers`: plugin managers, the layering of house rules;
- :mod:`~foraccio.core.registry.guards`: the boundary around plugin code, where a failure
  or a malformed answer becomes a :class:`~foraccio.core.errors.PluginError`;
- :mod:`~foraccio.core.registry.second_copy`: the engine imported a second time (a plugin
  still importing ``core`` from the checkout), which such an error then names;
- :mod:`~foraccio.core.registry.assembly`: the :class:`Rules` of a rule set, from its hooks;
- :mod:`~foraccio.core.registry.cache`: the rule-set cache behind :func:`rules_for`;
- :mod:`~foraccio.core.registry.seatings`: the seating of each value of the options that
  change it, known before a match starts.

The engine never imports the built-in variants (:mod:`variants`): they are
plugins like any other, named in :data:`DEFAULT_PLUGINS` and imported when first
needed.
"""

from foraccio.core.registry.assembly import Rules
from foraccio.core.registry.cache import forget_rule_sets, plugin_manager, rules_for
from foraccio.core.registry.catalogue import (
    applicable_variants,
    builtin_plugins,
    get_house_rule,
    get_variant,
    house_rules,
    house_rules_for,
    installed_plugins,
    load_installed_plugins,
    register_house_rule,
    register_variant,
    skipped,
    unregister_house_rule,
    unregister_variant,
    variants,
)
from foraccio.core.registry.loading import (
    DEFAULT_PLUGINS,
    DISABLE_AUTOLOAD,
    ENTRY_POINT_GROUP,
    Installed,
    Loaded,
    Skipped,
    logger,
)
from foraccio.core.registry.managers import make_plugin_manager
from foraccio.core.registry.options import option_key, resolve_options
from foraccio.core.registry.records import HouseRule, OptionSpec, Variant, has_options, implements
from foraccio.core.registry.seatings import OptionSeating, option_values, seatings
from foraccio.core.words import CardWords, LineWords, Words

__all__ = [
    "DEFAULT_PLUGINS",
    "DISABLE_AUTOLOAD",
    "ENTRY_POINT_GROUP",
    "CardWords",
    "HouseRule",
    "Installed",
    "LineWords",
    "Loaded",
    "OptionSeating",
    "OptionSpec",
    "Rules",
    "Skipped",
    "Variant",
    "Words",
    "applicable_variants",
    "builtin_plugins",
    "forget_rule_sets",
    "get_house_rule",
    "get_variant",
    "has_options",
    "house_rules",
    "house_rules_for",
    "implements",
    "installed_plugins",
    "load_installed_plugins",
    "logger",
    "make_plugin_manager",
    "option_key",
    "option_values",
    "plugin_manager",
    "register_house_rule",
    "register_variant",
    "resolve_options",
    "rules_for",
    "seatings",
    "skipped",
    "unregister_house_rule",
    "unregister_variant",
    "variants",
]
