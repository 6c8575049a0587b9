"""Make the terminal table's screenshots in docs/ (``make screenshots``): ``foraccio play``
run in a real pseudo-terminal (pexpect) with colours, a seeded match of Zobelon played
with the first card each turn until a re asks to sweep or to take a value, its screen
read by a terminal emulator (pyte) and drawn by Debian's Chromium as a terminal window
(docs/terminal-table.png); the same in Italian (docs/terminal-table-it.png), named as the
web table's screenshots are.

    python -m tests.cli.terminal_screenshots [directory]
"""

from __future__ import annotations

import html
import os
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pyte
from playwright.sync_api import Browser, sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.cli.terminal import FORACCIO, PROMPTS, ROOT

COLUMNS, ROWS = 100, 32
"""The terminal's size for the docs: the table's box and a few plays above it."""
GAME = ("play", "--pace", "0", "--variant", "zobelon", "--seed", "1", "--bots", "heuristic")
"""A match whose person holds a re by their second play (seed 1)."""
LINE_HEIGHT, FONT_SIZE, PADDING, BAR = 20, 16, 8, 30
"""The window's measures in CSS pixels: a row's height, the font's size, the space
around the text and the title bar's height."""
SCALE = 1
"""Device pixels to a CSS pixel in the pictures."""

PALETTE = {"default": "#d4d4d4", "black": "#2e2e2e", "red": "#e06c6c", "green": "#8fb573",
           "brown": "#d9b44a", "yellow": "#d9b44a", "blue": "#6a9fd4", "magenta": "#b48ead",
           "cyan": "#5fb3b3", "white": "#e5e5e5"}
"""The eight colours of a terminal as this window draws them (pyte names them; ``brown``
is its name for yellow); another colour comes from pyte as six hexadecimal digits."""
BACKGROUND = "#262626"


def run_until_king(language: str, columns: int = COLUMNS, rows: int = ROWS,
                   game: Sequence[str] = GAME) -> pyte.Screen:
    """Run ``foraccio <game>`` in a pseudo-terminal of ``columns`` x ``rows`` that shows
    colours, speaking ``language``; play key 1 at each play's question until a re asks
    to sweep or to take a value (or, if a hand ends first, until it does); return the
    screen as the terminal shows it then."""
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "NO_COLOR")}
    environment.update({"TERM": "xterm-256color", "COLUMNS": str(columns),
                        "LINES": str(rows), "LANG": "C.UTF-8"})
    screen = pyte.Screen(columns, rows)
    stream = pyte.Stream(screen)
    # A question may wrap at the terminal's width.
    play, king, _, next_hand = (re.compile(prompt.replace(" ", r"\s+"))
                                for prompt in PROMPTS[language])
    child = pexpect.spawn(str(FORACCIO), ["--lang", language, *game], cwd=str(ROOT),
                          env=environment, encoding="utf-8", timeout=60,
                          dimensions=(rows, columns))
    try:
        while True:
            found = child.expect([play, king, next_hand])
            stream.feed(child.before + child.after)
            if found:
                return screen
            child.sendline("1")
    finally:
        child.close(force=True)


def colour(name: str, fallback: str) -> str:
    if name == "default":
        return fallback
    if re.fullmatch(r"[0-9a-fA-F]{6}", name):
        return f"#{name}"
    return PALETTE.get(name.removeprefix("bright"), fallback)


def row_html(row: dict[int, pyte.screens.Char], columns: int) -> str:
    """One row of the screen as spans, a span for each run of cells drawn alike."""
    spans: list[str] = []
    style, text = "", ""
    for x in range(columns):
        cell = row[x]
        fore, back = colour(cell.fg, PALETTE["default"]), colour(cell.bg, BACKGROUND)
        if cell.reverse:
            fore, back = back, fore
        cell_style = (f"color:{fore};background:{back}"
                      + (";font-weight:bold" if cell.bold else "")
                      + (";font-style:italic" if cell.italics else "")
                      + (";text-decoration:underline" if cell.underscore else ""))
        if cell_style != style and text:
            spans.append(f'<span style="{style}">{html.escape(text)}</span>')
            text = ""
        style, text = cell_style, text + cell.data
    spans.append(f'<span style="{style}">{html.escape(text)}</span>')
    return "".join(spans)


def window_html(screen: pyte.Screen, title: str) -> str:
    """The screen drawn as a terminal window titled ``title``."""
    rows = "\n".join(row_html(screen.buffer[y], screen.columns) for y in range(screen.lines))
    dots = "".join(f'<i style="background:{c}"></i>' for c in ("#ff5f56", "#ffbd2e", "#27c93f"))
    return f"""<!doctype html><meta charset="utf-8"><style>
body {{ margin: 0; background: transparent; }}
#window {{ display: inline-block; background: {BACKGROUND}; border-radius: 8px;
          overflow: hidden; font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; }}
#bar {{ position: relative; height: {BAR}px; line-height: {BAR}px; background: #3a3a3a;
       color: #cfcfcf; font: bold 14px sans-serif; text-align: center; }}
#bar span {{ position: absolute; left: 12px; top: 9px; }}
#bar i {{ display: inline-block; width: 12px; height: 12px; border-radius: 50%;
         margin-right: 8px; float: left; }}
pre {{ margin: 0; padding: {PADDING}px; font-size: {FONT_SIZE}px; line-height: {LINE_HEIGHT}px;
      font-family: inherit; white-space: pre; color: {PALETTE["default"]}; }}
</style><div id="window"><div id="bar"><span>{dots}</span>{html.escape(title)}</div>
<pre>{rows}</pre></div>"""


def draw(browser: Browser, screen: pyte.Screen, title: str, path: Path) -> tuple[int, int]:
    """Draw ``screen`` as a terminal window into the PNG ``path``; return its size in
    device pixels."""
    context = browser.new_context(device_scale_factor=SCALE,
                                  viewport={"width": 2000, "height": 1200})
    page = context.new_page()
    page.set_content(window_html(screen, title))
    window = page.locator("#window")
    window.screenshot(path=str(path), omit_background=True)
    box = window.bounding_box()
    context.close()
    return round(box["width"] * SCALE), round(box["height"] * SCALE)


def shoot(directory: Path) -> list[Path]:
    made = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for language in PROMPTS:
            suffix = "" if language == "en" else f"-{language}"
            screen = run_until_king(language)
            title = shlex.join(["foraccio", *(["--lang", language] if suffix else []), *GAME])
            made.append(directory / f"terminal-table{suffix}.png")
            draw(browser, screen, title, made[-1])
        browser.close()
    return made


if __name__ == "__main__":
    for path in shoot(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(path)
