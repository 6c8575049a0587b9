"""The page of the rules of the games, in each language, which :mod:`foraccio.web.routes`
serves at ``/rules``.

The rules are docs/rules.md and docs/rules.it.md, rendered to HTML by markdown-it-py
(CommonMark and its tables; no HTML of the text passes) once per language. docs/ is not
part of the installed package, so ``rules/`` beside this module holds links to them,
package data: a build copies the files they link to into the sdist and the wheel. The
page loads nothing from another origin and has no inline script or style: it is served
with the web table's policy.
"""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

RULES = Path(__file__).parent / "rules"
CATALOGUES = Path(__file__).parent / "static" / "locale"
"""The web table's catalogues: the page names the table and the API's documentation
as the table does."""
FILES = {"en": "rules.md", "it": "rules.it.md"}
"""Each language's rules, a file of :data:`RULES` (and of docs/)."""
NAMES = {"en": "English", "it": "Italiano"}
"""Each language in its own words, as the table's language control names it."""

SERVED = {name: f"/rules?lang={language}" for language, name in FILES.items()}
"""The links of the rules to each other, as this route serves them; a link to any other
document of the repository is left as its words (none of them is served)."""


@cache
def _words(language: str) -> dict[str, str]:
    return json.loads((CATALOGUES / f"{language}.json").read_text(encoding="utf-8"))


def _served_links(children: list[Token]) -> list[Token]:
    """``children`` (an inline's tokens) with each link to a document this server serves
    pointed at it, and each link to one it does not unwrapped into its words."""
    kept, dropped = [], []
    for token in children:
        if token.type == "link_open":
            target = SERVED.get(str(token.attrGet("href")))
            dropped.append(target is None)
            if target is None:
                continue
            token.attrSet("href", target)
        elif token.type == "link_close" and dropped.pop():
            continue
        kept.append(token)
    return kept


@cache
def rules_page(language: str) -> bytes:
    """The page of the rules in ``language`` (one of :data:`FILES`)."""
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    text = (RULES / FILES[language]).read_text(encoding="utf-8")
    tokens = parser.parse(text)
    for token in tokens:
        if token.type == "inline" and token.children:
            token.children = _served_links(token.children)
    title = next(tokens[index + 1].content for index, token in enumerate(tokens)
                 if token.type == "heading_open")
    words = _words(language)
    others = " ".join(
        f'<a href="/rules?lang={other}" hreflang="{other}" lang="{other}">{NAMES[other]}</a>'
        for other in FILES if other != language)
    return f"""<!doctype html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="icon" href="/table/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/table/rules.css">
</head>
<body>
<nav class="links">
<a href="/" id="to-table">{html.escape(words["page.title"])}</a>
<a href="/docs" id="to-docs">{html.escape(words["links.docs"])}</a>
{others}
</nav>
<main class="rules">
{parser.renderer.render(tokens, parser.options, {})}</main>
</body>
</html>
""".encode()

