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

The command docs/api.md gives (bounded, ``--max-examples``) runs too, exactly as written,
against a server with ``make run``'s defaults: not the generous limits per client that
tests/conftest.py sets for every server of the tests. There one client makes 20 rooms in
a row, and the next is refused 429 ``too_many_rooms``, a documented answer that
``schemathesis.toml`` expects.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.server import serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.examples import EXAMPLE_SECRET
from foraccio.api.limits import SECONDS as BOT_SECONDS_VARIABLE
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.rooms.config import OPEN_PER_CLIENT, ROOMS_PER_CLIENT, STREAMS_PER_CLIENT
from tests.api.live import request

pytestmark = pytest.mark.xdist_group("stateful")

ROOT = Path(__file__).resolve().parents[2]
MIN_PLAYS = 100
"""Successful ``POST /games/play`` of one run: the goal of the issue that asked for links."""
DEFAULTS = {ROOMS_PER_CLIENT: None, OPEN_PER_CLIENT: None, STREAMS_PER_CLIENT: None,
            BOT_SECONDS_VARIABLE: None}
"""What tests/conftest.py sets for every server of the tests, unset: the server's own
defaults, as ``make run`` starts it."""
FROM_THE_ROOT = {"PYTHONPATH": str(ROOT)}
"""Schemathesis runs in a folder of the test's own (where it keeps its cache of failures
to replay), and finds the hook of ``schemathesis.toml`` (``tests.schemathesis_hooks``) as
from the checkout's root."""
NEW_ROOM = {"variant": "foraccio", "seats": ["person", "random", "random", "random"]}


def requests_in(log: Path) -> list[dict]:
    """The requests of a server's request log (one JSON line a request)."""
    # split("\n"), not splitlines(): a generated path may hold U+2028 or U+0085, which JSON
    # leaves unescaped and splitlines() would take for line ends.
    lines = log.read_text(encoding="utf-8").split("\n")
    return [entry for entry in (json.loads(line) for line in lines if line.startswith("{"))
            if entry.get("event") == "request"]


def documented_command() -> list[str]:
    """The bounded stateful run that docs/api.md gives, as its words, the URL left out."""
    docs = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    found = re.search(r"`(schemathesis\s+run\s+--phases\s+stateful\s[^`]*?)\s+URL`", docs)
    assert found, "docs/api.md gives no `schemathesis run --phases stateful ... URL`"
    return found.group(1).split()


def plays_in(log: Path) -> int:
    """The ``POST /games/play`` answered 200 in a server's request log."""
    return sum(1 for entry in requests_in(log) if entry.get("method") == "POST"
               and entry.get("path") == "/games/play" and entry.get("status") == 200)


def test_the_stateful_phase_plays_matches(tmp_path):
    schemathesis = Path(sys.executable).with_name("schemathesis")
    # The sealed examples of the document open only with the example secret.
    with serving(tmp_path / "server.log", environment={SECRET_VARIABLE: EXAMPLE_SECRET}) as server:
        run = subprocess.run(
            [str(schemathesis), "--config-file", str(ROOT / "schemathesis.toml"), "run",
             f"{server.url}/schema/openapi.json", "--phases", "stateful"],
            cwd=tmp_path, env={**os.environ, **FROM_THE_ROOT}, capture_output=True,
            text=True, timeout=600, check=False)
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    assert "Stateful" in run.stdout
    plays = plays_in(tmp_path / "server.log")
    assert plays >= MIN_PLAYS, f"{plays} successful plays\n{run.stdout}"


def test_the_documented_command_passes_on_a_server_with_the_defaults(tmp_path):
    # Run where schemathesis finds the project's schemathesis.toml as it would at the
    # project's root, without its cache of earlier failures there.
    shutil.copy(ROOT / "schemathesis.toml", tmp_path)
    command = documented_command()
    # A store of its own: the rooms the other tests of this process made count too.
    environment = {**DEFAULTS, DATA_DIR_VARIABLE: str(tmp_path / "data")}
    with serving(tmp_path / "server.log", environment=environment) as server:
        # This client's rooms used up first, so that the run meets the 429 whatever it
        # generates: a default server allows 20 in a row.
        refused = [request(server.url, "/rooms", NEW_ROOM).status for _ in range(21)]
        assert refused[:20] == [201] * 20 and refused[20] == 429, refused
        schemathesis = Path(sys.executable).with_name(command[0])
        run = subprocess.run([str(schemathesis), *command[1:],
                              f"{server.url}/schema/openapi.json"],
                             cwd=tmp_path, env={**os.environ, **FROM_THE_ROOT},
                             capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    rooms = [entry["status"] for entry in requests_in(tmp_path / "server.log")
             if entry.get("method") == "POST" and entry.get("path") == "/rooms"]
    assert rooms.count(429) > 1, rooms  # the run's own requests met it too
