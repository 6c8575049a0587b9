"""deploy/foraccio.service, the systemd unit of deploy/README.md, as far as a test can take
it without systemd running: ``systemd-analyze verify`` reads it as systemd would (``make
test`` installs systemd when it is missing), and its ExecStart line, run as written, with
the unit's environment, serves with the unit's workers and stops on SIGTERM, as ``systemctl
stop`` sends it, within the unit's TimeoutStopSec.

The unit expects the checkout in /srv/foraccio; this checkout stands in for it. The address
and the data directory are the test's own, as a drop-in file would set them.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import urllib.request
from pathlib import Path

import pytest

from bench.server import HOST, ROOT, free_port
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.serve import STOP_SECONDS, WORKERS
from tests.deploy.holders import listening
from tests.rooms.helpers import wait_for

UNIT = ROOT / "deploy" / "foraccio.service"
CHECKOUT = "/srv/foraccio"
"""Where the unit expects the checkout."""


def service() -> dict[str, list[str]]:
    """Each setting of the unit's ``[Service]`` section, with every value it is given, this
    checkout in place of :data:`CHECKOUT`."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in UNIT.read_text().splitlines():
        if line.startswith("["):
            section = line.strip()
        elif section == "[Service]" and line.strip() and not line.startswith("#"):
            name, value = line.split("=", 1)
            settings.setdefault(name, []).append(value.replace(CHECKOUT, str(ROOT)))
    return settings


def unit_environment(settings: dict[str, list[str]]) -> dict[str, str]:
    """The variables of the unit's ``Environment=`` lines."""
    return dict(assignment.split("=", 1) for line in settings["Environment"]
                for assignment in shlex.split(line))


def command(settings: dict[str, list[str]], environment: dict[str, str]) -> list[str]:
    """The ExecStart line's command, each ``${NAME}`` replaced by its value as one word,
    as systemd does."""
    (line,) = settings["ExecStart"]
    words = [re.sub(r"\$\{(\w+)\}", lambda found: environment[found[1]], word)
             for word in shlex.split(line)]
    assert not any("$" in word for word in words), words
    return words


def test_systemd_reads_the_unit_without_a_word(tmp_path):
    program = shutil.which("systemd-analyze")
    if program is None:  # failed, not skipped: CI must run it
        pytest.fail("systemd-analyze is missing: run `make test`, or `apt-get install systemd`")
    unit = tmp_path / UNIT.name
    unit.write_text(UNIT.read_text().replace(CHECKOUT, str(ROOT)))
    result = subprocess.run([program, "verify", str(unit)], capture_output=True, text=True,
                            timeout=120)
    assert (result.returncode, result.stdout + result.stderr) == (0, ""), result


def test_its_command_serves_with_its_workers_and_stops_on_sigterm(tmp_path):
    settings = service()
    (stop_seconds,) = settings["TimeoutStopSec"]
    # granian kills the workers that have not finished after STOP_SECONDS; systemd must
    # leave it the time to.
    assert int(stop_seconds) > STOP_SECONDS
    port = free_port()
    # systemd starts a service with PATH (and LANG) only, then the unit's variables.
    environment = {"PATH": os.environ["PATH"], **unit_environment(settings),
                   "HOST": HOST, "PORT": str(port), DATA_DIR_VARIABLE: str(tmp_path / "data")}
    (directory,) = settings["WorkingDirectory"]
    log = tmp_path / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command(settings, environment), cwd=Path(directory),
                                   env=environment, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        def serving() -> bool:
            assert process.poll() is None, log.read_text()
            return listening(port) == int(environment[WORKERS])

        wait_for(serving, seconds=120)
        with urllib.request.urlopen(f"http://{HOST}:{port}/health", timeout=60) as answer:
            assert answer.status == 200
        # systemd's default KillMode signals every process of the unit.
        os.killpg(process.pid, signal.SIGTERM)
        assert process.wait(timeout=int(stop_seconds)) == 0, log.read_text()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
