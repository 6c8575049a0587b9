"""What a seat knows of a match, as a tensor and as a string, for learning agents.

Both adapters observe through :class:`Observer`. It starts from the engine's own
:func:`~foraccio.core.view.seat_view`, which the API and the bots are given too, so a
seat is shown exactly what it may know: its hand, the table, every card played in the
hand and by whom, each team's captured cards, the cards a seat declared and still holds,
how many cards each seat and the stock hold, the scores; never another hand or the
stock's cards.

The tensor is flat, float32, made of named pieces (``observer.dict`` holds a view of
each; ``D`` cards in the deck, ``S`` seats, ``T`` teams):

=================  ========  ===========================================================
piece              size      meaning
=================  ========  ===========================================================
``observer``       S         1 at the observing seat
``turn``           S         1 at the seat to play (none between hands)
``dealer``         S         1 at the dealer of the hand
``hand``           D         the seat's own cards (left out by a public observer)
``table``          D         the cards on the table
``piles``          T x D     each team's captured cards in this hand
``played``         S x D     the cards each seat played in this hand
``shown``          S x D     the cards each seat declared and still holds
``hand_sizes``     S         how many cards each seat holds, over D
``stock``          1         how many cards the stock holds, over D
``scores``         T         each team's match score, over the target
``bonuses``        T         each team's points earned during this hand, over the target
``choosing``       2D + 16   the move being chosen: its card, the cards chosen to take,
                             its jolly use (value 1-13, sweep, as itself)
``order``          D         information state only: when each card was played in this
                             hand (k / D for the k-th), 0 if not yet
=================  ========  ===========================================================

The information-state string is exact (perfect recall): the seat, the notation of every
earlier hand with its points, the current hand's public events as the API writes them,
the seat's hand and the choices made of its move. The observation string is the
current position only.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import numpy as np

from foraccio.core.model import Bonus, Captured, Declared, Laid, State
from foraccio.core.rules import Seating
from foraccio.research.actions import JOLLY_VALUES, ActionIds, Pending

_EVENTS = msgspec.json.Encoder()


class Layout:
    """The pieces of a game's tensors: their names and shapes."""

    def __init__(self, deck: Sequence[str], seating: Seating, target: int) -> None:
        self.ids = ActionIds(deck)
        self.seating = seating
        self.target = max(1, target)

    def starts(self, private: bool, perfect_recall: bool) -> dict[str, int]:
        """Where each piece starts in the flat tensor."""
        starts, at = {}, 0
        for name, shape in self.pieces(private, perfect_recall):
            starts[name] = at
            at += int(np.prod(shape))
        return starts

    def pieces(self, private: bool, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        size = len(self.ids.deck)
        seats, teams = self.seating.seats, len(self.seating.teams)
        pieces = [("observer", (seats,)), ("turn", (seats,)), ("dealer", (seats,))]
        if private:
            pieces.append(("hand", (size,)))
        pieces += [("table", (size,)), ("piles", (teams, size)), ("played", (seats, size)),
                   ("shown", (seats, size)), ("hand_sizes", (seats,)), ("stock", (1,)),
                   ("scores", (teams,)), ("bonuses", (teams,))]
        if private:
            pieces.append(("choosing", (2 * size + JOLLY_VALUES + 3,)))
        if perfect_recall:
            pieces.append(("order", (size,)))
        return pieces


class Observer:
    """Fills a tensor (and its named views, ``dict``) and writes strings from one
    seat's point of view; OpenSpiel's observer interface (``set_from``,
    ``string_from``), also used by the PettingZoo environment."""

    def __init__(self, layout: Layout, private: bool = True, perfect_recall: bool = False
                 ) -> None:
        self.layout = layout
        self.private = private
        self.perfect_recall = perfect_recall
        pieces = layout.pieces(private, perfect_recall)
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in pieces:
            end = start + int(np.prod(shape))
            self.dict[name] = self.tensor[start:end].reshape(shape)
            start = end

    def set_from(self, position, player: int) -> None:
        """Fill the tensor with what ``player`` knows of ``position`` (anything with a
        ``match``, the engine state or None before the first deal, and a ``pending``
        move being chosen)."""
        self.fill(position.match, position.pending, player)

    def fill(self, state: State | None, pending: Pending | None, player: int) -> None:
        tensor, pieces = self.tensor, self.dict
        tensor.fill(0)
        pieces["observer"][player] = 1
        if state is None:
            return
        index = self.layout.ids.index
        size = len(index)
        if state.turn is not None and state.phase == "playing":
            pieces["turn"][state.turn] = 1
        pieces["dealer"][state.dealer] = 1
        if self.private:
            for card in state.hands[player]:
                pieces["hand"][index[card]] = 1
        for card in state.table:
            pieces["table"][index[card]] = 1
        piles = pieces["piles"]
        for team, pile in enumerate(state.piles):
            for card in pile:
                piles[team, index[card]] = 1
        played, shown, bonuses = pieces["played"], pieces["shown"], pieces["bonuses"]
        order = pieces.get("order")
        plays = 0
        for event in state.events:
            kind = type(event)
            if kind is Laid or kind is Captured:
                plays += 1
                played[event.seat, index[event.card]] = 1
                if order is not None:
                    order[index[event.card]] = plays / size
            elif kind is Bonus:
                bonuses[event.team] += event.points / self.layout.target
        for seat, cards in enumerate(shown_cards(state)):
            for card in cards:
                shown[seat, index[card]] = 1
        sizes = pieces["hand_sizes"]
        for seat, cards in enumerate(state.hands):
            sizes[seat] = len(cards) / size
        pieces["stock"][0] = len(state.stock) / size
        for team, score in enumerate(state.scores):
            pieces["scores"][team] = score / self.layout.target
        if self.private and pending is not None and state.turn == player:
            self._fill_choosing(pending)

    def _fill_choosing(self, pending: Pending) -> None:
        choosing = self.dict["choosing"]
        for at in choosing_marks(pending, self.layout.ids.index):
            choosing[at] = 1

    def string_from(self, position, player: int) -> str:
        """What ``player`` knows of ``position``, in words: exact, with every earlier
        hand, for an information state; the position alone for an observation."""
        return self.text(position.match, position.pending, player)

    def text(self, state: State | None, pending: Pending | None, player: int) -> str:
        lines = [f"seat {player}"]
        if state is None:
            return lines[0] + "\nbefore the first deal"
        if self.perfect_recall:
            lines += (f"hand {number}: {record.notation} points "
                      + "-".join(map(str, record.points))
                      for number, record in enumerate(state.record[:-1], start=1)
                      if record.points is not None)
        lines.append(f"hand {state.hand}, dealer {state.dealer}, scores "
                     + "-".join(map(str, state.scores)))
        lines.append("table: " + " ".join(state.table))
        if self.perfect_recall:  # the hand's events but the table dealt, which it shows
            lines.append(_EVENTS.encode(state.events).decode())
        else:
            lines += (f"team {team} pile: {' '.join(pile)}" for team, pile in
                      enumerate(state.piles))
            lines.append("played: " + "; ".join(
                " ".join(cards) for cards in _played(state)))
            lines.append("shown: " + "; ".join(" ".join(cards)
                                                for cards in shown_cards(state)))
            lines.append("bonuses: " + "-".join(map(str, _bonuses(state))))
            lines.append("cards held: " + " ".join(str(len(cards)) for cards in state.hands)
                         + f"; stock {len(state.stock)}")
        if state.phase == "playing":
            lines.append(f"seat {state.turn} to play")
        if self.private:
            lines.append("hand: " + " ".join(state.hands[player]))
            if pending is not None and state.turn == player:
                jolly = f", jolly {pending.jolly}" if pending.jolly_chosen else ""
                done = ", take complete" if pending.done else ""
                lines.append(f"choosing: {pending.card}{jolly}, taking "
                             f"{' '.join(pending.taken) or 'nothing yet'}{done}")
        return "\n".join(lines)


def choosing_marks(pending: Pending, index: dict[str, int]) -> list[int]:
    """Where the ``choosing`` piece holds a 1 for the choices of ``pending``: its card,
    the cards chosen to take, its jolly use (value 1-13, sweep, as itself)."""
    size = len(index)
    marks = [index[pending.card], *(size + index[card] for card in pending.taken)]
    if pending.jolly_chosen:
        jolly = pending.jolly
        marks.append(2 * size + (JOLLY_VALUES + 1 if jolly == "sweep" else JOLLY_VALUES + 2
                                 if jolly is None else int(jolly) - 1))
    return marks


def shown_cards(state: State) -> list[list[str]]:
    """The cards each seat declared in this hand and still holds, seat by seat."""
    shown: list[list[str]] = [[] for _ in state.hands]
    for event in state.events:
        if type(event) is Declared and event.hand == state.hand:
            held = state.hands[event.seat]
            shown[event.seat] += (card for card in event.cards
                                  if card in held and card not in shown[event.seat])
    return shown


def _bonuses(state: State) -> list[int]:
    """Each team's points earned during this hand."""
    points = [0] * len(state.scores)
    for event in state.events:
        if type(event) is Bonus:
            points[event.team] += event.points
    return points


def _played(state: State) -> list[list[str]]:
    played: list[list[str]] = [[] for _ in state.hands]
    for event in state.events:
        if type(event) is Laid or type(event) is Captured:
            played[event.seat].append(event.card)
    return played
