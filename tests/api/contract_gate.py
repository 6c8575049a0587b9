"""The contract gate: the committed OpenAPI document breaks no client generated from the
releases of its compatibility line (``releases.py``), or says that it may.

``openapi/released/<version>.json`` is each release's document, kept as it was released
(docs/development.md, "Releases"), and ``openapi/openapi.json`` the current one. The gate
compares the current document with the newest release of its own line: two tools' checks
together. Optic, a pinned npm package (``clients/contract``, which ``make contract``
installs), finds an operation, a response or a response property removed, a type narrowed,
a request property made required, an enum value removed...; ``contract_checks.py`` finds
what Optic misses (a nullable request field made required, a request bound narrowed, a
path parameter renamed, an answer field made optional or nullable, a property added to a
closed answer, a value or a member added to an answer's enum or union). Any of them fails
the gate.

When the current line has no release yet (``0.2.0.dev0`` after 0.1.0), the current
document owes no client anything: it is compared with the last release all the same, and
its breaking changes are printed as allowed, a new compatibility line.

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

from tests.api import contract_checks, releases
from tests.api.contract_checks import Breaking

ROOT = releases.ROOT
CURRENT = releases.CURRENT
OPTIC = ROOT / "clients" / "contract" / "node_modules" / ".bin" / "optic"
STANDARD = ROOT / "clients" / "contract" / "optic.yml"
"""Optic's checks the gate runs: its breaking changes, whatever the versions."""

ERROR = 2
"""Optic's severity of a check that fails a diff (info 0, warn 1, error 2)."""

TOOL_SECONDS = 900
"""The longest one comparison may take: about 30 s of CPU on our document, past any
loaded machine's worst."""

__all__ = ["CURRENT", "Breaking", "Verdict", "baseline", "breaking_changes", "gate",
           "optic_breaking_changes"]


@dataclass(frozen=True)
class Verdict:
    """The gate's verdict on the current document against a released one."""

    released_version: str
    current_version: str
    breaking: tuple[Breaking, ...]

    @property
    def may_break(self) -> bool:
        """Whether the current version is of a later compatibility line than the
        released one's, which owes its clients nothing."""
        return releases.may_break(self.released_version, self.current_version)

    @property
    def passes(self) -> bool:
        """No breaking change, or a new compatibility line that may break."""
        return not self.breaking or self.may_break

    def __str__(self) -> str:
        head = (f"{len(self.breaking)} breaking change(s) from {self.released_version} "
                f"to {self.current_version}")
        lines = [f"  {change.where}: {change.error} [{change.rule}]"
                 for change in self.breaking]
        if not self.breaking:
            ending = "the contract is kept"
        elif self.may_break:
            ending = "allowed, may break: a new compatibility line"
        else:
            ending = (f"refused: a breaking change waits for the next compatibility line "
                      f"(info.version {releases.next_line(self.released_version)}), or keep the "
                      f"old form beside the new one")
        return "\n".join([f"{head}: {ending}", *lines])


def baseline(current_version: str, folder: Path = releases.RELEASED) -> Path:
    """The released document ``current_version`` is compared with: its line's newest
    release, or, when its line has none yet, the last release (whose clients it then
    may break)."""
    return (releases.line_release(current_version, folder)
            or releases.last_release(folder))


def breaking_changes(released: Path, current: Path, *, optic: bool = True,
                     ) -> tuple[Breaking, ...]:
    """The breaking changes from ``released`` to ``current``: Optic's (unless ``optic`` is
    false, as in the tests of the gate's own checks) and ``contract_checks``'."""
    found = optic_breaking_changes(released, current) if optic else ()
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in (released, current)]
    return (*found, *contract_checks.breaking_changes(*documents))


def optic_breaking_changes(released: Path, current: Path) -> tuple[Breaking, ...]:
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
        # OpenAPI 3.1 allows any value, and refuses the documents released before 0.2.0,
        # whose links kept their bodies there (docs/api.md, "Integrations").
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


def gate(released: Path | None = None, current: Path = CURRENT, *,
         optic: bool = True) -> Verdict:
    """The verdict on ``current`` against ``released`` (by default its ``baseline``)."""
    current_version = releases.info_version(current)
    released = released or baseline(current_version)
    return Verdict(releases.info_version(released), current_version,
                   breaking_changes(released, current, optic=optic))


def main() -> None:
    """Print the verdict on the committed document; exit with 1 when the gate fails."""
    current_version = releases.info_version(CURRENT)
    released = baseline(current_version)
    if releases.line_release(current_version) is None:
        print(f"{current_version} begins a compatibility line that has no release yet: "
              f"compared with the last release, which it may break")
    verdict = gate(released)
    print(f"{released.relative_to(ROOT)} -> {CURRENT.relative_to(ROOT)}: {verdict}")
    sys.exit(0 if verdict.passes else 1)


if __name__ == "__main__":
    main()
