"""What the engine knows: the variants and house rules loaded (the built-in ones, then
the installed ones) and those registered at run time, by name; and those skipped.

A plugin registered at run time replaces a loaded one of the same name: that is
the program's own choice, unlike an installed plugin named like a built-in one,
which is refused when it loads (:mod:`foraccio.core.registry.loading`). Registering is
checked as loading is, but a broken plugin raises :class:`~foraccio.core.errors.PluginError`
at once instead of being skipped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from functools import cache

from foraccio.core.errors import (
    IncompatibleHouseRule,
    PluginError,
    UnknownHouseRule,
    UnknownVariant,
)
from foraccio.core.quoting import quote
from foraccio.core.registry import loading
from foraccio.core.registry.guards import applies
from foraccio.core.registry.loading import Loaded, Skipped
from foraccio.core.registry.managers import check_applicable
from foraccio.core.registry.records import HouseRule, Variant
from foraccio.core.words import phrase

logger = logging.getLogger("foraccio.plugins")

_registered_variants: dict[str, Variant] = {}
_registered_house_rules: dict[str, HouseRule] = {}
_listeners: list[Callable[[], None]] = []


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` whenever what is known changes (to forget what was built of it)."""
    _listeners.append(listener)


def _changed() -> None:
    _known.cache_clear()
    for listener in _listeners:
        listener()


# --- loading --------------------------------------------------------------------------


class _LoadedOnce:
    """Plugins loaded on first use and kept. While they load, a plugin that asks what is
    known (``get_variant("foraccio")`` when it is imported) is told none of them, and
    what was built of that partial knowledge is forgotten once they are loaded."""

    def __init__(self, load: Callable[[], Loaded]) -> None:
        self._load = load
        self._loaded: Loaded | None = None
        self._loading = False

    def __call__(self) -> Loaded:
        if self._loaded is None:
            if self._loading:
                return _NOTHING
            self._loading = True
            try:
                self._loaded = self._load()
            finally:
                self._loading = False
            _changed()
        return self._loaded

    def forget(self) -> None:
        self._loaded = None


_NOTHING = Loaded({}, {})
_builtin = _LoadedOnce(lambda: loading.load(loading.builtin_candidates()))
_installed = _LoadedOnce(lambda: loading.load(loading.installed_candidates(), builtin_plugins()))


def builtin_plugins() -> Loaded:
    """Load, once, the built-in variants and house rules (:data:`~foraccio.core.registry.loading.
    DEFAULT_PLUGINS`)."""
    return _builtin()


def installed_plugins() -> Loaded:
    """Load, once, the variants and house rules installed distributions declare.

    The convention: each entry point of the group ``foraccio`` names one
    :class:`Variant` or one :class:`HouseRule` object, e.g. in a
    ``pyproject.toml``::

        [project.entry-points.foraccio]
        napoli-to-ten = "foraccio_napoli_to_ten:HOUSE_RULE"

    A broken one is logged, with its distribution, and skipped (see
    :mod:`foraccio.core.registry.loading` for what is checked); ``skipped`` lists them.
    Nothing is loaded when the environment variable
    ``FORACCIO_DISABLE_PLUGIN_AUTOLOAD`` is set.
    """
    return _installed()


def load_installed_plugins() -> Loaded:
    """Load the installed plugins anew (after installing one, or in tests)."""
    _installed.forget()
    _changed()
    return installed_plugins()


@cache
def _known() -> tuple[dict[str, Variant], dict[str, HouseRule]]:
    builtin, installed = builtin_plugins(), installed_plugins()
    return ({**builtin.variants, **installed.variants, **_registered_variants},
            {**builtin.house_rules, **installed.house_rules, **_registered_house_rules})


def skipped() -> tuple[Skipped, ...]:
    """Every plugin that was not loaded, and why: built-in ones first, then installed."""
    return (*builtin_plugins().skipped, *installed_plugins().skipped)


# --- registering at run time ----------------------------------------------------------


def register_variant(variant: Variant) -> None:
    """Make ``variant`` available by its name, replacing any variant of that name.

    Raise :class:`PluginError` when it would be skipped at load (see
    :func:`foraccio.core.registry.loading.check`).
    """
    loading.check(variant, {})
    _registered_variants[variant.name] = variant
    _changed()


def register_house_rule(rule: HouseRule) -> None:
    """Make ``rule`` available by its name, replacing any house rule of that name.

    Raise :class:`PluginError` when it would be skipped at load, with any known variant
    it applies to.
    """
    loading.check(rule, variants())
    _registered_house_rules[rule.name] = rule
    _changed()


def unregister_variant(name: str) -> None:
    """Forget the variant registered at run time as ``name`` (a loaded one of that name,
    if any, is known again)."""
    if _registered_variants.pop(name, None) is not None:
        _changed()


def unregister_house_rule(name: str) -> None:
    """Forget the house rule registered at run time as ``name``."""
    if _registered_house_rules.pop(name, None) is not None:
        _changed()


# --- looking up -----------------------------------------------------------------------


def variants() -> dict[str, Variant]:
    """Return every known variant by name: built-in, installed, then registered."""
    return dict(_known()[0])


def get_variant(name: str) -> Variant:
    """Return the variant called ``name``, or raise :class:`UnknownVariant` (saying why,
    when a plugin of that name was skipped)."""
    known = _known()[0]
    try:
        return known[name]
    except KeyError:
        raise UnknownVariant(_unknown("variant", name, known)) from None


def house_rules() -> dict[str, HouseRule]:
    """Return every known house rule by name: built-in, installed, then registered."""
    return dict(_known()[1])


def get_house_rule(name: str) -> HouseRule:
    """Return the house rule called ``name``, or raise :class:`UnknownHouseRule` (saying
    why, when a plugin of that name was skipped)."""
    known = _known()[1]
    try:
        return known[name]
    except KeyError:
        raise UnknownHouseRule(_unknown("house_rule", name, known)) from None


def house_rules_for(variant: Variant, names: Iterable[str]) -> tuple[HouseRule, ...]:
    """Return the house rules called ``names``, in order, for a match of ``variant``.

    Raise :class:`UnknownHouseRule` for a name no house rule has, and
    :class:`IncompatibleHouseRule` for one that does not apply to ``variant``
    or is listed twice.
    """
    rules = tuple(map(get_house_rule, names))
    try:
        check_applicable(variant, rules)
    except IncompatibleHouseRule:
        rule = next((rule for rule in rules if not applies(rule, variant)), None)
        if rule is None:
            raise
        where = ", ".join(applicable_variants(rule)) or phrase("no variant known here")
        why = rule.unmet(variant)
        raise IncompatibleHouseRule(phrase(
            "House rule {rule} does not apply to variant {variant}{why}; it applies to: "
            "{where}.", rule=repr(rule.name), variant=repr(variant.name),
            why="" if why is None else phrase(": {why}", why=why), where=where)) from None
    return rules


def applicable_variants(rule: HouseRule) -> tuple[str, ...]:
    """The names of the known variants ``rule`` applies to, in the order of
    :func:`variants`. A variant its ``applies_to`` fails on is logged and left out."""
    names = []
    for variant in _known()[0].values():
        try:
            if applies(rule, variant):
                names.append(variant.name)
        except PluginError as error:
            logger.error("House rule %r failed to tell whether it applies to variant %r",
                         rule.name, variant.name, exc_info=error)
    return tuple(names)


def _unknown(kind: str, name: str, known: dict) -> str:
    skip = next((skip for skip in skipped() if skip.name == name and skip.kind in (kind, None)),
                None)
    known_names = ", ".join(sorted(known))
    if skip is not None:
        # The reason is the plugin's failure, said in English wherever it is shown.
        reason = skip.reason.rstrip(".")
        if kind == "variant":
            return phrase("Variant {name} was not loaded: {reason}.", name=quote(name),
                          reason=reason)
        return phrase("House rule {name} was not loaded: {reason}.", name=quote(name),
                      reason=reason)
    if kind == "variant":
        return phrase("There is no variant {name}; known variants: {known}.", name=quote(name),
                      known=known_names)
    return phrase("There is no house rule {name}; known house rules: {known}.",
                  name=quote(name), known=known_names)
