"""Action ids: every move of every variant as a few numbered choices.

A move is a card, the table cards it takes and, for a jolly card, how it is used; a
learning agent wants a fixed set of numbered actions instead. Here a move is made of
one to a few choices, each a number with one meaning in every state of the game
(``D`` is the number of cards in the variant's deck, ``deck[i]`` its ``i``-th card in
the rules' deck order):

========================  ============================================================
``0 .. D-1``              play ``deck[i]`` from the hand
``D .. 2D-1``             take ``deck[i]`` from the table with the card being played
``2D``                    take nothing more (the cards chosen so far are the capture)
``2D+1 .. 2D+13``         use the jolly card as a card of value 1 to 13
``2D+14``                 use the jolly card to sweep the whole table
``2D+15``                 play the jolly card as itself
``2D+16 .. 2D+19``        the k-th of the moves left, in the order the game lists them
========================  ============================================================

A move is played as soon as the choices made leave one legal move, so most moves are
one choice: the card. When a card has several legal moves, the seat goes on choosing
(the same seat, one choice at a time): how a jolly card is used, when its moves differ
in that; then the cards it takes, in deck order (``2D`` ends the list when a shorter
capture is legal too); last, only in a game that lists one take in several ways (no
variant here does), which of those moves. A card laid without a capture is one choice
when it has no other move, and its card then ``2D`` when it could also capture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from foraccio.core.model import Move
from foraccio.core.plays import position

JOLLY_VALUES = 13
WAYS = 4
"""The most moves one take may be listed as: a game listing more is refused (see
:func:`moves_left`)."""


class Pending(NamedTuple):
    """The choices made so far of a move not yet played: its card, whether its jolly
    use was chosen and which, and the table cards chosen to take (in deck order);
    ``done`` once the take is complete."""

    card: str
    jolly_chosen: bool = False
    jolly: object = None
    taken: tuple[str, ...] = ()
    done: bool = False


class ActionIds:
    """The action ids of a game dealt from ``deck``."""

    def __init__(self, deck: Sequence[str]) -> None:
        self.deck = tuple(deck)
        size = len(self.deck)
        self.index = {card: index for index, card in enumerate(self.deck)}
        self.take = size
        self.done = 2 * size
        self.jolly = 2 * size  # + the value, 1 to 13
        self.sweep = 2 * size + JOLLY_VALUES + 1
        self.as_itself = self.sweep + 1
        self.way = self.as_itself + 1
        self.count = self.way + WAYS
        """How many distinct actions there are (OpenSpiel's ``num_distinct_actions``)."""

    def jolly_id(self, jolly: object) -> int:
        if jolly is None:
            return self.as_itself
        if jolly == "sweep":
            return self.sweep
        return self.jolly + int(jolly)

    def legal(self, moves: Sequence[Move], pending: Pending | None) -> list[int]:
        """The actions the seat may choose, in ascending order, given the legal
        ``moves`` and the choices made so far."""
        if pending is None:
            index = self.index
            return sorted({index[move.card] for move in moves})
        left = moves_left(moves, pending, self.index)
        if not pending.jolly_chosen and len({move.jolly for move in left}) > 1:
            return sorted({self.jolly_id(move.jolly) for move in left})
        if pending.done:
            return list(range(self.way, self.way + len(left)))
        index = self.index
        taken = set(pending.taken)
        ids = set()
        for move in left:  # each move's next card: the first in deck order not taken yet
            rest = [index[card] for card in move.take if card not in taken]
            ids.add(self.take + min(rest) if rest else self.done)
        return sorted(ids)

    def choose(self, moves: Sequence[Move], pending: Pending | None,
               action: int) -> Pending | Move:
        """The move ``action`` completes, or the choices made once it is added to
        ``pending``; raise ValueError for an action that is not legal."""
        if pending is None and 0 <= action < self.take:  # a card: the most common choice
            card = self.deck[action]
            left = [move for move in moves if move.card == card]
            if len(left) == 1:
                return left[0]
            if not left:
                raise ValueError(f"action {action} is not legal here")
            return Pending(card)
        if action not in self.legal(moves, pending):
            raise ValueError(f"action {action} is not legal here")
        if self.jolly < action <= self.as_itself and not pending.jolly_chosen:
            jolly = (None if action == self.as_itself else "sweep" if action == self.sweep
                     else action - self.jolly)
            pending = pending._replace(jolly_chosen=True, jolly=jolly)
        elif self.take <= action < self.done:
            pending = pending._replace(taken=(*pending.taken, self.deck[action - self.take]))
        elif action == self.done:
            pending = pending._replace(done=True)
        else:  # a way: the k-th move left
            return moves_left(moves, pending, self.index)[action - self.way]
        left = moves_left(moves, pending, self.index)
        return left[0] if len(left) == 1 else pending

    def of(self, moves: Sequence[Move], move: Move, pending: Pending | None = None
           ) -> list[int]:
        """The actions that make ``move``, one of the legal ``moves`` (with the cards of
        its ``take`` in any order), after the choices of ``pending`` if any; raise
        ValueError for a move that is not legal, or not one those choices allow."""
        wanted = position(moves, move)
        if wanted is None or (pending is not None and not any(
                left is moves[wanted] for left in moves_left(moves, pending, self.index))):
            raise ValueError(f"{move} is not a legal move here")
        target = moves[wanted]
        actions: list[int] = []
        while not isinstance(pending, Move):
            for action in self.legal(moves, pending):
                after = self.choose(moves, pending, action)
                if after is target or (isinstance(after, Pending) and any(
                        left is target for left in moves_left(moves, after, self.index))):
                    actions.append(action)
                    pending = after
                    break
        return actions

    def name(self, action: int) -> str:
        """What ``action`` does, in a few English words (OpenSpiel's
        ``action_to_string``)."""
        if action < self.take:
            return f"play {self.deck[action]}"
        if action < self.done:
            return f"take {self.deck[action - self.take]}"
        if action == self.done:
            return "take nothing more"
        if action < self.sweep:
            return f"jolly as {action - self.jolly}"
        if action == self.sweep:
            return "jolly sweeps the table"
        if action == self.as_itself:
            return "jolly as itself"
        return f"move {action - self.way + 1} of those left"


def moves_left(moves: Sequence[Move], pending: Pending, index: dict[str, int]) -> list[Move]:
    """The legal moves the choices of ``pending`` still allow, in the game's order."""
    left = [move for move in moves if move.card == pending.card]
    if pending.jolly_chosen:
        left = [move for move in left if move.jolly == pending.jolly]
    if pending.taken:
        taken = set(pending.taken)
        last = index[pending.taken[-1]]
        left = [move for move in left
                if taken.issubset(move.take)
                and all(card in taken or index[card] > last for card in move.take)]
    if pending.done:
        left = [move for move in left if len(move.take) == len(pending.taken)]
        if len(left) > WAYS:
            raise ValueError(f"the game lists one take as {len(left)} moves; at most "
                             f"{WAYS} can be told apart")
    return left
