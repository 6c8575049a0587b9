"""The contract gate: the committed OpenAPI document breaks no client generated from the
last release's, unless its major version says that it does.

``openapi/released/<version>.json`` is the document of the last release, kept as it was
released (docs/development.md, "Releases"), and ``openapi/openapi.json`` the current one.
Optic, a pinned npm package (``clients/contract``, which ``make contract`` installs),
compares the two with its breaking-change checks: an operation, a response or a response
property removed, a type narrowed, a request property made required, an enum value
removed... Each check that fails at the severity of an error is a breaking change, and
any fails the gate unless the current document's ``info.version`` has a greater major
version than the released one's.

``python -m tests.api.contract_gate`` (``make contract``) prints the verdict and exits
with 1 when the gate fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
RELEASED = ROOT / "openapi" / "released"
CURRENT = ROOT / "openapi" / "openapi.json"
OPTIC = ROOT / "clients" / "contract" / "node_modules" / ".bin" / "optic"
STANDARD = ROOT / "clients" / "contract" / "optic.yml"
"""Optic's checks the gate runs: its breaking changes, whatever the versions."""

ERROR = 2
"""Optic's severity of a check that fails a diff (info 0, warn 1, error 2)."""

TOOL_SECONDS = 900
"""The longest one comparison may take: about 30 s of CPU on our document, past any
loaded machine's worst."""


class Breaking(NamedTuple):
    """A change of the current document that breaks a client of the released one."""

    rule: str
    """The check that failed, as Optic names it (``prevent operation removal``)."""
    where: str
    """The operation and the part of it (``GET /limits response 200 ...``)."""
    error: str
    """Optic's sentence about it."""


@dataclass(frozen=True)
class Verdict:
    """The gate's verdict on the current document against the released one."""

    released_version: str
    current_version: str
    breaking: tuple[Breaking, ...]

    @property
    def major_bumped(self) -> bool:
        """Whether the current major version is greater than the released one."""
        return _major(self.current_version) > _major(self.released_version)

    @property
    def passes(self) -> bool:
        """No breaking change, or a new major version that announces them."""
        return not self.breaking or self.major_bumped

    def __str__(self) -> str:
        head = (f"{len(self.breaking)} breaking change(s) from {self.released_version} "
                f"to {self.current_version}")
        lines = [f"  {change.where}: {change.error} [{change.rule}]"
                 for change in self.breaking]
        if not self.breaking:
            ending = "the contract is kept"
        elif self.major_bumped:
            ending = "allowed: the major version changed"
        else:
            ending = (f"refused: a breaking change needs a new major version (info.version "
                      f"{_major(self.released_version) + 1}.0.0), or keep the old form beside "
                      f"the new one")
        return "\n".join([f"{head}: {ending}", *lines])


def _major(version: str) -> int:
    return int(version.split(".")[0])


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in path.stem.split("."))


def last_release(folder: Path = RELEASED) -> Path:
    """The document of the last release: the one whose name is the highest version."""
    documents = sorted(folder.glob("*.json"), key=_version_key)
    if not documents:
        raise FileNotFoundError(f"no released document in {folder}")
    return documents[-1]


def info_version(document: Path) -> str:
    """A document's ``info.version``."""
    return json.loads(document.read_text(encoding="utf-8"))["info"]["version"]


def breaking_changes(released: Path, current: Path) -> tuple[Breaking, ...]:
    """The breaking changes from ``released`` to ``current``, as Optic's checks find them.

    Optic writes what each check found to ``ci-run-details.json`` in its working folder
    when it runs in CI mode (``CI=true``); its exit code says whether any check failed at
    the severity of an error. Both are read, and a run whose two answers disagree, or that
    wrote no results, is the tool's failure, raised, never taken for a kept contract.
    """
    if not OPTIC.exists():
        raise FileNotFoundError(f"{OPTIC} is missing: `make contract` installs it")
    environment = {**os.environ, "CI": "true",
                   # No usage reports and no look for a newer version: CI is offline.
                   "OPTIC_TELEMETRY_LEVEL": "off", "NO_UPDATE_NOTIFIER": "1"}
    with tempfile.TemporaryDirectory() as folder:
        # loose: Optic's strict validation takes a link's requestBody for a string, where
        # OpenAPI 3.1 allows any value (docs/api.md, "Integrations"), and refuses our links.
        run = subprocess.run(
            [str(OPTIC), "diff", str(released.resolve()), str(current.resolve()), "--check",
             "--standard", str(STANDARD), "--validation", "loose", "--severity", "error"],
            cwd=folder, env=environment, capture_output=True, text=True,
            timeout=TOOL_SECONDS)
        details = Path(folder) / "ci-run-details.json"
        if not details.exists():
            raise RuntimeError(f"optic wrote no results (exit {run.returncode}):\n"
                               f"{run.stdout}{run.stderr}")
        report = json.loads(details.read_text(encoding="utf-8"))
    if report["failed"]:
        raise RuntimeError(f"optic could not compare the documents: {report['failed']}")
    results = [result for compared in report["completed"]
               for result in compared["comparison"]["results"]]
    breaking = tuple(Breaking(result["name"], result["where"], result["error"])
                     for result in results
                     if not result["passed"] and not result.get("exempted", False)
                     and result["severity"] >= ERROR)
    if run.returncode != (1 if breaking else 0):
        raise RuntimeError(f"optic exited with {run.returncode} after finding "
                           f"{len(breaking)} breaking change(s):\n{run.stdout}{run.stderr}")
    return breaking


def gate(released: Path | None = None, current: Path = CURRENT) -> Verdict:
    """The verdict on ``current`` against ``released`` (by default the last release)."""
    released = released or last_release()
    return Verdict(info_version(released), info_version(current),
                   breaking_changes(released, current))


def main() -> None:
    """Print the verdict on the committed document; exit with 1 when the gate fails."""
    released = last_release()
    verdict = gate(released)
    print(f"{released.relative_to(ROOT)} -> {CURRENT.relative_to(ROOT)}: {verdict}")
    sys.exit(0 if verdict.passes else 1)


if __name__ == "__main__":
    main()
