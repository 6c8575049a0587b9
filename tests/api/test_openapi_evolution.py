"""What the document promises about later versions (api/openapi_evolution.py; docs/api.md,
"Versions and what may change"): answers open to new fields, requests closed, and an
answer posted back as it is always taken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foraccio.api.openapi_portable import SCHEMAS, sent_by_clients

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


@pytest.fixture(scope="module")
def document() -> dict:
    return json.loads(DOCUMENT.read_text(encoding="utf-8"))


def objects(document: dict) -> dict[str, dict]:
    """The component schemas that are objects with properties."""
    return {name: schema for name, schema in document["components"]["schemas"].items()
            if "properties" in schema}


def test_every_object_only_answers_carry_is_open_to_new_fields(document):
    sent = sent_by_clients(document)
    answered = {name: schema for name, schema in objects(document).items() if name not in sent}

    closed = sorted(name for name, schema in answered.items()
                    if schema.get("additionalProperties") is False)
    assert answered and not closed, f"answers closed to new fields: {closed}"


def test_every_object_a_request_carries_is_closed(document):
    sent = sent_by_clients(document)
    requested = {name: schema for name, schema in objects(document).items() if name in sent}

    open_ones = sorted(name for name, schema in requested.items()
                       if schema.get("additionalProperties") is not False)
    # The state and a move travel both ways: closed, as the server decodes them.
    assert {"State", "HandLog", "Move"} <= requested.keys()
    assert not open_ones, f"requests open to fields the server refuses: {open_ones}"


def test_the_events_of_an_answer_are_not_part_of_any_request(document):
    assert "Event" not in sent_by_clients(document)


def test_every_field_of_an_open_answer_is_taken_back_by_a_request(document):
    schemas = document["components"]["schemas"]
    request = set(schemas["OpenGameRequest"]["properties"])
    open_answers = [ref["$ref"].removeprefix(SCHEMAS)
                    for union in ("NewGameAnswer", "PlayAnswer", "NextHandAnswer")
                    for ref in schemas[union]["oneOf"]
                    if ref["$ref"].removeprefix(SCHEMAS) in
                    {"StateBody", "Played", "Autoplayed"}]

    assert set(open_answers) == {"StateBody", "Played"}
    for name in open_answers:
        assert set(schemas[name]["properties"]) <= request, name


def test_an_answer_posted_back_is_taken_whatever_its_events_hold(client):
    answer = client.post("/games", json={"variant": "foraccio", "seed": 3}).json()
    later = {**answer, "events": [*answer["events"],
                                  {"type": "from_a_later_version", "what": {"x": [1]}}]}

    moves = client.post("/games/legal-moves", json=later)

    assert moves.status_code == 200, moves.text
    assert moves.json() == client.post("/games/legal-moves", json=answer).json()


@pytest.mark.parametrize("body", [
    {"variant": "foraccio", "table": "mine"},
    {"variant": "foraccio", "options": {}, "sealed": False, "seeds": 3},
])
def test_a_request_with_a_field_the_server_does_not_know_is_refused(client, body):
    answer = client.post("/games", json=body)

    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid_body"


def test_a_state_with_a_field_the_server_does_not_know_is_refused(client):
    answer = client.post("/games", json={"variant": "foraccio", "seed": 3}).json()
    answer["state"]["from_a_later_version"] = 1

    refused = client.post("/games/legal-moves", json=answer)

    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid_body"
