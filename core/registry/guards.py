"""The boundary around plugin code: whatever a plugin does wrong is caught where it does
it and reported as a :class:`~foraccio.core.errors.PluginError` naming the plugin and the hook.

A plugin manager never holds a plugin itself but a :class:`GuardedPlugin` standing
in for it: each of its hook implementations is called through a guard that

- turns any exception the implementation raises into a ``PluginError`` (the
  exception is its ``__cause__``, for the log);
- checks the implementation's answer against its hook's contract (a deal holds
  each card of the deck once, a score line is for a team of the match, a target is a
  positive int, ...) and refuses a malformed one there, before any other plugin
  or the engine reads it;
- puts the same guard around each rule function the play-phase factories return
  (the play rule, each capture effect), whose bonuses are checked as they are made
  (:mod:`foraccio.core.registry.rule_guards`).

A ``PluginError`` raised by an inner plugin passes through the guards of the
wrappers around it unchanged, so the error always names the plugin whose code
failed. Guards cost one Python call per hook implementation and per rule
function called; the engine makes no pluggy call per play, so a play pays for
two or three of them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import chain
from typing import Any, NamedTuple

import pluggy

from foraccio.core.cards import RANK
from foraccio.core.errors import PluginError
from foraccio.core.model import MAX_SAFE_INTEGER, ScoreLine
from foraccio.core.quoting import quote
from foraccio.core.registry.records import HouseRule, Variant
from foraccio.core.registry.rule_guards import (
    bonus_problem,
    guarded_effect,
    guarded_play_rule,
    is_int,
    kind_of,
    numbers,
)
from foraccio.core.registry.second_copy import second_copy_note
from foraccio.core.rules import Declaration, Seating


class Owner(NamedTuple):
    """Whose plugin it is: ``kind`` ``"variant"`` or ``"house_rule"``, its name and
    its distribution."""

    kind: str
    name: str
    distribution: str | None

    @classmethod
    def of(cls, record: Variant | HouseRule) -> Owner:
        kind = "variant" if isinstance(record, Variant) else "house_rule"
        return cls(kind, record.name, record.distribution)

    def error(self, hook: str | None, problem: str | None = None) -> PluginError:
        """A :class:`PluginError` of this owner's in ``hook``; a problem says so when the
        engine has been imported a second time, the likely cause of any refusal then."""
        note = second_copy_note() if problem else None
        if note and note not in problem:  # a house rule's error may quote its variant's
            problem = f"{problem}; {note}"
        return PluginError(self.kind, self.name, hook, problem, self.distribution)


class GuardedPlugin:
    """What a plugin manager registers for one plugin: the plugin's hook
    implementations, each behind its guard. ``plugin`` is the plugin itself and
    ``owner`` the variant or house rule it belongs to."""

    def __init__(self, plugin: Any, owner: Owner) -> None:
        self.plugin = plugin
        self.owner = owner

    def __repr__(self) -> str:
        return f"<{self.owner.kind} {self.owner.name!r}: {self.plugin!r}>"


def guarded(plugin: Any, owner: Owner, manager: pluggy.PluginManager) -> GuardedPlugin:
    """Return the stand-in of ``plugin`` for ``manager``: every attribute ``manager``
    takes for a hook implementation, guarded, with the same hook options."""
    stand_in = GuardedPlugin(plugin, owner)
    for attribute in dir(plugin):
        opts = manager.parse_hookimpl_opts(plugin, attribute)
        if opts is None:
            continue
        hook = opts.get("specname") or attribute
        function = getattr(plugin, attribute)
        if opts.get("wrapper") or opts.get("hookwrapper"):
            if not inspect.isgeneratorfunction(function):
                raise owner.error(hook, "its wrapper implementation is not a generator "
                                        "function (it must yield once)")
            guard = _guarded_wrapper(function, owner, hook, checked=bool(opts.get("wrapper")))
        else:
            guard = _guarded_implementation(function, owner, hook)
        # pluggy reads the parameters through ``__wrapped__`` (set by the guard) and
        # the options from the marker attribute.
        guard.__name__ = guard.__qualname__ = attribute
        setattr(guard, f"{manager.project_name}_impl", dict(opts))
        setattr(stand_in, attribute, guard)
    return stand_in


def applies(rule: HouseRule, variant: Variant) -> bool:
    """Whether ``rule`` applies to ``variant``; a failure of its ``applies_to`` is the
    house rule's :class:`PluginError` (hook ``applies_to``)."""
    try:
        return rule.applies(variant)
    except Exception as error:
        raise Owner.of(rule).error("applies_to") from error


def _guarded_implementation(function: Callable, owner: Owner, hook: str) -> Callable:
    check = _CHECKS.get(hook)
    names, taken = _parameters(function, hook)
    passed = None if taken == len(names) else slice(taken)  # whether seating was added
    where = _positions(names)

    def guard(*args):
        try:
            result = function(*args) if passed is None else function(*args[passed])
        except PluginError:
            raise
        except Exception as error:
            raise owner.error(hook) from error
        if check is None or result is None:
            return result
        return check(owner, hook, result, args, where)

    guard.__wrapped__ = _carrier(names)  # type: ignore[attr-defined]
    return guard


def _guarded_wrapper(function: Callable, owner: Owner, hook: str, checked: bool) -> Callable:
    check = _WRAPPER_CHECKS.get(hook) if checked else None
    names, taken = _parameters(function, hook)
    where = _positions(names)

    def guard(*args):
        try:
            # The wrapper's own generator runs inside this one: what pluggy sends or
            # throws in reaches it. An inner plugin's failure comes in as a PluginError
            # already naming that plugin, and passes through.
            result = yield from function(*args[:taken])
        except PluginError:
            raise
        except Exception as error:
            raise owner.error(hook) from error
        if check is None:
            return result
        if result is None:
            if hook in _LIST_HOOKS:
                raise _refuse(owner, hook, "None, not the list of the answers it wrapped")
            return result
        return check(owner, hook, result, args, where)

    guard.__wrapped__ = _carrier(names)  # type: ignore[attr-defined]
    return guard


@cache
def _positions(names: tuple[str, ...]) -> dict[str, int]:
    """Where each of ``names`` is among a guard's arguments: a check finds the arguments
    it needs there, without a mapping of them made for every call."""
    return {name: at for at, name in enumerate(names)}


def _argument(args: tuple[Any, ...], where: Mapping[str, int], name: str) -> Any:
    """The argument ``name`` of a guarded call, or None when the implementation does not
    take it."""
    at = where.get(name)
    return None if at is None else args[at]


def _parameters(function: Callable, hook: str) -> tuple[tuple[str, ...], int]:
    """The arguments the guard of ``function`` takes: those ``function`` takes (as
    pluggy reads them: positional, without a default), then those the hook's check
    needs and ``function`` does not take (``seating``, a deal effect's ``deal``); and
    how many of them go on to ``function``."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        parameters = ()
    names = tuple(p.name for p in parameters
                  if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                         p.POSITIONAL_OR_KEYWORD))
    extra = tuple(name for name in _CHECKED_ARGUMENTS.get(hook, ()) if name not in names)
    return names + extra, len(names)


@cache
def _carrier(names: tuple[str, ...]) -> Callable:
    """A function that only declares the parameters ``names``: pluggy reads which
    arguments to pass an implementation from the code of the function its guard wraps
    (``__wrapped__``), so the guard gets ``seating`` (and what else its check needs)
    even when the plugin's own implementation does not ask for it."""
    namespace: dict[str, Any] = {}
    exec(f"def carrier({', '.join(names)}): pass", namespace)  # names are identifiers
    return namespace["carrier"]


# --- the contracts of the hooks' answers ----------------------------------------------
# Each check gets the owner, the hook, an implementation's (non-None) answer, the
# arguments it was called with and where each name is among them (``where``; the
# hooks with ``seating`` always have it); it returns the answer (rule functions
# guarded) or raises the owner's PluginError saying what is wrong. Messages never name
# a card.


def _refuse(owner: Owner, hook: str, problem: str) -> PluginError:
    return owner.error(hook, f"it returned {problem}")


def _check_deck(owner, hook, deck, args, where):
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence) or not deck:
        raise _refuse(owner, hook, f"{kind_of(deck)}, not a sequence of cards")
    if not all(isinstance(card, str) and card in RANK for card in deck):
        raise _refuse(owner, hook, "a deck holding something that is not a card")
    if len(set(deck)) != len(deck):
        raise _refuse(owner, hook, "a deck holding a card twice")
    return deck


def _check_seating(owner, hook, seating, args, where):
    if not isinstance(seating, Seating):
        raise _refuse(owner, hook,
                      f"{kind_of(seating)}, not a Seating (see foraccio.core.rules.seating)")
    return seating


def _check_seat(owner, hook, seat, args, where):
    seats = args[where["seating"]].seats
    if not (type(seat) is int and 0 <= seat < seats):
        raise _refuse(owner, hook, f"{quote(seat, 40)}, which is not a seat ({numbers(seats)})")
    return seat


def _check_first_dealer(owner, hook, first, args, where):
    _check_seat(owner, hook, getattr(first, "dealer", None), args, where)
    return first


def _check_target(owner, hook, target, args, where):
    if not is_int(target, 1, MAX_SAFE_INTEGER):
        raise _refuse(owner, hook, f"a target of {quote(target, 40)}, not a positive int")
    return target


def _check_card_values(owner, hook, values, args, where):
    if not isinstance(values, Mapping) or not all(
            isinstance(card, str) and card in RANK and is_int(value, 1, MAX_SAFE_INTEGER)
            for card, value in values.items()):
        raise _refuse(owner, hook, f"{kind_of(values)}, not a mapping of cards to ints from 1")
    return values


def check_values(owner: Owner, values: Mapping[str, int],
                 deck: Sequence[str]) -> dict[str, int]:
    """The card values of a rule set, which must give each card of ``deck`` a value;
    a failure is ``owner``'s (the variant's: its plugins together answer both hooks)."""
    if any(card not in values for card in deck):
        raise owner.error("foraccio_card_values", "its plugins gave no value to some "
                                                  "card of the deck")
    return {card: values[card] for card in deck}


def _check_deal(owner, hook, deal, args, where):
    seats = args[where["seating"]].seats
    hands, table = getattr(deal, "hands", None), getattr(deal, "table", None)
    stock = getattr(deal, "stock", None)
    if not (_is_sequence(hands) and len(hands) == seats and all(map(_is_sequence, hands))
            and _is_sequence(table) and _is_sequence(stock)):
        raise _refuse(owner, hook, f"{kind_of(deal)}, not a Deal of {seats} hands, a table "
                                   f"and a stock")
    dealt = [*chain.from_iterable(hands), *table, *stock]
    try:
        distinct = set(dealt)
    except TypeError:  # something unhashable, so not a card
        raise _refuse(owner, hook, "a deal holding something that is not a card") from None
    deck = _argument(args, where, "deck")
    if len(distinct) != len(dealt):
        raise _refuse(owner, hook, "a deal holding a card twice")
    if deck is not None and (len(distinct) != len(deck) or not distinct.issuperset(deck)):
        lost = len(set(deck) - set(dealt))
        extra = len(set(dealt) - set(deck))
        raise _refuse(owner, hook, f"a deal that loses {lost} card(s) of the deck and holds "
                                   f"{extra} card(s) not in it")
    if _argument(args, where, "stage") and not any(hands):
        raise _refuse(owner, hook, "a later stage of the deal that gives no seat a card")
    return deal


def _check_deal_effects(owner, hook, effects, args, where):
    seating, deal = args[where["seating"]], args[where["deal"]]
    seat, take = getattr(effects, "seat", None), getattr(effects, "take", None)
    bonuses = getattr(effects, "bonuses", None)
    if not (_is_sequence(take) and _is_sequence(bonuses)):
        raise _refuse(owner, hook, f"{kind_of(effects)}, not DealEffects (a seat, the table "
                                   f"cards it takes and the bonuses earned)")
    _check_seat(owner, hook, seat, args, where)
    try:
        taken = set(take)
    except TypeError:  # something unhashable, so not a card
        taken = None
    if taken is None or len(taken) != len(take) or not taken.issubset(deal.table):
        raise _refuse(owner, hook, "a take that is not cards of the table, each once")
    problem = next(filter(None, (bonus_problem(bonus, seating) for bonus in bonuses)), None)
    if problem:
        raise _refuse(owner, hook, problem)
    return effects


class CheckedDeclarations(tuple):
    """The declarations of one implementation, as its guard checked them (as
    :class:`CheckedLines`)."""

    __slots__ = ()


def _check_declarations(owner, hook, declarations, args, where):
    if not _is_sequence(declarations):
        raise _refuse(owner, hook, f"{kind_of(declarations)}, not a list of declarations")
    held = set(args[where["cards"]])
    for declaration in declarations:
        problem = _declaration_problem(declaration, held)
        if problem:
            raise _refuse(owner, hook, problem)
    return CheckedDeclarations(declarations)


def _declaration_problem(declaration: Any, held: set[str]) -> str | None:
    if not isinstance(declaration, Declaration):
        return f"{kind_of(declaration)} among its declarations, not a Declaration"
    name, cards, points = declaration
    if not isinstance(name, str) or not name:
        return "a declaration without a name"
    if not is_int(points, 0, MAX_SAFE_INTEGER):
        return f"a declaration of {quote(points, 40)} points (an int from 0)"
    try:
        shown = set(cards) if _is_sequence(cards) else None
    except TypeError:  # something unhashable, so not a card
        shown = None
    if shown is None or len(shown) != len(cards) or not shown.issubset(held):
        return "a declaration showing what is not cards of the seat's hand, each once"
    return None


def _check_play_rule(owner, hook, rule, args, where):
    if not callable(rule):
        raise _refuse(owner, hook, f"{kind_of(rule)}, not a play rule function")
    return guarded_play_rule(rule, owner)


def _check_effect(owner, hook, effect, args, where):
    if not callable(effect):
        raise _refuse(owner, hook, f"{kind_of(effect)}, not a capture effect function")
    return guarded_effect(effect, owner, args[where["seating"]])


def _check_effects(owner, hook, effects, args, where):
    if not _is_sequence(effects):
        raise _refuse(owner, hook, f"{kind_of(effects)}, not a list of capture effects")
    return [effect and _check_effect(owner, hook, effect, args, where) for effect in effects]


class CheckedLines(tuple):
    """The score lines of one implementation, as its guard checked them: the check of a
    wrapper around it passes over them (a tuple, so nothing changes them after)."""

    __slots__ = ()


def _check_score_lines(owner, hook, lines, args, where):
    return CheckedLines(_checked_score_lines(owner, hook, lines, args, where))


def _checked_score_lines(owner, hook, lines, args, where):
    if not _is_sequence(lines):
        raise _refuse(owner, hook, f"{kind_of(lines)}, not a list of score lines")
    teams = len(args[where["seating"]].teams)
    for line in lines:
        # The common case in one expression, in the loop (a hand's end checks a dozen
        # lines); otherwise _score_line_problem says what, if anything, is wrong.
        try:
            if (type(line) is ScoreLine and type(line.team) is int and 0 <= line.team < teams
                    and type(line.points) is int and 0 <= line.points <= MAX_SAFE_INTEGER
                    and type(line.name) is str and line.name != ""
                    and type(line.cards) is tuple and _CARDS.issuperset(line.cards)):
                continue
        except TypeError:  # cards holding something unhashable
            pass
        problem = _score_line_problem(line, teams)
        if problem:
            raise _refuse(owner, hook, problem)
    return lines


def _check_each(check, checked: type, what: str):
    """The check of a hook's results, a list of each implementation's ``what``: ``check``
    for each, passing over those their own guard checked already (of type ``checked``)."""

    def check_each(owner, hook, results, args, where):
        if not _is_sequence(results):
            raise _refuse(owner, hook, f"{kind_of(results)}, not a list of lists of {what}")
        for result in results:
            if result is not None and type(result) is not checked:
                check(owner, hook, result, args, where)
        return results

    return check_each


_check_each_score_lines = _check_each(_checked_score_lines, CheckedLines, "score lines")
_check_each_declarations = _check_each(_check_declarations, CheckedDeclarations,
                                       "declarations")


def _check_winner(owner, hook, team, args, where):
    teams = len(args[where["seating"]].teams)
    if not (type(team) is int and 0 <= team < teams):
        raise _refuse(owner, hook, f"{quote(team, 40)} as the winner, not a team "
                                   f"({numbers(teams, 'or')})")
    return team


_CARDS = frozenset(RANK)


def _score_line_problem(line: Any, teams: int) -> str | None:
    if not isinstance(line, ScoreLine):
        return f"{kind_of(line)} among its score lines"
    if not is_int(line.team, 0, teams - 1):
        return f"a score line for team {quote(line.team, 40)} (teams are {numbers(teams)})"
    if not is_int(line.points, 0, MAX_SAFE_INTEGER):
        return f"a score line of {quote(line.points, 40)} points (an int from 0)"
    if not isinstance(line.name, str) or not line.name:
        return "a score line without a name"
    if not _is_sequence(line.cards) or not all(isinstance(card, str) and card in RANK
                                               for card in line.cards):
        return "a score line whose cards are not all cards"
    return None


def _is_sequence(value: Any) -> bool:
    cls = type(value)
    return cls is tuple or cls is list or (isinstance(value, Sequence)
                                           and not isinstance(value, str | bytes))


_CHECKS: dict[str, Callable] = {
    "foraccio_seating": _check_seating,
    "foraccio_build_deck": _check_deck,
    "foraccio_card_values": _check_card_values,
    "foraccio_first_dealer": _check_first_dealer,
    "foraccio_match_target": _check_target,
    "foraccio_next_dealer": _check_seat,
    "foraccio_deal": _check_deal,
    "foraccio_deal_effects": _check_deal_effects,
    "foraccio_play_rule": _check_play_rule,
    "foraccio_capture_effects": _check_effect,
    "foraccio_collect_table": _check_seat,
    "foraccio_score_lines": _check_score_lines,
    "foraccio_match_winner": _check_winner,
    "foraccio_declarations": _check_declarations,
}
"""The check of a plain implementation's answer, by hook."""

_CHECKED_ARGUMENTS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("foraccio_first_dealer", "foraccio_next_dealer", "foraccio_deal",
                     "foraccio_capture_effects", "foraccio_collect_table",
                     "foraccio_score_lines", "foraccio_match_winner"), ("seating",)),
    "foraccio_deal_effects": ("seating", "deal"),
    "foraccio_declarations": ("cards",),
}
"""The arguments a hook's check reads, by hook: its answer is checked against the
match's ``seating`` (and a deal effect's against the ``deal``'s table)."""

_LIST_HOOKS = frozenset({"foraccio_capture_effects", "foraccio_score_lines",
                         "foraccio_declarations"})

_WRAPPER_CHECKS: dict[str, Callable] = {
    **_CHECKS,
    # The list-returning hooks' wrappers return the list of every contribution.
    "foraccio_capture_effects": _check_effects,
    "foraccio_score_lines": _check_each_score_lines,
    "foraccio_declarations": _check_each_declarations,
}
"""The check of a wrapper's answer, by hook: a first-result hook's wrapper answers as a
plain implementation does."""
