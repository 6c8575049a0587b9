"""The plugin guide, ``docs/plugins.md``, keeps up with the code: every hook of
``core/hookspecs.py`` and every one of its parameters is documented, and the
walk-through shows the example house rule exactly as it is shipped."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from core import hookspecs

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "plugins.md"
EXAMPLE = ROOT / "examples" / "napoli-to-ten"
HOOKS = sorted(name for name, _ in inspect.getmembers(hookspecs, inspect.isfunction)
               if name.startswith(f"{hookspecs.PROJECT}_"))


def sections(text: str) -> dict[str, str]:
    """Each ``###`` heading of ``text`` with the text below it, up to the next heading."""
    parts = re.split(r"^(#{2,3} .*)$", text, flags=re.MULTILINE)
    return {heading: body for heading, body in zip(parts[1::2], parts[2::2], strict=True)
            if heading.startswith("### ")}


def hook_section(name: str) -> str:
    found = [heading + body for heading, body in sections(GUIDE.read_text()).items()
             if f"`{name}(" in heading]
    assert len(found) == 1, f"docs/plugins.md needs one section headed `{name}(...)`"
    return found[0]


def test_the_hooks_are_found():
    assert {"foraccio_deal", "foraccio_play_rule", "foraccio_score_lines"} <= set(HOOKS)


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_and_parameter_is_documented(name):
    section = hook_section(name)

    parameters = inspect.signature(getattr(hookspecs, name)).parameters
    assert parameters, f"{name} takes no parameters"
    assert f"`{name}({', '.join(parameters)})`" in section.splitlines()[0], (
        f"the heading of {name} in docs/plugins.md does not show its parameters")
    for parameter in parameters:
        assert f"`{parameter}`" in section, (
            f"parameter {parameter!r} of {name} is not documented in its section of "
            f"docs/plugins.md")


def test_the_walk_through_shows_the_example_as_shipped():
    guide = GUIDE.read_text()

    assert (EXAMPLE / "napoli_to_ten.py").read_text() in guide
    entry_point = '[project.entry-points.foraccio]\nnapoli-to-ten = "napoli_to_ten:HOUSE_RULE"\n'
    assert entry_point in (EXAMPLE / "pyproject.toml").read_text() and entry_point in guide


def test_the_readme_links_the_guide():
    assert "(docs/plugins.md)" in (ROOT / "README.md").read_text()
