"""Typed errors of the engine. Each carries a machine-readable ``code``.

They know nothing of HTTP: the API maps them to problem documents in one
place. Raising any of them leaves the input state untouched, because the
engine never mutates a state.
"""

from __future__ import annotations

from enum import StrEnum

from foraccio.core.words import phrase


class EngineError(Exception):
    """Base of every error the engine raises on bad input; ``code`` names the problem."""

    code: str = "engine_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        """What went wrong, in English; a :class:`~foraccio.core.words.Phrase` when it
        can be said in another language."""
        message = self.args[0]
        return message if isinstance(message, str) else str(message)


class Reason(StrEnum):
    """Why a move was refused."""

    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CAPTURE_REQUIRED = "capture_required"
    ILLEGAL_CAPTURE = "illegal_capture"
    WRONG_KIND = "wrong_kind"
    """The move is listed, but it says another kind than its own (``Move.kind``)."""
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


class IllegalMove(EngineError):
    """A move the rules do not allow in this state; ``code`` is a :class:`Reason` value."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message, str(reason))
        self.reason = reason


class UnknownVariant(EngineError):
    code = "unknown_variant"


class UnknownHouseRule(EngineError):
    code = "unknown_house_rule"


class IncompatibleHouseRule(EngineError):
    """A house rule asked for with a variant it does not apply to, or asked for twice."""

    code = "incompatible_house_rule"


class InvalidOptions(EngineError):
    code = "invalid_options"


class InvalidCut(EngineError):
    code = "invalid_cut"


class WrongPhase(EngineError):
    """An action that the match's phase does not allow, e.g. dealing while a hand is played."""

    code = "wrong_phase"


class InvalidState(EngineError):
    """A state that no sequence of legal plays can produce: cards missing or doubled,
    hands out of step with the turn, a phase that contradicts the rest, and so on.

    Raised by :func:`foraccio.core.validation.validate_state` on a state that comes from
    outside the engine; the message names the first problem found.
    """

    code = "invalid_state"


class UnknownBot(EngineError):
    code = "unknown_bot"


class PluginError(Exception):
    """A variant's or house rule's own code failed: one of its hook implementations (or
    a rule function one returned) raised, or answered with something its hook's contract
    does not allow (a score line for a team that does not exist, a deal that loses a
    card, ...).

    Not an :class:`EngineError`: the request was fine, the plugin was not, so the API
    answers 500 with code ``plugin_error``. ``kind`` is ``"variant"`` or
    ``"house_rule"`` (or ``"bot"``, for a bot's failure, :func:`foraccio.bots.choose_move`);
    ``name`` the variant's, house rule's or bot's name; ``distribution`` the
    installed distribution it came from (``None`` for one registered at run time);
    ``hook`` the hook whose implementation failed (or that returned the rule function
    that failed). ``problem`` says what was wrong with a malformed answer, and is None
    when the plugin raised: the exception raised is then the ``__cause__``, kept for the
    log, never for a client. The messages never name a card (see sealed games).
    """

    code = "plugin_error"

    def __init__(self, kind: str, name: str, hook: str | None, problem: str | None = None,
                 distribution: str | None = None) -> None:
        # Every attribute is in ``args``, so the error pickles (a bot's worker process
        # may raise it).
        super().__init__(kind, name, hook, problem, distribution)
        self.kind, self.name, self.hook = kind, name, hook
        self.problem, self.distribution = problem, distribution

    @property
    def plugin(self) -> str:
        """The plugin, as a message names it: ``house rule 'x' (distribution 'y')``."""
        where = f" (distribution {self.distribution!r})" if self.distribution else ""
        return f"{self.kind.replace('_', ' ')} {self.name!r}{where}"

    @property
    def message(self) -> str:
        """What a client may be told: the plugin, the hook, and what it answered wrong,
        if that was the problem; nothing of the exception it raised.

        A :class:`~foraccio.core.words.Phrase`: the API says the framework's sentence in
        the request's language; the plugin's name, the hook and the problem stay as they
        are."""
        where = (phrase(" (distribution {distribution})", distribution=repr(self.distribution))
                 if self.distribution else "")
        plugin = _named(self.kind, repr(self.name), where)
        if self.hook and self.problem:
            return phrase("{plugin} failed in {hook}: {problem}.", plugin=plugin,
                          hook=self.hook, problem=self.problem)
        if self.hook:
            return phrase("{plugin} failed in {hook}; the error has been logged.",
                          plugin=plugin, hook=self.hook)
        if self.problem:
            return phrase("{plugin} failed: {problem}.", plugin=plugin, problem=self.problem)
        return phrase("{plugin} failed; the error has been logged.", plugin=plugin)

    def __str__(self) -> str:
        cause = self.__cause__
        raised = f" ({type(cause).__name__}: {cause})" if cause is not None else ""
        return f"{self.message}{raised}"


def _named(kind: str, name: str, where: str) -> str:
    # One message for each kind, so that a language may decline it as its sentence needs.
    if kind == "variant":
        return phrase("Variant {name}{where}", name=name, where=where)
    if kind == "house_rule":
        return phrase("House rule {name}{where}", name=name, where=where)
    return phrase("Bot {name}{where}", name=name, where=where)
