"""The secrets of a room's links, and their hashes.

A link carries a room's id and a secret of 128 random bits: ``<room>.<secret>``, in the
link's fragment (``http://host/#join=<room>.<secret>``), which browsers never send to a
server, and in the ``Authorization: Bearer`` header of each request, which the request
log does not write. The server keeps only a SHA-256 of each secret: whoever reads the
store can act for no seat. A secret this random needs no slow hash: nobody can guess
2^128 values, however fast each guess.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

ID_BYTES = 16
SECRET_BYTES = 16
"""128 bits each."""


def new_id() -> str:
    """A new room id: 128 random bits."""
    return spelt(secrets.token_bytes(ID_BYTES))


def new_secret() -> str:
    """A new secret of a link: 128 random bits."""
    return spelt(secrets.token_bytes(SECRET_BYTES))


def spelt(random_bytes: bytes) -> str:
    """``random_bytes`` in lower-case base32: letters and digits only, so that an invite
    never starts with ``-`` (which a command line would take for an option) and reads
    aloud without a case to mind; 26 characters for 128 bits."""
    return base64.b32encode(random_bytes).rstrip(b"=").decode().lower()


def digest(secret: str) -> str:
    """The hash a room keeps of ``secret``."""
    return hashlib.sha256(secret.encode()).hexdigest()


def matches(secret: str, kept: str | None) -> bool:
    """Whether ``secret`` is the one whose hash is ``kept``, in constant time."""
    return kept is not None and hmac.compare_digest(digest(secret), kept)


def invite(room: str, secret: str) -> str:
    """What a link carries: the room and the secret."""
    return f"{room}.{secret}"
