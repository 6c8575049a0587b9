"""The records plugins are made of: a :class:`Variant`, a :class:`HouseRule`, and the
:class:`OptionSpec` of each option either declares.

They are plain frozen values that a plugin's author writes; nothing here loads,
checks or assembles them (see the other modules of :mod:`foraccio.core.registry`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from foraccio.core.hookspecs import PROJECT
from foraccio.core.model import OptionValue
from foraccio.core.words import Words, phrase


class OptionSpec(NamedTuple):
    """One option of a variant or a house rule: its name, default, meaning and allowed
    values.

    The option's type is the default's type (bool, int or str). ``choices``
    lists the allowed values of a str or int option (Scopone's target: 11 or 21);
    ``minimum`` and ``maximum`` bound an int one. A name holds no ``.``: a match names
    a house rule's options ``"<house rule>.<option>"`` (see
    :func:`foraccio.core.registry.resolve_options`).
    """

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] | tuple[int, ...] | None = None
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
    awards: tuple[str, ...] | None = None
    """The names of the bonuses and score lines it can award (Scopa's: ``"scopa"``,
    ``"carte"``, ``"denari"``, ``"settebello"``, ``"primiera"``), which is what a house
    rule's :attr:`HouseRule.needs` is checked against; None (a variant that declares
    nothing) lets every house rule apply as far as they go."""
    words: Words | None = field(default=None, repr=False, compare=False)
    """What it says of itself beyond its title, description and options (its score lines,
    move kinds, wild card, cards, option values) and its translations
    (:func:`foraccio.core.words.speak` says it all in one language); None says only its
    own English text."""

    @property
    def distribution(self) -> str | None:
        """The distribution it was loaded from (``foraccio`` for a built-in one); None for
        one registered at run time."""
        return distribution_of(self)

    def option(self, name: str) -> OptionSpec | None:
        return next((spec for spec in self.options if spec.name == name), None)

    def implements(self, hook: str) -> bool:
        """True when one of the variant's plugins implements ``hook`` (e.g.
        ``"foraccio_capture_effects"``), plainly or as a wrapper."""
        return any(isinstance(getattr(getattr(plugin, hook, None), _IMPL_MARKER, None), dict)
                   for plugin in self.plugins)


_IMPL_MARKER = f"{PROJECT}_impl"
"""The attribute :data:`foraccio.core.hookspecs.hookimpl` sets on a hook implementation: its
options (a dict)."""


@dataclass(frozen=True)
class HouseRule:
    """A table's own rule: a layer of plugins on the variants it applies to, with
    options of its own.

    Its plugins are registered after the variant's (and after the house rules
    listed before it), so they override the variant's ``firstresult`` hooks and,
    as ``wrapper=True`` implementations, adjust its answers: filter capture
    options, drop or add a bonus or a score line.

    Which variants it applies to: every variant that awards what it ``needs`` and
    awards none of what it ``awards`` itself (a variant that declares no
    :attr:`Variant.awards` passes both), for which ``applies_to`` (when given) is
    true and, when ``variants`` is given, whose name it lists; never one that
    already registers one of its plugins (pluggy registers a plugin once).
    """

    name: str
    title: str
    description: str
    variants: tuple[str, ...] | None = None
    """The names of the only variants it applies to; None for no such list. Prefer
    ``needs``, which also fits variants its author never heard of."""
    plugins: tuple[Any, ...] = field(default=(), repr=False)
    options: tuple[OptionSpec, ...] = ()
    """Its own options: a match gives them as ``"<house rule>.<option>"`` in its options,
    and every hook reads them there (``options["double-scopa.factor"]``)."""
    applies_to: Callable[[Variant], bool] | None = field(default=None, repr=False)
    """What else it needs of a variant: called with each variant, true when the house
    rule applies to it (see :func:`has_options`, :func:`implements`). None applies to
    all."""
    needs: tuple[str, ...] = ()
    """The bonuses and score lines it changes, which a variant must award for it to
    apply (``("scopa",)`` for a rule on scopas): see :attr:`Variant.awards`."""
    awards: tuple[str, ...] = ()
    """The bonuses and score lines it adds (``("colore",)``): it does not apply to a
    variant that awards one of them already."""
    words: Words | None = field(default=None, repr=False, compare=False)
    """As :attr:`Variant.words`: the words of the lines it adds, its translations."""

    @property
    def distribution(self) -> str | None:
        """As :attr:`Variant.distribution`."""
        return distribution_of(self)

    def option(self, name: str) -> OptionSpec | None:
        return next((spec for spec in self.options if spec.name == name), None)

    def applies(self, variant: Variant) -> bool:
        """True when the house rule applies to ``variant`` (see the class docstring).
        Calls ``applies_to``, which is the plugin's own code and may raise."""
        if self.variants is not None and variant.name not in self.variants:
            return False
        if any(plugin is other for plugin in self.plugins for other in variant.plugins):
            return False
        if self.unmet(variant) is not None:
            return False
        return self.applies_to is None or bool(self.applies_to(variant))

    def unmet(self, variant: Variant) -> str | None:
        """What of its declared ``needs`` and ``awards`` ``variant`` does not meet, in
        words ("it needs a variant that awards scopa"), or None when it meets them all
        (as a variant that declares no awards does)."""
        if variant.awards is None:
            return None
        missing = [name for name in self.needs if name not in variant.awards]
        if missing:
            return phrase("it needs a variant that awards {names}", names=_listed(missing))
        already = [name for name in self.awards if name in variant.awards]
        if already:
            return phrase("it adds {names}, which the variant awards already",
                          names=_listed(already))
        return None


def _listed(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return phrase("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def has_options(*names: str) -> Callable[[Variant], bool]:
    """An ``applies_to`` for a house rule that reads these options of the variant."""
    def has(variant: Variant) -> bool:
        return all(variant.option(name) is not None for name in names)
    return has


def implements(*hooks: str) -> Callable[[Variant], bool]:
    """An ``applies_to`` for a house rule that wraps these hooks and needs the variant
    to implement them (e.g. ``implements("foraccio_capture_effects")``)."""
    def does(variant: Variant) -> bool:
        return all(variant.implements(hook) for hook in hooks)
    return does


_distributions: dict[int, tuple[Variant | HouseRule, str]] = {}
"""The distribution of each loaded record, by the record's identity: a plugin's own
object is what the engine keeps, unchanged (its tests may check ``is``)."""


def distribution_of(record: Variant | HouseRule) -> str | None:
    """The distribution ``record`` was loaded from, or None if it was not loaded."""
    found = _distributions.get(id(record))
    return found[1] if found is not None and found[0] is record else None


def loaded_from(record: Variant | HouseRule, distribution: str) -> None:
    """Note that ``record`` was loaded from ``distribution`` (see :mod:`~foraccio.core.registry.
    loading`)."""
    _distributions[id(record)] = (record, distribution)
