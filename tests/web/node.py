"""Running the web table's modules under Node, for tests of their pure parts."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from foraccio.web.routes import STATIC

PRELUDE = """
import {readFileSync} from "node:fs";
import {useCatalogue} from %(i18n)s;
useCatalogue(%(language)s, JSON.parse(readFileSync(%(catalogue)s, "utf8")));
"""


def run_module(tmp_path: Path, module: str, script: str, *arguments: object,
               language: str = "en") -> object:
    """Run ``script`` (an ES module's text, where ``%s`` is replaced by the URL of
    ``web/static/js/<module>``) under Node, speaking ``language`` (its catalogue loaded
    as the page loads it), with the JSON of each of ``arguments`` as its command-line
    arguments; return the JSON it prints."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: `make test` installs Node.js")
    # The modules as the page has them, in a folder Node reads as ES modules.
    folder = tmp_path / "js"
    shutil.copytree(STATIC / "js", folder, dirs_exist_ok=True)
    (folder / "package.json").write_text('{"type": "module"}')
    prelude = PRELUDE % {"i18n": json.dumps((folder / "i18n.js").as_uri()),
                         "language": json.dumps(language),
                         "catalogue": json.dumps(str(STATIC / "locale" / f"{language}.json"))}
    source = prelude + script.replace("%s", json.dumps((folder / module).as_uri()))
    done = subprocess.run([node, "--input-type=module", "-e", source, *map(json.dumps, arguments)],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    assert not done.stderr, done.stderr  # a key without an entry is logged there
    return json.loads(done.stdout)
