"""Every seat's observation tensor of a match, kept up to date play by play.

:class:`~foraccio.research.observation.Observer` writes a seat's tensor from the whole
state: every card of the table, the piles and the hand's events, some hundred numbers,
which costs two to three times the engine's own play. A PettingZoo environment observes
after every play, so :class:`RunningObservation` keeps the pieces every seat sees alike
(all but ``observer``, ``hand`` and ``choosing``) and changes only what a play changed:
a card laid or taken, a bonus, whose turn, the hands' sizes, the cards dealt from the
stock. Anything else a play may do (a new hand, a declaration, the end of a hand) is
written anew by the Observer. Its tensors are the Observer's to the bit
(tests/research/test_pettingzoo_match.py compares every seat's after every step).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from foraccio.core.model import AnyEvent, Bonus, Captured, DealtMore, Laid, State
from foraccio.research.actions import Pending
from foraccio.research.observation import Layout, Observer, choosing_marks


class RunningObservation:
    """The private observation (``Observer(layout, private=True, perfect_recall=False)``)
    of each seat of one match, as it is played: the shared tensor (what every seat sees
    alike, the private pieces left at 0) plus the seat's own (its ``observer`` mark and
    its ``hand``, 0 elsewhere), one addition making a seat's observation."""

    def __init__(self, layout: Layout) -> None:
        self.shared = Observer(layout, private=True, perfect_recall=False)
        """Writes the shared tensor from a whole state, on a new hand and the like."""
        self.starts = starts = layout.starts(private=True, perfect_recall=False)
        size = self.size = len(layout.ids.deck)
        self.index = layout.ids.index
        self.team_of = layout.seating.team_of
        self.target = layout.target
        seats = range(layout.seating.seats)
        # where each seat's and team's cards start in the tensor, for the writes of a play
        self.played_at = [starts["played"] + seat * size for seat in seats]
        self.shown_at = [starts["shown"] + seat * size for seat in seats]
        self.pile_at = [starts["piles"] + self.team_of[seat] * size for seat in seats]
        self.table_at = starts["table"]
        self.sizes_at = starts["hand_sizes"]
        self.hand_at = starts["hand"]
        self.turn_at = starts["turn"]
        # A play writes a few numbers of a tensor: through a memoryview each write costs
        # a third of numpy's (the tensors are written in place, never made anew).
        self.numbers = memoryview(self.shared.tensor)
        self.own = [np.zeros_like(self.shared.tensor) for _ in seats]
        """Each seat's private pieces: its ``observer`` mark and its ``hand``."""
        self.own_numbers = [memoryview(own) for own in self.own]
        for seat, numbers in enumerate(self.own_numbers):
            numbers[starts["observer"] + seat] = 1.0
        self.state: State | None = None

    def restart(self, state: State) -> None:
        """Write every piece anew from ``state``."""
        self.shared.fill(state, None, 0)
        pieces = self.shared.dict
        pieces["observer"].fill(0)
        pieces["hand"].fill(0)
        self._deal_hands(state)
        self.state = state

    def _deal_hands(self, state: State) -> None:
        hand, size, index = self.hand_at, self.size, self.index
        for own, cards in zip(self.own, state.hands, strict=True):
            own[hand:hand + size] = 0
            numbers = memoryview(own)
            for card in cards:
                numbers[hand + index[card]] = 1.0

    def played(self, state: State, events: Sequence[AnyEvent]) -> None:
        """Follow one play: ``state`` after it, ``events`` what it did."""
        numbers, index, size, table = self.numbers, self.index, self.size, self.table_at
        for event in events:
            kind = type(event)
            if kind is Laid or kind is Captured:
                seat, card = event.seat, index[event.card]
                numbers[self.played_at[seat] + card] = 1.0
                numbers[self.shown_at[seat] + card] = 0.0  # held no more
                numbers[self.sizes_at + seat] = len(state.hands[seat]) / size
                self.own_numbers[seat][self.hand_at + card] = 0.0
                if kind is Laid:
                    numbers[table + card] = 1.0
                    continue
                pile = self.pile_at[seat]
                numbers[pile + card] = 1.0
                for taken in event.take:
                    numbers[table + index[taken]] = 0.0
                    numbers[pile + index[taken]] = 1.0
            elif kind is Bonus:
                # as the Observer adds them, in the order they happened
                self.shared.dict["bonuses"][event.team] += event.points / self.target
            elif kind is DealtMore:  # every hand dealt anew, maybe cards on the table
                for card in event.table:
                    numbers[table + index[card]] = 1.0
                for seat, cards in enumerate(state.hands):
                    numbers[self.sizes_at + seat] = len(cards) / size
                numbers[self.starts["stock"]] = len(state.stock) / size
                self._deal_hands(state)
            else:  # anything else is written anew, whatever was written above
                self.restart(state)
                return
        before, after = self.state.turn, state.turn
        if before is not None:
            numbers[self.turn_at + before] = 0.0
        if after is not None:
            numbers[self.turn_at + after] = 1.0
        self.state = state

    def observe(self, seat: int, pending: Pending | None = None) -> np.ndarray:
        """A new tensor: what ``seat`` knows now, ``pending`` the choices made so far
        of the move being chosen (by the seat to play)."""
        # the two tensors are 0 where the other is not: their sum is either, exactly
        tensor = self.shared.tensor + self.own[seat]
        if pending is not None and self.state.turn == seat:
            self._choosing(memoryview(tensor), pending)
        return tensor

    def _choosing(self, numbers: memoryview, pending: Pending) -> None:
        """Write the ``choosing`` piece as the Observer does."""
        choosing = self.starts["choosing"]
        for at in choosing_marks(pending, self.index):
            numbers[choosing + at] = 1.0
