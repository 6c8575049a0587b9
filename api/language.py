"""The language of a request: its ``lang`` query parameter, else its ``Accept-Language``
header, else English (:func:`foraccio.core.words.language_of` picks the best of ``en``
and ``it``). Lists of variants and house rules answer their words in it, and every
problem document its ``detail``.

Such an answer says which language it is in, ``Content-Language``, and that it depends
on ``Accept-Language`` (``Vary``, so that a cache keeps one answer a language): choosing
the language records it in the request's scope, and :class:`LanguageHeaders`, outside
everything else of the app (CORS's middleware sets ``Vary: Origin`` over any ``Vary``
already there), adds both to the answer, merging ``Vary`` with what is there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from litestar import Request
from litestar.params import QueryParameter

from foraccio.core.words import language_of

if TYPE_CHECKING:
    from litestar.types import ASGIApp, Message, Receive, Scope, Send

SCOPE_KEY = "foraccio.language"
"""Where the scope of a request keeps the language its answer is said in, once chosen."""

Lang = Annotated[str | None, QueryParameter(
    name="lang",
    description="The language of the answer's words, `en` or `it`; without it, the best "
                "of them in `Accept-Language`. Any other is English.")]


def chosen(request: Request[Any, Any, Any], lang: str | None) -> str:
    """The language ``request`` asks for, ``lang`` being its ``lang`` query parameter;
    the answer will say it is in this language (:class:`LanguageHeaders`)."""
    language = language_of(lang or request.headers.get("accept-language"))
    request.scope[SCOPE_KEY] = language  # type: ignore[literal-required]
    return language


def of_request(request: Request[Any, Any, Any]) -> str:
    """The language ``request`` asks for."""
    return chosen(request, request.query_params.get("lang"))


class LanguageHeaders:
    """ASGI middleware: an answer to a request whose language was chosen (see the
    module's text) carries ``Content-Language`` and ``Vary: Accept-Language``, the latter
    added to any ``Vary`` the answer has (one header, each name once)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_language(message: Message) -> None:
            language = scope.get(SCOPE_KEY)
            if message["type"] == "http.response.start" and language is not None:
                message["headers"] = spoken(message.get("headers", ()), language)
            await send(message)

        await self.app(scope, receive, send_with_language)


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
