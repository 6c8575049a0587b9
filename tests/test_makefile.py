"""The first ``make run`` of a fresh clone installs what serving needs and serves with
``foraccio serve``: no test tools (playwright, schemathesis, the client generators) and no
compiled engine, which take minutes; ``make lint`` (and ``make test``) install them. Read
from make's dry run (``make -n``) with a virtual environment that does not exist yet, as
in a fresh clone."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def dry_run(target: str, venv: Path) -> list[list[str]]:
    """The commands ``make <target>`` would run with the virtual environment ``venv``."""
    # A make that runs the tests passes its own flags down; this one starts afresh.
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    run = subprocess.run(["make", "--no-print-directory", "-n", target, f"VENV={venv}"],
                         cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    # A recipe's line may go on after a backslash.
    return [shlex.split(line) for line in run.stdout.replace("\\\n", " ").splitlines()]


def installed_extras(commands: list[list[str]]) -> set[str]:
    """The extras of the project (``-e .[extra,...]``) that pip installs in ``commands``."""
    extras = set()
    for command in commands:
        if command[1:4] == ["-m", "pip", "install"]:
            for argument in command:
                if found := re.fullmatch(r"\.\[(.*)\]", argument):
                    extras.update(found.group(1).split(","))
    return extras


def test_make_run_installs_no_test_tools_and_serves_with_foraccio_serve(tmp_path):
    venv = tmp_path / "venv"

    commands = dry_run("run", venv)

    assert [venv / "bin" / "python", "-m", "pip", "install"] in [
        [Path(command[0]), *command[1:4]] for command in commands]
    assert installed_extras(commands) == set()
    assert not any("build_ext" in command for command in commands)
    assert commands[-1] == [str(venv / "bin" / "foraccio"), "serve", "--host", "127.0.0.1",
                            "--port", "8000"]


def test_make_lint_installs_the_test_tools(tmp_path):
    # What the test above reads would see them: the tests' make targets do install them.
    assert "test" in installed_extras(dry_run("lint", tmp_path / "venv"))


def test_make_compiled_installs_what_setup_py_builds_with(tmp_path):
    # setup.py build_ext runs in the virtualenv, not in pip's isolated build environment:
    # the setuptools a new virtualenv comes with cannot read pyproject.toml's license.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    build_requires = set(project["build-system"]["requires"])

    assert "compiled" in installed_extras(dry_run("compiled", tmp_path / "venv"))
    assert build_requires <= set(project["project"]["optional-dependencies"]["compiled"])


def test_the_tests_variant_is_installed_with_the_test_tools_not_to_serve(tmp_path):
    # tests/foreign: a variant only the tests play, so that the suite runs beside one it
    # was not written for; a server started by `make run` does not offer it.
    def installs_foreign(commands):
        return any(command[1:4] == ["-m", "pip", "install"] and "tests/foreign" in command
                   for command in commands)

    assert installs_foreign(dry_run("lint", tmp_path / "venv"))
    assert not installs_foreign(dry_run("run", tmp_path / "run-venv"))
