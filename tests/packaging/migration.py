"""A plugin in the layout before 0.1.0 (``old_layout/``), and the commands of docs/plugins.md's
note "Moving a plugin to the foraccio package", as the note writes them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OLD_LAYOUT = Path(__file__).parent / "old_layout"
"""foraccio-rondine as written before 0.1.0, each source file's name ending ``.txt``."""
NOTE_HEADING = "\n## Moving a plugin to the foraccio package\n"


def old_plugin(destination: Path) -> Path:
    """A copy of the old-layout plugin in ``destination``, its files named as a plugin's."""
    shutil.copytree(OLD_LAYOUT, destination)
    for path in destination.rglob("*.txt"):
        path.rename(path.with_suffix(""))
    return destination


def note() -> str:
    """The note's text, up to the next section."""
    guide = (ROOT / "docs" / "plugins.md").read_text()
    start = guide.index(NOTE_HEADING) + 1
    end = guide.find("\n## ", start)
    return guide[start:] if end < 0 else guide[start:end]


def note_commands() -> list[str]:
    """The note's shell commands, each block as a whole, in the note's order."""
    return [block.strip() for block in re.findall(r"^ *```sh\n(.*?)^ *```$", note(),
                                                  flags=re.MULTILINE | re.DOTALL)]
