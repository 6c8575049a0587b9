"""The README's and docs/api.md's examples and figures stay true.

Every shell block that calls ``curl`` runs verbatim in bash against a real server,
started as ``make run`` starts it, with the server's address written in place of
``http://127.0.0.1:8000``. Each block must run through (``set -euo pipefail``, nothing
on standard error) and print, in order, every output its text shows: the lines marked
``# → ``, where ``…`` stands for any text within a line.

The sizes the docs give for the state ("about 2.1 KB after 6 hands", "grows by about
230 bytes a hand") are measured on seeded matches, as the server answers them.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import msgspec
import pytest

from bench.bodies import answered
from bench.server import serving
from foraccio.core.testing import random_playout
from tests.markdown import fenced_blocks

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = ("README.md", "docs/api.md")
DOCUMENTED_URL = "http://127.0.0.1:8000"
OUTPUT = "# → "
"""What marks a line of a block as the output of the command above it."""


def shell_blocks(document: str) -> list[str]:
    """The ``sh`` blocks of ``document`` that call the API with curl."""
    blocks = fenced_blocks((ROOT / document).read_text(), "sh")
    return [block for block in blocks if "curl " in block]


def expected_outputs(block: str, url: str) -> list[re.Pattern]:
    """The outputs ``block`` shows, each as a pattern (``…`` matches any text of a line)."""
    shown = [line.removeprefix(OUTPUT).replace(DOCUMENTED_URL, url)
             for line in block.splitlines() if line.startswith(OUTPUT)]
    return [re.compile(r"[^\n]*?".join(re.escape(part) for part in line.split("…")))
            for line in shown]


BLOCKS = [pytest.param(document, index, id=f"{document}-{index}")
          for document in DOCUMENTS for index, _ in enumerate(shell_blocks(document))]


@pytest.fixture(scope="module")
def server_url(tmp_path_factory) -> str:
    if shutil.which("jq") is None:
        # Not a skip: the examples use jq, and `make test` installs it.
        pytest.fail("jq is missing: run `make test`, or `apt-get install jq`")
    log = tmp_path_factory.mktemp("server") / "server.log"
    with serving(log, environment={"FORACCIO_SECRET": "doc-examples"}) as server:
        yield server.url


def test_the_documents_have_curl_examples():
    assert len(shell_blocks("README.md")) >= 2
    assert len(shell_blocks("docs/api.md")) >= 2


@pytest.mark.parametrize(("document", "index"), BLOCKS)
def test_a_curl_example_runs_and_prints_what_its_text_shows(document, index, server_url,
                                                            tmp_path):
    block = shell_blocks(document)[index]
    script = "set -euo pipefail\n" + block.replace(DOCUMENTED_URL, server_url)
    run = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)

    assert run.returncode == 0 and not run.stderr, (
        f"{document}'s example {index} failed ({run.returncode}): {run.stderr}")
    expected = expected_outputs(block, server_url)
    assert expected, f"{document}'s example {index} shows none of its outputs"
    position = 0
    for pattern in expected:
        found = pattern.search(run.stdout, position)
        assert found, (f"{document}'s example {index} should print {pattern.pattern!r} "
                       f"after {run.stdout[:position][-200:]!r}; it printed:\n{run.stdout}")
        position = found.end()


# --- the state's size ---------------------------------------------------------------

SIZE_AFTER = re.compile(r"about (\d+(?:\.\d+)?) KB after (\d+) hands")
GROWTH = re.compile(r"grows by about (\d+) bytes a hand")
SEEDS = (2, 3, 5)
"""Seeds of Foraccio matches to 1000 (played by random players) that last past 100 hands."""
ABOUT = 0.05
"""How far from a measured figure "about" may be."""


def stated(pattern: re.Pattern) -> set[tuple[str, ...]]:
    """Every figure ``pattern`` finds in the documents (across their line breaks)."""
    return {figure for document in DOCUMENTS
            for figure in pattern.findall(" ".join((ROOT / document).read_text().split()))}


def sizes_after_each_hand(seed: int) -> dict[int, int]:
    """Bytes of the state as the server answers it at the end of each hand of a match."""
    sizes = {}
    for step in random_playout("foraccio", seed, {"target": 1000}):
        if step.after.phase != "playing":
            sizes[step.after.hand] = len(msgspec.json.encode(answered(step.after)))
    return sizes


@pytest.fixture(scope="module")
def measured() -> list[dict[int, int]]:
    return [sizes_after_each_hand(seed) for seed in SEEDS]


def test_the_state_sizes_stated_are_measured(measured):
    figures = stated(SIZE_AFTER)
    assert ("2.1", "6") in figures, "the docs no longer say how large a state is"
    for kilobytes, hands in figures:
        for sizes in measured:
            size = sizes[int(hands)] / 1000
            assert abs(size - float(kilobytes)) <= ABOUT * size, (
                f"the docs say a state is about {kilobytes} KB after {hands} hands; "
                f"measured {size:.2f} KB")


def test_the_growth_stated_is_measured(measured):
    (growth,) = stated(GROWTH)
    for sizes in measured:
        per_hand = (sizes[100] - sizes[6]) / (100 - 6)
        assert abs(per_hand - int(growth)) <= ABOUT * per_hand, (
            f"the docs say a state grows by about {growth} bytes a hand; measured "
            f"{per_hand:.0f}")
