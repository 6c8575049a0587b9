"""``make demo`` (``python -m foraccio.cli.demo``): a seeded match of random players, told in the
terminal table's words."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from foraccio.cli.demo import play_random_match
from foraccio.core.engine import rules_of
from foraccio.core.model import HandScored

ROOT = Path(__file__).resolve().parents[2]


def test_the_demo_names_seats_teams_and_score_lines_in_words():
    run = subprocess.run([sys.executable, "-m", "foraccio.cli.demo", "--seed", "1"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "COLUMNS": "100"})
    assert run.returncode == 0 and not run.stderr, run.stderr
    states = list(play_random_match("foraccio", 1))
    final = states[-1]

    # People count seats from 1: the wire's seat 0 is "Seat 1".
    hands = re.findall(r"^Hand (\d+): Seat (\d) \(random\) deals\.$", run.stdout, re.MULTILINE)
    assert hands == [(str(state.hand), str(state.dealer + 1)) for state in states]
    wire_names = {line.name for state in states for event in state.events
                  if isinstance(event, HandScored) for line in event.lines}
    assert "primo_onore" in wire_names and "Primo onore" in run.stdout
    assert not [name for name in wire_names if name in run.stdout], "a score line's wire name"
    assert not re.search(r"team \d", run.stdout, re.IGNORECASE)
    winners = rules_of(final).seating.teams[final.winner]
    assert run.stdout.rstrip().splitlines()[-1] == (
        f"Seats {' + '.join(str(seat + 1) for seat in winners)} win the match, "
        f"{' to '.join(map(str, final.scores))}.")
