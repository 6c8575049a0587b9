"""docs/research.md: its examples run as shown (the worked example on a smaller count)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

from tests.installed import ROOT
from tests.markdown import fenced_blocks

GUIDE = ROOT / "docs" / "research.md"


def python_blocks() -> list[str]:
    return fenced_blocks(GUIDE.read_text(), "python")


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_openspiel_example_plays_a_match():
    first = python_blocks()[0]
    assert "foraccio_scopa" in first
    returns = ast.literal_eval(run(first))  # the hand points' lead of each seat
    assert len(returns) == 2 and sum(returns) == 0


def test_the_bots_example_and_the_pettingzoo_example_run():
    opening, bots, pettingzoo = python_blocks()[:3]
    assert "evaluate_bots" in bots and "agent_iter" in pettingzoo
    fewer = bots.replace("max_simulations=100", "max_simulations=3").replace(
        "Budget(seconds=0.1)", "Budget(iterations=20)")
    assert fewer != bots
    returns = ast.literal_eval(run(opening.split("game = ")[0] + fewer).splitlines()[-1])
    assert len(returns) == 2 and sum(returns) == 0
    # the table it ends on, as the guide shows it
    assert run(pettingzoo) == rendered_table()


def rendered_table() -> str:
    """The guide's first text block: what the PettingZoo example prints."""
    return fenced_blocks(GUIDE.read_text(), "text")[0] + "\n"


def test_the_worked_example_runs_on_a_smaller_count():
    example = python_blocks()[-1]
    counts = "MATCHES, DEALS, SIMULATIONS, SECONDS = 1_000, 20, 100, 0.1"
    assert counts in example
    printed = run(example.replace(counts, "MATCHES, DEALS, SIMULATIONS, SECONDS = 2, 1, 3, 0.01"))
    lines = printed.splitlines()
    assert lines[0].startswith("OpenSpiel: 2 matches in ")
    assert lines[1].startswith("PettingZoo: 2 matches in ")
    assert re.match(r"Our ISMCTS \(0.01 s a move\) against OpenSpiel's IS-MCTS \(3 "
                    r"simulations an action\): won [\d.]+ of 2 hands", lines[2])
