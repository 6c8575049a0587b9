"""The one place where errors become HTTP: RFC 9457 problem documents.

Engine errors know nothing of HTTP; here each gets a status and a
``code`` (the engine's own code, e.g. ``capture_required`` or
``invalid_state``). Litestar's HTTP errors (a malformed body, an unknown
path) get a ``code`` too. A plugin's failure (:class:`~foraccio.core.errors.PluginError`)
is a 500 problem with code ``plugin_error`` that names the plugin and the hook,
and anything else unexpected a 500 ``internal_error``: both are logged with
their stack trace, and neither tells the client anything internal.

Messages quote what a client sent only up to a short bound (:mod:`foraccio.core.quoting`);
as a last line of defence, :func:`problem` also cuts any ``detail`` to
:data:`MAX_DETAIL` characters, so no message can echo a large body back.

A ``detail`` is said in the request's language (``lang``, else ``Accept-Language``,
else English: :mod:`foraccio.api.language`): messages are English
:class:`~foraccio.core.words.Phrase` objects, translated by the project's catalogue as the
answer is written. The ``code`` never changes.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

import structlog
from litestar import Request, Response
from litestar.exceptions import HTTPException
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example
from litestar.plugins.problem_details import (
    ProblemDetailsConfig,
    ProblemDetailsException,
    ProblemDetailsPlugin,
)

from foraccio.api.asgi import ClientGone, request_timeout
from foraccio.api.botpool import Busy, TimeLimit
from foraccio.api.decoding import MAX_BODY_SIZE, unsupported_media_type
from foraccio.api.language import of_request
from foraccio.api.limits import BudgetOverLimit
from foraccio.api.openapi import PROBLEM_JSON
from foraccio.api.schemas import Problem
from foraccio.api.sealing import SealingError
from foraccio.core.errors import EngineError, PluginError
from foraccio.core.quoting import shorten
from foraccio.core.words import DEFAULT_LANGUAGE, gettext, phrase
from foraccio.rooms.store import RETRY_AFTER, StoreUnavailable

CODES_BY_STATUS = {400: "invalid_body", 413: "body_too_large", 500: "internal_error"}
"""The code of Litestar's own HTTP errors; other statuses use their phrase (``not_found``,
``unsupported_media_type``)."""

MAX_DETAIL = 500
"""Most characters of a problem's ``detail``; messages are far shorter, see above."""

INVALID_BODY = ("invalid_body",
                "The request body is not valid: Expected `object`, got `array`.")
"""The example of every operation's 400: any body is refused so when it is not an object."""
BODY_TOO_LARGE = ("body_too_large", phrase("The request body is larger than the {size} "
                                           "bytes this server reads; a request holds at most "
                                           "one match's state, which needs far less.",
                                           size=MAX_BODY_SIZE))
UNSUPPORTED_MEDIA_TYPE = ("unsupported_media_type", unsupported_media_type(b"text/plain").detail)
REQUEST_TIMEOUT = ("request_timeout", request_timeout(10).detail)
NOT_FOUND = phrase("Not Found.")

logger = structlog.get_logger("foraccio.api.errors")


class SpokenProblem(ProblemDetailsException):
    """A problem document whose ``detail`` is said in the language of the request it
    answers (see the module's text)."""

    def __init__(self, said: str, **fields: Any) -> None:
        super().__init__(detail=shorten(said, MAX_DETAIL), **fields)
        self.said = said

    def in_language(self, language: str) -> str:
        """The ``detail`` in ``language``."""
        return shorten(gettext(language, self.said), MAX_DETAIL)

    def to_response(self, request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        language = of_request(request)
        if language != DEFAULT_LANGUAGE:
            self.detail = self.in_language(language)
        return super().to_response(request)


def problem(status: int, code: str, detail: str, headers: dict[str, str] | None = None,
            **extra: object) -> ProblemDetailsException:
    """Return the exception that renders as a problem document with these fields."""
    return SpokenProblem(
        detail, status_code=status, title=HTTPStatus(status).phrase,
        type_="about:blank", extra={"code": code, **extra}, headers=headers,
    )


def engine_problem(error: EngineError, status: int = 422) -> ProblemDetailsException:
    """An engine error in a request the server understood: 422 with the engine's code."""
    return problem(status, error.code, error.message)


def sealing_problem(error: SealingError) -> ProblemDetailsException:
    """A sealed request refused: a bad token (422) or a seat key that may not act (403)."""
    return problem(error.status, error.code, error.message)


def budget_problem(error: BudgetOverLimit) -> ProblemDetailsException:
    """A budget over the server's ceilings (:mod:`foraccio.api.limits`): 422
    ``budget_over_limit``."""
    return problem(422, error.code, error.message)


def busy_problem(error: Busy) -> ProblemDetailsException:
    """No bot process free and the queue full: 503 ``busy``, with when to try again."""
    return problem(503, *busy(error.retry_after),
                   headers={"Retry-After": str(error.retry_after)})


def busy(retry_after: int) -> tuple[str, str]:
    return ("busy", phrase("Every bot process of this server is busy and its queue is full; "
                           "try again in {seconds} s (Retry-After), or ask for less work (GET "
                           "/limits).", seconds=retry_after))


def time_limit_problem(error: TimeLimit) -> ProblemDetailsException:
    """Bot work that reached the ceiling on seconds with nothing to answer: 503
    ``time_limit``."""
    return problem(503, *time_limit(error.seconds),
                   headers={"Retry-After": str(error.retry_after)})


def time_limit(seconds: float) -> tuple[str, str]:
    return ("time_limit", phrase("The bots did not finish within this server's limit of "
                                 "{seconds} s a request (GET /limits); ask for a smaller "
                                 "budget, or again when the server is less busy.",
                                 seconds=f"{seconds:g}"))


ROOMS_UNAVAILABLE = ("rooms_unavailable", phrase("The rooms' store cannot be reached or "
                                                 "written now; try again in {seconds} s.",
                                                 seconds=RETRY_AFTER))


UNAVAILABLE_DESCRIPTION = "The rooms' store is down (code `rooms_unavailable`)."


def store_problem(error: StoreUnavailable) -> ProblemDetailsException:
    """The rooms' store unreachable or unwritable: 503 ``rooms_unavailable``, with when to
    try again. Logged without a stack trace: it says what failed, and an outage would
    otherwise fill the log."""
    logger.warning("rooms_unavailable", error=str(error))
    return problem(503, *ROOMS_UNAVAILABLE, headers={"Retry-After": str(RETRY_AFTER)})


def client_gone_problem(error: ClientGone) -> ProblemDetailsException:
    """The client disconnected before its answer was ready (its bot work, if any, was
    cancelled).

    Nobody reads the answer: its status, 499 as nginx logs such requests, is for the
    request log.
    """
    return SpokenProblem(phrase("The client disconnected before its answer was ready; any "
                                "bot work for it was stopped."),
                         status_code=499, title="Client Closed Request", type_="about:blank",
                         extra={"code": "client_gone"})


def http_problem(error: HTTPException) -> ProblemDetailsException:
    """One of Litestar's HTTP errors (bad body, unknown path, wrong method) as a problem."""
    status = error.status_code
    if status >= 500:
        # Litestar's own 5xx (e.g. a handler's bad return value): a bug of ours.
        logger.error("server_error", status=status, exc_info=error)
        return _internal_problem()
    code = CODES_BY_STATUS.get(status) or HTTPStatus(status).phrase.lower().replace(" ", "_")
    if status == 413:
        detail = BODY_TOO_LARGE[1]
    elif status == 404:
        # As for any unknown path; the static-files router of the docs' assets would
        # otherwise quote the requested path in full.
        detail = NOT_FOUND
    else:
        detail = _detail(error)
    return problem(status, code, detail, headers=error.headers)


def plugin_problem(error: PluginError) -> ProblemDetailsException:
    """A plugin's code failed: log it with the stack trace of what it raised, and answer
    500 naming the plugin and the hook (its own exception stays in the log)."""
    logger.error("plugin_error", plugin_kind=error.kind, plugin=error.name,
                 distribution=error.distribution, hook=error.hook, exc_info=error)
    return problem(500, error.code, error.message, plugin={
        "kind": error.kind, "name": error.name, "distribution": error.distribution,
        "hook": error.hook})


def unexpected_problem(error: Exception) -> ProblemDetailsException:
    """Anything not foreseen: log it with its stack trace, answer 500 without internals."""
    logger.error("unhandled_error", exc_info=error)
    return _internal_problem()


def _internal_problem() -> ProblemDetailsException:
    return problem(500, "internal_error", phrase("The server failed to handle this request; "
                                                 "it has been logged."))


def _detail(error: HTTPException) -> str:
    detail = error.detail
    # Litestar's validation errors put the specifics in ``extra``. Bodies are
    # decoded by foraccio.api.decoding, so the only body error Litestar itself finds is
    # a missing body.
    if isinstance(error.extra, list) and error.extra and isinstance(error.extra[0], dict):
        first = error.extra[0]
        if first.get("key") == "data":
            return phrase("The request body is empty; this operation takes a JSON object.")
        where = f" (at {first['key']})" if first.get("key") else ""
        detail = f"{detail}: {first.get('message', '')}{where}"
    return detail if detail.endswith(".") else f"{detail}."


def problem_details_plugin() -> ProblemDetailsPlugin:
    """The plugin rendering every error of the app as ``application/problem+json``."""
    return ProblemDetailsPlugin(ProblemDetailsConfig(
        exception_to_problem_detail_map={
            EngineError: engine_problem,
            PluginError: plugin_problem,
            SealingError: sealing_problem,
            BudgetOverLimit: budget_problem,
            Busy: busy_problem,
            TimeLimit: time_limit_problem,
            ClientGone: client_gone_problem,
            StoreUnavailable: store_problem,
            HTTPException: http_problem,
            Exception: unexpected_problem,
        },
    ))


# --- documentation --------------------------------------------------------------------

_DESCRIPTIONS = {
    400: "The body is not valid JSON or does not match the schema (code `invalid_body`).",
    403: "The seat key is not one of the game's, or its seat may not act now "
         "(code `forbidden_seat`).",
    404: "No such resource.",
    408: "The body did not arrive whole in time (code `request_timeout`; "
         "`FORACCIO_BODY_SECONDS`, 10 s by default); the connection is closed.",
    413: f"The body is larger than {MAX_BODY_SIZE} bytes (code `body_too_large`).",
    415: "The body is not sent as JSON: its Content-Type is neither `application/json` nor "
         "`application/*+json`, or it is missing (code `unsupported_media_type`).",
    422: "The request is understood but refused; `code` says why.",
    503: "The server cannot do this work now: its pool of processes, which runs the bots and "
         "checks a long state the server did not make (one without its `receipt`), is busy "
         "and its queue is full (code `busy`), or the work reached the server's time limit "
         "(code `time_limit`; see `GET /limits`). `Retry-After` says in how many seconds to "
         "try again.",
}


Case = tuple[str, str] | tuple[str, str, str]
"""A documented problem: its code and detail, and the example's name when two examples of
one answer share a code (else the code names it)."""


def problem_responses(examples: dict[int, list[Case]],
                      descriptions: dict[int, str] | None = None) -> dict[int, ResponseSpec]:
    """Document error responses as problem documents, with one example per case (named
    by its code, which a summary would only repeat, unless the case names it), described
    as :data:`_DESCRIPTIONS` says unless ``descriptions`` says otherwise.

    An operation that documents 400 ``invalid_body`` takes a body, so it is also
    documented to answer 408, 413 and 415 (see :mod:`foraccio.api.asgi` and
    :mod:`foraccio.api.decoding`).
    """
    if any(case[0] == "invalid_body" for case in examples.get(400, ())):
        examples = {**examples, 408: [REQUEST_TIMEOUT], 413: [BODY_TOO_LARGE],
                    415: [UNSUPPORTED_MEDIA_TYPE]}
    descriptions = {**_DESCRIPTIONS, **(descriptions or {})}
    return {
        status: ResponseSpec(
            data_container=Problem, media_type=PROBLEM_JSON, description=descriptions[status],
            generate_examples=False,
            examples=[
                Example(id=case[-1] if len(case) == 3 else case[0],
                        value=_example(status, case[0], case[1]))
                for case in cases
            ],
        )
        for status, cases in sorted(examples.items())
    }


def _example(status: int, code: str, detail: str) -> dict[str, object]:
    return {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status,
            "detail": detail, "code": code}
