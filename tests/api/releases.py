"""The released documents and the versions' compatibility lines (docs/api.md, "Versions and
what may change").

Every release keeps its OpenAPI document as released in ``openapi/released/<version>.json``.
A *compatibility line* is the releases a client generated from one of them keeps working
with: under 1.0, SemVer's 0.x rule, one minor version (``0.2.0``, ``0.2.1``, ...: 0.3.0 may
break a 0.2 client); from 1.0 on, one major version. Work after a release is a development
version (PEP 440: ``0.2.1.dev0``, ``0.3.0.dev0``), in the line of the release it will be.
"""

from __future__ import annotations

import json
from pathlib import Path

from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
RELEASED = ROOT / "openapi" / "released"
CURRENT = ROOT / "openapi" / "openapi.json"


def line(version: str | Version) -> tuple[int, ...]:
    """The compatibility line of ``version``: ``(0, minor)`` under 1.0, ``(major,)`` after."""
    version = Version(str(version))
    return (0, version.minor) if version.major == 0 else (version.major,)


def next_line(version: str | Version) -> str:
    """The first release of the line after ``version``'s (SemVer's 0.x rule under 1.0)."""
    version = Version(str(version))
    return f"0.{version.minor + 1}.0" if version.major == 0 else f"{version.major + 1}.0.0"


def is_release(version: str | Version) -> bool:
    """Whether ``version`` is a release (``0.2.0``), not a development or pre-release one."""
    version = Version(str(version))
    return not (version.is_devrelease or version.is_prerelease or version.is_postrelease)


def may_break(released: str | Version, current: str | Version) -> bool:
    """Whether ``current`` may break a client of ``released``: it is of a later line."""
    return line(current) > line(released)


def released_documents(folder: Path = RELEASED) -> dict[Version, Path]:
    """Every released document by its version, oldest first."""
    documents = {Version(path.stem): path for path in folder.glob("*.json")}
    return dict(sorted(documents.items()))


def last_release(folder: Path = RELEASED) -> Path:
    """The newest released document."""
    documents = released_documents(folder)
    if not documents:
        raise FileNotFoundError(f"no released document in {folder}")
    return list(documents.values())[-1]


def line_release(current: str | Version, folder: Path = RELEASED) -> Path | None:
    """The newest released document of ``current``'s compatibility line, no newer than it:
    the contract ``current`` keeps. None when the line has no release yet (``0.3.0.dev0``
    after 0.2.0), which then owes no client anything."""
    current = Version(str(current))
    kept = [path for version, path in released_documents(folder).items()
            if line(version) == line(current) and version <= current]
    return kept[-1] if kept else None


def info_version(document: Path) -> str:
    """A document's ``info.version``."""
    return json.loads(document.read_text(encoding="utf-8"))["info"]["version"]
