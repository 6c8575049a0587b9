"""Loading plugins: the built-in ones, named in :data:`DEFAULT_PLUGINS`, and those
installed distributions declare under the entry-point group ``foraccio``.

Both are loaded the same way, by name, so the engine never imports its own
variants (as datasette loads its ``DEFAULT_PLUGINS``): each name, ``module:attribute``,
gives one :class:`~foraccio.core.registry.Variant` or :class:`~foraccio.core.registry.HouseRule`.

A plugin is skipped, with its reason logged (logger ``foraccio.plugins``, naming
its distribution) and kept in :attr:`Loaded.skipped`, when it

- fails to import, or names anything but a variant or a house rule;
- declares a malformed option, awards or needs that are not a tuple of names, or a
  plugin that does not fit the hook specs;
- is named like a plugin loaded before it (an installed one like a built-in one) or
  like another plugin of the same batch (every one of that name is skipped: which
  of them would win is not for the order of installation to decide);
- fails when its rules are first assembled: a variant with its default options, a
  house rule with each variant it applies to (e.g. its ``foraccio_build_deck``
  raises, or no plugin of a variant implements ``foraccio_deal``).

So a broken plugin never takes the service down, nor any other plugin with it.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from importlib import metadata
from typing import NamedTuple

from foraccio.core import hookspecs
from foraccio.core.errors import PluginError
from foraccio.core.quoting import shorten
from foraccio.core.registry.assembly import assemble
from foraccio.core.registry.guards import Owner, applies
from foraccio.core.registry.managers import check_hooks, make_plugin_manager
from foraccio.core.registry.options import SEPARATOR, option_spec_problem, resolve_options
from foraccio.core.registry.records import HouseRule, Variant, loaded_from

DEFAULT_PLUGINS = (
    "foraccio.variants.foraccio:FORACCIO",
    "foraccio.variants.zobelon:ZOBELON",
    "foraccio.variants.house_rules.single_card_priority:SINGLE_CARD_PRIORITY",
    "foraccio.variants.house_rules.no_last_play_scopa:NO_LAST_PLAY_SCOPA",
    "foraccio.variants.house_rules.colore:COLORE",
)
"""The built-in variants and house rules, in the order they are listed, each as
``module:attribute``: loaded like installed plugins, never imported by the engine."""

BUILTIN_DISTRIBUTION = "foraccio"
"""The distribution named for the built-in plugins: the engine's own."""

ENTRY_POINT_GROUP = hookspecs.PROJECT
"""The entry-point group under which installed distributions declare their plugins."""

DISABLE_AUTOLOAD = "FORACCIO_DISABLE_PLUGIN_AUTOLOAD"
"""When this environment variable is set (to anything but an empty string), installed
plugins are not loaded, as ``PYTEST_DISABLE_PLUGIN_AUTOLOAD`` does for pytest."""

MAX_REASON = 300
"""Most characters of a skipped plugin's reason: enough for an exception's first line."""

logger = logging.getLogger("foraccio.plugins")


class Skipped(NamedTuple):
    """A plugin that was not loaded, and why.

    ``kind`` is ``"variant"`` or ``"house_rule"`` (or ``"bot"``, for the bots of
    :mod:`foraccio.bots.registry`), or None when it failed before that could be told (it did
    not import): ``name`` is then its entry point's.
    """

    name: str
    distribution: str
    reason: str
    kind: str | None = None


class Loaded(NamedTuple):
    """The variants and house rules a batch of plugins gave, by name, and those skipped."""

    variants: dict[str, Variant]
    house_rules: dict[str, HouseRule]
    skipped: tuple[Skipped, ...] = ()


Installed = Loaded
"""The name :func:`foraccio.core.registry.installed_plugins` has always answered with."""


class Candidate(NamedTuple):
    """A plugin to load: its name (the entry point's), distribution, and how to load it."""

    name: str
    distribution: str
    load: Callable[[], object]


# --- where plugins come from ----------------------------------------------------------


def builtin_candidates(names: Iterable[str] = DEFAULT_PLUGINS) -> list[Candidate]:
    """The built-in plugins, each ``module:attribute``, imported when loaded."""
    return [Candidate(name, BUILTIN_DISTRIBUTION, lambda name=name: _import(name))
            for name in names]


def installed_candidates(group: str = ENTRY_POINT_GROUP) -> list[Candidate]:
    """The plugins installed distributions declare in the entry-point ``group`` (the
    variants' and house rules' by default), by distribution name and then entry point
    name; none when ``FORACCIO_DISABLE_PLUGIN_AUTOLOAD`` is set."""
    if os.environ.get(DISABLE_AUTOLOAD):
        return []
    # Sorted: the order entry points are found in follows the file system, and which of
    # two plugins of one name is kept must not differ between machines.
    return sorted((Candidate(entry_point.name,
                             entry_point.dist.name if entry_point.dist else "unknown",
                             entry_point.load)
                   for entry_point in metadata.entry_points(group=group)),
                  key=lambda candidate: (candidate.distribution, candidate.name))


def _import(name: str) -> object:
    module_name, _, attribute = name.partition(":")
    found: object = importlib.import_module(module_name)
    for part in attribute.split("."):
        found = getattr(found, part)
    return found


# --- loading --------------------------------------------------------------------------


def load(candidates: Iterable[Candidate], before: Loaded | None = None) -> Loaded:
    """Load ``candidates``, skipping (and logging) each broken one; ``before`` holds the
    plugins loaded already (the built-in ones, when loading installed ones): a name
    of theirs is taken, and house rules are also assembled with their variants."""
    before = before or Loaded({}, {})
    records: list[Variant | HouseRule] = []
    skipped: list[Skipped] = []
    order: dict[str | None, int] = {}  # skipped plugins are listed in the candidates' order
    for index, candidate in enumerate(candidates):
        try:
            records.append(_loaded(candidate))
        except Exception as error:  # a plugin's bug, whatever it is, is its own
            skipped.append(_skip(candidate.name, candidate.distribution, None, error))
            order[candidate.name] = index
        else:
            order.setdefault(f"{_kind(records[-1])}:{records[-1].name}", index)
    records = _without_clashes(records, before, skipped)
    variants = _checked({record.name: record for record in records
                         if isinstance(record, Variant)}, {}, skipped)
    every_variant = {**before.variants, **variants}
    house_rules = _checked({record.name: record for record in records
                            if isinstance(record, HouseRule)}, every_variant, skipped)
    skipped.sort(key=lambda skip: order.get(skip.name if skip.kind is None
                                            else f"{skip.kind}:{skip.name}", 0))
    return Loaded(variants, house_rules, tuple(skipped))


def check(record: Variant | HouseRule, variants: Mapping[str, Variant]) -> None:
    """Raise :class:`PluginError` when ``record`` would be skipped at load (apart from its
    name): a malformed option, declared names (``awards``, ``needs``, ``ways``,
    ``refuses``) that are not a
    tuple of str, a plugin that does not fit the hook specs, or rules
    that fail to assemble (a house rule's with each of ``variants`` it applies to)."""
    owner = Owner.of(record)
    if not isinstance(record.name, str) or not record.name:
        raise owner.error(None, "its name is not a non-empty str")
    if isinstance(record, HouseRule) and SEPARATOR in record.name:
        raise owner.error(None, f"a house rule's name holds no {SEPARATOR!r}: its options "
                                f"are named '<house rule>{SEPARATOR}<option>'")
    problem = (next(filter(None, map(option_spec_problem, record.options)), None)
               or _declared_names_problem(record))
    if problem:
        raise owner.error(None, problem)
    check_hooks(record)
    if isinstance(record, Variant):
        _assemble(record, ())
        return
    for variant in variants.values():
        if applies(record, variant):
            try:
                _assemble(variant, (record,))
            except PluginError as error:
                whose = "" if error.kind == "house_rule" else "the variant's plugin, "
                raise owner.error(error.hook, f"with variant {variant.name!r}: {whose}"
                                              f"{_cause(error)}") from error.__cause__


def _declared_names_problem(record: Variant | HouseRule) -> str | None:
    # "scopa" where ("scopa",) was meant would be read letter by letter.
    declared = {"awards": record.awards, "ways": record.ways, "refuses": record.refuses
                } if isinstance(record, Variant) else {
        "needs": record.needs, "awards": record.awards, "ways": record.ways}
    for what, names in declared.items():
        if names is None and isinstance(record, Variant) and what != "refuses":
            continue
        if not isinstance(names, tuple) or not all(isinstance(n, str) and n for n in names):
            return f"its {what} must be a tuple of names (str), not {shorten(repr(names))}"
    return None


def _assemble(variant: Variant, house_rules: tuple[HouseRule, ...]) -> None:
    options = resolve_options(variant, None, house_rules)
    assemble(make_plugin_manager(variant, house_rules), variant, options, house_rules)


def _loaded(candidate: Candidate) -> Variant | HouseRule:
    try:
        plugin = candidate.load()
    except Exception as error:
        raise _LoadFailed(f"it failed to import: {type(error).__name__}: {error}") from error
    if not isinstance(plugin, Variant | HouseRule):
        raise _LoadFailed(f"the entry point names {shorten(repr(plugin))}, which is neither a "
                          f"foraccio.core.registry.Variant nor a foraccio.core.registry.HouseRule")
    if not isinstance(plugin.name, str) or not plugin.name:
        raise _LoadFailed(f"its name is {shorten(repr(plugin.name))}, not a non-empty str")
    loaded_from(plugin, candidate.distribution)
    return plugin


class _LoadFailed(Exception):
    """A candidate that gave no variant or house rule: the message is the reason."""


def _without_clashes(records: list[Variant | HouseRule], before: Loaded,
                     skipped: list[Skipped]) -> list[Variant | HouseRule]:
    counts = Counter((_kind(record), record.name) for record in records)
    kept = []
    for record in records:
        kind = _kind(record)
        taken = before.variants if kind == "variant" else before.house_rules
        if record.name in taken:
            reason = (f"the {kind.replace('_', ' ')} {record.name!r} of distribution "
                      f"{taken[record.name].distribution!r} has that name already")
        elif counts[kind, record.name] > 1:
            others = sorted({other.distribution for other in records
                             if other is not record and _kind(other) == kind
                             and other.name == record.name})
            declare = ("distribution {} also declares" if len(others) == 1
                       else "distributions {} also declare")
            reason = (f"{declare.format(', '.join(map(repr, others)))} a "
                      f"{kind.replace('_', ' ')} of that name; none of them is loaded")
        else:
            kept.append(record)
            continue
        skipped.append(_skip(record.name, record.distribution, kind, _LoadFailed(reason)))
    return kept


def _checked(records: dict[str, Variant | HouseRule], variants: Mapping[str, Variant],
             skipped: list[Skipped]) -> dict:
    loaded = {}
    for name, record in records.items():
        try:
            check(record, variants)
        except Exception as error:
            skipped.append(_skip(name, record.distribution, _kind(record), error))
        else:
            loaded[name] = record
    return loaded


def _skip(name: str, distribution: str | None, kind: str | None,
          error: Exception) -> Skipped:
    reason = shorten(_reason(error), MAX_REASON)
    distribution = distribution or "unknown"
    logger.error("Plugin %r of distribution %r is skipped: %s", name, distribution, reason,
                 exc_info=None if isinstance(error, _LoadFailed) and error.__cause__ is None
                 else error)
    return Skipped(name, distribution, reason, kind)


def _reason(error: Exception) -> str:
    if isinstance(error, PluginError):
        where = f"{error.hook}: " if error.hook else ""
        return f"{where}{_cause(error)}"
    if isinstance(error, _LoadFailed):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _cause(error: PluginError) -> str:
    if error.problem:
        return error.problem
    cause = error.__cause__
    return f"it raised {type(cause).__name__}: {cause}" if cause else "it failed"


def _kind(record: Variant | HouseRule) -> str:
    return "variant" if isinstance(record, Variant) else "house_rule"
