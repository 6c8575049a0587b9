"""The terminal table's screenshot tool (``make screenshots``, tests/cli/terminal_screenshots.py)
draws what a real run of ``foraccio play`` in a pseudo-terminal shows: a small terminal
here, in each language, so that the test stays quick."""

from __future__ import annotations

import base64
import struct

import pytest

from tests.cli.terminal_screenshots import (
    BAR,
    LINE_HEIGHT,
    PADDING,
    SCALE,
    draw,
    run_until_king,
)

pytestmark = pytest.mark.xdist_group("browser-terminal-screenshots")

COLUMNS, ROWS = 60, 8
KING = {"en": "Sweep or which value for 13d?",
        "it": "Giochi 13d come pigliatutto o con quale valore?"}
"""What the last rows say in each language: the re's question of Zobelon's seed 1."""

COLOURS = """src => new Promise(resolve => {
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4) seen.add(pixels.slice(i, i + 4).join());
    resolve(seen.size);
  };
  image.src = src;
})"""
"""How many colours a PNG holds, counted by the browser that decodes it."""


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("language", list(KING))
def test_a_real_run_of_the_terminal_table_is_drawn_into_a_png(browser, language, tmp_path):
    screen = run_until_king(language, columns=COLUMNS, rows=ROWS)
    shown = "\n".join(screen.display)
    assert KING[language] in " ".join(shown.split()), shown

    path = tmp_path / "terminal.png"
    size = draw(browser, screen, "foraccio play", path)

    data = path.read_bytes()
    assert png_size(data) == size
    width, height = size
    # A row is LINE_HEIGHT high under the title bar; a cell, a monospace font's width.
    assert height == (BAR + 2 * PADDING + ROWS * LINE_HEIGHT) * SCALE
    assert (2 * PADDING + COLUMNS * 7) * SCALE <= width <= (2 * PADDING + COLUMNS * 13) * SCALE
    page = browser.new_page()
    try:
        colours = page.evaluate(COLOURS, "data:image/png;base64," + base64.b64encode(data).decode())
    finally:
        page.close()
    # Not a blank window: the text's colours and their anti-aliased edges.
    assert colours > 20
