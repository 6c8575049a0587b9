"""The fenced blocks of the project's Markdown documents, which tests run or compare."""

from __future__ import annotations

import re


def fenced_blocks(text: str, *languages: str) -> list[str]:
    """The bodies of ``text``'s fenced blocks of any of ``languages`` (```python and the
    like), in order, each with its last newline."""
    info = "|".join(map(re.escape, languages))
    return re.findall(rf"^```(?:{info})\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)
