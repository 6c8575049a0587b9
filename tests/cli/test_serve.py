"""``foraccio serve`` (cli/serve.py), on real servers started as ``make run`` starts them: its
flags and the environment reach the server, a flag winning over its variable; a second
server on a port already served refuses to start, saying so in one line, and the first
keeps serving; the first line of the log says which engine plays, the next where the web
table and the docs are; all of it in the language of --lang or the locale."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bench.server import serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.api.serve import WORKERS
from tests.deploy.holders import listening
from tests.rooms.helpers import wait_for

ROOT = Path(__file__).resolve().parents[2]
COMMAND = Path(sys.executable).with_name("foraccio")
"""The installed ``foraccio`` command, which ``make run`` runs."""


def granian_command_line(pid: int) -> list[str]:
    """The command line of the server process ``pid`` (``foraccio serve`` became granian)."""
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]


def option(command_line: list[str], name: str) -> str:
    return command_line[command_line.index(name) + 1]


def health(url: str) -> int:
    with urllib.request.urlopen(f"{url}/health", timeout=30) as response:
        return response.status


def test_serve_has_a_help_page_naming_its_flags_and_variables():
    run = subprocess.run([str(COMMAND), "serve", "--help"], capture_output=True, text=True,
                         timeout=120)

    assert run.returncode == 0, run.stderr
    for flag in ("--host", "--port", "--workers", "--data-dir", WORKERS, DATA_DIR_VARIABLE):
        assert flag in run.stdout


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server as ``make run`` starts it, with the engine it finds (the compiled one when
    it is built, whatever the test run's engine), speaking English whatever the machine's
    locale (this fixture is set up before the tests' own locale)."""
    with serving(tmp_path_factory.mktemp("served") / "log",
                 environment={"FORACCIO_PURE_PYTHON": None, "LC_ALL": None,
                              "LC_MESSAGES": None, "LANG": "C.UTF-8"}) as running:
        yield running


@pytest.mark.parametrize("command", [
    [str(COMMAND), "serve"],
    # A wildcard address takes the port too.
    [sys.executable, "-m", "foraccio", "serve", "--host", "0.0.0.0"],
], ids=["foraccio serve", "python -m foraccio serve on 0.0.0.0"])
def test_a_second_server_on_a_served_port_refuses_and_the_first_keeps_serving(server,
                                                                               command):
    port = urlsplit(server.url).port
    host = command[command.index("--host") + 1] if "--host" in command else "127.0.0.1"

    second = subprocess.run([*command, "--port", str(port)], capture_output=True, text=True,
                            timeout=120)

    assert second.returncode == 1
    assert second.stderr == (f"foraccio serve: {host}:{port} is already in use (another "
                             f"server?): stop it or choose another port: make run "
                             f"PORT={port + 1} or foraccio serve --port {port + 1}\n")
    assert health(server.url) == 200
    assert "Starting granian" in server.log.read_text()


def test_flags_reach_the_server_over_their_variables(tmp_path):
    flagged, variable = tmp_path / "flagged", tmp_path / "variable"

    with serving(tmp_path / "log", workers=1, arguments=["--data-dir", str(flagged)],
                 environment={DATA_DIR_VARIABLE: str(variable), WORKERS: "2",
                              SECRET_VARIABLE: None}) as running:
        assert health(running.url) == 200
        assert option(granian_command_line(running.pid), "--workers") == "1"
        assert (flagged / "secret").is_file()
        assert not variable.exists()


def test_the_variables_reach_the_server_without_flags(tmp_path):
    chosen = tmp_path / "chosen"

    with serving(tmp_path / "log", workers=None,
                 environment={DATA_DIR_VARIABLE: str(chosen), WORKERS: "2",
                              SECRET_VARIABLE: None, "FORACCIO_PURE_PYTHON": "1"}) as running:
        assert health(running.url) == 200
        # Each worker listens on a socket of its own once its app has started (with two,
        # each under a granian of its own: foraccio.api.supervisor).
        wait_for(lambda: listening(urlsplit(running.url).port) == 2, seconds=60)
        assert (chosen / "secret").is_file()
        first_line, second_line = running.log.read_text().splitlines()[:2]
    assert first_line == "foraccio serve: engine: Python source (FORACCIO_PURE_PYTHON is set)"
    assert second_line == (f"foraccio serve: the web table at {running.url}/, the API's docs "
                           f"at {running.url}/schema; Ctrl-C stops the server")


def test_it_tells_the_person_in_italian_with_lang_it(tmp_path):
    with serving(tmp_path / "log", arguments=["--lang", "it"],
                 environment={"FORACCIO_PURE_PYTHON": "1", "LANG": "en_GB.UTF-8"}) as running:
        assert health(running.url) == 200
        first_line, second_line = running.log.read_text().splitlines()[:2]
    assert first_line == ("foraccio serve: motore: sorgente Python (FORACCIO_PURE_PYTHON è "
                          "impostata)")
    assert second_line == (f"foraccio serve: il tavolo web è su {running.url}/, la "
                           f"documentazione dell'API su {running.url}/schema; Ctrl-C ferma il "
                           f"server")


def test_a_refusal_is_said_in_the_locales_language(server):
    port = urlsplit(server.url).port
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("LC_ALL", "LC_MESSAGES")}

    second = subprocess.run([str(COMMAND), "serve", "--port", str(port)], capture_output=True,
                            text=True, timeout=120, env={**environment, "LANG": "it_IT.UTF-8"})

    assert second.returncode == 1
    assert second.stderr == (f"foraccio serve: 127.0.0.1:{port} è già in uso (un altro "
                             f"server?): fermalo o scegli un'altra porta: make run "
                             f"PORT={port + 1} o foraccio serve --port {port + 1}\n")


def test_make_run_on_a_served_port_says_how_a_make_user_chooses_another(server):
    port = urlsplit(server.url).port

    # The prerequisites are the installs of the first run, done already for this server.
    second = subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), "run",
                             f"PORT={port}", "RUN_STAMP="], capture_output=True, text=True,
                            timeout=120)

    assert second.returncode != 0
    assert (f"127.0.0.1:{port} is already in use (another server?): stop it or choose "
            f"another port: make run PORT={port + 1} or foraccio serve --port "
            f"{port + 1}") in second.stderr


def test_the_first_line_says_which_engine_plays_and_how_to_get_the_compiled_one(server):
    first_line = server.log.read_text().splitlines()[0]
    engine = first_line.removeprefix("foraccio serve: engine: ")
    builds = mapped_engine_builds(server.pid)

    if engine == "compiled":
        assert builds
    else:
        # From a checkout, the Python source says how to build the compiled engine.
        assert engine == "Python source (run `make compiled` for the faster compiled engine)"
        assert not builds


def mapped_engine_builds(pid: int) -> set[str]:
    """The compiled engine's builds (core/, bots/, variants/) mapped into the worker
    processes of the granian server ``pid``: what its workers imported."""
    workers = {child for task in Path(f"/proc/{pid}/task").iterdir()
               for child in (task / "children").read_text().split()}
    assert workers, "the server has no worker process"
    mapped = set()
    for worker in workers:
        for line in Path(f"/proc/{worker}/maps").read_text().splitlines():
            path = Path(line.split(maxsplit=5)[-1])
            if path.suffix == ".so" and path.is_relative_to(ROOT) and \
                    path.relative_to(ROOT).parts[0] in ("core", "bots", "variants"):
                mapped.add(str(path.relative_to(ROOT)))
    return mapped
