"""The optional compiled engine: the modules that run on every play, built by Cython from
their own source, unchanged.

``make compiled`` builds them in place (``setup.py`` says how); Python then imports
each module from its build, which plays exactly as its source does, faster. Without a
build, or with ``FORACCIO_PURE_PYTHON=1`` in the environment, every module is imported
from its source. A build older than its source is not used: the source is, with a
warning to rebuild. An installed package's build (``FORACCIO_COMPILE=1 pip install .``)
is always used: it came from one wheel with its source, which pip writes in any order.

None of these modules implements a hook: pluggy finds hook implementations by
inspecting Python functions, so those stay in source modules, which hand the work
to these.
"""

from __future__ import annotations

import os
import site
import sys
import sysconfig
import warnings
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder
from importlib.util import find_spec, spec_from_file_location
from pathlib import Path

MODULES = (
    "foraccio.bots.heuristic",
    "foraccio.bots.ismcts",
    "foraccio.bots.simulation",
    "foraccio.core.engine",
    "foraccio.core.notation",
    "foraccio.core.plays",
    "foraccio.core.registry.rule_guards",
    "foraccio.variants.foraccio.capture_options",
    "foraccio.variants.foraccio.scopa_effect",
    "foraccio.variants.zobelon.colore_effect",
    "foraccio.variants.zobelon.jolly_moves",
)
"""The modules of the compiled engine, by import name."""

PURE_PYTHON = os.environ.get("FORACCIO_PURE_PYTHON", "") not in ("", "0")
"""Whether ``FORACCIO_PURE_PYTHON`` asks for every module from its source."""


def active() -> tuple[str, ...]:
    """The modules of :data:`MODULES` imported so far from their compiled build."""
    return tuple(name for name in MODULES
                 if name in sys.modules and _is_extension(sys.modules[name].__file__ or ""))


def built() -> tuple[str, ...]:
    """The modules of :data:`MODULES` that are (or would be) imported from their compiled
    build: built, not older than their source, and not passed over by
    ``FORACCIO_PURE_PYTHON``."""
    return tuple(name for name in MODULES
                 if _is_extension(getattr(find_spec(name), "origin", None) or ""))


class SourceWhenAsked(MetaPathFinder):
    """Finds a module of :data:`MODULES` (also by its name in a checkout, ``core.engine``
    for ``foraccio.core.engine``) in its source when its build is not to be used:
    under ``FORACCIO_PURE_PYTHON``, or when it is older than its source. Otherwise it
    leaves the module to Python's own finders, which prefer the build."""

    def find_spec(self, name: str, path, target=None) -> ModuleSpec | None:
        # A program run from a checkout's root may import a module by its folder's name
        # (``core.engine``, as the yardstick's enginespeed.py does): the same build, which
        # must be passed over just as well (it was not, and the yardstick's runs "from
        # source" measured the compiled engine module).
        if name not in MODULES and f"foraccio.{name}" not in MODULES:
            return None
        found = PathFinder.find_spec(name, path)
        if found is None or not _is_extension(found.origin or ""):
            return None
        build = Path(found.origin)
        source = source_of(name, build)
        if not source.is_file():
            return None
        if not PURE_PYTHON:
            if installed(build) or build.stat().st_mtime >= source.stat().st_mtime:
                return None
            warnings.warn(f"{build.name} is older than {source}, so the source is used: "
                          f"rebuild it with `make compiled`", RuntimeWarning, stacklevel=2)
        return spec_from_file_location(name, source)


def source_of(name: str, build: Path) -> Path:
    """The source beside ``build``, the build of module ``name``."""
    return build.with_name(f"{name.rpartition('.')[2]}.py")


def installed(build: Path) -> bool:
    """Whether ``build`` lies in a directory of installed packages (site-packages), where
    it was installed from the same wheel as its source. Only a build made beside the
    sources of a checkout can be older than them: pip writes a wheel's files in any order,
    so there their ages say nothing."""
    build = build.resolve()
    return any(build.is_relative_to(directory) for directory in _package_directories())


def _package_directories() -> set[Path]:
    paths = sysconfig.get_paths()
    user = [site.getusersitepackages()] if site.ENABLE_USER_SITE else []
    return {Path(directory).resolve()
            for directory in (paths["purelib"], paths["platlib"], *site.getsitepackages(), *user)}


def _is_extension(path: str) -> bool:
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def install() -> None:
    """Put :class:`SourceWhenAsked` first among the import finders (once)."""
    if not any(isinstance(finder, SourceWhenAsked) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceWhenAsked())
