"""Hands that declare (``foraccio_declarations``), for the tests: ``busso-and-tris``, the
worked example of docs/plugins.md, "A hand that declares: busso and tris", run from the
very code block of the guide (a house rule). A server in another process finds it as an
installed plugin (:func:`declarations_environment`)."""

from __future__ import annotations

from pathlib import Path

from foraccio.core.registry import HouseRule
from tests.deal_effects import guide_blocks, guide_module
from tests.installed import installed_environment

HEADING = "A hand that declares: busso and tris"

BUSSO_AND_TRIS: HouseRule = guide_module(HEADING, "busso_and_tris").HOUSE_RULE
"""The house rule exactly as docs/plugins.md shows it."""


def guide_test_block() -> str:
    """The section's second python block: the guide's own test of the house rule."""
    return guide_blocks(HEADING)[1]


def declarations_environment(directory: Path) -> dict[str, str]:
    """The environment of a server process that knows the house rule, installed in
    ``directory`` as an installed distribution's entry point."""
    return installed_environment(directory, "foraccio-test-declarations", {
        "busso-and-tris": "tests.declarations:BUSSO_AND_TRIS"})
