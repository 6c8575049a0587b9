"""Scoring a hand: one plugin module per rule, each giving its own score lines.

==============  ======  ===========================================================
line            points  to
==============  ======  ===========================================================
``carte``       1       the team that took the most cards (with two teams, 21 or
                        more of the 40); nobody on a tie
``denari``      1       the team that took the most denari (suit ``d``); nobody on
                        a tie
``settebello``  1       the team that took the 7 of denari
``primiera``    1       the team with the highest primiera (see :mod:`.primiera`);
                        nobody on a tie
``scopa``       1 each  every scopa the team made (see :mod:`foraccio_scopa.scopa`)
==============  ======  ===========================================================
"""

from __future__ import annotations

from collections.abc import Sequence


def sole_best(totals: Sequence[int | None]) -> int | None:
    """The team whose total is higher than every other team's, or None when the highest
    is shared. A team whose total is None is out of the running."""
    running = [total for total in totals if total is not None]
    if not running:
        return None
    best = max(running)
    leaders = [team for team, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
