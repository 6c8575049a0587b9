"""The jolly kings' moves and scopa (docs/rules.md §8.4, §8.5), which the hooks of
:mod:`foraccio.variants.zobelon.jolly` put around Foraccio's rules. They run on every play, so
this is a module of the compiled engine (:mod:`foraccio.core.compiled`), which holds no hook
implementation.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from msgspec.structs import replace

from foraccio.core.cards import DECK, RANK
from foraccio.core.model import Jolly, Move
from foraccio.core.rules import CaptureEffect, PlayRule, Table
from foraccio.variants.foraccio.capture_options import (
    PLANS_KEPT,
    hand_moves,
    hand_moves_laying_any,
    plan_of,
)

KING = 13
KINGS = frozenset(card for card in DECK if RANK[card] == KING)
SWEEP = "sweep"

KingCapture = tuple[Table, Jolly]
"""What a king takes from the table, and how it is used."""

VALUE_CARDS = tuple(f"{value}c" for value in range(2, KING + 1))
"""One card of each value 2-13: a king given value d captures what the wrapped
rule lets the card of value d capture. Their suit does not matter."""

FORACCIO_RULES = (hand_moves, hand_moves_laying_any)
"""Foraccio's own play rules, whose captures :func:`_declared_on_plans` reads from
their capture plans."""


def with_jolly_kings(rule: PlayRule) -> PlayRule:
    """``rule``, the play rule Zobelon wraps, with the jolly kings' moves: a king is never
    laid, and captures as :func:`king_captures_under` lists."""
    own = getattr(rule, "__wrapped__", None)
    if own in FORACCIO_RULES:
        # Foraccio's rule, behind the guard of the variant that wraps it here, whose
        # own guard is around this rule: the rule is called as it is, and a king's
        # captures read from the plan it reads.
        rule = own
        king_captures = _last_answer(_declared_on_plans)
    else:
        king_captures = king_captures_under(rule)

    def play_rule(hand: tuple[str, ...], table: Table):
        if KINGS.isdisjoint(hand):
            return rule(hand, table)
        others: list[str] = []
        kings: list[str] = []
        for card in hand:
            if card in KINGS:
                kings.append(card)
            else:
                others.append(card)
        captures, lays = rule(tuple(others), table) if others else ((), ())
        uses = king_captures(table)
        king_moves = [Move(card, take, jolly) for card in kings for take, jolly in uses]
        return (*captures, *king_moves), lays  # a king is never laid

    return play_rule


def king_captures_under(rule: PlayRule) -> Callable[[Table], tuple[KingCapture, ...]]:
    """Return the function listing every capture a king can make on a table, as
    (take, jolly) pairs, for kings given values that capture as ``rule`` lets other
    cards capture.

    It lists the sweep first, then each declared value from 1 to 13 with each
    capture a card of that value could make. Each outcome is listed once: the
    sweep and a declared value taking the same cards are both listed, as they
    score differently (only the second can be a scopa); two declared values
    never take the same cards, as a set of cards has one value (its card's, or
    its sum). Every king of a hand meets the same table, so the answer is kept
    until the table changes.
    """
    return _last_answer(lambda table: _declared_captures(rule, table))


def _last_answer(declared: Callable[[Table], list[KingCapture]]
                 ) -> Callable[[Table], tuple[KingCapture, ...]]:
    """The kings' captures on a table, the sweep then ``declared``'s, kept until the table
    changes."""
    last: tuple[Table | None, tuple[KingCapture, ...]] = (None, ())

    def king_captures(table: Table) -> tuple[KingCapture, ...]:
        nonlocal last
        seen, captures = last
        if seen is table:
            return captures
        captures = ((table, SWEEP), *declared(table))
        last = (table, captures)
        return captures

    return king_captures


def _declared_captures(rule: PlayRule, table: Table) -> list[KingCapture]:
    # Value 1 is the king's own case: one table ace. From 2 up a king given d
    # takes exactly what a card of value d takes.
    found: list[KingCapture] = [((card,), 1) for card in table if RANK[card] == 1]
    captures, _ = rule(VALUE_CARDS, table)
    found += [(move.take, RANK[move.card]) for move in captures]
    return found


def _declared_on_plans(table: Table) -> list[KingCapture]:
    """:func:`_declared_captures` under Foraccio's own rules: what a card of each value
    takes, from the capture plan of the table's values, without a move made for it."""
    values = (itemgetter(*table)(RANK) if len(table) > 1
              else (RANK[table[0]],) if table else ())
    picks = _declared_picks.get(values)
    if picks is None:
        picks = _declared_picks_of(values)
    return [(pick(table), value) for pick, value in picks]


def _declared_picks_of(values: tuple[int, ...]) -> tuple[tuple[Callable, int], ...]:
    """For a table of these values, the picks of each declared value's captures, in the
    order :func:`_declared_captures` lists them: each table ace alone (value 1), then
    what a card of each value 2-13 takes, as its plan lists it."""
    plan = plan_of(values)
    picks = [(itemgetter(slice(position, position + 1)), 1)
             for position, value in enumerate(values) if value == 1]
    picks += [(pick, value) for value in range(2, KING + 1) for pick in plan[value] or ()]
    if len(_declared_picks) >= PLANS_KEPT:
        _declared_picks.clear()
    found = _declared_picks[values] = tuple(picks)
    return found


_declared_picks: dict[tuple[int, ...], tuple[tuple[Callable, int], ...]] = {}


def king_scopa_at_rank(effect: CaptureEffect) -> CaptureEffect:
    """Wrap ``effect`` so that a scopa made by a king is worth the king's rank."""

    def effect_with_king_scopa_at_rank(capture):
        bonuses = effect(capture)
        if capture.card not in KINGS:
            return bonuses
        return tuple(replace(bonus, points=KING) if bonus.name == "scopa" else bonus
                     for bonus in bonuses)

    return effect_with_king_scopa_at_rank
