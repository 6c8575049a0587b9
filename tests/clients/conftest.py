"""Clients generated from the committed ``openapi/openapi.json`` by third-party tools, run
against a real server: granian serving the app as ``make run`` does.

The tools are pinned: openapi-python-client and openapi-generator-cli (whose jar needs a
Java runtime, which ``make test`` installs when missing) in the test extras
(``constraints.txt``), the Node packages in ``clients/package.json`` and its lock,
installed by ``make test`` into ``clients/node_modules``. A missing tool fails its test
rather than skipping it, so that CI cannot pass without running them.

Each module shares an xdist group, so that ``make test`` (``--dist loadgroup``) starts
its server and generates its client once.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import api_server

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "openapi" / "openapi.json"
NODE_TOOLS = ROOT / "clients" / "node_modules"


@pytest.fixture(scope="module")
def server_url(tmp_path_factory) -> Iterator[str]:
    """The URL of a granian server of the app, one per test module."""
    with api_server(tmp_path_factory.mktemp("server") / "log") as url:
        yield url


def node_tool(name: str) -> Path:
    """The command ``name`` of an npm package that ``make test`` installed."""
    path = NODE_TOOLS / ".bin" / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run `make test`, which installs clients/package.json "
                    f"(Node.js 20 and npm needed)")
    return path


def run(command: list[str | Path], cwd: Path = ROOT, timeout: float = 600,
        environment: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``command`` to its end and return it; its output is in the failure message.
    ``environment`` adds variables to the command's environment. ``timeout`` only stops
    a command that hangs: a generator or a compiler may take a minute on a busy machine."""
    # The test environment's commands first (openapi-python-client runs its ruff); no
    # telemetry or update checks from the Node tools (there is no internet to send to).
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    env = {**os.environ, "PATH": path, "REDOCLY_TELEMETRY": "off",
           "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_UPDATE_NOTIFIER": "1",
           "SCARF_ANALYTICS": "false", **(environment or {})}
    return subprocess.run([str(part) for part in command], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=timeout, check=False)


def output(process: subprocess.CompletedProcess[str]) -> str:
    """What ``process`` did, for an assertion's message."""
    return (f"{' '.join(process.args)} exited {process.returncode}\n"
            f"--- stdout\n{process.stdout}\n--- stderr\n{process.stderr}")
