"""Strict decoding of JSON request bodies straight into msgspec Structs.

Litestar decodes a body to Python values first and then converts them with
msgspec in *lax* mode, which turns ``"7"`` into ``7`` and ``"true"`` into
``True``. A rules engine should not guess: :class:`StrictBody` is a DTO that
decodes the raw bytes with a strict msgspec decoder for the handler's body
type, in one pass, and documents the body with the type's own schema.

It reads a body only when the request says it is JSON: ``application/json``
or any ``application/*+json``, parameters allowed. Anything else, a missing
Content-Type included, is refused with 415. Any web page may POST a
``text/plain`` or form body without a CORS preflight, so reading those as
JSON would let any site drive the API from a visitor's browser.

An object that names a key twice is refused (400 ``invalid_body``), wherever it is:
msgspec, like most decoders, keeps the last value, while a relay or a log that
reads the first would see another request than the one the service carries out.

Error messages quote the body only up to a short bound (:mod:`foraccio.core.quoting`).
How large a body may be at all is the app's ``request_max_body_size``,
:data:`MAX_BODY_SIZE`.

Use it as a layer's ``dto`` with ``return_dto=None``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec
from litestar.dto import AbstractDTO
from litestar.exceptions import ClientException, ValidationException

from foraccio.core.quoting import quote, shorten
from foraccio.core.words import phrase

if TYPE_CHECKING:
    from collections.abc import Collection, Generator, Iterable

    from litestar._openapi.schema_generation import SchemaCreator
    from litestar.dto.data_structures import DTOFieldDefinition
    from litestar.openapi.spec import Reference, Schema
    from litestar.typing import FieldDefinition

MAX_BODY_SIZE = 1024 * 1024
"""Largest request body read, in bytes (1 MiB); a larger one is refused with 413. The
largest legitimate body, the state of a target-1000 match of over a hundred hands, is
about 26 KB."""


class StrictBody(AbstractDTO[Any]):
    """Decode a JSON body strictly into the handler's annotated body type."""

    _decoders: ClassVar[dict[Any, msgspec.json.Decoder]] = {}
    """One decoder per body type (Litestar's ``handler_id`` is rebuilt on every access)."""

    @classmethod
    def create_for_field_definition(cls, field_definition: FieldDefinition, handler_id: str,
                                    backend_cls: Any = None) -> None:
        body_type = field_definition.annotation
        if field_definition.name == "data" and body_type not in cls._decoders:
            cls._decoders[body_type] = msgspec.json.Decoder(body_type)

    @classmethod
    def create_openapi_schema(cls, field_definition: FieldDefinition, handler_id: str,
                              schema_creator: SchemaCreator) -> Reference | Schema:
        return schema_creator.for_field_definition(field_definition)

    @classmethod
    def decoder(cls, body_type: Any) -> msgspec.json.Decoder:
        """The strict decoder of ``body_type``, a handler's body type."""
        return cls._decoders[body_type]

    def decode_bytes(self, value: bytes) -> Any:
        _check_media_type(self.asgi_connection.scope["headers"])
        return decode_strictly(
            self._decoders[self.asgi_connection.route_handler.parsed_data_field.annotation],
            value)

    def decode_builtins(self, value: dict[str, Any]) -> Any:
        raise ValidationException(detail=phrase("The request body must be JSON."))

    def data_to_encodable_type(self, data: Any | Collection[Any]) -> Any:
        return data

    @classmethod
    def generate_field_definitions(cls, model_type: type[Any]
                                   ) -> Generator[DTOFieldDefinition, None, None]:
        yield from ()  # never asked: this DTO does not build transfer models

    @classmethod
    def detect_nested_field(cls, field_definition: FieldDefinition) -> bool:
        return False


def decode_strictly(decoder: msgspec.json.Decoder, value: bytes) -> Any:
    """``value`` decoded by ``decoder``: integral floats taken for integers, an object
    naming a key twice refused; raise :class:`ValidationException` (400) otherwise."""
    try:
        data = decoder.decode(value)
    except msgspec.ValidationError as error:
        if "got `float`" not in str(error):
            raise _invalid(error) from None
        data = _decode_integral_floats(value, decoder.type, error)
    except msgspec.DecodeError as error:
        raise _invalid(error) from None
    refuse_repeated_keys(value)
    return data


def _decode_integral_floats(value: bytes, type_: Any, error: msgspec.ValidationError) -> Any:
    # JSON has one kind of number, and to JSON Schema 3.0 is the integer 3, while
    # msgspec's strict decoder wants 3. Only a body refused for a float takes this
    # slower path; what still fails after it is reported.
    try:
        data = _integral_floats_as_ints(msgspec.json.decode(value))
    except (msgspec.DecodeError, RecursionError):
        raise _invalid(error) from None  # not JSON, or nested too deep to rewrite
    try:
        # Encoded again and decoded, not converted: msgspec.convert cannot make a
        # msgspec.Raw (an open request's ignored `events`) of a list or an object.
        return msgspec.json.decode(msgspec.json.encode(data), type=type_, strict=True)
    except msgspec.ValidationError as remaining:
        raise _invalid(remaining) from None


def _integral_floats_as_ints(data: Any) -> Any:
    if isinstance(data, float):
        return int(data) if data.is_integer() else data
    if isinstance(data, list):
        return [_integral_floats_as_ints(item) for item in data]
    if isinstance(data, dict):
        return {key: _integral_floats_as_ints(item) for key, item in data.items()}
    return data


class _RepeatedKey(Exception):
    """An object of the body names a key twice."""


def _no_repeated_key(pairs: list[tuple[str, Any]]) -> None:
    # Called for every object of the body; None spares building the dict.
    if len(pairs) != len(dict(pairs)):
        raise _RepeatedKey


_PAIRS_CHECKER = json.JSONDecoder(object_pairs_hook=_no_repeated_key)
_ANY = msgspec.json.Decoder()
_ENCODER = msgspec.json.Encoder()


def refuse_repeated_keys(value: bytes) -> None:
    """Refuse a body, already decoded by msgspec, in which an object names a key twice.

    msgspec has no such check (msgspec/msgspec#648), so :func:`_no_key_repeated` looks
    first; when it cannot tell, a second pass over the body by the standard library's C
    decoder does, which costs about three times msgspec's own decoding (some 3.5 µs a KB
    here: 20 µs for a twelve-hand state, under 0.1 ms for 25 KB); the slower search for
    where the key is runs only for a body refused.
    """
    if _no_key_repeated(value):
        return
    try:
        _PAIRS_CHECKER.decode(value.decode())
    except _RepeatedKey:
        key, path = _first_repeated_key(json.loads(value, object_pairs_hook=_Object))
        raise ValidationException(detail=phrase(
            "The request body is not valid: the key {key} appears twice in one object - at "
            "`{path}`; name each key once.", key=quote(key), path=shorten(path))) from None
    except (ValueError, RecursionError) as error:  # JSON msgspec reads but json does not
        raise _invalid(error) from None


def _no_key_repeated(value: bytes) -> bool:
    """True when no object of the JSON ``value`` names a key twice; False when it may (the
    standard library's pass then tells). It counts colons, at half that pass's cost.

    In the body each key is followed by a colon, and every other colon is inside a
    string. Decoded, an object keeps one entry per key: fewer entries than keys if one is
    repeated. Encoded again, each entry is followed by a colon, and the strings kept hold
    no more colons than the body's strings, as long as none hid in a ``\\u`` escape. So a
    body with as many colons as its encoding has no more keys than entries: none repeated.
    """
    if b"\\u" in value:  # a colon may hide in an escape: the count cannot tell
        return False
    try:
        again = _ENCODER.encode(_ANY.decode(value))
    except (msgspec.DecodeError, RecursionError):
        return False
    return value.count(b":") == again.count(b":")


class _Object(list):
    """An object's (key, value) pairs, in the order of the body."""


def _first_repeated_key(body: Any) -> tuple[str, str]:
    """The first key an object of ``body`` names twice, in the body's order, and the
    object's path."""
    containers = [("$", body)]
    while containers:
        path, value = containers.pop()
        if isinstance(value, _Object):
            seen: set[str] = set()
            for key, _ in value:
                if key in seen:
                    return key, path
                seen.add(key)
            inner = [(f"{path}.{key}", item) for key, item in value if isinstance(item, list)]
        else:
            inner = [(f"{path}[{index}]", item) for index, item in enumerate(value)
                     if isinstance(item, list)]
        # Only containers (lists, objects among them) can hold an object; reversed, so
        # that the first is looked at first.
        containers.extend(reversed(inner))
    raise AssertionError("no key is repeated")  # never: the first pass found one


def _check_media_type(headers: Iterable[tuple[bytes, bytes]]) -> None:
    # A scan of the raw headers: cheaper than Litestar's parsed ones on every request.
    given = False
    for name, value in headers:
        if name == b"content-type":
            if not is_json(value):
                raise unsupported_media_type(value)
            given = True
    if not given:
        raise unsupported_media_type(None)


def unsupported_media_type(content_type: bytes | None) -> ClientException:
    """The 415 error of a body sent with ``content_type`` (None: without any)."""
    got = (phrase("the request has no Content-Type") if content_type is None
           else phrase("got Content-Type {type}", type=quote(content_type.decode("latin-1"))))
    return ClientException(status_code=415, detail=phrase(
        "The request body must be sent as JSON, with `Content-Type: application/json`; {got}.",
        got=got))


def is_json(content_type: bytes) -> bool:
    """Whether a ``Content-Type`` names JSON: ``application/json`` or any
    ``application/*+json``, parameters allowed."""
    media_type = content_type.partition(b";")[0].strip().lower()
    return media_type == b"application/json" or (
        media_type.startswith(b"application/") and media_type.endswith(b"+json")
        and len(media_type) > len(b"application/+json"))


def _invalid(error: Exception) -> ValidationException:
    # msgspec's message may quote the client's value ("Invalid enum value '...'", an
    # unknown field's name) and ends with where it is (" - at `$.move.take[3]`"):
    # each part is cut to a short bound.
    text = str(error)
    message, at, path = text.rpartition(" - at `")
    if not at or not path.startswith("$"):
        message, at, path = text, "", ""
    where = phrase(" - at `{path}`", path=shorten(path.removesuffix("`"))) if at else ""
    return ValidationException(detail=phrase("The request body is not valid: {error}{where}.",
                                             error=shorten(message), where=where))
