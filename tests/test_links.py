"""Every relative link of the documents leads somewhere: the file exists, in the
repository, and a ``#anchor`` names a heading of the file it points into, as GitHub
makes a heading's anchor."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted({ROOT / "README.md", ROOT / "deploy" / "README.md",
                    *(ROOT / "docs").glob("*.md"), *(ROOT / "examples").glob("*/README.md")})
FENCE = re.compile(r"^```.*?^```$", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
ABSOLUTE = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
"""A target with a scheme (``https:``, ``mailto:``): not a file of the repository."""


def prose(path: Path) -> str:
    """The text of a document outside its code blocks, where links are links."""
    return FENCE.sub("", path.read_text())


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped (``-`` and
    ``_`` kept), each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a document's headings; a repeated one gets ``-1``, ``-2``…"""
    seen: Counter[str] = Counter()
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", prose(path), flags=re.MULTILINE):
        anchor = slug(heading)
        found.add(f"{anchor}-{seen[anchor]}" if seen[anchor] else anchor)
        seen[anchor] += 1
    return found


def relative_links(path: Path) -> list[str]:
    return [target for target in LINK.findall(prose(path)) if not ABSOLUTE.match(target)]


def test_the_slugs_are_githubs():
    assert slug("1.2 Wire notation") == "12-wire-notation"
    assert slug("Replay, stated exactly") == "replay-stated-exactly"
    assert slug("`foraccio_deal(deck, dealer, options, seating, stage, variant)`") == (
        "foraccio_dealdeck-dealer-options-seating-stage-variant")


def test_the_documents_are_found_and_link():
    names = {path.relative_to(ROOT).as_posix() for path in DOCUMENTS}
    assert {"README.md", "docs/api.md", "docs/rules.md", "deploy/README.md",
            "examples/scopa/README.md"} <= names
    assert sum(len(relative_links(path)) for path in DOCUMENTS) >= 30


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_is_valid(document):
    broken = []
    for target in relative_links(document):
        file, _, anchor = target.partition("#")
        linked = (document.parent / file).resolve() if file else document
        if not linked.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
        elif not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and (linked.suffix != ".md" or anchor not in anchors(linked)):
            broken.append(f"{target}: no heading of {linked.relative_to(ROOT)} has this anchor")
    assert not broken, f"broken links in {document.relative_to(ROOT)}: {broken}"
