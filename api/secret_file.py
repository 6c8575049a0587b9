"""The server secret kept in the data directory: made once, then read at every start.

Sealed games are tokens only this server can open, under keys derived from
its secret (:mod:`foraccio.api.sealing`). A secret that changed at each start would
end every match at a restart, so unless ``FORACCIO_SECRET`` gives one the
server keeps its secret in the file ``secret`` of the data directory
(:mod:`foraccio.api.data_dir`): 32 random bytes written as 64 hexadecimal digits and a
newline, readable by its owner only (mode 0600). The file's text is a secret as
``FORACCIO_SECRET`` takes it: setting the variable to it on another machine
seals and opens the same tokens.

The first start makes the file; several worker processes starting at once
agree on one secret without a lock: each writes a whole secret into a file of
its own beside it and links that file to the name ``secret``, which fails for
all but the first (``EEXIST``); the others read the winner's. So no process
ever reads a file still being written.

A file readable by group or others, or that does not hold a secret as written
here (empty, cut, edited), stops the server at start: it would either leak the
secret or silently seal with another one.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import tempfile
from pathlib import Path
from typing import NamedTuple

SECRET_FILE = "secret"
"""The secret's file name in the data directory."""

SECRET_BYTES = 32

_SECRET_TEXT = re.compile(rb"[0-9a-f]{%d}\n?" % (2 * SECRET_BYTES))
"""A secret as :func:`stored_secret` writes it (a trailing newline is optional, so an
editor that strips it does no harm)."""


class SecretFileError(RuntimeError):
    """The secret file cannot be used; the message says what to do."""


class StoredSecret(NamedTuple):
    secret: bytes
    """The secret, as ``FORACCIO_SECRET`` would give it: the file's digits."""
    path: Path
    created: bool
    """Whether this call made the file."""


def stored_secret(directory: Path) -> StoredSecret:
    """The secret in ``directory`` (the data directory), made there first if missing.

    Raises :class:`SecretFileError` when the file is readable by others than its owner,
    or does not hold a secret as this module writes it.
    """
    path = directory / SECRET_FILE
    try:
        return StoredSecret(_read(path), path, created=False)
    except FileNotFoundError:
        created = write_once(path)
    return StoredSecret(_read(path), path, created)


def write_once(path: Path) -> bool:
    """Write a new secret to ``path`` unless a file is there already (another process
    was first); return whether this call wrote it.

    The secret is written whole and flushed to disk in a private temporary file beside
    ``path``, which is then linked to ``path``: the name appears with its whole content,
    or not at all.
    """
    # mkstemp makes the file with mode 0600, whatever the umask.
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(secrets.token_hex(SECRET_BYTES).encode() + b"\n")
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            return False
        return True
    finally:
        os.unlink(temporary)


def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            mode = os.fstat(file.fileno()).st_mode
            if stat.S_IMODE(mode) & 0o077:
                raise SecretFileError(
                    f"{path} holds the secret that seals every game, but other users may "
                    f"read or change it (mode {stat.S_IMODE(mode):04o}); make it readable by "
                    f"its owner only (chmod 600 {path}) and start the server again.")
            text = file.read(4 * SECRET_BYTES)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise SecretFileError(f"{path} cannot be read ({error.strerror or error}); it must "
                              f"be a file this user may read.") from None
    if not _SECRET_TEXT.fullmatch(text):
        raise SecretFileError(
            f"{path} does not hold a server secret ({2 * SECRET_BYTES} hexadecimal digits): "
            f"it is empty or was changed. Put back the file from a backup to keep the sealed "
            f"games made with it, or delete it to make a new secret (tokens sealed with the "
            f"old one are then refused).")
    return text.rstrip(b"\n")
