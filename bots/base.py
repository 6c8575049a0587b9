"""What every bot is: a function of a seat's view, a generator and a budget, to a move;
and the record that names one (:class:`BotPlugin`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Annotated, Protocol

import msgspec

from foraccio.core.model import Move, Wire
from foraccio.core.view import SeatView
from foraccio.core.words import Catalogue, gettext

MAX_ITERATIONS = 1000
"""The most playouts a :class:`Budget` may ask for."""

MAX_SECONDS = 1.0
"""The most seconds a :class:`Budget` may ask for."""


class Budget(Wire):
    """How long a searching bot may think: ``iterations`` (playouts; deterministic) or
    ``seconds``.

    With both, the search stops at the first reached. A bot that does not
    search ignores it. A time budget makes the move depend on the machine's
    speed; only an iteration budget gives the same move for the same seed.
    """

    iterations: Annotated[int, msgspec.Meta(ge=1, le=MAX_ITERATIONS)] | None = None
    seconds: Annotated[float, msgspec.Meta(gt=0, le=MAX_SECONDS)] | None = None


class Bot(Protocol):
    """``bot(view, rng, budget)``: the move ``view.seat`` makes; ``view`` is its turn."""

    def __call__(self, view: SeatView, rng: random.Random, budget: Budget | None) -> Move: ...


BUDGET_PARAMETERS = ("iterations", "seconds")
"""The fields of :class:`Budget`, which a searching bot may read."""


@dataclass(frozen=True)
class BotPlugin:
    """A bot by name, as a plugin's author declares it: what it does and how it plays.

    ``play(view, rng, budget)`` returns the move of ``view.seat`` (:class:`Bot`);
    it sees only that seat's view, and draws every chance from ``rng`` (seeded by
    the caller), never from global randomness, so that the same seed gives the
    same move. ``budget`` names the :class:`Budget` fields it reads
    (:data:`BUDGET_PARAMETERS`), none for a bot that does not search.

    ``quick`` says a move takes a few milliseconds at most (the heuristic's: tens of
    microseconds, a few milliseconds when it plays a hand's last round out exactly): a
    server then computes it at once, where it answers requests, rather than in its pool
    of bot processes (which a slower bot needs, so that it holds up no other request).

    ``variants`` names the variants it plays well (none: every variant): the tables
    offer it only for those, though it plays any variant legally.

    ``catalogue`` translates its description (the English source, a msgid) and its title
    into each language, as a variant's :attr:`~foraccio.core.words.Words.catalogue`
    translates its words; None for the project's own (the built-in bots').

    ``title`` is its name as a person reads it, in English ("heuristic"), a msgid of its
    catalogue (the Italian table says "euristico"); None: its name, in every language.
    The command line takes a title, in any language, where it takes the name.
    """

    name: str
    description: str
    """What it does, in a sentence or two."""
    play: Bot = field(repr=False)
    budget: tuple[str, ...] = ()
    quick: bool = False
    variants: tuple[str, ...] = ()
    catalogue: Catalogue | None = None
    title: str | None = None

    def named(self, language: str) -> str:
        """Its name as a person reads it in ``language`` (its title, else its name)."""
        return self.name if self.title is None else gettext(language, self.title,
                                                            self.catalogue)

    def described(self, language: str) -> str:
        """Its description in ``language``."""
        return gettext(language, self.description, self.catalogue)

    @property
    def distribution(self) -> str | None:
        """The distribution it was loaded from (``foraccio`` for a built-in one); None for
        one registered at run time."""
        found = _distributions.get(id(self))
        return found[1] if found is not None and found[0] is self else None


_distributions: dict[int, tuple[BotPlugin, str]] = {}
"""The distribution of each loaded bot, by the record's identity (as for variants)."""


def loaded_from(plugin: BotPlugin, distribution: str) -> None:
    """Note that ``plugin`` was loaded from ``distribution``."""
    _distributions[id(plugin)] = (plugin, distribution)
