"""The bots known by name: the built-in ones, those installed distributions declare, and
those registered at run time; and those skipped.

Bots are plugins as variants are (:mod:`foraccio.core.registry.loading`): each name,
``module:attribute``, gives one :class:`~foraccio.bots.base.BotPlugin`. The built-in bots
are named in :data:`DEFAULT_BOTS`; an installed distribution declares its own under
the entry-point group ``foraccio.bots``, e.g. in its ``pyproject.toml``::

    [project.entry-points."foraccio.bots"]
    greedy = "foraccio_scopa.greedy:GREEDY"

A bot is skipped, with its reason logged (logger ``foraccio.plugins``, naming its
distribution) and kept in :func:`skipped_bots`, when it fails to import, names
anything but a :class:`~foraccio.bots.base.BotPlugin`, is malformed (:func:`check`), or is
named like a bot loaded before it (an installed one like a built-in one) or like
another of the same batch (every one of that name is skipped). So a broken bot never
takes the service down, nor any other bot with it. Nothing installed is loaded when
``FORACCIO_DISABLE_PLUGIN_AUTOLOAD`` is set.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from foraccio.bots.base import BUDGET_PARAMETERS, BotPlugin, loaded_from
from foraccio.core.errors import UnknownBot
from foraccio.core.quoting import quote, shorten
from foraccio.core.registry.loading import (
    MAX_REASON,
    Candidate,
    Skipped,
    builtin_candidates,
    installed_candidates,
    logger,
)
from foraccio.core.words import LANGUAGES, Catalogue, phrase

DEFAULT_BOTS = (
    "foraccio.bots.random:RANDOM",
    "foraccio.bots.heuristic:HEURISTIC",
    "foraccio.bots.ismcts:ISMCTS",
)
"""The built-in bots, each as ``module:attribute``, in the order they are listed."""

ENTRY_POINT_GROUP = "foraccio.bots"
"""The entry-point group under which installed distributions declare their bots."""

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""A bot's name: lower-case letters, digits, ``-`` and ``_``, at most 40 characters, so
that it reads the same in a URL, a JSON body and a comma-separated command-line list."""


class LoadedBots(NamedTuple):
    """The bots a batch of plugins gave, by name, and those skipped (``kind`` "bot")."""

    bots: dict[str, BotPlugin]
    skipped: tuple[Skipped, ...] = ()


def check(plugin: object) -> None:
    """Raise :class:`ValueError` saying what is wrong when ``plugin`` is no well-formed
    :class:`~foraccio.bots.base.BotPlugin` (its name, description, play function, budget or
    catalogue)."""
    if not isinstance(plugin, BotPlugin):
        raise ValueError(f"the entry point names {shorten(repr(plugin))}, which is not a "
                         f"foraccio.bots.BotPlugin")
    if not isinstance(plugin.name, str) or not NAME.fullmatch(plugin.name):
        raise ValueError(f"its name is {shorten(repr(plugin.name))}: a bot's name is 1 to 40 "
                         f"lower-case letters, digits, '-' or '_', starting with a letter or "
                         f"digit")
    if not isinstance(plugin.description, str) or not plugin.description.strip():
        raise ValueError("its description is not a non-empty str")
    if not callable(plugin.play):
        raise ValueError(f"its play is {shorten(repr(plugin.play))}, not a function "
                         f"play(view, rng, budget)")
    if not isinstance(plugin.variants, tuple) or not all(
            isinstance(name, str) for name in plugin.variants):
        raise ValueError(f"its variants are {shorten(repr(plugin.variants))}, not a tuple of "
                         f"variant names")
    if not isinstance(plugin.budget, tuple) or not set(plugin.budget) <= set(BUDGET_PARAMETERS):
        raise ValueError(f"its budget is {shorten(repr(plugin.budget))}: a tuple of "
                         f"{', '.join(map(repr, BUDGET_PARAMETERS))}")
    if plugin.title is not None and (not isinstance(plugin.title, str)
                                     or not plugin.title.strip()):
        raise ValueError(f"its title is {shorten(repr(plugin.title))}, not a non-empty str")
    if plugin.catalogue is not None and not isinstance(plugin.catalogue, Catalogue):
        raise ValueError(f"its catalogue is {shorten(repr(plugin.catalogue))}, not a "
                         f"foraccio.core.words.Catalogue")


def load(candidates: Iterable[Candidate], before: dict[str, BotPlugin] | None = None
         ) -> LoadedBots:
    """Load ``candidates``, skipping (and logging) each broken one; a name of ``before``
    (the bots loaded already) is taken."""
    before = before or {}
    found: list[tuple[Candidate, BotPlugin]] = []
    skipped: list[Skipped] = []
    for candidate in candidates:
        try:
            plugin = candidate.load()
        except Exception as error:  # a plugin's bug, whatever it is, is its own
            skipped.append(_skip(candidate, f"it failed to import: {type(error).__name__}: "
                                            f"{error}", error))
            continue
        try:
            check(plugin)
        except ValueError as error:
            skipped.append(_skip(candidate, str(error)))
            continue
        found.append((candidate, plugin))
    counts = Counter(plugin.name for _, plugin in found)
    loaded: dict[str, BotPlugin] = {}
    for candidate, plugin in found:
        if plugin.name in before:
            skipped.append(_skip(candidate, f"the bot {plugin.name!r} of distribution "
                                            f"{before[plugin.name].distribution!r} has that "
                                            f"name already", name=plugin.name))
        elif counts[plugin.name] > 1:
            others = sorted({other.distribution for other, bot in found
                             if bot.name == plugin.name and other is not candidate})
            skipped.append(_skip(candidate, f"distribution(s) {', '.join(map(repr, others))} "
                                            f"also declare a bot of that name; none of them "
                                            f"is loaded", name=plugin.name))
        else:
            loaded_from(plugin, candidate.distribution)
            loaded[plugin.name] = plugin
    return LoadedBots(loaded, tuple(skipped))


def _skip(candidate: Candidate, reason: str, error: Exception | None = None,
          name: str | None = None) -> Skipped:
    reason = shorten(reason, MAX_REASON)
    logger.error("Bot %r of distribution %r is skipped: %s", name or candidate.name,
                 candidate.distribution, reason, exc_info=error)
    return Skipped(name or candidate.name, candidate.distribution, reason, "bot")


# --- what is known --------------------------------------------------------------------


class _Catalogue:
    """The bots known, loaded on first use: while they load, a bot plugin that asks what
    is known (``BOTS["heuristic"]`` when it is imported) is told the built-in ones."""

    def __init__(self) -> None:
        self.builtin: LoadedBots | None = None
        self.installed: LoadedBots | None = None
        self.registered: dict[str, BotPlugin] = {}
        self._loading = False

    def known(self) -> dict[str, BotPlugin]:
        if self.builtin is None:
            self.builtin = load(builtin_candidates(DEFAULT_BOTS))
        if self.installed is None and not self._loading:
            self._loading = True
            try:
                self.installed = load(installed_candidates(ENTRY_POINT_GROUP), self.builtin.bots)
            finally:
                self._loading = False
        installed = self.installed.bots if self.installed is not None else {}
        return {**self.builtin.bots, **installed, **self.registered}

    def skipped(self) -> tuple[Skipped, ...]:
        self.known()
        return (*self.builtin.skipped, *(self.installed.skipped if self.installed else ()))


_catalogue = _Catalogue()


def bot_plugins() -> dict[str, BotPlugin]:
    """Every known bot by name: built-in, installed, then registered at run time."""
    return _catalogue.known()


def get_bot_plugin(name: str) -> BotPlugin:
    """Return the bot called ``name``, or raise :class:`~foraccio.core.errors.UnknownBot` (saying
    why, when a bot of that name was skipped)."""
    known = _catalogue.known()
    try:
        return known[name]
    except KeyError:
        skip = next((skip for skip in skipped_bots() if skip.name == name), None)
        if skip is not None:
            raise UnknownBot(phrase("Bot {name} was not loaded: {reason}.", name=quote(name),
                                    reason=skip.reason.rstrip("."))) from None
        raise UnknownBot(phrase("There is no bot {name}; known bots: {known}.",
                                name=quote(name), known=", ".join(sorted(known)))) from None


def bot_called(said: str) -> str | None:
    """The name of the bot ``said`` names: its name, or its title in one of
    :data:`~foraccio.core.words.LANGUAGES` (``euristico`` is ``heuristic``), whatever the
    case; None when no bot is called so."""
    known = _catalogue.known()
    if said in known:
        return said
    wanted = said.strip().casefold()
    for name, plugin in known.items():
        if wanted in {name.casefold(), *(plugin.named(language).casefold()
                                         for language in LANGUAGES)}:
            return name
    return None


def skipped_bots() -> tuple[Skipped, ...]:
    """Every bot that was not loaded, and why: built-in ones first, then installed."""
    return _catalogue.skipped()


def builtin_bots() -> LoadedBots:
    """The built-in bots (:data:`DEFAULT_BOTS`), loaded once."""
    _catalogue.known()
    return _catalogue.builtin


def installed_bots() -> LoadedBots:
    """Load, once, the bots installed distributions declare (see the module's text)."""
    _catalogue.known()
    return _catalogue.installed or LoadedBots({})


def load_installed_bots() -> LoadedBots:
    """Load the installed bots anew (after installing one, or in tests)."""
    _catalogue.installed = None
    return installed_bots()


def register_bot(plugin: BotPlugin) -> None:
    """Make ``plugin`` available by its name in this process, replacing any bot of that
    name. Raise :class:`ValueError` when it is malformed (:func:`check`).

    A server's pool of bot processes does not see it: they are fresh interpreters,
    which know the built-in and installed bots only. Install a distribution that
    declares it (``foraccio.bots``) for a server to play it in its pool.
    """
    check(plugin)
    _catalogue.registered[plugin.name] = plugin


def unregister_bot(name: str) -> None:
    """Forget the bot registered at run time as ``name`` (a loaded one of that name, if
    any, is known again)."""
    _catalogue.registered.pop(name, None)

