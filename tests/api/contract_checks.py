"""The contract gate's own checks: the breaking changes Optic does not see.

Optic (``contract_gate.py``) finds an operation, a response field, a union member or an
enum value removed, a request field made required, a type changed. It misses these, each
a break for a generated client (docs/development.md, "Releases"):

- a request property newly required when its schema is a union (``anyOf`` with null);
- a request constraint narrowed (``maxLength`` lowered, a ``pattern`` added...), also in
  a component schema that answers use too (``Token``): a client built on the old bound
  sends values the server now refuses; a request union with fewer forms (Optic reports a
  member removed from an answer's union, never from a request's);
- a path parameter renamed, or any parameter added as required: generated code changes
  its argument's name, or calls without it;
- in an answer, a property no longer required, newly nullable, or of a wider type: a
  typed client reads a field it declared present, non-null, of one type;
- a property added to an answer schema the released document closes
  (``additionalProperties: false``): strict clients refuse the whole answer;
- a value added to an answer's enum, or a member to an answer's union (a new event
  ``type``): a typed client (an enum class, a discriminated union) refuses a value it
  does not know, so within a line answers keep theirs (docs/api.md, "Versions and what
  may change").

Both documents are walked operation by operation (an operation is its method and its path
with the parameters' names left out, so that a renamed path parameter is the same
operation), following ``$ref`` by name on each side: a component schema renamed with
every reference updated compares equal. Each schema is compared once per operation and
direction, which also ends the walk on recursive schemas.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
UPPER_BOUNDS = ("maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum")
LOWER_BOUNDS = ("minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum")
REQUEST, ANSWER = "request", "answer"


class Breaking(NamedTuple):
    """A change of the current document that breaks a client of the released one."""

    rule: str
    """The check that failed (Optic's name, or one of this module's, such as
    ``request-constraint-narrowed``)."""
    where: str
    """The operation and the part of it (``POST /games request application/json $.seed``)."""
    error: str
    """A sentence about it."""


def breaking_changes(released: dict, current: dict) -> tuple[Breaking, ...]:
    """Every break this module checks for, from the ``released`` to the ``current``
    document (both parsed OpenAPI 3.1 documents)."""
    old_operations, new_operations = _operations(released), _operations(current)
    found: list[Breaking] = []
    for key, (old_path, old_operation) in old_operations.items():
        if key not in new_operations:
            continue  # an operation removed: Optic's
        new_path, new_operation = new_operations[key]
        name = f"{key[0].upper()} {new_path}"
        pair = _Pair(released, current, name)
        found += _parameters(pair, old_path, new_path, old_operation, new_operation)
        found += _request_body(pair, old_operation, new_operation)
        found += _answers(pair, old_operation, new_operation)
    return tuple(found)


class _Pair:
    """The two documents while one operation is compared, with the schemas compared so
    far in it (a recursive schema ends there)."""

    def __init__(self, released: dict, current: dict, operation: str) -> None:
        self.released, self.current, self.operation = released, current, operation
        self.seen: set[tuple[int, int, str]] = set()

    def old(self, node: dict) -> dict:
        return _resolve(self.released, node)

    def new(self, node: dict) -> dict:
        return _resolve(self.current, node)


# ---- operations, parameters, bodies ---------------------------------------------------

def _operations(document: dict) -> dict[tuple[str, str], tuple[str, dict]]:
    """Each operation by (method, path with its parameters' names left out)."""
    operations = {}
    for path, item in document.get("paths", {}).items():
        item = _resolve(document, item)
        for method in METHODS:
            if method in item:
                operation = {**item[method], "parameters": [
                    *item.get("parameters", []), *item[method].get("parameters", [])]}
                operations[method, re.sub(r"\{[^}]*\}", "{}", path)] = (path, operation)
    return operations


def _parameters(pair: _Pair, old_path: str, new_path: str, old: dict,
                new: dict) -> Iterator[Breaking]:
    """Path parameters renamed; other parameters added as required or made required;
    any parameter's schema narrowed. (A parameter removed is not a break: the server
    ignores a query parameter it does not read.)"""
    for old_name, new_name in zip(_path_names(old_path), _path_names(new_path), strict=True):
        if old_name != new_name:
            yield Breaking("parameter-renamed", f"{pair.operation} parameter path {new_name}",
                           f"the path parameter `{old_name}` is now `{new_name}`: generated "
                           f"code renames its argument")
    old_parameters = _parameters_by_place(pair.released, old)
    new_parameters = _parameters_by_place(pair.current, new)
    for (place, name), parameter in new_parameters.items():
        where = f"{pair.operation} parameter {place} {name}"
        if place == "path":
            earlier = old_parameters.get((place, _renamed(name, old_path, new_path)))
        else:
            earlier = old_parameters.get((place, name))
        if earlier is None:
            if parameter.get("required") and place != "path":
                yield Breaking("parameter-added-required", where,
                               f"a new required {place} parameter `{name}`: calls made "
                               f"without it are refused")
            continue
        if parameter.get("required") and not earlier.get("required"):
            yield Breaking("parameter-made-required", where,
                           f"the {place} parameter `{name}` is now required")
        if "schema" in parameter and "schema" in earlier:
            yield from _compare(pair, earlier["schema"], parameter["schema"], REQUEST,
                                where, "$")


def _path_names(path: str) -> list[str]:
    return re.findall(r"\{([^}]*)\}", path)


def _renamed(new_name: str, old_path: str, new_path: str) -> str | None:
    """The released name of the path parameter now called ``new_name`` (None when the
    path does not hold it)."""
    names = _path_names(new_path)
    return _path_names(old_path)[names.index(new_name)] if new_name in names else None


def _parameters_by_place(document: dict, operation: dict) -> dict[tuple[str, str], dict]:
    # An operation's parameter overrides its path item's of the same place and name.
    parameters = (_resolve(document, parameter) for parameter in operation["parameters"])
    return {(parameter["in"], parameter["name"]): parameter for parameter in parameters}


def _request_body(pair: _Pair, old: dict, new: dict) -> Iterator[Breaking]:
    """The request body made required; each media type's schema compared for requests."""
    if "requestBody" not in new:
        return  # a body no longer read: a client's is ignored
    old_body, new_body = pair.old(old.get("requestBody", {})), pair.new(new["requestBody"])
    where = f"{pair.operation} request"
    if new_body.get("required") and not old_body.get("required"):
        yield Breaking("request-body-required", where, "the request body is now required")
    yield from _contents(pair, old_body, new_body, REQUEST, where)


def _answers(pair: _Pair, old: dict, new: dict) -> Iterator[Breaking]:
    """Each answer kept, each media type's schema compared for answers."""
    old_answers, new_answers = old.get("responses", {}), new.get("responses", {})
    for status in old_answers.keys() & new_answers.keys():
        yield from _contents(pair, pair.old(old_answers[status]),
                             pair.new(new_answers[status]), ANSWER,
                             f"{pair.operation} response {status}")


def _contents(pair: _Pair, old: dict, new: dict, direction: str,
              where: str) -> Iterator[Breaking]:
    old_content, new_content = old.get("content", {}), new.get("content", {})
    for media in sorted(old_content.keys() & new_content.keys()):
        if "schema" in old_content[media] and "schema" in new_content[media]:
            yield from _compare(pair, old_content[media]["schema"],
                                new_content[media]["schema"], direction,
                                f"{where} {media}", "$")


# ---- schemas --------------------------------------------------------------------------

def _compare(pair: _Pair, old: dict, new: dict, direction: str, where: str,
             path: str) -> Iterator[Breaking]:
    """The breaks from ``old`` to ``new``, one schema read by requests or by answers,
    then the same for the schemas inside it."""
    old, new = pair.old(old), pair.new(new)
    if not isinstance(old, dict) or not isinstance(new, dict):
        return  # a boolean schema (``items: false``): nothing inside to compare
    key = (id(old), id(new), direction)
    if key in pair.seen:
        return
    pair.seen.add(key)
    at = f"{where} {path}"
    if direction == REQUEST:
        yield from _narrowed(old, new, at)
        yield from _union_narrowed(pair, old, new, at)
        yield from _newly_required(old, new, at)
    else:
        yield from _loosened(pair, old, new, at)
        yield from _added_to_closed(old, new, at)
        yield from _values_added(pair, old, new, at)
    for step, old_inner, new_inner in _inner_pairs(pair, old, new):
        yield from _compare(pair, old_inner, new_inner, direction, where, path + step)


def _narrowed(old: dict, new: dict, at: str) -> Iterator[Breaking]:
    """A request's schema accepting less: a client built on the old bound is refused."""
    for bound in UPPER_BOUNDS:
        if bound in new and (bound not in old or new[bound] < old[bound]):
            yield _narrowing(at, bound, old.get(bound), new[bound])
    for bound in LOWER_BOUNDS:
        if bound in new and (bound not in old or new[bound] > old[bound]):
            yield _narrowing(at, bound, old.get(bound), new[bound])
    for keyword in ("pattern", "const", "multipleOf", "format"):
        if keyword in new and old.get(keyword) != new[keyword]:
            yield _narrowing(at, keyword, old.get(keyword), new[keyword])
    if "enum" in new and "enum" not in old:
        yield _narrowing(at, "enum", None, new["enum"])
    elif "enum" in new:
        removed = [value for value in old["enum"] if value not in new["enum"]]
        if removed:
            yield Breaking("request-constraint-narrowed", at,
                           f"enum values no longer accepted: {removed}")


def _union_narrowed(pair: _Pair, old: dict, new: dict, at: str) -> Iterator[Breaking]:
    """A request union with fewer forms: a body in a form removed is refused. (Optic
    reports a member removed from an answer's union, not from a request's.)"""
    old_members, new_members = _union(pair.released, old), _union(pair.current, new)
    if len(old_members) < 2:
        return
    new_keys = {_member_key(pair.current, member) for member in new_members}
    gone = [key[-1] for key in (_member_key(pair.released, member) for member in old_members)
            if key is not None and key not in new_keys]
    if gone or len(new_members or [new]) < len(old_members):
        forms = f": {gone}" if gone else ""
        yield Breaking("request-union-narrowed", at,
                       f"{len(old_members)} forms were accepted, {len(new_members or [new])} "
                       f"now{forms}: a body in a form removed is refused")


def _narrowing(at: str, keyword: str, old: object, new: object) -> Breaking:
    before = "none" if old is None else repr(old)
    return Breaking("request-constraint-narrowed", at,
                    f"`{keyword}` {before} -> {new!r}: values the released document "
                    f"allowed are refused")


def _newly_required(old: dict, new: dict, at: str) -> Iterator[Breaking]:
    """A request property required now and not before, whatever its schema."""
    for name in _required(new) - _required(old):
        yield Breaking("request-property-required", f"{at}.{name}",
                       f"`{name}` is now required: a client that leaves it out is refused")


def _loosened(pair: _Pair, old: dict, new: dict, at: str) -> Iterator[Breaking]:
    """An answer's schema promising less: a field that may be missing or null, a type
    wider than the client's."""
    for name in _required(old) - _required(new):
        yield Breaking("answer-property-optional", f"{at}.{name}",
                       f"`{name}` was always in the answer and now may be missing")
    if _accepts_null(pair.current, new) and not _accepts_null(pair.released, old):
        yield Breaking("answer-property-nullable", at,
                       "the value may now be null, which the released document never sent")
    old_types, new_types = _types(pair.released, old), _types(pair.current, new)
    if old_types is not None and new_types is not None:
        # An integer is a number: "number" covers it; null is the check above.
        wider = {kind for kind in new_types - old_types - {"null"}
                 if not (kind == "integer" and "number" in old_types)}
        if wider:
            yield Breaking("answer-type-widened", at,
                           f"the answer may now be of type {sorted(wider)}, beside "
                           f"{sorted(old_types)}")


def _added_to_closed(old: dict, new: dict, at: str) -> Iterator[Breaking]:
    """A property added to an answer the released document closed: a strict client
    (``extra="forbid"``, ajv) refuses an answer with a property it does not know."""
    if old.get("additionalProperties") is not False:
        return
    for name in sorted(new.get("properties", {}).keys() - old.get("properties", {}).keys()):
        yield Breaking("closed-answer-property-added", f"{at}.{name}",
                       f"`{name}` added to an answer the released document closes "
                       f"(additionalProperties: false): strict clients refuse it")


def _values_added(pair: _Pair, old: dict, new: dict, at: str) -> Iterator[Breaking]:
    """An answer's enum with a value, or its union with a member, the released document
    never sent (a null member is :func:`_loosened`'s)."""
    if "enum" in old and "enum" in new:
        added = [value for value in new["enum"] if value not in old["enum"]]
        if added:
            yield Breaking("answer-enum-value-added", at,
                           f"enum values the released document never sent: {added}")
    old_members = [member for member in _union(pair.released, old)
                   if _member_key(pair.released, member) != ("null",)]
    new_members = [member for member in _union(pair.current, new)
                   if _member_key(pair.current, member) != ("null",)]
    if not old_members:
        return  # not a union before: a type widened is _loosened's
    old_keys = {_member_key(pair.released, member) for member in old_members}
    added = [key[-1] for key in (_member_key(pair.current, member) for member in new_members)
             if key is not None and key not in old_keys]
    if added or len(new_members) > len(old_members):
        forms = f": {added}" if added else ""
        yield Breaking("answer-union-member-added", at,
                       f"{len(old_members)} forms were sent, {len(new_members)} now{forms}: "
                       f"a client that knows only the released ones refuses the answer")


def _inner_pairs(pair: _Pair, old: dict, new: dict) -> Iterator[tuple[str, dict, dict]]:
    """The schemas inside ``old`` and ``new`` that correspond, with the step to them."""
    old_properties, new_properties = old.get("properties", {}), new.get("properties", {})
    for name in sorted(old_properties.keys() & new_properties.keys()):
        yield f".{name}", old_properties[name], new_properties[name]
    for keyword, step in (("items", "[*]"), ("additionalProperties", ".*")):
        if isinstance(old.get(keyword), dict) and isinstance(new.get(keyword), dict):
            yield step, old[keyword], new[keyword]
    yield from _members(pair, _union(pair.released, old), _union(pair.current, new),
                        _union_keyword(new))
    yield from _members(pair, old.get("allOf", []), new.get("allOf", []), "allOf")
    # A plain schema become a union with null (or back): compare the value's own schema.
    old_value, new_value = _without_null(pair.released, old), _without_null(pair.current, new)
    if (old_value is not old or new_value is not new) and None not in (old_value, new_value):
        yield "", old_value, new_value


def _members(pair: _Pair, old_members: list, new_members: list,
             keyword: str) -> Iterator[tuple[str, dict, dict]]:
    """The union members that correspond: by their tag (a property of one value, as
    msgspec's tagged unions have) or as the null member, else by position when the counts
    match; a member removed or added is Optic's to report."""
    new_by_key = {_member_key(pair.current, member): index
                  for index, member in enumerate(new_members)}
    for index, member in enumerate(old_members):
        key = _member_key(pair.released, member)
        if key is not None and key in new_by_key:
            partner = new_by_key[key]
        elif len(old_members) == len(new_members):
            partner = index
        else:
            continue
        yield f".{keyword}[{partner}]", member, new_members[partner]


def _union(document: dict, schema: dict) -> list:
    """The forms of a union, a union inside it flattened (``anyOf: [Jolly, null]`` with
    ``Jolly`` itself a union is three forms, as it was once written); anyOf and oneOf
    alike, as the generator's choice between them changed from 0.1.0."""
    forms = []
    for member in schema.get("oneOf") or schema.get("anyOf") or []:
        inner = _resolve(document, member)
        nested = _union(document, inner) if _only_a_union(inner) else []
        forms += nested or [member]
    return forms


def _only_a_union(schema: dict) -> bool:
    # A union that says nothing else (a description aside) is the same as its forms.
    return bool(schema.get("oneOf") or schema.get("anyOf")) and not (
        schema.keys() - {"oneOf", "anyOf", "description", "title"})


def _union_keyword(schema: dict) -> str:
    return "oneOf" if "oneOf" in schema else "anyOf"


def _member_key(document: dict, member: dict) -> object:
    schema = _resolve(document, member)
    for name, value in sorted(schema.get("properties", {}).items()):
        value = _resolve(document, value)
        if "const" in value:
            return ("tag", name, value["const"])
        if len(value.get("enum", [])) == 1:
            return ("tag", name, value["enum"][0])
    if schema.get("type") == "null":
        return ("null",)
    return None


# ---- schema helpers -------------------------------------------------------------------

def _resolve(document: dict, node: object) -> dict:
    """``node`` with its ``$ref`` (a chain of them) followed within ``document``."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        target: object = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def _required(schema: dict) -> set[str]:
    return set(schema.get("required", []))


def _types(document: dict, schema: dict) -> set[str] | None:
    """The JSON types a schema allows, or None when it does not say in ``type`` (nor do
    all its ``anyOf``/``oneOf`` members)."""
    kind = schema.get("type")
    if isinstance(kind, str):
        return {kind}
    if isinstance(kind, list):
        return set(kind)
    members = schema.get("anyOf") or schema.get("oneOf")
    if members:
        kinds = [_types(document, _resolve(document, member)) for member in members]
        if all(found is not None for found in kinds):
            return set().union(*kinds)
    return None


def _accepts_null(document: dict, schema: dict) -> bool:
    """Whether the schema allows null: a type list with it, a union member of it, an
    enum or const of it."""
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if None in schema.get("enum", []) or ("const" in schema and schema["const"] is None):
        return True
    members = [*schema.get("anyOf", []), *schema.get("oneOf", [])]
    return any(_accepts_null(document, _resolve(document, member)) for member in members)


def _without_null(document: dict, schema: dict) -> dict | None:
    """The one non-null member of a union with null; the schema itself when it is not
    such a union; None when there is no single value schema to compare."""
    for keyword in ("anyOf", "oneOf"):
        members = schema.get(keyword)
        if members:
            values = [member for member in members
                      if _resolve(document, member).get("type") != "null"]
            if len(values) == len(members):
                return schema
            return _resolve(document, values[0]) if len(values) == 1 else None
    return schema
