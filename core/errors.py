"""Typed errors of the engine. Each carries a machine-readable ``code``.

They know nothing of HTTP: the API maps them to problem documents in one
place. Raising any of them leaves the input state untouched, because the
engine never mutates a state.
"""

from __future__ import annotations

from enum import StrEnum


class EngineError(Exception):
    """Base of every error the engine raises on bad input; ``code`` names the problem."""

    code: str = "engine_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0])


class Reason(StrEnum):
    """Why a move was refused."""

    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CAPTURE_REQUIRED = "capture_required"
    ILLEGAL_CAPTURE = "illegal_capture"
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

    Raised by :func:`core.validation.validate_state` on a state that comes from
    outside the engine; the message names the first problem found.
    """

    code = "invalid_state"


class UnknownBot(EngineError):
    code = "unknown_bot"
