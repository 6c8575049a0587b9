"""Installed, the distribution adds one top-level import package, ``foraccio``: the folders
at the top of the repository (``core/``, ``api/``, ...) are its subpackages, mapped by
pyproject.toml. These tests keep the map whole and the old generic names out of the code."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("core", "variants", "bots", "api", "cli", "web", "rooms", "lab", "research")
"""The folders that are subpackages of foraccio, by their folder name."""


def setuptools_table() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def tracked(pattern: str) -> list[Path]:
    listed = subprocess.run(["git", "ls-files", pattern], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()
    return [ROOT / name for name in listed]


def test_every_folder_is_mapped_onto_a_subpackage_of_foraccio():
    assert setuptools_table()["package-dir"] == {
        "foraccio": "foraccio", **{f"foraccio.{part}": part for part in PARTS}}


def test_every_package_folder_is_listed_and_nothing_else():
    folders = {"foraccio"} | {
        "foraccio." + ".".join(init.parent.relative_to(ROOT).parts)
        for part in PARTS for init in (ROOT / part).rglob("__init__.py")}
    assert sorted(setuptools_table()["packages"]) == sorted(folders)


def old_imports(path: Path) -> list[str]:
    """The imports in ``path`` of a folder by its old top-level name (``from core.x``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            continue
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}" for name in names
                  if name.split(".")[0] in PARTS]
    return found


def test_no_python_file_imports_a_folder_by_its_old_name():
    # From a checkout the repository's root is on sys.path, so `import core` would still
    # work here and break only once installed: a test must catch it.
    assert [line for path in tracked("*.py") for line in old_imports(path)] == []


def test_no_example_in_the_docs_imports_a_folder_by_its_old_name():
    old = re.compile(rf"^\s*(from|import) ({'|'.join(PARTS)})(\.\w+)*( import|\s*$)", re.M)
    found = [f"{path.relative_to(ROOT)}: {match.group(0).strip()}"
             for path in tracked("*.md") for match in old.finditer(path.read_text())]
    assert found == []


def test_importing_the_whole_package_imports_no_generic_top_level_name():
    program = (
        "import importlib, pkgutil, sys\n"
        f"for part in {PARTS!r}:\n"
        "    package = importlib.import_module(f'foraccio.{part}')\n"
        "    for module in pkgutil.walk_packages(package.__path__, f'foraccio.{part}.'):\n"
        "        importlib.import_module(module.name)\n"
        f"print(sorted(set(name.split('.')[0] for name in sys.modules) & {set(PARTS)!r}))\n")
    # Outside the checkout, so that nothing but the installed package can be found.
    result = subprocess.run([sys.executable, "-c", program], cwd="/", capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_server_the_command_and_the_bots_import_nothing_of_the_research_extra():
    # OpenSpiel, PettingZoo and numpy come with the optional research extra only.
    program = (
        "import sys\n"
        "import foraccio.api.app, foraccio.cli.main, foraccio.bots, foraccio.lab.speech\n"
        "print(sorted({'numpy', 'pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium'}"
        " & set(sys.modules)))\n")
    result = subprocess.run([sys.executable, "-c", program], cwd="/", capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"
