"""The rules of one rule set (a variant, its options and its house rules), assembled
from its plugin manager: the hooks called once per rule set are called here.

Assembling is also the last check of a plugin when it loads: a variant is
assembled with its default options, a house rule with each variant it applies to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pluggy

from foraccio.core.cards import RANK, SUITS
from foraccio.core.model import Move, OptionValue
from foraccio.core.registry.guards import Owner, check_values
from foraccio.core.registry.records import HouseRule, Variant
from foraccio.core.rules import CaptureEffect, PlayRule, Seating

REQUIRED_HOOKS = ("foraccio_build_deck", "foraccio_seating", "foraccio_first_dealer",
                  "foraccio_match_target", "foraccio_next_dealer", "foraccio_deal",
                  "foraccio_play_rule", "foraccio_collect_table", "foraccio_match_winner")
"""The hooks a variant must implement: the engine needs their answer (the match winner's
may be None, but some plugin must be asked)."""


@dataclass(frozen=True)
class Rules:
    """The rules of one rule set (a variant, its options and house rules), assembled
    once from its hooks."""

    variant: Variant
    options: Mapping[str, OptionValue]
    house_rules: tuple[HouseRule, ...]
    hook: HookCalls
    """The hooks called once per hand or match, as the plugin manager's hook relay calls
    them."""
    seating: Seating
    deck: tuple[str, ...]
    values: dict[str, int]
    """Each card's value for capturing (see ``foraccio_card_values``)."""
    table_order: dict[str, int]
    """Each card's place on the table, which the engine keeps in order of value, then
    suit (c, d, b, s), then rank."""
    table_key: Callable[[str], int]
    """``table_order.__getitem__``, made once: the key the engine sorts the table by."""
    play: PlayRule
    plays: Callable[[tuple[str, ...], tuple[str, ...]], tuple[tuple[Move, ...], int]]
    """The play rule answering the engine's :data:`~foraccio.core.plays.Plays`: its moves in one
    tuple, the capturing ones first, and how many capture (see
    :func:`~foraccio.core.registry.rule_guards.guarded_play_rule`)."""
    effects: tuple[CaptureEffect, ...]
    target: int
    declares: bool = False
    """Whether some plugin implements ``foraccio_declarations``: the engine asks a dealt
    hand what it declares only then."""


class HookCalls:
    """The hooks of one rule set, each called as the plugin manager's hook relay calls it
    (``calls.<hook>(**arguments)``, the same answer), and faster where a hook has a single
    plain implementation (the usual dealer, deal, table collection and winner of a
    variant): that implementation is called directly with the arguments it takes, without
    pluggy's general loop over implementations and wrappers, which costs about five
    times the call of a guarded implementation. A hook no plugin implements (most
    variants' deal effects) answers at once, as pluggy would: None, or no results."""

    def __init__(self, relay: Any) -> None:
        for name, caller in vars(relay).items():
            if isinstance(caller, pluggy.HookCaller):
                setattr(self, name, _direct(caller))


def _direct(caller: pluggy.HookCaller) -> Callable[..., Any]:
    implementations = caller.get_hookimpls()
    if not implementations and caller.spec:
        return _no_answer if caller.spec.opts.get("firstresult") else _no_results
    if len(implementations) != 1 or not caller.spec:
        return caller
    (only,) = implementations
    if only.hookwrapper or only.wrapper:
        return caller
    function, names = only.function, only.argnames
    if caller.spec.opts.get("firstresult"):
        def call(**arguments: Any) -> Any:
            return function(*[arguments[name] for name in names])
    else:
        def call(**arguments: Any) -> Any:
            result = function(*[arguments[name] for name in names])
            return [] if result is None else [result]
    return call


def _no_answer(**_arguments: Any) -> None:
    return None


def _no_results(**_arguments: Any) -> list[Any]:
    return []


def assemble(manager: pluggy.PluginManager, variant: Variant,
             options: Mapping[str, OptionValue], house_rules: tuple[HouseRule, ...]) -> Rules:
    """Call the set-up and rule-factory hooks of ``manager`` (built by
    :func:`~foraccio.core.registry.make_plugin_manager` for ``variant`` and ``house_rules``) with
    the resolved ``options``, and return the rules they make.

    Raise :class:`~foraccio.core.errors.PluginError` naming the plugin that fails, or the
    variant when none of its plugins implements a hook the engine needs.
    """
    hook = manager.hook
    owner = Owner.of(variant)
    for name in REQUIRED_HOOKS:
        if not getattr(hook, name).get_hookimpls():
            raise owner.error(name, "none of its plugins implements it")

    def answer(name: str, **arguments: Any) -> Any:
        result = getattr(hook, name)(options=options, **arguments)
        if result is None:
            raise owner.error(name, "every plugin implementing it answered None")
        return result

    seating = answer("foraccio_seating")
    deck = tuple(answer("foraccio_build_deck"))
    values = hook.foraccio_card_values(options=options)
    values = {card: RANK[card] for card in deck} if values is None else check_values(
        owner, values, deck)
    play = answer("foraccio_play_rule", values=values)
    table_order = {card: place for place, card in enumerate(sorted(
        deck, key=lambda card: (values[card], SUITS.index(card[-1]), RANK[card])))}
    return Rules(
        variant=variant,
        options=options,
        house_rules=house_rules,
        hook=HookCalls(hook),
        seating=seating,
        deck=deck,
        values=values,
        table_order=table_order,
        table_key=table_order.__getitem__,
        play=play,
        plays=play.plays,
        # pluggy returns results last-registered first; effects apply in plugin order.
        effects=tuple(e for e in reversed(answer("foraccio_capture_effects", seating=seating))
                      if e),
        target=answer("foraccio_match_target"),
        declares=bool(hook.foraccio_declarations.get_hookimpls()),
    )
