"""Two linters find no error in the committed document: redocly with its recommended
rules (``redocly.yaml``) and spectral with ``spectral:oas`` (``.spectral.yaml``).

``.spectral.yaml`` switches one rule off in one place, a known false positive, with
its upstream issue: oas3-valid-schema-example reads the variant options in the examples
of ``GET /variants`` and ``GET /variants/{name}`` as schemas (stoplightio/spectral#1972).
Spectral's one warning, ``info-contact``, stays: the project names no contact.
"""

from __future__ import annotations

import json

import pytest

from tests.clients.conftest import DOCUMENT, ROOT, node_tool, output, run

pytestmark = pytest.mark.xdist_group("lint")

SPECTRAL_ERROR = 0
"""Severity of an error in spectral's JSON output (1 warning, 2 information, 3 hint)."""


def test_redocly_recommended_finds_no_problem():
    linted = run([node_tool("redocly"), "lint", DOCUMENT, "--format", "json"])
    assert linted.returncode == 0, output(linted)
    report = json.loads(linted.stdout)
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, report["problems"]


def test_spectral_oas_finds_no_error():
    linted = run([node_tool("spectral"), "lint", DOCUMENT, "--ruleset",
                  ROOT / ".spectral.yaml", "--format", "json", "--quiet"])
    results = json.loads(linted.stdout)
    errors = [result for result in results if result["severity"] == SPECTRAL_ERROR]
    assert not errors, json.dumps(errors, indent=1)
    assert linted.returncode == 0, output(linted)
