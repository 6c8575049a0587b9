"""The OpenAPI document: generated from the app, committed, and complete.

``make openapi`` rewrites ``openapi/openapi.json``; this test fails when the
committed copy and the app disagree.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.cards import DECK

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


@pytest.fixture(scope="module")
def document(app):
    return json.loads(json.dumps(app.openapi_schema.to_schema()))


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            yield f"{method.upper()} {path}", operation


def test_the_committed_document_is_the_one_the_app_generates(document):
    committed = json.loads(COMMITTED.read_text())
    assert committed == document, (
        "openapi/openapi.json is out of date: run `make openapi` and commit it")


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
    assert len(ids) == len(set(ids)) == 13


def test_every_body_has_a_realistic_example(document):
    for name, operation in operations(document):
        if "requestBody" in operation:
            assert operation["requestBody"]["content"]["application/json"]["examples"], name
        (success,) = [code for code in operation["responses"] if code.startswith("2")]
        assert operation["responses"][success]["content"]["application/json"]["examples"], name


def test_every_error_is_documented_as_a_problem_document(document):
    problem = document["components"]["schemas"]["Problem"]
    assert {"status", "title", "detail", "code"} <= set(problem["required"])
    for name, operation in operations(document):
        errors = {code: response for code, response in operation["responses"].items()
                  if code.startswith("4")}
        if "requestBody" in operation:
            assert {"400", "422"} <= set(errors), name
        for response in errors.values():
            content = response["content"]
            assert list(content) == ["application/problem+json"], name
            assert content["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"}
            for example in content["application/problem+json"]["examples"].values():
                assert example["value"]["code"] == example["summary"]


def test_the_request_examples_are_accepted_and_answer_as_documented(client, document):
    for name, operation in operations(document):
        if "requestBody" not in operation:
            continue
        method, path = name.split(" ")
        examples = operation["requestBody"]["content"]["application/json"]["examples"]
        for example in examples.values():
            response = client.request(method, path, json=example["value"])
            assert response.status_code == 200, (name, response.text)


def test_the_play_example_answers_exactly_as_documented(client, document):
    operation = document["paths"]["/games/play"]["post"]
    request = operation["requestBody"]["content"]["application/json"]["examples"]["a_capture"]
    answer = operation["responses"]["200"]["content"]["application/json"]["examples"]["a_capture"]
    assert client.post("/games/play", json=request["value"]).json() == answer["value"]


def test_cards_are_constrained_wherever_they_appear(document):
    state = document["components"]["schemas"]["State"]["properties"]
    assert sorted(state["hands"]["items"]["items"]["enum"]) == sorted(DECK)
    assert state["scores"]["minItems"] == state["scores"]["maxItems"] == 2
    assert document["components"]["schemas"]["State"]["additionalProperties"] is False
