"""The language of a request: its ``lang`` query parameter, else its ``Accept-Language``
header, else English (:func:`foraccio.core.words.language_of` picks the best of ``en``
and ``it``). Lists of variants and house rules answer their words in it, the list of
bots their descriptions, and every problem document its ``detail``.

Such an answer says which language it is in, ``Content-Language``, and that it depends
on ``Accept-Language`` (``Vary``, so that a cache keeps one answer a language): choosing
the language records it in the request's scope, and
:class:`~foraccio.api.answer_headers.AnswerHeaders`, outside everything else of the app
(CORS's middleware sets ``Vary: Origin`` over any ``Vary`` already there), adds both to
the answer, merging ``Vary`` with what is there.
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request
from litestar.params import QueryParameter

from foraccio.core.words import language_of

SCOPE_KEY = "foraccio.language"
"""Where the scope of a request keeps the language its answer is said in, once chosen."""

Lang = Annotated[str | None, QueryParameter(
    name="lang",
    description="The language of the answer's words, `en` or `it`; without it, the best "
                "of them in `Accept-Language`. Any other is English.")]


def chosen(request: Request[Any, Any, Any], lang: str | None) -> str:
    """The language ``request`` asks for, ``lang`` being its ``lang`` query parameter;
    the answer will say it is in this language
    (:class:`~foraccio.api.answer_headers.AnswerHeaders`)."""
    language = language_of(lang or request.headers.get("accept-language"))
    request.scope[SCOPE_KEY] = language  # type: ignore[literal-required]
    return language


def of_request(request: Request[Any, Any, Any]) -> str:
    """The language ``request`` asks for."""
    return chosen(request, request.query_params.get("lang"))


def spoken(headers: Any, language: str) -> list[tuple[bytes, bytes]]:
    """``headers`` (an ASGI answer's) saying they are in ``language``: its
    ``Content-Language`` set, and ``Accept-Language`` added to its ``Vary``."""
    kept, varies = [], []
    for name, value in headers:
        if name.lower() == b"vary":
            varies += [part.strip() for part in value.split(b",") if part.strip()]
        elif name.lower() != b"content-language":
            kept.append((name, value))
    if b"*" not in varies and b"accept-language" not in {part.lower() for part in varies}:
        varies.append(b"Accept-Language")
    return [*kept, (b"content-language", language.encode()), (b"vary", b", ".join(varies))]
