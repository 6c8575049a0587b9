"""docs/plugins.md's note "Moving a plugin to the foraccio package", run as it is written.

A plugin in the layout before 0.1.0 (tests/packaging/old_layout/: a variant whose score line
is in a subpackage, a house rule in a module at the distribution's root, a test that runs
``python -m cli.main``) goes through the note's commands, taken from the note itself: the
first rewrites every import, the second lists the module path left in a string, which is
then changed by hand as the note says, and the third installs the plugin. Its own tests
then pass, run from its folder, away from the engine's checkout, so that no import of
``core`` can find the checkout's folder.

The plugin's virtual environment sees the development one's packages (the engine
installed from this checkout, pytest) through a ``.pth`` line, so that pip installs only
the plugin, with neither the network nor a build environment of its own.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

from foraccio.core.registry.second_copy import OLD_NAMES
from tests.packaging.migration import note_commands, old_plugin

OLD_IMPORT = re.compile(rf"^\s*(?:from|import) (?:{'|'.join(OLD_NAMES)})\b.*$", re.MULTILINE)
PIP_FLAGS = ("--no-deps", "--no-build-isolation", "--no-index", "--quiet",
             "--disable-pip-version-check")
"""What the note's ``pip install -e .`` is given here: everything it needs is installed."""


def shell(command: str, folder: Path) -> subprocess.CompletedProcess:
    """Run ``command`` as written, with bash, in ``folder``."""
    return subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True)


def old_imports(plugin: Path) -> dict[str, list[str]]:
    """The imports of the old names left in each Python file of ``plugin``."""
    found = {str(path.relative_to(plugin)): OLD_IMPORT.findall(path.read_text())
             for path in plugin.rglob("*.py")}
    return {path: lines for path, lines in found.items() if lines}


def plugin_environment(venv: Path) -> Path:
    """A virtual environment at ``venv`` that also sees the development environment's
    packages; its Python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                                         "['purelib'])"], capture_output=True, text=True,
                          check=True).stdout.strip()
    development = sysconfig.get_paths()["purelib"]
    (Path(site) / "development.pth").write_text(f"import site; site.addsitedir({development!r})\n")
    return python


def test_the_note_moves_a_plugin_with_a_subpackage_a_root_module_and_tests(tmp_path):
    rewrite, listing, install = note_commands()
    plugin = old_plugin(tmp_path / "rondine")
    assert set(old_imports(plugin)) == {"foraccio_rondine/__init__.py",
                                        "foraccio_rondine/scoring/sevens.py",
                                        "rondine_house.py", "tests/test_rondine.py"}

    rewritten = shell(rewrite, plugin)
    assert rewritten.returncode == 0, rewritten.stderr
    assert old_imports(plugin) == {}
    assert "from foraccio.core.model import ScoreLine" in (
        plugin / "foraccio_rondine" / "scoring" / "sevens.py").read_text()
    listed = shell(listing, plugin)
    assert listed.returncode == 0, listed.stderr
    [line] = listed.stdout.splitlines()
    assert line.startswith("./tests/test_rondine.py:") and '"-m", "cli.main"' in line

    # By hand, as the note says: the module path gains the prefix, and nothing is listed.
    test = plugin / "tests" / "test_rondine.py"
    test.write_text(test.read_text().replace('"cli.main"', '"foraccio.cli.main"'))
    assert shell(listing, plugin).stdout == ""
    python = plugin_environment(tmp_path / "venv")
    assert install.split()[:1] == ["pip"]
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    installed = subprocess.run([python, "-m", *install.split(), *PIP_FLAGS], cwd=plugin,
                               env=environment, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    tested = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "-p", "no:xdist", "tests"], cwd=plugin, env=environment,
                            capture_output=True, text=True)

    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "2 passed" in tested.stdout
