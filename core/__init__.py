"""The Foraccio rules engine: pure functions over immutable states, shaped by pluggy hooks.

Start with :mod:`foraccio.core.engine` (``new_match``, ``legal_moves``, ``play``,
``next_hand``, ``score_hand``). A plugin implements the hooks of
:mod:`foraccio.core.hookspecs`, marking each implementation with :data:`hookimpl`::

    from foraccio.core import hookimpl

    @hookimpl
    def foraccio_match_target(options):
        return 31  # a short match
"""

from foraccio.core import compiled

# Before any module of the compiled engine is imported: whether it comes from its build.
compiled.install()

from foraccio.core.hookspecs import hookimpl  # noqa: E402

__all__ = ["hookimpl"]
