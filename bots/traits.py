"""What the bots read of a rule set besides its legal moves: each card's capture value,
which cards sweep the table, which are jolly cards, who plays after each seat, and
what the cards and a scopa are worth.

Nothing here names a variant: the sweeping and jolly cards are found by asking the
rules' own play rule about a few tables (:func:`traits_of`), and the worth of the
cards and of a scopa by asking its score lines and capture effects
(:mod:`foraccio.bots.worth`), so a variant with other cards, values, seats or scoring is read
the same way as Foraccio (aces sweep) and Zobelon (kings are jolly).
"""

from __future__ import annotations

from typing import NamedTuple

from foraccio.bots.worth import card_worth, scopa_points
from foraccio.core.engine import new_match, rules_of
from foraccio.core.registry import Rules, variants
from foraccio.core.rules import Seating


class Traits(NamedTuple):
    """The cards and seats of one rule set as the bots see them."""

    values: dict[str, int]
    """Each card's value for capturing (``rules.values``)."""
    sweeps: frozenset[str]
    """Cards that take the whole table whatever it holds (Foraccio's aces), jolly cards
    left out."""
    jolly: frozenset[str]
    """Cards that may capture as another value or sweep (Zobelon's kings)."""
    opponents: tuple[tuple[int, ...], ...]
    """For each seat, the seats of the other teams in turn order after it."""
    special: frozenset[str]
    """The sweeping and the jolly cards."""
    value_range: range
    """Every value a capture may need, from 1 to the highest card value or the largest
    sum, whichever is higher."""
    worth: dict[str, float]
    """What each card is worth in the team's pile, in hand points, by the variant's own
    score lines (:func:`~foraccio.bots.worth.card_worth`)."""
    lay_gain: dict[str, float]
    """What laying each card gains: less than nothing, the card may go to the other
    team."""
    scopa_points: dict[int, float]
    """What a scopa made by a card of each capture value scores
    (:func:`~foraccio.bots.worth.scopa_points`)."""


LAY_SHARE = -0.3
"""A laid card's worth, as a share of its worth in the pile: it may go to the other
team."""

LARGEST_SUM = 10
"""No capture by sum takes more than 10 in the games the bots know (Foraccio, Scopa):
a table adding up to more is never cleared by one card."""


def traits_of(rules: Rules) -> Traits:
    """Return the :class:`Traits` of ``rules``, found once per rule set."""
    key = id(rules)
    found = _TRAITS.get(key)
    if found is None or found[0] is not rules:
        if len(_TRAITS) >= REMEMBERED:
            del _TRAITS[next(iter(_TRAITS))]
        # The rules are kept with their traits, so their id is not reused meanwhile.
        found = _TRAITS[key] = (rules, _read(rules))
    return found[1]


REMEMBERED = 256


def traits_known(rules: Rules) -> bool:
    """Whether the :class:`Traits` of ``rules`` are found already. Finding them takes tens
    of milliseconds (the worth of the cards), too long for a server's event loop: a quick
    bot's move waits for them in the bot pool instead (:func:`foraccio.bots.moves_at_once`)."""
    found = _TRAITS.get(id(rules))
    return found is not None and found[0] is rules


def read_default_traits() -> None:
    """Find the traits of each variant's rules with its default options now (a server
    does it at start), so that the quick bots move at once in the games most played."""
    for name in variants():
        traits_of(rules_of(new_match(name, 0)))
"""Rule sets whose traits are kept, as many as the engine keeps rule sets."""

_TRAITS: dict[int, tuple[Rules, Traits]] = {}


def _read(rules: Rules) -> Traits:
    values = rules.values
    sweeps: set[str] = set()
    jolly: set[str] = set()
    for card in rules.deck:
        table = _table_it_cannot_take(card, rules)
        if table is None:
            continue
        captures, _ = rules.play((card,), table)
        if any(move.jolly is not None for move in captures):
            jolly.add(card)
        elif any(len(move.take) == len(table) for move in captures):
            sweeps.add(card)
    value_range = range(1, max(LARGEST_SUM, *values.values()) + 1)
    worth = card_worth(rules)
    scopas = scopa_points(rules)
    return Traits(values=values, sweeps=frozenset(sweeps), jolly=frozenset(jolly),
                  opponents=opponents_in_turn(rules.seating),
                  special=frozenset(sweeps | jolly), value_range=value_range, worth=worth,
                  lay_gain={card: LAY_SHARE * worth[card] for card in rules.deck},
                  scopa_points={value: scopas.get(value, 0.0) for value in value_range})


def _table_it_cannot_take(card: str, rules: Rules) -> tuple[str, ...] | None:
    """Two cards of the deck, of other ranks and values than ``card``'s, that it takes
    neither by value nor by their sum, in the table's order; None when there are none."""
    values = rules.values
    value = values[card]
    others = [other for other in rules.deck
              if values[other] != value and other[:-1] != card[:-1]]
    for i, first in enumerate(others):
        for second in others[i + 1:]:
            if values[first] != values[second] and values[first] + values[second] != value:
                return tuple(sorted((first, second), key=rules.table_order.__getitem__))
    return None


def opponents_in_turn(seating: Seating) -> tuple[tuple[int, ...], ...]:
    """For each seat, the seats of the other teams in the order they play after it (at
    Foraccio's table, seat 0's are 1 and 3)."""
    found = []
    for seat in range(seating.seats):
        after, nxt = [], seating.next_seat[seat]
        while nxt != seat:
            if seating.team_of[nxt] != seating.team_of[seat]:
                after.append(nxt)
            nxt = seating.next_seat[nxt]
        found.append(tuple(after))
    return tuple(found)
