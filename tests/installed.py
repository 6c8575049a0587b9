"""Test plugins installed as a distribution would install them, for another process.

A server started by a test (and its bot processes) loads plugins only through entry
points, as it loads an installed distribution's: :func:`installed_environment` writes
one, and says how to find it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from foraccio.core.registry import ENTRY_POINT_GROUP

ROOT = Path(__file__).resolve().parents[1]


def installed_environment(directory: Path, distribution: str,
                          entry_points: Mapping[str, str]) -> dict[str, str]:
    """Make ``directory`` hold the installed distribution ``distribution`` whose entry
    points (group ``foraccio``) are ``entry_points``, each name's ``module:attribute``;
    return the environment of a process that loads them like any installed plugin:
    ``directory`` and the project's root on its path."""
    info = directory / f"{distribution.replace('-', '_')}-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\n"
        + "".join(f"{name} = {target}\n" for name, target in entry_points.items()))
    return {"PYTHONPATH": os.pathsep.join((str(directory), str(ROOT)))}
