"""A second copy of the engine, and what to tell the plugin author who meets one.

The engine's folders are ``core/``, ``variants/``, ... in its checkout, installed as
``foraccio.core``, ``foraccio.variants``, ... Where the checkout is on ``sys.path`` (it is
the current directory of ``python -c``, ``python -m`` or pytest), a plugin whose imports
still say ``core`` (the names before 0.1.0) imports those folders a second time, as
packages of their own: a class defined there (``core.model.ScoreLine``) is then another
class than the engine's, and the engine refuses what the plugin returns ("a ScoreLine
among its score lines") without saying why. :func:`second_copy_note` says why, for the
messages of such refusals.
"""

from __future__ import annotations

import sys
from pathlib import Path

OLD_NAMES = ("core", "variants", "bots", "api", "cli", "web", "rooms", "lab")
"""The top-level names the engine's packages had before 0.1.0 (its checkout's folders)."""


def second_copy() -> str | None:
    """The old name (``"core"``) under which a folder of the engine's checkout has been
    imported, beside its ``foraccio`` package; None when none has."""
    for name in OLD_NAMES:
        file = getattr(sys.modules.get(name), "__file__", None)
        # A project's own `core` lies anywhere but beside the engine's package.
        if file and (Path(file).parents[1] / "foraccio" / "__init__.py").is_file():
            return name
    return None


def second_copy_note() -> str | None:
    """What to say after a refusal while the engine is imported a second time; None
    when it is not. It names no path: a client of the API may read it."""
    name = second_copy()
    if name is None:
        return None
    return (f"the engine was imported a second time, as `{name}` (the checkout's folder "
            f"{name}/, on sys.path), and does not take what that copy makes: import "
            f"`foraccio.{name}`, not `{name}` (docs/plugins.md, \"Moving a plugin to the "
            f"foraccio package\")")
