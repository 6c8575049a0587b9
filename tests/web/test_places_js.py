"""The web table names seats and teams as the terminal table does: ``places`` of
web/static/js/words.js, run by Node, against :mod:`cli.table.places`, at every size of
table and for several ways of forming teams."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from cli.table.places import places
from web.routes import STATIC

SEATINGS = [
    *[[[seat] for seat in range(seats)] for seats in range(2, 7)],
    [[0, 2], [1, 3]],
    [[0, 1], [2, 3]],
    [[0, 3], [1, 4], [2, 5]],
    [[0, 2, 4], [1, 3, 5]],
    [[0], [1, 2]],
    [[1, 2], [0, 3, 4]],
]

SCRIPT = """
import {places} from %s;
const seatings = JSON.parse(process.argv[1]);
console.log(JSON.stringify(seatings.map((teams) => {
  const where = places(teams);
  return [where.seats, where.positions, where.teams, where.shown];
})));
"""


def test_the_web_table_names_seats_and_teams_as_the_terminal_does(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: `make test` installs Node.js")
    # As .mjs, so that any Node reads it as a module (words.js imports nothing).
    module = tmp_path / "words.mjs"
    shutil.copy(STATIC / "js" / "words.js", module)
    words = json.dumps(module.as_uri())
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT % words,
                           json.dumps(SEATINGS)], capture_output=True, text=True, timeout=30,
                          check=False)
    assert done.returncode == 0, done.stderr
    for teams, (seats, positions, names, shown) in zip(SEATINGS, json.loads(done.stdout),
                                                       strict=True):
        expected = places(teams)
        assert seats == list(expected.seats), teams
        assert positions == list(expected.positions), teams
        assert names == list(expected.teams), teams
        assert shown == list(expected.shown[:-1]), teams  # the terminal lists you last
