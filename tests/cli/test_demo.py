"""``make demo`` (``python -m foraccio.cli.demo``): a seeded match of random players, told in the
terminal table's words, in the language of --lang or the locale."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

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

    assert run.stdout.splitlines()[0] == ("Foraccio, seed 1: random players play a whole match; "
                                          "each hand's deal and score sheet follow.")
    # People count seats from 1: the wire's seat 0 is "Seat 1".
    hands = re.findall(r"^Hand (\d+): Seat (\d) \(random\) deals\.$", run.stdout, re.MULTILINE)
    assert hands == [(str(state.hand), str(state.dealer + 1)) for state in states]
    wire_names = {line.name for state in states for event in state.events
                  if isinstance(event, HandScored) for line in event.lines}
    assert "primo_onore" in wire_names and "Primo onore" in run.stdout
    assert not [name for name in wire_names if name in run.stdout], "a score line's wire name"
    assert not re.search(r"team \d", run.stdout, re.IGNORECASE)
    winners = rules_of(final).seating.teams[final.winner]
    # the winner's score first, then the others' from the highest
    others = sorted((score for team, score in enumerate(final.scores) if team != final.winner),
                    reverse=True)
    assert run.stdout.rstrip().splitlines()[-1] == (
        f"Seats {' + '.join(str(seat + 1) for seat in winners)} win the match, "
        f"{' to '.join(map(str, [final.scores[final.winner], *others]))}.")


@pytest.mark.parametrize(("arguments", "locale"), [
    (["--lang", "it"], "en_GB.UTF-8"), ([], "it_IT.UTF-8")], ids=["--lang it", "LANG=it"])
def test_the_demo_speaks_italian_when_asked(arguments, locale):
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("LC_ALL", "LC_MESSAGES")}
    run = subprocess.run([sys.executable, "-m", "foraccio.cli.demo", "--seed", "1", *arguments],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**environment, "COLUMNS": "100", "LANG": locale})
    assert run.returncode == 0 and not run.stderr, run.stderr
    final = list(play_random_match("foraccio", 1))[-1]

    lines = run.stdout.rstrip().splitlines()
    # The first paragraph, which the terminal's width may wrap.
    intro = " ".join(run.stdout.split("\n\n")[0].split())
    assert intro == ("Foraccio, partita numero 1: giocatori casuali giocano una partita intera; "
                     "seguono, per ogni mano, chi fa le carte e il foglio dei punti.")
    assert re.search(r"^Mano 1: mazziere Posto \d \(casuale\)\.$", run.stdout, re.MULTILINE)
    assert "Foglio dei punti" in run.stdout and "Primo onore" in run.stdout
    winners = " + ".join(str(seat + 1) for seat in rules_of(final).seating.teams[final.winner])
    assert lines[-1] == (f"Vincono la partita Posti {winners}, "
                         f"{' a '.join(map(str, final.scores))}.")
