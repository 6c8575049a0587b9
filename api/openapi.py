"""How the OpenAPI document is made: its config, msgspec's schemas and the examples.

The document is generated from the app and committed as
``openapi/openapi.json`` (``make openapi``); a test fails when they differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any

import msgspec
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import (
    Components,
    Example,
    License,
    OpenAPI,
    OpenAPIHeader,
    OpenAPIType,
    Operation,
    Schema,
    SecurityScheme,
    Tag,
)
from litestar.openapi.spec.base import BaseSchemaObject

from foraccio import __version__
from foraccio.api import docs_ui
from foraccio.api.openapi_evolution import open_answers
from foraccio.api.openapi_kinds import name_answers, split_requests
from foraccio.api.openapi_links import add_links
from foraccio.api.openapi_portable import PROBLEM_JSON, portable

JSON = "application/json"


def openapi_config() -> OpenAPIConfig:
    """The document's metadata, served at ``/schema/openapi.json``; Swagger UI at ``/schema``
    and Redoc at ``/schema/redoc`` (see :mod:`foraccio.api.docs_ui`).

    ``security`` is empty by default on purpose: the stateless API takes no credentials
    (a sealed game's seat key travels in the body, see ``POST /games``), and saying so
    keeps linters from asking for a scheme. A room's operations name their link with a
    bearer scheme of their own (``roomLink``), the one credential of the service.
    """
    return PortableOpenAPIConfig(
        title="Foraccio rules engine",
        version=__version__,
        description=(
            "A stateless rules engine for the Venetian card games Foraccio and Zobelon. "
            "Every request carries the whole state of a match and every answer returns the "
            "new state: the server stores nothing. Errors are RFC 9457 problem documents "
            "(`application/problem+json`) with a machine-readable `code`. Within a "
            "compatibility line (one minor version under 1.0, one major version after) an "
            "answer's object may gain fields where its schema leaves `additionalProperties` "
            "open: ignore the ones you do not know. Requests are closed: a field the server "
            "does not know is refused. Post a `state` or a `move` back as you were given it."
        ),
        license=License(name="MIT", identifier="MIT"),
        security=[],
        components=Components(security_schemes={"roomLink": SecurityScheme(
            type="http", scheme="bearer",
            description="A room's link: the invite `<room>.<secret>` that `POST /rooms` "
                        "answered, sent as `Authorization: Bearer <invite>`.")}),
        openapi_router=docs_ui.schema_router(),
        render_plugins=[*docs_ui.render_plugins(), JsonRenderPlugin()],
        tags=[
            Tag(name="variants", description="The variants this server plays and their options."),
            Tag(name="house-rules",
                description="The house rules a match may be played with, per variant."),
            Tag(name="games", description="Start a match, list legal moves, play, deal, score."),
            Tag(name="bots", description="Bots that play from one seat's view."),
            Tag(name="rooms", description="People at one table: a room holds a sealed match "
                                          "on the server, each link acts for its seat."),
            Tag(name="health", description="Liveness of the service."),
        ],
    )


@dataclass
class PortableOpenAPI(OpenAPI):
    """The app's document, its open and sealed forms spelled out
    (:mod:`foraccio.api.openapi_kinds`), its links added (:mod:`foraccio.api.openapi_links`),
    rewritten by :func:`foraccio.api.openapi_portable.portable` and its answers opened to
    new fields (:mod:`foraccio.api.openapi_evolution`) whenever it is turned into JSON: what
    the app serves and ``make openapi`` commits."""

    def to_schema(self) -> dict[str, Any]:
        document = super().to_schema()
        split_requests(document)
        name_answers(document)
        add_links(document)
        return open_answers(portable(document))


@dataclass
class PortableOpenAPIConfig(OpenAPIConfig):
    """An :class:`OpenAPIConfig` whose document is a :class:`PortableOpenAPI`."""

    def to_openapi_schema(self) -> OpenAPI:
        openapi = super().to_openapi_schema()
        return PortableOpenAPI(**{field.name: getattr(openapi, field.name)
                                  for field in fields(openapi)})


def use_msgspec_schemas(openapi: OpenAPI, types: Iterable[type]) -> None:
    """Replace the component schemas Litestar derived for ``types`` (and every type they
    contain) by msgspec's own, in place.

    Litestar drops constraints nested in containers (the card pattern inside
    ``hands``), loses a ``minimum`` of 0 under ``Optional`` and leaves fixed-size
    tuples unbounded. msgspec writes the schema of exactly what its decoder
    accepts, unknown fields forbidden included, so the document cannot promise
    more or less than the server takes.
    """
    _, components = msgspec.json.schema_components(
        types, ref_template="#/components/schemas/{name}")
    schemas = openapi.components.schemas
    left = set(schemas) - set(components)
    if left:
        raise RuntimeError(f"component schemas not made from msgspec types: {sorted(left)}")
    schemas.update(components)


def documented(request: Callable[[], dict[str, Any]] | None = None,
               response: Callable[[], dict[str, Any]] | None = None,
               response_type: str = JSON) -> type[Operation]:
    """Return an operation class that adds named examples to the JSON request body and
    the success response (of media type ``response_type``). Each argument returns a
    mapping of example names to values; it is called only when the document is
    generated, never at import."""

    @dataclass
    class DocumentedOperation(Operation):
        def __post_init__(self) -> None:
            if request is not None and self.request_body is not None:
                _add_examples(self.request_body.content[JSON], request())
            if response is not None and self.responses:
                success = next(code for code in self.responses if code.startswith("2"))
                _add_examples(self.responses[success].content[response_type], response())
            if self.responses:
                _drop_plain_json_errors(self.responses)
                for status in ("429", "503"):
                    if status in self.responses:
                        self.responses[status].headers = {"Retry-After": RETRY_AFTER}

    return DocumentedOperation


RETRY_AFTER = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.INTEGER, minimum=1), required=True,
    description="In how many seconds to try again.")
"""Every 429 and 503 of this API says when to try again."""


def _drop_plain_json_errors(responses) -> None:
    # Litestar documents a 400 as plain JSON for any handler with a parameter; every
    # error this API can answer is documented by its handler as a problem document.
    for code in [code for code in responses if code.startswith("4")]:
        if PROBLEM_JSON not in responses[code].content:
            del responses[code]


def _add_examples(media_type, examples: dict[str, Any]) -> None:
    # No summary: it would only repeat the name, which the documentation pages show.
    media_type.examples = {
        name: Example(value=Verbatim(value) if isinstance(value, dict) else value)
        for name, value in examples.items()}


@dataclass
class Verbatim(BaseSchemaObject):
    """A JSON object put in the document as it is.

    Litestar drops every null from the dicts of the document, which would take
    required fields such as ``winner: null`` out of a state example.
    """

    value: dict[str, Any]

    def to_schema(self) -> dict[str, Any]:
        return self.value
