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

import os
from pathlib import Path

from core.cards import RANK
from core.hookspecs import hookimpl
from core.model import Move
from core.registry import ENTRY_POINT_GROUP, HouseRule


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

ROOT = Path(__file__).resolve().parents[1]


def install_ace_sweeps(directory: Path) -> dict[str, str]:
    """Make ``directory`` hold an installed distribution whose entry point is
    :data:`ACE_SWEEPS` (as tests/shapes.py installs its variants); return the
    environment of a server process that loads it."""
    info = directory / "foraccio_test_ace_sweeps-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: foraccio-test-ace-sweeps\n"
                                   "Version: 0\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\nace-sweeps = tests.ace_sweeps:ACE_SWEEPS\n")
    return {"PYTHONPATH": os.pathsep.join((str(directory), str(ROOT)))}
