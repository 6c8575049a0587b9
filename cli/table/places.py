"""Who sits where, named from the person's chair (seat 0 unless a room seats them
elsewhere), at a table of any shape.

Play passes to the right (docs/rules.md §2.1), so the seat playing after you sits on
your right, the one before you on your left, and at four seats the other one
opposite. A seat is named by where it sits ("Right", "Far left", "Opposite"), your
only partner "Partner". A team is "Us" (you and your partners) or "You" (you alone);
the other team of a two-team match with several seats "Them"; any other team by its
seats' names ("Right", "Right + Left").

Foraccio's table (four seats, partners opposite) reads as it always did: You, Right,
Partner, Left; Us and Them.

Someone who watches a room (its host's or a spectator's link) has no chair: the seats
are named by number, counted from 1 as people count ("Seat 1" is the wire's seat 0),
and the teams by their seats ("Seats 1 + 3").

The names are said in the table's language (:mod:`foraccio.cli.table.speech`); the
``positions`` stay English words, for machines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from foraccio.cli.table.base import PERSON, Json
from foraccio.cli.table.speech import _
from foraccio.lab.speech import N_

POSITIONS = {
    2: (N_("Opposite"),),
    3: (N_("Right"), N_("Left")),
    4: (N_("Right"), N_("Opposite"), N_("Left")),
    5: (N_("Right"), N_("Far right"), N_("Far left"), N_("Left")),
    6: (N_("Right"), N_("Far right"), N_("Opposite"), N_("Far left"), N_("Left")),
}
"""Where each other seat sits, by how many turns after yours it plays (in English: the
seat's name is said in the table's language)."""


class Places(NamedTuple):
    """The seats and teams of a match, named for the person at seat 0."""

    seats: tuple[str, ...]
    """Each seat's name (index = seat): ``You``, ``Right``, ``Partner``..."""
    positions: tuple[str, ...]
    """Where each seat sits: ``you``, ``right``, ``opposite``, ``far-left``..."""
    teams: tuple[str, ...]
    """Each team's name (index = team): ``Us``, ``Them``, ``Right + Left``..."""
    members: tuple[tuple[int, ...], ...]
    """Each team's seats."""
    shown: tuple[int, ...]
    """The seats in the order a table is drawn from the top: opposite, then the left
    side from the far end, the right side from the far end, and you last (a watcher's:
    in seat order)."""
    me: int | None = PERSON
    """The person's seat; None for someone who watches."""
    variant: str = "foraccio"
    """The game played, whose words name its score lines and cards."""
    house_rules: tuple[str, ...] = ()

    def team_of(self, seat: int) -> int:
        return next(team for team, seats in enumerate(self.members) if seat in seats)

    def mine(self, team: int) -> bool:
        """Whether ``team`` is the person's."""
        return self.me is not None and self.me in self.members[team]

    def team_words(self, team: int) -> str:
        """A team's name inside a sentence: ``us``, ``them``, ``you``, ``Right``."""
        if self.mine(team):
            return _("us") if len(self.members[team]) > 1 else _("you")
        if self.teams[team] == _("Them"):
            return _("them")
        return self.teams[team]

    def plural(self, team: int) -> bool:
        """Whether a team's name takes a plural verb: "Right + Left win", "Right wins"."""
        return len(self.members[team]) > 1

    def scores(self, scores: Sequence[int]) -> str:
        """Scores in words, team by team, the person's team first (as the web table
        says them): ``us 12, them 9``; a name ending in a number takes a colon, so that
        the two do not run together: ``Seats 0 + 2: 12``."""
        order = sorted(range(len(scores)), key=lambda team: not self.mine(team))
        named = ((self.team_words(team), scores[team]) for team in order)
        return ", ".join(f"{name}{':' if name[-1].isdigit() else ''} {score}"
                         for name, score in named)


def places(teams: Sequence[Sequence[int]], order: Sequence[int] | None = None,
           me: int | None = PERSON, game: tuple[str, tuple[str, ...]] = ("foraccio", ())
           ) -> Places:
    """The :class:`Places` of a table of ``teams`` (each team's seats) playing in
    ``order`` (None: seat 0, 1, 2, ...), for the person at seat ``me`` (None: for
    someone who watches), at ``game`` (its variant and house rules)."""
    count = sum(map(len, teams))
    order = tuple(order) if order is not None else tuple(range(count))
    members = tuple(tuple(team) for team in teams)
    if me is None:
        return _watching(members, count)._replace(variant=game[0], house_rules=game[1])
    mine = next(team for team in members if me in team)
    start = order.index(me)
    after = {seat: (order.index(seat) - start) % count for seat in range(count)}
    positions = tuple("You" if seat == me else POSITIONS[count][after[seat] - 1]
                      for seat in range(count))
    seats = tuple(_("Partner") if seat != me and seat in mine and len(mine) == 2
                  else _(positions[seat]) for seat in range(count))
    names = tuple(_team_name(team, mine, members, seats) for team in members)
    half = count / 2
    shown = sorted((seat for seat in range(count) if seat != me), key=lambda seat: (
        (0, 0) if after[seat] == half else (1, after[seat]) if after[seat] > half
        else (2, -after[seat])))
    return Places(seats, tuple(p.lower().replace(" ", "-") for p in positions), names,
                  members, (*shown, me), me, *game)


def _watching(members: tuple[tuple[int, ...], ...], count: int) -> Places:
    # People count seats from 1 (the web table too); the wire from 0.
    seats = tuple(_("Seat {number}").format(number=seat + 1) for seat in range(count))
    names = tuple(_("Seat {number}").format(number=team[0] + 1) if len(team) == 1
                  else _("Seats {numbers}").format(numbers=" + ".join(
                      str(seat + 1) for seat in team)) for team in members)
    return Places(seats, tuple(f"seat-{seat}" for seat in range(count)), names, members,
                  tuple(range(count)), None)


def _team_name(team: tuple[int, ...], mine: tuple[int, ...], teams: Sequence[tuple[int, ...]],
               seats: Sequence[str]) -> str:
    if team == mine:
        return _("Us") if len(team) > 1 else _("You")
    if len(teams) == 2 and len(team) > 1:
        return _("Them")
    return " + ".join(seats[seat] for seat in team)


def places_of(view: Json, me: int | None = PERSON) -> Places:
    """The :class:`Places` of the match a view (the API's ``SeatView`` or ``PublicView``)
    shows, for the person at seat ``me`` (None: for someone who watches)."""
    return places(view["teams"], view.get("order"), me,
                  (view["variant"], tuple(view.get("house_rules") or ())))


FORACCIO = places(((0, 2), (1, 3)))
"""Foraccio's table: you and your partner opposite, against Right and Left."""
