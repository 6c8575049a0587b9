"""The OpenAPI document: generated from the app, committed, and complete.

``make openapi`` rewrites ``openapi/openapi.json``; this test fails when the
committed copy and the app disagree. What the document needs for client
generators and linters (:mod:`foraccio.api.openapi_portable`) is checked here on the
document; the generators and linters themselves run in ``tests/clients``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from foraccio.api.openapi_file import PATH as COMMITTED
from foraccio.api.openapi_file import text
from foraccio.api.openapi_links import REQUEST_BODY
from foraccio.api.openapi_portable import NO_PLUGIN_CODE
from foraccio.api.sealing import MAX_TOKEN_LENGTH
from foraccio.core.cards import DECK, SUITS

SCHEMAS = "#/components/schemas/"
EITHER_FORM = {"newGame": "NewGameAnswer", "play": "PlayAnswer", "nextHand": "NextHandAnswer",
               "autoplay": "AutoplayAnswer"}
"""The operations whose answer is about an open or a sealed match, and its union's name."""
GAME_REQUESTS = {"legalMoves": "GameRequest", "scoreHand": "GameRequest", "play": "PlayRequest",
                 "nextHand": "NextHandRequest", "botMove": "BotMoveRequest",
                 "autoplay": "AutoplayRequest"}
"""The operations whose request is about an open or a sealed match, and its body's name."""
LITESTAR_DEFAULT_DESCRIPTION = "Request fulfilled, document follows"

MAX_SIZE = 165_000
"""Most bytes of the document as the server serves it (compact JSON, what a generator
downloads); the committed copy is laid out for reading, a third larger. (Each move of
the examples saying its kind took it past 150,000; what went then made room for every
status a route can answer, but not also for the rooms' join and invite, their refusals
and 429 and 503: 155,000; the words of variants and house rules, declarations, ways of
capture, the deal's events in open answers, a bot's `variants` and a room version's
`timed_out`: 165,000.)"""


@pytest.fixture(scope="module")
def document(app):
    return json.loads(json.dumps(app.openapi_schema.to_schema()))


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            yield f"{method.upper()} {path}", operation


def resolved(document: dict, node: Any) -> Any:
    """``node``, or what its ``$ref`` (a pointer into the document) points to."""
    while isinstance(node, dict) and "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def examples(document: dict, media_type: dict) -> dict[str, dict]:
    """The examples of ``media_type`` by name, references resolved."""
    return {name: resolved(document, example)
            for name, example in media_type.get("examples", {}).items()}


def subschemas(schema: Any) -> Iterator[Any]:
    """``schema`` and every schema within it (through JSON values, examples included)."""
    yield schema
    if isinstance(schema, dict):
        for value in schema.values():
            yield from subschemas(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from subschemas(value)


def test_the_committed_document_is_the_one_the_app_generates(document):
    committed = COMMITTED.read_text(encoding="utf-8")
    assert json.loads(committed) == document, (
        "openapi/openapi.json is out of date: run `make openapi` and commit it")
    assert committed == text(document), "openapi/openapi.json was not written by `make openapi`"


def test_the_document_is_small(client):
    assert len(client.get("/schema/openapi.json").content) <= MAX_SIZE


def test_the_document_is_served(client, document):
    assert client.get("/schema/openapi.json").json() == document
    assert client.get("/schema").status_code == 200


def test_every_operation_is_named_summarised_and_described(document):
    ids = []
    for name, operation in operations(document):
        assert operation.get("operationId"), name
        assert operation.get("summary"), name
        assert operation.get("description"), name
        ids.append(operation["operationId"])
    assert len(ids) == len(set(ids)) == 25


def test_only_a_rooms_link_is_a_credential_and_the_license_is_stated(document):
    # Said on purpose: a sealed game's seat key travels in the body, not as a credential;
    # a room's link is the one credential, and only the rooms' operations ask for it.
    assert document["security"] == []
    assert list(document["components"]["securitySchemes"]) == ["roomLink"]
    assert document["components"]["securitySchemes"]["roomLink"]["scheme"] == "bearer"
    for name, operation in operations(document):
        asks = name.split(" ")[1].startswith("/rooms/")
        assert operation.get("security", []) == ([{"roomLink": []}] if asks else []), name
    assert document["info"]["license"] == {"name": "MIT", "identifier": "MIT"}


def test_every_body_has_a_realistic_example(document):
    for name, operation in operations(document):
        if "requestBody" in operation:
            assert examples(document, operation["requestBody"]["content"]["application/json"]), \
                name
        (success,) = [code for code in operation["responses"] if code.startswith("2")]
        (content,) = operation["responses"][success]["content"].values()
        assert examples(document, content), name


def test_the_examples_are_written_under_components(document):
    # Nested under its operation, an example's every line is indented a dozen spaces more:
    # referred to, the document stays within its size.
    for name, operation in operations(document):
        bodies = [operation.get("requestBody", {})] + [
            response for code, response in operation["responses"].items() if code.startswith("2")]
        for body in bodies:
            for media_type in body.get("content", {}).values():
                for example in media_type.get("examples", {}).values():
                    assert set(example) == {"$ref"}, name


def test_every_error_is_documented_as_a_problem_document(document):
    problem = document["components"]["schemas"]["Problem"]
    assert {"status", "title", "detail", "code"} <= set(problem["required"])
    for name, operation in operations(document):
        errors = {code: resolved(document, response) for code, response
                  in operation["responses"].items() if code.startswith(("4", "5"))}
        assert "405" in errors, name  # so every operation documents a 4xx
        if "requestBody" in operation:
            # A body the server understood may still be refused: 422, or in a room 409.
            assert {"400", "413", "415"} <= set(errors) and {"409", "422"} & set(errors), name
        for status, response in errors.items():
            content = response["content"]
            assert list(content) == ["application/problem+json"], name
            # A room's conflict is a problem document holding the room as it is now.
            problem_schema = "RoomProblem" if status == "409" else "Problem"
            assert content["application/problem+json"]["schema"] == {
                "$ref": f"#/components/schemas/{problem_schema}"}
            named = examples(document, content["application/problem+json"])
            assert named, (name, status)
            for example in named.values():
                assert example["value"]["status"] == int(status), (name, status)
                assert set(example) <= {"summary", "description", "value"}, (name, status)


def test_the_405_is_documented_as_the_server_answers_it(client, document):
    documented = resolved(document, document["paths"]["/health"]["get"]["responses"]["405"])
    (example,) = examples(document, documented["content"]["application/problem+json"]).values()
    answer = client.post("/health", json={})
    assert answer.status_code == 405
    assert answer.json() == example["value"]
    assert answer.headers["Allow"] and "Allow" in documented["headers"]


def test_the_request_examples_are_accepted_and_answer_as_documented(client, document):
    for name, operation in operations(document):
        # A room's operations act in a room that exists (tests/rooms play real ones).
        if "requestBody" not in operation or operation.get("security"):
            continue
        method, path = name.split(" ")
        content = operation["requestBody"]["content"]["application/json"]
        for example in examples(document, content).values():
            response = client.request(method, path, json=example["value"])
            (success,) = [code for code in operation["responses"] if code.startswith("2")]
            assert response.status_code == int(success), (name, response.text)


def test_the_play_example_answers_exactly_as_documented(client, document):
    operation = document["paths"]["/games/play"]["post"]
    request = examples(document, operation["requestBody"]["content"]["application/json"])
    answer = examples(document, operation["responses"]["200"]["content"]["application/json"])
    assert client.post("/games/play", json=request["a_capture"]["value"]).json() \
        == answer["a_capture"]["value"]


def test_cards_are_constrained_wherever_they_appear(document):
    schemas = document["components"]["schemas"]
    # A string, not an enum (see test_the_card_and_the_event_are_written_once), whose
    # pattern allows exactly the 52 codes.
    pattern = re.compile(schemas["Card"]["pattern"])
    codes = [f"{rank}{suit}" for rank in range(0, 20) for suit in SUITS + "xD"]
    assert sorted(code for code in codes if pattern.search(code)) == sorted(DECK)
    assert schemas["Card"]["type"] == "string"
    state = schemas["State"]["properties"]
    assert state["hands"]["items"]["items"] == {"$ref": "#/components/schemas/Card"}
    # One score per team: a variant seats 2 to 6 teams.
    assert (state["scores"]["minItems"], state["scores"]["maxItems"]) == (2, 6)
    assert schemas["State"]["additionalProperties"] is False


def test_the_token_and_the_seat_key_are_written_once(document):
    # One generator made SeatKey a wrapper class in one place and a string in another.
    schemas = document["components"]["schemas"]
    for name in ("Token", "SeatKey"):
        written = [schema for schema in subschemas(document)
                   if isinstance(schema, dict) and schema.get("pattern") == schemas[name][
                       "pattern"] and schema.get("maxLength") == schemas[name].get("maxLength")]
        assert written == [schemas[name]], name
    for schema in subschemas(schemas):
        properties = schema.get("properties", {}) if isinstance(schema, dict) else {}
        for prop, ref in (("token", "Token"), ("seat_key", "SeatKey")):
            if prop in properties:
                assert properties[prop] == {"$ref": f"{SCHEMAS}{ref}"}, schema
    assert schemas["NewSealedGame"]["properties"]["seat_keys"]["items"] == {
        "$ref": f"{SCHEMAS}SeatKey"}


def test_every_enum_has_a_type(document):
    # Without one, generators make untyped classes named Type, Type1, ... Type9.
    enums = [schema for schema in subschemas(document["components"]["schemas"])
             if isinstance(schema, dict) and "enum" in schema]
    assert len(enums) > 10
    for schema in enums:
        assert schema.get("type") == "string", schema


def test_the_card_and_the_event_are_written_once(document):
    # Generators make one type per schema written out: one Card, one Event. The card is
    # no enum: openapi-generator's python client calls `Card.from_dict` on an enum nested
    # in an array of arrays (a hand), which fails on the first answer.
    card = document["components"]["schemas"]["Card"]
    assert [schema for schema in subschemas(document) if isinstance(schema, dict)
            and schema.get("pattern") == card["pattern"]] == [card]
    assert not [schema for schema in subschemas(document) if isinstance(schema, dict)
                and isinstance(schema.get("enum"), list) and set(schema["enum"]) & set(DECK)]
    unions = [name for name, schema in document["components"]["schemas"].items()
              if "discriminator" in schema]
    assert sorted(unions) == sorted(["Event", *EITHER_FORM.values()])
    events = document["components"]["schemas"]["Played"]["properties"]["events"]
    assert events["items"] == {"$ref": "#/components/schemas/Event"}


def test_an_answer_about_an_open_or_a_sealed_match_is_a_named_discriminated_union(document):
    schemas = document["components"]["schemas"]
    for name, operation in operations(document):
        union = EITHER_FORM.get(operation["operationId"])
        (success,) = [code for code in operation["responses"] if code.startswith("2")]
        (content,) = operation["responses"][success]["content"].values()
        schema = content.get("schema", {})
        if union is None:
            assert "oneOf" not in resolved(document, schema), name
            continue
        assert schema == {"$ref": f"{SCHEMAS}{union}"}, name
        members = schemas[union]["oneOf"]
        mapping = schemas[union]["discriminator"]
        assert mapping["propertyName"] == "kind"
        assert sorted(mapping["mapping"]) == ["open", "sealed"]
        assert [{"$ref": ref} for ref in mapping["mapping"].values()] == members
        for kind, ref in mapping["mapping"].items():
            member = resolved(document, {"$ref": ref})
            assert "kind" in member["required"], ref
            assert resolved(document, member["properties"]["kind"])["enum"] == [kind]


def test_a_request_about_a_match_is_its_open_or_its_sealed_form(document):
    schemas = document["components"]["schemas"]
    for name, operation in operations(document):
        body = GAME_REQUESTS.get(operation["operationId"])
        if body is None:
            continue
        assert operation["requestBody"]["content"]["application/json"]["schema"] == {
            "$ref": f"{SCHEMAS}{body}"}, name
        assert schemas[body]["oneOf"] == [{"$ref": f"{SCHEMAS}Open{body}"},
                                          {"$ref": f"{SCHEMAS}Sealed{body}"}]
        open_form, sealed_form = schemas[f"Open{body}"], schemas[f"Sealed{body}"]
        for form in (open_form, sealed_form):
            assert form["type"] == "object" and form["additionalProperties"] is False
            assert "kind" not in form["required"]
        assert "state" in open_form["required"]
        assert not {"token", "seat_key"} & set(open_form["properties"])
        assert {"token", "seat_key"} <= set(sealed_form["required"])
        assert "state" not in sealed_form["properties"]
        # An open answer may be posted back as it is, with its events.
        assert "events" in open_form["properties"] and "events" not in sealed_form["properties"]
        # Each form has the operation's own fields, required alike.
        own = set(open_form["properties"]) - {"kind", "state", "events"}
        assert own == set(sealed_form["properties"]) - {"kind", "token", "seat_key"}
        assert set(open_form["required"]) - {"state"} == \
            set(sealed_form["required"]) - {"token", "seat_key"}


def test_fixed_length_arrays_have_items_and_bounds(document):
    # openapi-python-client refuses a boolean `items`; spectral wants `items` on every array.
    for schema in subschemas(document["components"]["schemas"]):
        if isinstance(schema, dict) and schema.get("type") == "array":
            assert isinstance(schema.get("items"), dict), schema
            assert "prefixItems" not in schema, schema
    view = document["components"]["schemas"]["SeatView"]["properties"]
    assert view["hand_sizes"] == {"items": {"type": "integer"}, "minItems": 2, "maxItems": 6,
                                  "type": "array"}


def test_every_success_answer_says_what_it_is(document):
    descriptions = []
    for name, operation in operations(document):
        (success,) = [code for code in operation["responses"] if code.startswith("2")]
        description = operation["responses"][success]["description"]
        assert description != LITESTAR_DEFAULT_DESCRIPTION, name
        descriptions.append(description)
    assert len(set(descriptions)) == len(descriptions)


def test_links_lead_from_a_new_match_to_every_operation_on_a_match(document):
    ids = {operation["operationId"]: operation for _, operation in operations(document)}
    reached, pending = set(), ["newGame"]
    while pending:
        source = pending.pop()
        for name, link in ids[source]["responses"]["200"].get("links", {}).items():
            link = resolved(document, link)
            target = ids[link["operationId"]]
            # The body is a whole body of the target: its fields are the target's fields.
            body = resolved(document, target["requestBody"]["content"]["application/json"][
                "schema"])
            forms = [resolved(document, form) for form in body.get("oneOf", [body])]
            assert any(set(link[REQUEST_BODY]) <= set(form["properties"])
                       and set(form["required"]) <= set(link[REQUEST_BODY])
                       for form in forms), (source, name)
            if link["operationId"] not in reached:
                reached.add(link["operationId"])
                pending.append(link["operationId"])
    assert reached == {"legalMoves", "play", "nextHand", "scoreHand", "botMove", "autoplay",
                       "viewGame"}


def test_what_a_client_may_leave_out_has_no_default(document):
    # openapi-typescript makes a property with a default required in the type.
    schemas = document["components"]["schemas"]
    forms = [f"{form}{body}" for body in set(GAME_REQUESTS.values()) for form in ("Open", "Sealed")]
    for name in ("NewGame", *forms, "State", "HandLog", "Move", "Budget"):
        for prop, schema in schemas[name]["properties"].items():
            assert "default" not in schema, (name, prop)
    sealed = schemas["NewGame"]["properties"]["sealed"]
    assert "sealed" not in schemas["NewGame"]["required"]
    assert "`false`" in sealed["description"]
    # Answers keep theirs: the server always sends those fields.
    assert schemas["Problem"]["properties"]["type"]["default"] == "about:blank"


# --- what eight generators read -------------------------------------------------------


def documented_codes(document: dict, operation: dict, status: str) -> set[str]:
    """The codes of the problem examples ``operation`` documents for ``status``."""
    response = resolved(document, operation["responses"].get(status, {}))
    media_type = response.get("content", {}).get("application/problem+json", {})
    return {example["value"]["code"] for example in examples(document, media_type).values()}


def handlers(app) -> Iterator[tuple[str, Any]]:
    """Each route handler of ``app`` that the document has an operation of, by its id."""
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            if handler.operation_id:
                yield handler.operation_id, handler


def test_every_status_a_route_can_answer_is_documented(app, document):
    # Derived from what each handler takes, not listed by hand: a body may be refused,
    # cut off (408) or too large; an open state the server did not make may be checked
    # in the pool of processes, as bot work is, which answers 503 when busy; anything
    # may fail (500), and a plugin's code wherever it runs.
    ids = {operation["operationId"]: operation for _, operation in operations(document)}
    derived = 0
    for operation_id, handler in handlers(app):
        operation = ids[operation_id]
        parameters = handler.parsed_fn_signature.parameters
        expected = {"405": {"method_not_allowed"}, "500": {"internal_error"}}
        if operation_id not in NO_PLUGIN_CODE:
            expected["500"].add("plugin_error")
        if "data" in parameters:
            expected |= {"400": {"invalid_body"}, "408": {"request_timeout"},
                         "413": {"body_too_large"}, "415": {"unsupported_media_type"}}
            body = parameters["data"].annotation
            takes_state = "state" in getattr(body, "__struct_fields__", ())
            if takes_state or "bot_pool" in parameters:
                expected["503"] = {"busy", "time_limit"}
                derived += 1
        for status, codes in expected.items():
            assert codes <= documented_codes(document, operation, status), (operation_id, status)
    assert derived == 6  # legal moves, play, score, next hand, a bot's move, autoplay


def test_every_union_is_a_one_of(document):
    # openapi-generator's typescript-fetch client of an anyOf with a discriminator (the
    # events, as msgspec writes them) failed `tsc --strict`; docs/api.md says every union
    # is a oneOf, those of plain values too (an option's value, a jolly).
    for schema in subschemas(document):
        if isinstance(schema, dict) and "discriminator" in schema:
            assert "oneOf" in schema and "anyOf" not in schema, schema
        if isinstance(schema, dict) and "anyOf" in schema:
            # Left: a value or null, which generators read as an optional value.
            assert {"type": "null"} in schema["anyOf"] and len(schema["anyOf"]) == 2, schema
    schemas = document["components"]["schemas"]
    assert [option["type"] for option in schemas["OptionValue"]["oneOf"]] == [
        "boolean", "integer", "string"]
    assert [option["type"] for option in schemas["Jolly"]["oneOf"]] == ["string", "integer"]


def references(node: Any) -> Iterator[str]:
    """Every reference in ``node``: each ``$ref``, and each discriminator's mapping."""
    for schema in subschemas(node):
        if isinstance(schema, dict):
            if isinstance(schema.get("$ref"), str):
                yield schema["$ref"]
            if isinstance(schema.get("mapping"), dict):
                yield from schema["mapping"].values()


def test_every_component_is_used(document):
    # A component nothing refers to is dead weight a reader looks for in vain (the 500's
    # `internal_error` example is each operation's, through its 500 response). Security
    # schemes are named by `security`, not referred to.
    referred = set(references(document))
    unused = [f"#/components/{kind}/{name}"
              for kind, components in document["components"].items()
              if kind != "securitySchemes" for name in components]
    assert [ref for ref in unused if ref not in referred] == []
    assert "#/components/examples/internal_error" in referred


def names(node: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every name the document gives (each key of each object, and each operationId and
    parameter name), with where it is; not the data of examples or enums, nor statuses."""
    if isinstance(node, list):
        for item in node:
            yield from names(item, where)
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key in ("value", "enum", "default") or (key == "examples" and isinstance(value, list)):
            continue  # data: an example's value, an enum's values
        if not re.fullmatch(r"\d{3}", key):
            yield f"{where}/{key}", key
        if key in ("operationId", "name") and isinstance(value, str):
            yield f"{where}/{key}", value
        yield from names(value, f"{where}/{key}")


def test_no_name_in_the_document_carries_a_number(document):
    # Generators make a type or a constant of each (orval: InvalidBody2Response for
    # InvalidBody_2), so a number in a name would be one in every client.
    found = list(names(document))
    assert len(found) > 1000
    assert [(where, name) for where, name in found if re.search(r"\d", name)] == []


def inline_named_kinds(document: dict) -> list[str]:
    """Each enum of more than one value and each map of values written out in place (not
    referred to), as JSON without what a place adds (a description, a default)."""
    written = []
    for schema in subschemas(document["components"]["schemas"]):
        if not isinstance(schema, dict):
            continue
        values = [option for option in schema.get("anyOf", ()) if option != {"type": "null"}]
        named = len(schema.get("enum", ())) > 1 or isinstance(
            schema.get("additionalProperties"), dict) or len(values) > 1
        if named:
            bare = {key: value for key, value in schema.items()
                    if key not in ("description", "default", "title", "examples")}
            written.append(json.dumps(bare, sort_keys=True))
    return written


def test_nothing_is_written_out_twice(document):
    # Generators make a type of each place (StatePhase, SeatViewPhase, PublicViewPhase):
    # the phase, `until`, a plugin's kind and the options are each one named schema.
    written = inline_named_kinds(document)
    assert written and [kind for kind in set(written) if written.count(kind) > 1] == []
    schemas = document["components"]["schemas"]
    assert schemas["State"]["properties"]["phase"] == {"$ref": f"{SCHEMAS}Phase"}
    assert schemas["NewGame"]["properties"]["options"] == {"$ref": f"{SCHEMAS}Options"}
    assert schemas["OpenAutoplayRequest"]["properties"]["until"] == {
        "$ref": f"{SCHEMAS}AutoplayUntil"}
    assert schemas["PluginFailure"]["properties"]["kind"] == {"$ref": f"{SCHEMAS}PluginKind"}
    assert schemas["Options"]["additionalProperties"] == {"$ref": f"{SCHEMAS}OptionValue"}
    assert schemas["OptionInfo"]["properties"]["default"] == {"$ref": f"{SCHEMAS}OptionValue"}


def test_the_token_bound_is_the_one_the_docs_give(document):
    # The document's bound is what the server seals at most; docs/api.md gives the same.
    token = document["components"]["schemas"]["Token"]
    assert token["maxLength"] == MAX_TOKEN_LENGTH
    docs = (COMMITTED.parents[1] / "docs" / "api.md").read_text(encoding="utf-8")
    said = re.search(r"never more than ([\d,]+) characters", docs)
    assert said and int(said.group(1).replace(",", "")) == MAX_TOKEN_LENGTH
    assert f"{MAX_TOKEN_LENGTH:,}" in token["description"]
