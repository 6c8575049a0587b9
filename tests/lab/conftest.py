"""Fixtures of the lab's tests: English unless a test asks for another language."""

from __future__ import annotations

from tests.helpers import english_locale  # noqa: F401 (an autouse fixture)
