"""The last step of the OpenAPI document: make it one that client generators and linters
take as it is.

Litestar and msgspec write a correct OpenAPI 3.1 document, but the mainstream
tools read less of JSON Schema than it uses, and the generated document
repeats itself. :func:`portable` rewrites the document's dict (the app serves
and ``make openapi`` commits the result); each step says which tool needs it:

- fixed-length arrays as ``items`` with ``minItems``/``maxItems``, not
  ``prefixItems`` with ``items: false`` (openapi-python-client refuses the
  whole document for a boolean ``items``; spectral's ``array-items``);
- the card, the event union, the token and the seat key named once (``Card``,
  ``Event``, ``Token``, ``SeatKey``) and referenced, so that generators make one
  type of each instead of one per place (one made ``SeatKey`` a wrapper class in
  one place and a string in another);
- the card as a string with the pattern of the 52 codes, not an enum of them:
  openapi-generator's python client calls ``Card.from_dict`` on an enum nested in
  an array of arrays (a hand, a pile) and fails on the first answer, and a client
  whose hands were strings but whose moves wanted an enum would be worse;
- every ``enum`` with its ``type`` (generators otherwise make untyped classes
  ``Type``, ``Type1``, ...);
- no ``default`` on what a client sends (openapi-typescript makes a property
  with a default required, even outside ``required``): the default is said
  in the property's description instead;
- every operation documents a 4xx (redocly's ``operation-4xx-response``): a
  path answers 405 to a method it does not serve;
- error responses, examples, links and the ``X-Request-ID`` header that recur
  across operations written once under ``components`` and referenced, and every
  other example of a request or a success answer there too (an example nested
  under its operation's response is indented by a dozen more spaces a line): this
  keeps the document small.

It works on plain dicts and never changes its input.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from http import HTTPStatus
from typing import Any, get_args

import msgspec

from foraccio.api.schemas import AutoplayUntil, PluginKind, SeatKey, Token
from foraccio.core.cards import CARD_PATTERN, DECK
from foraccio.core.model import AnyEvent, Jolly, OptionValue, Phase

PROBLEM_JSON = "application/problem+json"
SCHEMAS = "#/components/schemas/"

Schema = Any
"""A JSON Schema: a dict, or ``True``/``False``."""

CARD_DESCRIPTION = (
    "A card's wire code: its rank (1 asso to 10, 11 fante, 12 cavallo, 13 re), then its "
    "suit (c coppe, d denari, b bastoni, s spade), e.g. `1d`, `10d`, `11s`: one of the 52 "
    "codes the pattern allows.")
NAMED_STRINGS = {"Token": msgspec.json.schema(Token), "SeatKey": msgspec.json.schema(SeatKey)}
"""Strings written once under their name: each matches msgspec's schema of its type."""
NAMED_TYPES = {
    "Phase": (Phase, "Where the match is: a hand in play, a hand over (deal the next), or "
                     "the match over."),
    "AutoplayUntil": (AutoplayUntil, "Until when the bots play: the end of the hand or of "
                                     "the match."),
    "PluginKind": (PluginKind, "What a plugin is: a variant, a house rule or a bot."),
    "Options": (dict[str, OptionValue],
                "Options by name (see `GET /variants/{name}` and `GET /house-rules`), each a "
                "boolean, an integer or a string. In a request, those left out take the "
                "variant's defaults."),
    "Jolly": (Jolly, "How a jolly card (a Zobelon king) is used: `sweep` takes the whole "
                     "table; a value 1 to 13 makes it capture as a card of that value."),
    "OptionValue": (OptionValue, "The value of an option: a boolean, an integer or a "
                                 "string, as the option's `type` says."),
    "WordsByName": (dict[str, str], "Words by name: each key (a move kind, an option's "
                                    "value, a rank, a suit) to what it is called in the "
                                    "language asked for."),
}
"""Schemas msgspec writes out wherever their type is used, written once under their name
(with their description) and referred to: generators make one type of each, not one per
place (``StatePhase``, ``SeatViewPhase``, ``PublicViewPhase``)."""
UNNAMED_KEYS = ("description", "default", "title", "examples")
"""What a place adds to a named schema; it gives way to the component's own."""
EVENT_DESCRIPTION = "Something that happened in a hand; `type` tells which kind."
EVENT_TAGS = {event.__struct_config__.tag for event in get_args(AnyEvent)}
METHOD_NOT_ALLOWED = {
    "description": "The path does not serve this method (code `method_not_allowed`); the "
                   "`Allow` header lists the methods it serves.",
    "headers": {"Allow": {"description": "The methods the path serves, e.g. `GET, OPTIONS`.",
                          "schema": {"type": "string"}}},
    "content": {PROBLEM_JSON: {
        "schema": {"$ref": f"{SCHEMAS}Problem"},
        "examples": {"method_not_allowed": {"value": {
            "type": "about:blank", "title": HTTPStatus.METHOD_NOT_ALLOWED.phrase,
            "status": 405, "detail": "Method Not Allowed.", "code": "method_not_allowed"}}},
    }},
}
"""The 405 answer of every path (Litestar's own, as :mod:`foraccio.api.errors` renders it)."""
INTERNAL_ERROR = {"value": {
    "type": "about:blank", "title": HTTPStatus.INTERNAL_SERVER_ERROR.phrase, "status": 500,
    "detail": "The server failed to handle this request; it has been logged.",
    "code": "internal_error"}}
PLUGIN_ERROR = {"value": {
    "type": "about:blank", "title": HTTPStatus.INTERNAL_SERVER_ERROR.phrase, "status": 500,
    "detail": "House rule 'colore' (distribution 'foraccio-colore') failed in score_hand; "
              "the error has been logged.",
    "code": "plugin_error", "plugin": {"kind": "house_rule", "name": "colore",
                                       "distribution": "foraccio-colore",
                                       "hook": "score_hand"}}}
NO_PLUGIN_CODE = {"getHealth", "getLimits"}
"""The operations that answer from the server's own settings, running no plugin's code."""


def portable(document: dict[str, Any]) -> dict[str, Any]:
    """Return ``document`` rewritten for generators and linters (see the module's text)."""
    document = copy.deepcopy(document)
    _transform_schemas(document, _fixed_length_arrays)
    _name_repeated(document, "Card", _is_card, _card)
    _name_repeated(document, "Event", _is_event_union, _event)
    for name, (kind, description) in NAMED_TYPES.items():
        _name_type(document, name, msgspec.json.schema(kind), description)
    for name, string in NAMED_STRINGS.items():
        _name_repeated(document, name, lambda schema, string=string: schema == string,
                       lambda found, name=name: {"title": name, **found})
    _transform_schemas(document, _typed_enum)
    _transform_schemas(document, _disjoint_union_as_one_of)
    _drop_false_deprecated(document)
    _defaults_in_descriptions(document, sent_by_clients(document))
    _method_not_allowed_everywhere(document)
    _server_errors_everywhere(document)
    _name_problem_examples(document)
    _share(document, "responses", _responses(document), _response_name)
    _share(document, "examples", _examples(document), lambda key, _: key)
    _examples_under_components(document)
    _share(document, "headers", _headers(document), lambda key, _: key)
    _share(document, "parameters", _parameters(document), lambda _, value: value["name"])
    _share(document, "links", _links(document), lambda key, _: key)
    _drop_titles(document)
    return document


# --- walking the schemas ------------------------------------------------------------------

_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_VALUES = ("items", "additionalProperties", "not", "contains", "if", "then", "else",
                  "propertyNames", "unevaluatedItems", "unevaluatedProperties")


def _map_schema(schema: Schema, change: Callable[[Schema], Schema]) -> Schema:
    """``schema`` with ``change`` applied to each of its subschemas, innermost first, then
    to itself. Only schema keywords are entered, never ``examples`` or ``default``."""
    if not isinstance(schema, dict):
        return change(schema)
    schema = dict(schema)
    for key in _SCHEMA_MAPS:
        if isinstance(schema.get(key), dict):
            schema[key] = {name: _map_schema(sub, change) for name, sub in schema[key].items()}
    for key in _SCHEMA_LISTS:
        if isinstance(schema.get(key), list):
            schema[key] = [_map_schema(sub, change) for sub in schema[key]]
    for key in _SCHEMA_VALUES:
        if key in schema:
            schema[key] = _map_schema(schema[key], change)
    return change(schema)


def _schema_slots(document: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """Each place of the document that holds a schema, as (its container, its key)."""
    components = document.get("components", {})
    for name in components.get("schemas", {}):
        yield components["schemas"], name
    for operation in _operations(document):
        for parameter in operation.get("parameters", []):
            if "schema" in parameter:
                yield parameter, "schema"
        for media_type in operation.get("requestBody", {}).get("content", {}).values():
            if "schema" in media_type:
                yield media_type, "schema"
        for response in operation.get("responses", {}).values():
            for media_type in response.get("content", {}).values():
                if "schema" in media_type:
                    yield media_type, "schema"
            for header in response.get("headers", {}).values():
                if "schema" in header:
                    yield header, "schema"


def _transform_schemas(document: dict[str, Any], change: Callable[[Schema], Schema]) -> None:
    for container, key in list(_schema_slots(document)):
        container[key] = _map_schema(container[key], change)


def _operations(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for item in document.get("paths", {}).values():
        for method, operation in item.items():
            if method in ("get", "put", "post", "delete", "options", "head", "patch", "trace"):
                yield operation


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"{SCHEMAS}{name}"}


# --- fixed-length arrays ------------------------------------------------------------------


def _fixed_length_arrays(schema: Schema) -> Schema:
    """A tuple's ``prefixItems`` + ``items: false`` as ``items`` and its length bounds.

    Every tuple of the wire repeats one type (two scores, four hand sizes); a tuple of
    mixed types would get the ``anyOf`` of its types, still bounded in length.
    """
    if not (isinstance(schema, dict) and "prefixItems" in schema
            and schema.get("items") is False):
        return schema
    prefix = schema["prefixItems"]
    kinds = [kind for index, kind in enumerate(prefix) if kind not in prefix[:index]]
    fixed = {key: value for key, value in schema.items() if key not in ("prefixItems", "items")}
    fixed["items"] = kinds[0] if len(kinds) == 1 else {"anyOf": kinds}
    fixed["minItems"] = fixed["maxItems"] = len(prefix)
    return fixed


# --- named schemas ------------------------------------------------------------------------


def _is_card(schema: Schema) -> bool:
    return isinstance(schema, dict) and set(schema.get("enum", ())) == set(DECK)


def _card(schema: Schema) -> Schema:
    """The ``Card`` component: a string matching exactly the 52 codes (see the module's
    text for why not their enum), with msgspec's examples."""
    card = {key: value for key, value in schema.items() if key != "enum"}
    return {"title": "Card", "type": "string", **card, "pattern": CARD_PATTERN,
            "description": CARD_DESCRIPTION}


def _event(union: Schema) -> Schema:
    """The ``Event`` component: msgspec's ``anyOf`` written as the ``oneOf`` it is (each
    event has a ``type`` of its own), like every other union of the document:
    openapi-generator's typescript-fetch client of an ``anyOf`` with a discriminator
    fails ``tsc --strict``."""
    members = union["anyOf"] if "anyOf" in union else union["oneOf"]
    rest = {key: value for key, value in union.items() if key not in ("anyOf", "oneOf")}
    return {"title": "Event", **rest, "oneOf": members, "description": EVENT_DESCRIPTION}


def _name_type(document: dict[str, Any], name: str, written: Schema, description: str) -> None:
    """Put ``written`` (msgspec's schema of a type) under ``components.schemas[name]`` and
    refer to it wherever it is written out, whatever a place adds to it
    (:data:`UNNAMED_KEYS`)."""

    def bare(schema: Schema) -> Schema:
        if not isinstance(schema, dict):
            return schema
        return {key: value for key, value in schema.items() if key not in UNNAMED_KEYS}

    def or_null(schema: Schema) -> Schema:
        # msgspec writes an optional union flat (`anyOf: [A, B, null]`): it becomes
        # `anyOf: [<name>, null]`, as an optional named schema is written.
        options = schema.get("anyOf") if isinstance(schema, dict) else None
        if (options and {"type": "null"} in options and "anyOf" in written
                and [option for option in options if option != {"type": "null"}]
                == written["anyOf"]):
            return {**schema, "anyOf": [_ref(name), {"type": "null"}]}
        return schema

    _transform_schemas(document, or_null)
    _name_repeated(document, name, lambda schema: bare(schema) == written,
                   lambda found: {"title": name, **bare(found), "description": description},
                   same=bare)
    schemas = document["components"]["schemas"]
    if name not in schemas and any(_ref(name) in schema.get("anyOf", ())
                                   for schema in _all_subschemas(document)):
        schemas[name] = {"title": name, **written, "description": description}


def _all_subschemas(document: dict[str, Any]) -> list[Schema]:
    """Every schema of the document, each nested one too."""
    found: list[Schema] = []

    def collect(schema: Schema) -> Schema:
        if isinstance(schema, dict):
            found.append(schema)
        return schema

    _transform_schemas(document, collect)
    return found


def _is_event_union(schema: Schema) -> bool:
    # msgspec writes a tagged union as anyOf + discriminator, mapping each tag to its type.
    return (isinstance(schema, dict) and "discriminator" in schema
            and set(schema["discriminator"].get("mapping", ())) == EVENT_TAGS)


def _name_repeated(document: dict[str, Any], name: str, matches: Callable[[Schema], bool],
                   component: Callable[[Schema], Schema],
                   same: Callable[[Schema], Schema] = lambda schema: schema) -> None:
    """Put the schema that ``matches`` under ``components.schemas[name]`` and refer to it
    wherever it was written out. Every match must be the same schema (as ``same`` sees
    it)."""
    found: list[Schema] = []

    def replace(schema: Schema) -> Schema:
        if not matches(schema):
            return schema
        found.append(schema)
        return _ref(name)

    _transform_schemas(document, replace)
    if not found:
        return
    if any(same(schema) != same(found[0]) for schema in found):
        raise RuntimeError(f"schemas named {name} differ: {found}")
    schemas = document["components"]["schemas"]
    if name in schemas:
        raise RuntimeError(f"a component schema is already called {name}")
    schemas[name] = component(found[0])


# --- enums --------------------------------------------------------------------------------

_JSON_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"),
               (type(None), "null"))


def _typed_enum(schema: Schema) -> Schema:
    """An ``enum`` with the ``type`` of its values (msgspec writes a ``Literal`` without
    one); values of several types get the list of them."""
    if not isinstance(schema, dict) or "enum" not in schema or "type" in schema:
        return schema
    types = list(dict.fromkeys(next(name for kind, name in _JSON_TYPES if isinstance(value, kind))
                               for value in schema["enum"]))
    return {**schema, "type": types[0] if len(types) == 1 else types}


# --- unions -------------------------------------------------------------------------------


def _disjoint_union_as_one_of(schema: Schema) -> Schema:
    """msgspec's ``anyOf`` of members of different JSON types (an option's value: boolean,
    integer or string; a jolly: ``sweep`` or a value) as the ``oneOf`` it is, since a value
    has one type, as every other union of the document is written. A value or null (an
    optional field) stays ``anyOf``, which generators read as an optional value; so does a
    union whose members could share a value (an integer is also a number)."""
    if not isinstance(schema, dict) or "anyOf" not in schema:
        return schema
    types = [member.get("type") if isinstance(member, dict) else None
             for member in schema["anyOf"]]
    if (not all(isinstance(kind, str) for kind in types) or "null" in types
            or len(set(types)) < len(types) or {"integer", "number"} <= set(types)):
        return schema
    rest = {key: value for key, value in schema.items() if key != "anyOf"}
    return {**rest, "oneOf": schema["anyOf"]}


# --- defaults -----------------------------------------------------------------------------


def sent_by_clients(document: dict[str, Any]) -> set[str]:
    """The component schemas a request body may hold, directly or inside another."""
    pending = [media_type["schema"] for operation in _operations(document)
               for media_type in operation.get("requestBody", {}).get("content", {}).values()
               if "schema" in media_type]
    schemas = document["components"]["schemas"]
    sent: set[str] = set()
    while pending:
        for ref in _refs(pending.pop()):
            name = ref.removeprefix(SCHEMAS)
            if name not in sent:
                sent.add(name)
                pending.append(schemas[name])
    return sent


def _refs(schema: Schema) -> list[str]:
    refs: list[str] = []

    def collect(sub: Schema) -> Schema:
        if isinstance(sub, dict) and "$ref" in sub:
            refs.append(sub["$ref"])
        return sub

    _map_schema(schema, collect)
    return refs


def _defaults_in_descriptions(document: dict[str, Any], names: set[str]) -> None:
    """Take ``default`` off the optional properties of the schemas ``names`` and say it in
    their descriptions.

    openapi-typescript types a property with a default as always present (its
    ``defaultNonNullable``, right for answers, which the server fills in), so a
    client would have to send every such field; its exception for request bodies
    does not reach a schema that a request body refers to.
    """
    schemas = document["components"]["schemas"]
    for name in sorted(names):
        schema = schemas[name]
        required = set(schema.get("required", ()))
        for prop, sub in schema.get("properties", {}).items():
            if prop in required or not isinstance(sub, dict) or "default" not in sub:
                continue
            sub = dict(sub)
            default = json.dumps(sub.pop("default"))
            said = f"Optional; the server takes `{default}` when it is left out."
            sub["description"] = f"{sub['description']} {said}" if "description" in sub else said
            schema["properties"][prop] = sub


# --- responses ----------------------------------------------------------------------------


def _method_not_allowed_everywhere(document: dict[str, Any]) -> None:
    """Document 405 on every operation: each path answers it to the methods it does not
    serve. It gives every operation a 4xx, those without a body or a parameter too."""
    for operation in _operations(document):
        operation.setdefault("responses", {}).setdefault("405", copy.deepcopy(METHOD_NOT_ALLOWED))


def _name_problem_examples(document: dict[str, Any]) -> None:
    """Name each problem example that Litestar numbered (``roomproblem-example-1``, for an
    example given without an ``id``) by its ``code``, so that an example shared by several
    operations gets a telling component name."""
    for operation in _operations(document):
        for response in operation.get("responses", {}).values():
            media_type = response.get("content", {}).get(PROBLEM_JSON, {})
            if "examples" not in media_type:
                continue
            named: dict[str, Any] = {}
            for key, example in media_type["examples"].items():
                example.pop("id", None)  # Litestar writes the key in, where it has no place
                if re.fullmatch(r"\w+-example-\d+", key):
                    key = example.get("value", {}).get("code") or "problem"
                named[_unique(key, named)] = example
            media_type["examples"] = named


def _server_errors_everywhere(document: dict[str, Any]) -> None:
    """Document 500 on every operation: anything unforeseen is ``internal_error``, and
    where plugins' code runs, its failure is ``plugin_error`` (:mod:`foraccio.api.errors`)."""
    for operation in _operations(document):
        examples = {"internal_error": INTERNAL_ERROR}
        if operation.get("operationId") not in NO_PLUGIN_CODE:
            examples = {"plugin_error": PLUGIN_ERROR, **examples}
        operation.setdefault("responses", {}).setdefault("500", {
            "description": SERVER_ERROR_DESCRIPTIONS[len(examples)],
            "content": {PROBLEM_JSON: {"schema": {"$ref": f"{SCHEMAS}Problem"},
                                       "examples": copy.deepcopy(examples)}}})


SERVER_ERROR_DESCRIPTIONS = {
    1: "The server failed (code `internal_error`); the failure is logged, and the answer "
       "tells nothing of it.",
    2: "The server failed: a plugin's code (code `plugin_error`; `plugin` names the plugin "
       "and the hook) or the server's own (code `internal_error`). Either is logged, and "
       "the answer tells nothing of what was raised.",
}


def _unique(name: str, taken) -> str:
    """``name``, which must not be ``taken``: no name of the document is numbered
    (``InvalidBody2`` is what a generator makes of one), so two values that want one
    name are made to agree, or to be named apart, where they are written."""
    if name in taken:
        raise RuntimeError(f"two values of the document want the name {name!r}")
    return name


RESPONSE_NAMES = {("busy", "time_limit"): "BusyOrTimeLimit",
                  ("internal_error",): "ServerError",
                  ("plugin_error", "internal_error"): "PluginOrServerError"}
"""Names of the responses whose codes' words would not make one."""


def _response_name(status: str, response: dict[str, Any]) -> str:
    """``BodyTooLarge`` for a response whose examples are all ``body_too_large``."""
    codes = [example.get("value", {}).get("code", "")
             for media_type in response.get("content", {}).values()
             for example in media_type.get("examples", {}).values()]
    if tuple(codes) in RESPONSE_NAMES:
        return RESPONSE_NAMES[tuple(codes)]
    words = dict.fromkeys(word for code in codes for word in code.split("_") if word)
    return "".join(word.capitalize() for word in words) or f"Status{status}"


# --- sharing what recurs ------------------------------------------------------------------

Slot = tuple[Any, Any]
"""A mapping of the document and a key in it, or a list and an index."""


def _responses(document: dict[str, Any]) -> Iterator[Slot]:
    for operation in _operations(document):
        responses = operation.get("responses", {})
        for status in responses:
            if status.startswith(("4", "5")):
                yield responses, status


def _media_types(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for operation in _operations(document):
        yield from operation.get("requestBody", {}).get("content", {}).values()
        for response in operation.get("responses", {}).values():
            yield from response.get("content", {}).values()
    for response in document.get("components", {}).get("responses", {}).values():
        yield from response.get("content", {}).values()


def _examples(document: dict[str, Any]) -> Iterator[Slot]:
    for media_type in _media_types(document):
        examples = media_type.get("examples", {})
        for name in examples:
            yield examples, name


def _examples_under_components(document: dict[str, Any]) -> None:
    """Move the examples of request bodies and success answers that are still written in
    place to ``components.examples``, as ``<operationId>_<name>`` (``_answer`` added for
    an answer's), and refer to them."""
    components = document["components"].setdefault("examples", {})
    for operation in _operations(document):
        places = [("", operation.get("requestBody", {}))]
        places += [("_answer", response) for status, response
                   in operation.get("responses", {}).items() if status.startswith("2")]
        for suffix, place in places:
            for media_type in place.get("content", {}).values():
                examples = media_type.get("examples", {})
                for name, example in examples.items():
                    if "$ref" in example:
                        continue
                    key = _unique(f"{operation['operationId']}_{name}{suffix}", components)
                    components[key] = example
                    examples[name] = {"$ref": f"#/components/examples/{key}"}


def _headers(document: dict[str, Any]) -> Iterator[Slot]:
    for operation in _operations(document):
        for response in operation.get("responses", {}).values():
            headers = response.get("headers", {})
            for name in headers:
                yield headers, name
    for response in document.get("components", {}).get("responses", {}).values():
        headers = response.get("headers", {})
        for name in headers:
            yield headers, name


def _drop_titles(document: dict[str, Any]) -> None:
    """Take off each component schema's ``title``, which msgspec sets to its name: the
    generators name a component by its key, and the title would only repeat it."""
    for name, schema in document["components"]["schemas"].items():
        if isinstance(schema, dict) and schema.get("title") == name:
            del schema["title"]


def _parameters(document: dict[str, Any]) -> Iterator[Slot]:
    for operation in _operations(document):
        parameters = operation.get("parameters", [])
        for index in range(len(parameters)):
            yield parameters, index


def _drop_false_deprecated(document: dict[str, Any]) -> None:
    """Take off ``deprecated: false``, which Litestar writes on every operation and
    parameter: it is what leaving it out means. Its schema, which Litestar describes
    again, keeps no description of its own either."""
    for operation in _operations(document):
        if operation.get("deprecated") is False:
            del operation["deprecated"]
        for parameter in operation.get("parameters", []):
            if parameter.get("deprecated") is False:
                del parameter["deprecated"]
            schema = parameter.get("schema", {})
            if schema.get("description") == parameter.get("description"):
                schema.pop("description", None)


def _links(document: dict[str, Any]) -> Iterator[Slot]:
    for operation in _operations(document):
        for response in operation.get("responses", {}).values():
            links = response.get("links", {})
            for name in links:
                yield links, name


def _share(document: dict[str, Any], kind: str, slots: Iterator[Slot],
           name_of: Callable[[str, Any], str]) -> None:
    """Move each value of ``slots`` that occurs more than once to ``components[kind]``
    and refer to it from every place it occurred.

    Names come from ``name_of(key, value)``, never numbered (:func:`_unique`); values are
    grouped in the order they first occur.
    """
    places: dict[str, list[Slot]] = {}
    for container, key in slots:
        value = container[key]
        if "$ref" in value:
            continue
        places.setdefault(json.dumps(value, sort_keys=True), []).append((container, key))
    components = document.setdefault("components", {}).setdefault(kind, {})
    for found in places.values():
        if len(found) < 2:
            continue
        container, key = found[0]
        value = container[key]
        name = _unique(name_of(key, value), components)
        components[name] = value
        for container, key in found:
            container[key] = {"$ref": f"#/components/{kind}/{name}"}
    if not components:
        del document["components"][kind]
