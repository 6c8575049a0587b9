"""The data directory: where the service keeps what must outlive its processes.

It holds the server secret that seals games (:mod:`foraccio.api.secret_file`); whatever
else the service comes to keep on disk belongs here too. Its path is, in order:

``FORACCIO_DATA_DIR``
    when set and not empty;
``$XDG_DATA_HOME/foraccio``
    when ``XDG_DATA_HOME`` is an absolute path (the XDG base directory
    specification says to ignore a relative one);
``~/.local/share/foraccio``
    otherwise, the specification's default.

A missing directory is made, readable by its owner only (mode 0700); one that
exists is used as it is. Every worker process of one machine resolves the same
path from the same environment, so they share what it holds.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DATA_DIR_VARIABLE = "FORACCIO_DATA_DIR"
"""The environment variable naming the data directory."""

APP_NAME = "foraccio"
"""The directory's name under ``$XDG_DATA_HOME`` or ``~/.local/share``."""


class DataDirError(RuntimeError):
    """The data directory cannot be made or used; the message says what to do."""


def data_dir_path(environ: Mapping[str, str] | None = None) -> Path:
    """The data directory's absolute path as ``environ`` (the process's environment by
    default) sets it; nothing is made."""
    environ = os.environ if environ is None else environ
    if chosen := environ.get(DATA_DIR_VARIABLE):
        return Path(chosen).expanduser().absolute()
    xdg = environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg) / APP_NAME
    home = Path(environ["HOME"]) if environ.get("HOME") else Path.home()
    return home / ".local" / "share" / APP_NAME


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The data directory (:func:`data_dir_path`), made with mode 0700 when missing.

    Raises :class:`DataDirError` when it cannot be made or is not a directory, so that
    the server stops at start with a message naming the path and the variable.
    """
    path = data_dir_path(environ)
    try:
        # Parents the user lacks (~/.local/share) are made as mkdir -p would; only the
        # directory itself needs to be private.
        path.parent.mkdir(parents=True, exist_ok=True)
        path.mkdir(mode=0o700, exist_ok=True)
    except FileExistsError:
        problem = "exists but is not a directory"
    except OSError as error:
        problem = f"cannot be made ({error.strerror or error})"
    else:
        return path
    raise DataDirError(f"The data directory {path} {problem}; set {DATA_DIR_VARIABLE} to a "
                       f"directory this user may write.")
