"""Open and sealed matches in the OpenAPI document: each request about a match as the
``oneOf`` of its two forms, each answer that may be either as a named, discriminated union.

The server decodes one permissive body per operation (:class:`foraccio.api.schemas.GameRequest`
and its subclasses: ``state``, ``token`` and ``seat_key`` all optional) because msgspec
decodes no untagged union of two Structs, and it refuses both or neither with 422
``state_or_token``. A generated client should not let its user build such a body, so
the document says what the server accepts: :func:`split_requests` writes each
permissive body as the ``oneOf`` of two closed objects, ``Open<Name>`` (``state``
required) and ``Sealed<Name>`` (``token`` and ``seat_key`` required), each with the
operation's own fields, and keeps ``<Name>`` as that union, so operations keep
referring to it.

Answers are tagged by ``kind`` (:class:`foraccio.api.schemas.OpenAnswer`,
:class:`foraccio.api.schemas.SealedAnswer`); Litestar writes a handler that returns either as an
inline ``oneOf`` without a discriminator, which generators name ``Play200Response`` and
clients narrow by guessing from fields. :func:`name_answers` names each such union after
its operation (``PlayAnswer``) with a ``discriminator`` on ``kind``.

Both work on the document's dict in place, before :func:`foraccio.api.openapi_portable.portable`.
"""

from __future__ import annotations

from typing import Any

SCHEMAS = "#/components/schemas/"
MATCH_FIELDS = ("kind", "state", "token", "seat_key", "events")
"""The fields of a request that say which match it is about (and an open answer's
``events``, taken with its state); the rest are the operation's."""
TAG = "kind"

KINDS = {
    "OpenKind": {"title": "OpenKind", "type": "string", "enum": ["open"],
                 "description": "The body is about an open match: its whole state travels. "
                                "Every answer about one carries it; a request may (optional), "
                                "so that an answer such as `{\"kind\": \"open\", \"state\": "
                                "...}` can be posted back as it is."},
    "SealedKind": {"title": "SealedKind", "type": "string", "enum": ["sealed"],
                   "description": "The body is about a sealed match: a token and a seat key "
                                  "travel. Every answer about one carries it; a request may."},
}
"""The two values of ``kind``, each named once: answers carry one, requests may."""
OPEN_FORM = "The open form: the match's `state`, as the server returned it last."
SEALED_FORM = "The sealed form: the game's last `token` and the key of the seat that asks."
EITHER = ("A match in either form, never both: a body with both or neither is refused with "
          "422 `state_or_token`.")


def split_requests(document: dict[str, Any]) -> None:
    """Write every request schema that carries ``state``, ``token`` and ``seat_key`` as the
    ``oneOf`` of its open and its sealed form (see the module's text)."""
    schemas = document["components"]["schemas"]
    schemas.update(KINDS)
    for name in [name for name, schema in schemas.items() if _is_permissive(schema)]:
        permissive = schemas[name]
        own = {prop: sub for prop, sub in permissive["properties"].items()
               if prop not in MATCH_FIELDS}
        required = [prop for prop in permissive.get("required", ()) if prop in own]
        about = permissive.get("description", "")
        props = permissive["properties"]
        schemas[f"Open{name}"] = _form(
            f"Open{name}", OPEN_FORM,
            {TAG: _ref("OpenKind"), "state": _not_null(props["state"]),
             **({"events": props["events"]} if "events" in props else {}), **own},
            ["state", *required])
        schemas[f"Sealed{name}"] = _form(
            f"Sealed{name}", SEALED_FORM,
            {TAG: _ref("SealedKind"), "token": _not_null(props["token"]),
             "seat_key": _not_null(props["seat_key"]), **own},
            ["token", "seat_key", *required])
        schemas[name] = {"title": name, "description": f"{about} {EITHER}".strip(),
                         "oneOf": [_ref(f"Open{name}"), _ref(f"Sealed{name}")]}
    for schema in schemas.values():
        if _is_sealed_only(schema):
            schema["properties"][TAG] = _ref("SealedKind")


def name_answers(document: dict[str, Any]) -> None:
    """Put every success answer that is a ``oneOf`` of ``kind``-tagged schemas under
    ``components.schemas`` as ``<OperationId>Answer``, with a discriminator on ``kind``,
    and refer to it from its operation."""
    schemas = document["components"]["schemas"]
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for status, response in operation.get("responses", {}).items():
                media_type = response.get("content", {}).get("application/json")
                if not status.startswith("2") or media_type is None:
                    continue
                tags = _tags(schemas, media_type["schema"])
                if not tags:
                    continue
                for ref in tags.values():
                    schemas[ref.removeprefix(SCHEMAS)]["properties"][TAG] = _ref(
                        f"{_kind_of(schemas, ref).capitalize()}Kind")
                op_id = operation["operationId"]
                name = f"{op_id[0].upper()}{op_id[1:]}Answer"
                schemas[name] = {
                    "title": name,
                    "description": f"What `{method.upper()} {path}` answers: `kind` tells "
                                   "an open match's answer from a sealed one's.",
                    "oneOf": [_ref(ref.removeprefix(SCHEMAS)) for ref in tags.values()],
                    "discriminator": {"propertyName": TAG, "mapping": tags},
                }
                media_type["schema"] = _ref(name)


def _is_sealed_only(schema: Any) -> bool:
    """Whether ``schema`` is a request about a sealed match only (``POST /games/view``'s),
    whose optional ``kind`` may only be ``sealed``: it is written as the sealed forms'."""
    kind = schema.get("properties", {}).get(TAG) if isinstance(schema, dict) else None
    return (isinstance(kind, dict) and TAG not in schema.get("required", ())
            and [option for option in kind.get("anyOf", ()) if option != {"type": "null"}]
            == [{"enum": ["sealed"]}])


def _is_permissive(schema: Any) -> bool:
    return (isinstance(schema, dict) and schema.get("type") == "object"
            and set(MATCH_FIELDS) <= set(schema.get("properties", ())))


def _form(title: str, description: str, properties: dict[str, Any], required: list[str]
          ) -> dict[str, Any]:
    return {"title": title, "description": description, "type": "object",
            "properties": properties, "required": required, "additionalProperties": False}


def _not_null(schema: dict[str, Any]) -> Any:
    """``schema`` without its ``null`` alternative and its ``default`` (``None``): in its
    form the field is required."""
    options = [option for option in schema.get("anyOf", ()) if option != {"type": "null"}]
    if len(options) != 1:
        raise RuntimeError(f"expected an optional field of one type, got {schema}")
    return options[0]


def _tags(schemas: dict[str, Any], schema: Any) -> dict[str, str]:
    """The members of ``schema`` by their ``kind``, if it is a ``oneOf`` of tagged
    component schemas; else empty."""
    members = schema.get("oneOf", ()) if isinstance(schema, dict) else ()
    tags: dict[str, str] = {}
    for member in members:
        kind = _kind_of(schemas, member.get("$ref", ""))
        if kind is None:
            return {}
        tags[kind] = member["$ref"]
    return tags if len(tags) == len(members) > 1 else {}


def _kind_of(schemas: dict[str, Any], ref: str) -> str | None:
    """The ``kind`` a component schema is tagged with (msgspec writes its one value as an
    ``enum``, or it was already referred to a ``Kind``), if any."""
    target = schemas.get(ref.removeprefix(SCHEMAS), {})
    if TAG not in target.get("required", ()):
        return None
    tag = target["properties"][TAG]
    if "$ref" in tag:
        tag = schemas[tag["$ref"].removeprefix(SCHEMAS)]
    values = tag.get("enum", ())
    return values[0] if len(values) == 1 else None


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"{SCHEMAS}{name}"}
