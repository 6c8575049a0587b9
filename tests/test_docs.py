"""The documents keep up with the code.

The plugin guide, ``docs/plugins.md``: every hook of ``core/hookspecs.py`` and
every one of its parameters is documented, and the walk-through shows the
example house rule exactly as it is shipped. The variant guide,
``docs/variants.md``, quotes the example variants (``examples/scopa``,
``examples/scopone``) exactly as they are shipped.

The rules reference, ``docs/rules.md``: every section cited anywhere in the
repository (``§4.2``; the tests cite ``docs/rules.md §4.2``) is one of its
numbered headings, every worked example is checked by a test that cites it,
and nothing points outside the repository.
"""

from __future__ import annotations

import ast
import doctest
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from babel.messages.pofile import read_po

from foraccio.core import hookspecs
from tests.markdown import fenced_blocks

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "plugins.md"
RULES = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"
EXAMPLE = ROOT / "examples" / "napoli-to-ten"
VARIANTS_GUIDE = ROOT / "docs" / "variants.md"
VARIANT_EXAMPLES = (ROOT / "examples" / "scopa", ROOT / "examples" / "scopone")
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

    assert (EXAMPLE / "foraccio_napoli_to_ten" / "__init__.py").read_text() in guide
    entry_point = ('[project.entry-points.foraccio]\n'
                   'napoli-to-ten = "foraccio_napoli_to_ten:HOUSE_RULE"\n')
    assert entry_point in (EXAMPLE / "pyproject.toml").read_text() and entry_point in guide


def test_the_play_rules_worked_example_runs_as_shown():
    section = hook_section("foraccio_play_rule")
    examples = fenced_blocks(section, "pycon")
    assert len(examples) == 1, "the play rule's section shows the kinds of moves in a pycon block"
    parser = doctest.DocTestParser()
    test = parser.get_doctest(examples[0], {}, "the kinds of moves", str(GUIDE), 0)
    assert len(test.examples) >= 8
    results = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert results.failed == 0


def test_the_bot_section_shows_the_example_bot_as_shipped():
    guide = GUIDE.read_text()
    scopa = ROOT / "examples" / "scopa"

    assert (scopa / "foraccio_scopa" / "greedy.py").read_text() in guide
    entry_point = ('[project.entry-points."foraccio.bots"]\n'
                   'greedy = "foraccio_scopa.greedy:GREEDY"\n')
    assert entry_point in (scopa / "pyproject.toml").read_text() and entry_point in guide


def plugin_catalogue_commands() -> tuple[str, str]:
    """The guide's commands that make a plugin's first catalogue, and that update it."""
    blocks = fenced_blocks(GUIDE.read_text(), "sh")
    [init] = [block for block in blocks if "pybabel init" in block]
    [update] = [block for block in blocks if "pybabel update" in block and "-D foraccio_scopa"
                in block]
    return init, update


def po_messages(path: Path) -> dict[str, str]:
    with path.open("rb") as catalogue:
        return {message.id: message.string for message in read_po(catalogue) if message.id}


def test_a_plugins_first_catalogue_is_made_and_then_updated_as_the_guide_says(tmp_path):
    init, update = plugin_catalogue_commands()
    shipped = ROOT / "examples" / "scopa" / "foraccio_scopa"
    shutil.copytree(shipped, tmp_path / "foraccio_scopa",
                    ignore=shutil.ignore_patterns("locale", "__pycache__"))
    # The development environment's python and pybabel; the template beside the copy.
    environment = {**os.environ,
                   "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}

    def run(block: str) -> subprocess.CompletedProcess:
        return subprocess.run(["bash", "-e", "-c", block.replace("/tmp/", f"{tmp_path}/")],
                              cwd=tmp_path, env=environment, capture_output=True, text=True)

    before = run(update)
    made = run(init)
    assert made.returncode == 0, made.stderr
    made_messages = {language: po_messages(tmp_path / "foraccio_scopa" / "locale" / language
                                           / "LC_MESSAGES" / "foraccio_scopa.po")
                     for language in ("en", "it")}
    updated = run(update)

    assert before.returncode != 0 and "FileNotFoundError" in before.stderr
    for language, messages in made_messages.items():
        assert set(messages) == set(po_messages(
            shipped / "locale" / language / "LC_MESSAGES" / "foraccio_scopa.po"))
        assert not any(messages.values())  # each text left for its translator
    assert updated.returncode == 0, updated.stderr


def test_the_readme_links_the_guide():
    assert "(docs/plugins.md)" in (ROOT / "README.md").read_text()


def test_the_variant_walk_through_quotes_the_examples_as_shipped():
    shipped = [path.read_text() for example in VARIANT_EXAMPLES for path in example.rglob("*")
               if path.suffix in (".py", ".toml") and "egg-info" not in path.as_posix()]
    # Every python and toml block is a quote; other blocks (shell, JSON) are not.
    quoted = fenced_blocks(VARIANTS_GUIDE.read_text(), "python", "toml")

    assert len(quoted) >= 10
    stale = [block for block in quoted if not any(block in text for text in shipped)]
    assert not stale, f"docs/variants.md quotes code the examples no longer hold: {stale}"


def test_the_readme_and_the_plugin_guide_link_the_variant_guide():
    assert "(docs/variants.md)" in (ROOT / "README.md").read_text()
    assert "(variants.md)" in GUIDE.read_text()


# --- docs/rules.md ----------------------------------------------------------------------

NUMBERED_HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?) (.+)$", re.MULTILINE)
CITED = re.compile(r"§(\d+(?:\.\d+)*)")
OWN_FILES = (".py", ".md", ".toml", ".json", ".txt", "Makefile", "run")
"""Endings of the names of the repository's own text files."""


def rules_sections() -> dict[str, str]:
    """Each numbered heading of docs/rules.md: its number and its title."""
    return {number: title for _, number, title in NUMBERED_HEADING.findall(RULES.read_text())}


def own_files() -> Iterator[Path]:
    """The repository's own text files: no virtualenv, no build or tool output."""
    for folder, folders, files in os.walk(ROOT):
        # Hidden folders (.git, .venv, caches) and build output are not the repository's.
        folders[:] = [name for name in folders if not name.startswith(".")
                      and name not in ("build", "__pycache__", "node_modules")
                      and not name.endswith(".egg-info")]
        yield from (Path(folder, name) for name in files if name.endswith(OWN_FILES))


def worked_examples() -> list[str]:
    """The numbers of the worked examples: the subsections of the "Worked examples" section."""
    sections = rules_sections()
    (examples,) = [number for number, title in sections.items() if title == "Worked examples"]
    return [number for number in sections if number.startswith(f"{examples}.")]


def test_every_heading_of_the_rules_is_numbered_in_order():
    text = RULES.read_text()
    headings = re.findall(r"^(#{2,3}) (.*)$", text, flags=re.MULTILINE)
    numbered = NUMBERED_HEADING.findall(text)
    assert len(numbered) == len(headings), "every ## and ### heading of docs/rules.md is numbered"
    chapter, section = 0, 0
    for level, number, _ in numbered:
        if level == "##":
            chapter, section = chapter + 1, 0
            assert number == str(chapter), f"section {number} should be {chapter}"
        else:
            section += 1
            assert number == f"{chapter}.{section}", f"section {number} should be " \
                                                       f"{chapter}.{section}"


RULES_IT = ROOT / "docs" / "rules.it.md"
CODE = re.compile(r"```.*?```|`[^`]+`", re.DOTALL)
PROSE = re.compile(r"`[^\W\d_]+(?: [^\W\d_]+)+`")
"""Code that is words of the page's own language (`like this`), not the wire's."""


def wire_code(text: str) -> list[str]:
    """The code of a page that is the wire's (cards, moves, events, options), sorted."""
    return sorted(span for span in CODE.findall(text) if not PROSE.fullmatch(span))


def test_the_italian_rules_have_the_same_sections_and_examples_as_the_english():
    # docs/rules.it.md is docs/rules.md in Italian: the same numbered sections, in the same
    # order and at the same levels, and the same cards, moves, events and options in code,
    # so that neither can say a rule the other does not.
    english, italian = RULES.read_text(), RULES_IT.read_text()
    assert ([(level, number) for level, number, _ in NUMBERED_HEADING.findall(english)]
            == [(level, number) for level, number, _ in NUMBERED_HEADING.findall(italian)])
    assert wire_code(english) == wire_code(italian)
    assert "(rules.it.md)" in english and "(rules.md)" in italian


def test_every_section_cited_in_the_repository_is_a_heading_of_the_rules():
    sections = rules_sections()
    cited = {(path.relative_to(ROOT).as_posix(), number)
             for path in own_files() for number in CITED.findall(path.read_text())}
    assert {path for path, _ in cited} >= {"docs/api.md", "docs/rules.md",
                                          "tests/variants/test_foraccio_examples.py"}
    missing = sorted(f"{path}: §{number}" for path, number in cited if number not in sections)
    assert not missing, f"sections cited but not in docs/rules.md: {missing}"


def test_the_tests_cite_sections_of_the_rules_by_their_path():
    # A test file citing a section says which document it means.
    for path in TESTS.rglob("*.py"):
        text = path.read_text()
        if CITED.search(text):
            assert "docs/rules.md §" in text, path


def test_every_worked_example_is_checked_by_a_test_that_cites_it():
    examples = worked_examples()
    assert len(examples) >= 11
    cited: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                cited.update(CITED.findall(ast.get_docstring(node) or ""))
    unchecked = [number for number in examples if number not in cited]
    assert not unchecked, (f"worked examples of docs/rules.md that no test cites in its "
                           f"docstring: {unchecked}")


def test_nothing_points_outside_the_repository():
    # The specification beside the repository, or an absolute path of this machine
    # (each pattern written so that this file does not match itself).
    outside = re.compile(r"\.\./shared|RULES\.md|/wor[k]/")
    found = [f"{path.relative_to(ROOT)}: {match}" for path in own_files()
             for match in outside.findall(path.read_text())]
    assert not found


def test_the_readme_links_the_rules():
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text()


def test_the_variant_guide_shows_scopas_seatings_as_the_api_lists_them():
    from foraccio.api.controllers.variants import describe
    from foraccio.core.registry import get_variant

    (block,) = [block for block in fenced_blocks(VARIANTS_GUIDE.read_text(), "json")
                if block.startswith('"seatings"')]
    shown = json.loads("{" + block + "}")

    listed = json.loads(msgspec.json.encode(describe(get_variant("scopa"))))
    assert shown["seatings"] == listed["seatings"]
