"""Fixtures of the lab's tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """The command speaks the locale's language (LC_ALL, LC_MESSAGES, LANG): English here,
    whatever the machine's, unless a test asks for another (``--lang``, or its own
    locale)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
