"""The end of a hand played out exactly, once a seat knows where every card is.

When the stock is used up and no more than one other seat still holds cards, the
cards a seat has not seen are all in that seat's hand: nothing is hidden any more (the
last round of a two-player Scopa hand, the last plays of any hand). Then every way the
hand may end can be played out, as the engine plays it (:class:`~foraccio.bots.simulation.Playout`:
the variant's own play rule and capture effects, then its table collection and score
lines at the end), and each move valued by the hand points it leads to when every seat
then plays its best for its team (the most points over the best other team): the last
capture that collects the table, a scopa left or denied, the card that wins a score
line. :func:`exact_leads` does it while few cards are left (:data:`MOST_CARDS`) and
gives up past :data:`MOST_PLAYS` plays, so it costs a few milliseconds.
"""

from __future__ import annotations

import random

from foraccio.bots.simulation import Playout, determinize
from foraccio.core.errors import PluginError
from foraccio.core.model import Move
from foraccio.core.view import SeatView

MOST_CARDS = 6
"""The most cards left in the hands for the exact search: the last round of a
two-player Scopa hand (three each), a few hundred plays."""

MOST_PLAYS = 3000
"""The most plays the search makes before it gives up (a variant whose captures offer
many choices): a tenth of a second at most from source, where a Scopa hand's last
round takes a few hundred plays, a few milliseconds."""


def exact_leads(view: SeatView, moves: tuple[Move, ...]) -> list[int] | None:
    """For each of ``moves``, the hand points of the seat's team less those of the best
    other team at the end of the hand, every seat playing its best after it; None when
    the view hides where some card is, more than :data:`MOST_CARDS` are left, the
    search would take more than :data:`MOST_PLAYS` plays, or a plugin's rules fail on
    the way (the engine says so when the hand really gets there)."""
    if view.phase != "playing" or view.stock or sum(view.hand_sizes) > MOST_CARDS:
        return None
    holding = [seat for seat, held in enumerate(view.hand_sizes) if held and seat != view.seat]
    if len(holding) > 1:
        return None
    # The unseen cards all go to the one seat holding cards: any deal is the true one.
    start = Playout(determinize(view, random.Random(0)))
    search = _Search(start.rules.seating.team_of)
    start.plays()
    try:
        return [search.lead(search.outcome(_played(start, move)), view.seat)
                for move in moves]
    except (_TooLong, PluginError):
        return None


class _TooLong(Exception):
    """The search reached :data:`MOST_PLAYS` plays."""


class _Search:
    """Every way the rest of a hand may go, each seat choosing its best (max^n: a seat
    maximizes its own team's lead, so any number of teams is searched alike)."""

    def __init__(self, team_of: tuple[int, ...]) -> None:
        self.team_of = team_of
        self.plays = 0

    def lead(self, points: tuple[int, ...], seat: int) -> int:
        team = self.team_of[seat]
        return points[team] - max(p for other, p in enumerate(points) if other != team)

    def outcome(self, playout: Playout) -> tuple[int, ...]:
        """The hand points of each team once the hand is played out from ``playout``."""
        if playout.turn is None:
            return playout.points()
        seat = playout.turn
        moves, _ = playout.plays()
        self.plays += len(moves)
        if self.plays > MOST_PLAYS:
            raise _TooLong
        best, best_lead = None, None
        for move in moves:
            points = self.outcome(_played(playout, move))
            lead = self.lead(points, seat)
            if best_lead is None or lead > best_lead:
                best, best_lead = points, lead
        return best


def _played(playout: Playout, move: Move) -> Playout:
    """A copy of ``playout`` (whose :meth:`~Playout.plays` listed ``move``) after ``move``."""
    after = playout.copy()
    after.play(move)
    return after
