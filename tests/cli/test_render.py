"""The terminal table's pieces as a terminal of a given width shows them."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from foraccio.cli.table.render import hand_line

HAND = ["10c", "11c", "12c", "13c", "10d", "11d", "12d", "13d", "10b", "11b", "12b", "13b",
        "10s"]
"""A whole hand of Foraccio with the longest codes."""


def shown(renderable, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("width", [40, 80, 120])
def test_a_card_is_never_on_another_line_than_its_key(width):
    screen = shown(hand_line(HAND, set(HAND[:3])), width)

    lines = screen.splitlines()
    assert all(len(line) <= width for line in lines)
    if width <= 80:
        assert len(lines) >= 2, "the hand is wrapped"
    pairs = [pair for line in lines for pair in re.findall(r"\[(\d+)\] (\d+[cdbs])", line)]
    assert pairs == [(str(key), card) for key, card in enumerate(HAND, start=1)], screen
