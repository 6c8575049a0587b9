"""Schemathesis' stateful phase plays matches: it follows the document's links from a new
match to its legal moves, plays them, asks bots, deals the next hand, and keeps the
contract on every step.

The run is the project's own: ``schemathesis run --phases stateful`` against a real server
(granian, as ``make run`` serves the app) with ``schemathesis.toml``, nothing else set.
Its request log counts the plays the server accepted. Without the links the phase made
no play at all; with schemathesis' built-in 6 steps a scenario it makes a few dozen,
since every play needs a step before it that lists the move (legal moves, or a bot's),
and a scenario follows each link at most twice: ``schemathesis.toml`` gives the
stateful phase longer scenarios (``max-steps``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.server import serving
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.sealing import SECRET_VARIABLE

pytestmark = pytest.mark.xdist_group("stateful")

ROOT = Path(__file__).resolve().parents[2]
MIN_PLAYS = 100
"""Successful ``POST /games/play`` of one run: the goal of the issue that asked for links."""


def plays_in(log: Path) -> int:
    """The ``POST /games/play`` answered 200 in a server's request log (one JSON line a
    request)."""
    plays = 0
    # split("\n"), not splitlines(): a generated path may hold U+2028 or U+0085, which JSON
    # leaves unescaped and splitlines() would take for line ends.
    for line in log.read_text(encoding="utf-8").split("\n"):
        if not line.startswith("{"):
            continue
        entry = json.loads(line)
        if (entry.get("event") == "request" and entry.get("method") == "POST"
                and entry.get("path") == "/games/play" and entry.get("status") == 200):
            plays += 1
    return plays


def test_the_stateful_phase_plays_matches(tmp_path):
    schemathesis = Path(sys.executable).with_name("schemathesis")
    # The sealed examples of the document open only with the example secret.
    with serving(tmp_path / "server.log", environment={SECRET_VARIABLE: EXAMPLE_SECRET}) as server:
        run = subprocess.run(
            [str(schemathesis), "--config-file", str(ROOT / "schemathesis.toml"), "run",
             f"{server.url}/schema/openapi.json", "--phases", "stateful"],
            cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    assert "Stateful" in run.stdout
    plays = plays_in(tmp_path / "server.log")
    assert plays >= MIN_PLAYS, f"{plays} successful plays\n{run.stdout}"
