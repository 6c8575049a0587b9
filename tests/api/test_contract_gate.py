"""The contract gate (tests/api/contract_gate.py, ``make contract``): the committed document
keeps the last release's contract, and the gate, run by Optic on edited copies of it,
refuses breaking changes unless the major version changes.

Each comparison takes Optic about 30 s of CPU on our document, so the breaking edits are
made together on one copy, each in an operation of its own, and each must be among the
breaking changes found; every test runs one comparison of its own.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from foraccio import __version__
from tests.api.contract_gate import CURRENT, Verdict, gate, info_version, last_release

Edit = Callable[[dict], None]


def schema(document: dict, name: str) -> dict:
    return document["components"]["schemas"][name]


def remove_a_response_field(document: dict) -> None:
    limits = schema(document, "Limits")
    del limits["properties"]["iterations"]
    limits["required"].remove("iterations")


def make_a_request_field_required(document: dict) -> None:
    # A field that is not a union: Optic does not check those for this (docs/development.md).
    schema(document, "NewGame")["required"].append("sealed")


def remove_an_enum_value(document: dict) -> None:
    schema(document, "AutoplayUntil")["enum"].remove("game_over")


def narrow_a_type(document: dict) -> None:
    schema(document, "NewRoom")["properties"]["pace"]["type"] = "integer"


def remove_an_operation(document: dict) -> None:
    del document["paths"]["/house-rules"]


BREAKING_EDITS: dict[str, tuple[Edit, str, str]] = {
    # what it does: (the edit, the operation it breaks, the check of Optic's that must fail)
    "remove a response field": (remove_a_response_field, "GET /limits",
                                "prevent removing response property"),
    "make a request field required": (make_a_request_field_required, "POST /games",
                                      "prevent changing request property to required"),
    # Optic checks a oneOf body's forms whole: the value is gone from one of them.
    "remove an enum value": (remove_an_enum_value, "POST /games/autoplay",
                             "prevent expanded in request union types"),
    "narrow a type": (narrow_a_type, "POST /rooms", "prevent request property type changes"),
    "remove an operation": (remove_an_operation, "GET /house-rules",
                            "prevent operation removal"),
}


def add_an_optional_request_field(document: dict) -> None:
    schema(document, "NewGame")["properties"]["table_name"] = {
        "type": "string", "description": "A name for the table."}


def add_an_operation(document: dict) -> None:
    health = document["paths"]["/health"]["get"]
    document["paths"]["/health/ready"] = {"get": {**copy.deepcopy(health),
                                                  "operationId": "getReadiness"}}


def bump_the_major_version(document: dict) -> None:
    document["info"]["version"] = f"{int(info_version(CURRENT).split('.')[0]) + 1}.0.0"


def edited_copy(folder: Path, *edits: Edit) -> Path:
    """A copy of the committed document in ``folder``, with ``edits`` made to it."""
    document = json.loads(CURRENT.read_text(encoding="utf-8"))
    for edit in edits:
        edit(document)
    path = folder / "openapi.json"
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return path


def test_the_last_release_is_named_by_its_version():
    released = last_release()

    assert info_version(released) == released.stem
    assert info_version(CURRENT) == __version__


def test_the_committed_document_keeps_the_last_releases_contract():
    verdict = gate()

    assert verdict.passes, str(verdict)


def test_each_breaking_edit_fails_the_gate(tmp_path):
    edits = [edit for edit, _, _ in BREAKING_EDITS.values()]

    verdict = gate(current=edited_copy(tmp_path, *edits))

    assert not verdict.passes
    found = {(change.where.split(" response ")[0].split(" request ")[0], change.rule)
             for change in verdict.breaking}
    missed = {name for name, (_, operation, rule) in BREAKING_EDITS.items()
              if not any(where.startswith(operation) and found_rule == rule
                         for where, found_rule in found)}
    assert not missed, f"breaking edits the gate let through: {missed}\n{verdict}"


def test_a_breaking_edit_with_a_new_major_version_passes(tmp_path):
    verdict = gate(current=edited_copy(tmp_path, remove_an_operation, remove_a_response_field,
                                       bump_the_major_version))

    assert verdict.breaking
    assert verdict.passes, str(verdict)


def test_adding_an_optional_field_and_an_operation_passes(tmp_path):
    verdict = gate(current=edited_copy(tmp_path, add_an_optional_request_field,
                                       add_an_operation))

    assert verdict.breaking == ()
    assert verdict.passes


@pytest.mark.parametrize(("released", "current", "passes"), [
    ("0.1.0", "0.2.0", False),
    ("0.9.0", "1.0.0", True),
    ("1.2.0", "1.10.0", False),
    ("1.10.3", "2.0.0", True),
    ("2.0.0", "10.0.0", True),
])
def test_only_a_greater_major_version_lets_a_breaking_change_through(released, current,
                                                                     passes):
    change = ("prevent operation removal", "GET /limits", "cannot remove an operation.")

    assert Verdict(released, current, (change,)).passes is passes
    assert Verdict(released, current, ()).passes
