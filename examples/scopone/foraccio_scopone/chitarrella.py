"""The ``chitarrella`` bot: a rule-based Scopone player after the classic strategy
books, Chitarrella's rules with Saracino's additions (the kind of player Di Palma and
Lanzi set against ISMCTS in "Traditional Wisdom and Monte Carlo Tree Search
Face-to-Face in the Card Game Scopone").

It plays by a decision list: each rule keeps, of the moves still in the running, those
it likes best, and the next rule chooses among them; what is left at the end is
chosen by the generator it is given (the same seed, the same move). The rules, in
the order they decide:

Captures (:data:`CAPTURE_RULES`), whenever the seat can capture (a card that can
capture must, but the seat may play another card, which is laid):

1. :func:`makes_scopa`: clear the table, when that is a scopa (not on the last play);
2. :func:`takes_settebello`: take the 7 of denari;
3. :func:`leaves_no_scopa`: leave no table the next opponent may clear with a card
   it may hold (a value whose four cards are not all seen is a threat);
4. :func:`capture_worth`: take what the score lines value: sevens and sixes (the
   primiera), denari, then the most cards;
5. :func:`spariglio`: the team of the player who opened the hand (the *mano*) takes
   two or more cards with one (it *sparigls*: the values on the table stop pairing
   off, which the last player, the dealer, lives on); the dealer's team takes one card
   of the same value (it keeps them paired, *appariglia*).

Lays (:data:`LAY_RULES`), when the seat cannot capture, or when its best capture makes
no scopa, takes no settebello and leaves a scopa where a lay would leave none:

1. :func:`keeps_settebello`: never lay the settebello while another card may be laid;
2. :func:`leaves_no_scopa`, as above;
3. :func:`guards_settebello`: while the settebello is out and not in the seat's hand,
   lay no seven (whoever holds it would take the seven with it) and make no sum of
   seven on the table (it would take that too);
4. :func:`safest_lay`: lay the card the next opponent is least likely to take by its
   value: the fewest of that value unseen (after a scopa, on an empty table, this
   is what stops a *mulinello*, the opponents taking scopa after scopa);
5. :func:`plays_to_partner`: lay a card of a value the partner laid in this hand (he
   lays from a pair, as the books teach, so he likely holds another to take it), or
   from a pair of the seat's own, which tells the partner the same;
6. :func:`cheapest_lay`: lay what the score lines value least: a figure before a
   number card, no denaro, no seven, six or asso (the primiera's best).

It sees only its seat's view: what was played, the table, the piles and its own hand.
It reads the cards' values from the rules played, so it plays any variant of the usual
cards (as every bot must), Scopone best.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from foraccio_scopa.deck import VALUES
from foraccio_scopa.scoring.primiera import PRIMIERA_VALUES
from foraccio_scopa.scoring.settebello import SETTEBELLO

from foraccio.bots import BotPlugin, Budget
from foraccio.core.cards import RANK, SUIT
from foraccio.core.model import Dealt, Laid, Move
from foraccio.core.registry import rules_for
from foraccio.core.view import SeatView, unseen_cards, view_legal_moves
from foraccio.core.words import Catalogue

LARGEST_SUM = max(VALUES.values())
"""No Scopa card is worth more than 10, so no table adding up to more is cleared by one
card."""

DENARI = "d"


class Position:
    """What the rules read of a seat's view, found once per move: the table, the seat's
    hand, the cards it has not seen, who plays next, the partner's lays in this hand."""

    def __init__(self, view: SeatView) -> None:
        rules = rules_for(view.variant, view.options, view.house_rules)
        seating = rules.seating
        values = self.values = rules.values
        self.view = view
        self.table = view.table
        self.hand = view.cards
        self.unseen = Counter(values[card] for card in unseen_cards(view))
        """How many cards of each value the seat has not seen (the other hands)."""
        self.settebello_out = SETTEBELLO in unseen_cards(view)
        """Whether the settebello is in another seat's hand."""
        self.last_play = sum(view.hand_sizes) == 1 and not view.stock
        team = seating.team_of[view.seat]
        self.partners = frozenset(seat for seat in range(seating.seats)
                                  if seating.team_of[seat] == team and seat != view.seat)
        self.mano = seating.next_seat[view.dealer]
        """The seat that opened the hand: the first after the dealer."""
        self.mano_team = seating.team_of[self.mano] == team
        self.partner_lays = Counter(values[event.card] for event in _this_hand(view.events)
                                    if type(event) is Laid and event.seat in self.partners)
        """The values the partner laid in this hand, by how many times."""

    def after(self, move: Move) -> tuple[str, ...]:
        """The table once ``move`` is played."""
        if move.take:
            taken = set(move.take)
            return tuple(card for card in self.table if card not in taken)
        return (*self.table, move.card)

    def threat(self, table: Sequence[str]) -> bool:
        """Whether a card the seat has not seen could clear ``table`` with a scopa: a
        single card, or cards adding up to 10 or less, of a value not all seen."""
        if not table or self.last_play:
            return False
        total = sum(self.values[card] for card in table)
        return total <= LARGEST_SUM and self.unseen[total] > 0


Rule = Callable[[Position, Move], float]
"""A rule: how much it likes a move in a position (more is better)."""


def makes_scopa(position: Position, move: Move) -> float:
    """A capture that clears the table, not on the last play (which scores no scopa)."""
    return float(bool(move.take) and len(move.take) == len(position.table)
                 and not position.last_play)


def takes_settebello(position: Position, move: Move) -> float:
    return float(SETTEBELLO in move.take or (move.take and move.card == SETTEBELLO))


def leaves_no_scopa(position: Position, move: Move) -> float:
    return float(not position.threat(position.after(move)))


def capture_worth(position: Position, move: Move) -> float:
    """Sevens first, then sixes, then denari, then the number of cards taken (with the
    card that takes them)."""
    cards = (move.card, *move.take)
    sevens = sum(RANK[card] == 7 for card in cards)
    sixes = sum(RANK[card] == 6 for card in cards)
    denari = sum(SUIT[card] == DENARI for card in cards)
    return 1000 * sevens + 100 * sixes + 10 * denari + len(cards)


def spariglio(position: Position, move: Move) -> float:
    """The mano's team takes by sum (more cards than one), the dealer's takes one card."""
    by_sum = len(move.take) > 1
    return float(by_sum if position.mano_team else not by_sum)


def keeps_settebello(position: Position, move: Move) -> float:
    return float(move.card != SETTEBELLO)


def guards_settebello(position: Position, move: Move) -> float:
    """While another seat holds the settebello, a laid seven, or a sum of seven made on
    the table with the laid card, would go to it."""
    if not position.settebello_out:
        return 1.0
    values = position.values
    value = values[move.card]
    if value == 7:
        return 0.0
    makes_seven = any(values[card] + value == 7 for card in position.table)
    return 0.5 if makes_seven else 1.0


def safest_lay(position: Position, move: Move) -> float:
    """The fewer cards of the laid card's value unseen, the fewer ways to take it."""
    return -float(position.unseen[position.values[move.card]])


def plays_to_partner(position: Position, move: Move) -> float:
    """A value the partner laid (he holds its pair, by the books), else a value the seat
    holds twice."""
    values = position.values
    value = values[move.card]
    if position.partner_lays[value] and position.unseen[value]:
        return 2.0
    return float(sum(values[card] == value for card in position.hand) > 1)


def cheapest_lay(position: Position, move: Move) -> float:
    card = move.card
    return -(PRIMIERA_VALUES.get(RANK[card], 0) + 10 * (SUIT[card] == DENARI))


CAPTURE_RULES: tuple[Rule, ...] = (makes_scopa, takes_settebello, leaves_no_scopa,
                                   capture_worth, spariglio)
LAY_RULES: tuple[Rule, ...] = (keeps_settebello, leaves_no_scopa, guards_settebello,
                               safest_lay, plays_to_partner, cheapest_lay)


def decide(position: Position, moves: Sequence[Move], rules: Sequence[Rule]) -> list[Move]:
    """The moves left once each rule in turn has kept those it likes best."""
    left = list(moves)
    for rule in rules:
        if len(left) == 1:
            break
        liked = [rule(position, move) for move in left]
        best = max(liked)
        left = [move for move, score in zip(left, liked, strict=True) if score == best]
    return left


def chitarrella(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
    """The move the rules choose (see the module's text); ties broken by ``rng``."""
    moves = view_legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    position = Position(view)
    captures = [move for move in moves if move.take]
    lays = [move for move in moves if not move.take]
    left = decide(position, captures, CAPTURE_RULES) if captures else lays
    if not captures or _lay_rather(position, left[0], lays):
        left = decide(position, lays, LAY_RULES)
    return left[0] if len(left) == 1 else rng.choice(left)


def _lay_rather(position: Position, capture: Move, lays: Sequence[Move]) -> bool:
    """Whether to lay rather than make the best capture: when it makes no scopa, takes
    no settebello and leaves a scopa, where some lay leaves none."""
    return (not makes_scopa(position, capture) and not takes_settebello(position, capture)
            and not leaves_no_scopa(position, capture)
            and any(leaves_no_scopa(position, lay) for lay in lays))


def _this_hand(events: Sequence) -> Sequence:
    """The events since the hand was dealt."""
    for index in range(len(events) - 1, -1, -1):
        if type(events[index]) is Dealt:
            return events[index + 1:]
    return events


CHITARRELLA = BotPlugin(
    name="chitarrella",
    description="Plays Scopone by the classic books' rules: takes scopas and the "
                "settebello, leaves no scopa and plays to its partner.",
    play=chitarrella,
    variants=("scopone-scientifico",),
    catalogue=Catalogue.of_package("foraccio_scopone"),
)
"""The bot as the entry point names it (group ``foraccio.bots`` of this distribution); its
description is said in Italian by the distribution's catalogue (``locale/``)."""
