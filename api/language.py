"""The language of a request: its ``lang`` query parameter, else its ``Accept-Language``
header, else English (:func:`foraccio.core.words.language_of` picks the best of ``en``
and ``it``). Lists of variants and house rules answer their words in it, and every
problem document its ``detail``."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request
from litestar.params import QueryParameter

from foraccio.core.words import language_of

Lang = Annotated[str | None, QueryParameter(
    name="lang", max_length=100,
    description="The language of the answer's words, `en` or `it`; without it, the best "
                "of them in `Accept-Language`. Any other is English.")]


def chosen(request: Request[Any, Any, Any], lang: str | None) -> str:
    """The language ``request`` asks for, ``lang`` being its ``lang`` query parameter."""
    return language_of(lang or request.headers.get("accept-language"))


def of_request(request: Request[Any, Any, Any]) -> str:
    """The language ``request`` asks for."""
    return chosen(request, request.query_params.get("lang"))
