"""Running the web table's modules under Node, for tests of their pure parts."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from foraccio.web.routes import STATIC


def run_module(tmp_path: Path, module: str, script: str, *arguments: object) -> object:
    """Run ``script`` (an ES module's text, where ``%s`` is replaced by the URL of
    ``web/static/js/<module>``) under Node with the JSON of each of ``arguments`` as its
    command-line arguments; return the JSON it prints."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: `make test` installs Node.js")
    # As .mjs, so that any Node reads it as a module (the modules tested import nothing).
    copy = tmp_path / Path(module).with_suffix(".mjs").name
    shutil.copy(STATIC / "js" / module, copy)
    source = script.replace("%s", json.dumps(copy.as_uri()))
    done = subprocess.run([node, "--input-type=module", "-e", source, *map(json.dumps, arguments)],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
