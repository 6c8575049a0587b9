"""A match's options: its variant's and each of its house rules', checked and with every
default filled in.

A match has one mapping of options, which the state records and every hook gets.
The variant's options go by their names (``"target"``); a house rule's by the house
rule's name and theirs, joined by a dot (``"double-scopa.factor"``), so that no two
plugins' options can clash and a state without house-rule options reads as it
always did.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from foraccio.core.errors import InvalidOptions
from foraccio.core.model import OptionValue
from foraccio.core.quoting import quote
from foraccio.core.registry.records import HouseRule, OptionSpec, Variant
from foraccio.core.words import phrase

SEPARATOR = "."
"""Joins a house rule's name and its option's name in a match's options."""

OPTION_TYPES = (bool, int, str)


def option_key(rule: HouseRule, spec: OptionSpec) -> str:
    """The name of ``rule``'s option ``spec`` in a match's options."""
    return f"{rule.name}{SEPARATOR}{spec.name}"


def resolve_options(variant: Variant, given: Mapping[str, Any] | None,
                    house_rules: Sequence[HouseRule] = ()) -> dict[str, OptionValue]:
    """Check ``given`` against the options of ``variant`` and of ``house_rules`` and fill
    in the defaults: the variant's options first, then each house rule's, in order.

    Raise :class:`InvalidOptions` naming the first unknown option or bad value.
    """
    given = dict(given or {})
    resolved: dict[str, OptionValue] = {}
    for spec in variant.options:
        resolved[spec.name] = _checked(
            given.pop(spec.name, spec.default), spec,
            phrase("Option {option} of variant {variant}", option=repr(spec.name),
                   variant=repr(variant.name)))
    for rule in house_rules:
        for spec in rule.options:
            key = option_key(rule, spec)
            resolved[key] = _checked(
                given.pop(key, spec.default), spec,
                phrase("Option {option} of house rule {rule}", option=repr(spec.name),
                       rule=repr(rule.name)))
    if given:
        _refuse_unknown(sorted(given)[0], variant, house_rules)
    return resolved


TYPE_WORDS = {"bool": phrase("true or false"), "int": phrase("a whole number"),
              "str": phrase("text")}
"""What an option's value must be, in words a person reads (not Python's type names)."""


def _checked(value: Any, spec: OptionSpec, where: str) -> OptionValue:
    # ``where`` names the option ("Option 'target' of variant 'foraccio'").
    if type(value) is not type(spec.default):
        raise InvalidOptions(phrase("{where} must be {type}, not {value}.", where=where,
                                    type=TYPE_WORDS.get(spec.type_name, spec.type_name),
                                    value=quote(value)))
    if spec.choices is not None and value not in spec.choices:
        raise InvalidOptions(phrase("{where} must be one of {choices}; got {value}.",
                                    where=where, choices=", ".join(map(str, spec.choices)),
                                    value=quote(value)))
    if spec.minimum is not None and value < spec.minimum:
        raise InvalidOptions(phrase("{where} must be at least {minimum}; got {value}.",
                                    where=where, minimum=spec.minimum, value=quote(value)))
    if spec.maximum is not None and value > spec.maximum:
        raise InvalidOptions(phrase("{where} must be at most {maximum}; got {value}.",
                                    where=where, maximum=spec.maximum, value=quote(value)))
    return value


def _refuse_unknown(name: str, variant: Variant, house_rules: Sequence[HouseRule]) -> None:
    rule_name, dot, option = name.partition(SEPARATOR)
    rule = next((rule for rule in house_rules if rule.name == rule_name), None)
    if dot and rule is not None:
        raise InvalidOptions(phrase("House rule {rule} has no option {option}; {listed}.",
                                    rule=repr(rule.name), option=quote(option),
                                    listed=_listed(spec.name for spec in rule.options)))
    if dot:
        raise InvalidOptions(phrase(
            "Option {option} names no house rule of this match; a house rule's options are "
            "given as '<house rule>.<option>' with the house rule in house_rules.",
            option=quote(name)))
    raise InvalidOptions(phrase("Variant {variant} has no option {option}; {listed}.",
                                variant=repr(variant.name), option=quote(name),
                                listed=_listed(spec.name for spec in variant.options)))


def _listed(names: Iterable[str]) -> str:
    names = ", ".join(names)
    return phrase("its options are: {names}", names=names) if names \
        else phrase("it has no options")


def option_spec_problem(spec: Any) -> str | None:
    """What is wrong with an option a plugin declares, or None: checked when it loads."""
    if not isinstance(spec, OptionSpec):
        return f"its options must be foraccio.core.registry.OptionSpec values, not {quote(spec)}"
    if not spec.name or SEPARATOR in spec.name:
        return f"option {quote(spec.name)} needs a name without {SEPARATOR!r}"
    if type(spec.default) not in OPTION_TYPES:
        return f"option {spec.name!r} has a default of type {spec.type_name}: bool, int or str"
    try:
        _checked(spec.default, spec, f"Option {spec.name!r} of its")
    except InvalidOptions as error:
        return f"the default of option {spec.name!r} is not allowed: {error.message}"
    return None
