"""A test-only house rule under which an ace may also be laid though it could capture:
``ace-sweeps``, for Scopa, where the asso is an ordinary card. An ace may sweep the
whole table (when the table holds cards), besides what Scopa lets it do: take a table
asso, or be laid when there is none. So an ace on a table without an asso can be played
two ways, a capture and a lay, and a table that words a move by its ``take`` alone calls
the lay "takes only itself"; by its kind, it is laid.

Tests register it with ``registered(ACE_SWEEPS)``; a server in another process finds it
as an installed plugin (:func:`install_ace_sweeps`).
"""

from __future__ import annotations

from pathlib import Path

from foraccio.core.cards import RANK
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Move
from foraccio.core.registry import HouseRule
from tests.installed import installed_environment


class AceSweeps:
    """The plugin: adds each ace's sweep to the captures of the play rule it wraps."""

    @hookimpl(wrapper=True)
    def foraccio_play_rule(self):
        rule = yield

        def ace_may_sweep(hand, table):
            captures, lays = rule(hand, table)
            if not table:
                return captures, lays  # nothing to sweep: the ace is laid, as in Scopa
            sweeps = [Move(card, table) for card in hand if RANK[card] == 1]
            return [*captures, *(sweep for sweep in sweeps if sweep not in captures)], lays

        return ace_may_sweep


ACE_SWEEPS = HouseRule(
    name="ace-sweeps",
    title="The ace may sweep",
    description="An ace may take the whole table, or be played as Scopa's asso.",
    variants=("scopa",),
    plugins=(AceSweeps(),),
)



def install_ace_sweeps(directory: Path) -> dict[str, str]:
    """Make ``directory`` hold an installed distribution whose entry point is
    :data:`ACE_SWEEPS`; return the environment of a server process that loads it."""
    return installed_environment(directory, "foraccio-test-ace-sweeps",
                                 {"ace-sweeps": "tests.ace_sweeps:ACE_SWEEPS"})
