"""Make the web table's screenshots in docs/ (``make screenshots``): a real server, a
sealed match of Zobelon dealt by it, played through the page in Debian's Chromium at a
desktop's size (docs/web-table.png, 1280 x 800) and a phone's (docs/web-table-phone.png,
390 x 844), and the score sheet of a hand (docs/web-table-sheet.png); each in English
and, by a browser that speaks Italian, in Italian (docs/web-table-it.png, ...).

The deal is the server's (a sealed game takes no seed); the bots' choices are seeded,
the page's random numbers being fixed by an init script, and the person plays the
first legal card each turn, so the shots show a match as anyone would meet it.

    python -m tests.browser.docs_screenshots [directory]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, api_server
from tests.browser.table import LANGUAGES, play_hand, start_match, wait_for

SIZES = {"web-table": {"viewport": {"width": 1280, "height": 800}},
         "web-table-phone": {"viewport": {"width": 390, "height": 844},
                             "device_scale_factor": 2, "is_mobile": True, "has_touch": True}}
FIXED_RANDOM = ("Math.random = (() => { let x = 0.5;"
                " return () => (x = (x * 9301 + 0.49297) % 1); })();")
"""The page's Math.random, fixed: the bots' seed is the same on every run."""
TURNS = 5
"""The person's turns played before the table is shot: a few plays kept in view."""


def play_turns(page: Page, turns: int) -> None:
    """Play the first legal card (and the first way, when asked) for ``turns`` turns."""
    for _ in range(turns):
        if wait_for(page) != "your-turn":
            return
        page.locator("#hand .card.legal").first.click()
        if page.locator("#choice[open]").count():
            page.locator("#choice-options .choice").first.click()
    wait_for(page)


def shoot(directory: Path) -> list[Path]:
    made = []
    with tempfile.TemporaryDirectory() as log_dir, \
            api_server(Path(log_dir) / "log") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for language, locale in LANGUAGES.items():
            suffix = "" if language == "en" else f"-{language}"
            for name, size in SIZES.items():
                context = browser.new_context(locale=locale, **size)
                page = context.new_page()
                page.add_init_script(FIXED_RANDOM)
                start_match(page, url, "zobelon")
                play_turns(page, TURNS)
                page.mouse.move(0, 0)
                page.evaluate("scrollTo(0, 0)")  # clicking a card scrolled it into view
                made.append(directory / f"{name}{suffix}.png")
                page.screenshot(path=str(made[-1]), full_page=name.endswith("phone"))
                if name == "web-table":
                    play_hand(page)
                    page.locator("#sheet").evaluate("sheet => { sheet.scrollTop = 0; }")
                    page.evaluate("scrollTo(0, 0)")
                    made.append(directory / f"web-table-sheet{suffix}.png")
                    page.screenshot(path=str(made[-1]))
                context.close()
        browser.close()
    return made


if __name__ == "__main__":
    for path in shoot(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(path)
