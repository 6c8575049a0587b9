"""La 24: a team that scores all six punti di mano gets 18 more, 24 in all.

It reads the other rules' lines, so it wraps the hook and adds its own.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine

PUNTI_DI_MANO = frozenset({"primo_onore", "secondo_onore", "terzo_onore", "spade", "carte"})
BONUS = 18


@hookimpl(wrapper=True)
def foraccio_score_lines(seating):
    results = yield
    scored = [set() for _ in seating.teams]
    for lines in results:
        for line in lines or ():
            scored[line.team].add(line.name)
    # Results come in reverse plugin order: putting ours first lists it last.
    return [[ScoreLine(team=team, name="la_24", points=BONUS)
             for team, names in enumerate(scored) if names >= PUNTI_DI_MANO], *results]
