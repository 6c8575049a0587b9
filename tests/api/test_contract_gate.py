"""The contract gate (tests/api/contract_gate.py, ``make contract``): the committed document
keeps its compatibility line's contract, and the gate, run on edited copies of it, refuses
each kind of breaking change unless the version begins a new line.

The edits are made to a copy of the committed document and compared with the committed
document itself, so that what the copy breaks is the edit's alone. Each comparison takes
Optic about 30 s of CPU on our document, so the edits Optic must find are made together on
one copy, each in an operation of its own; the edits only the gate's own checks
(``contract_checks.py``) find are compared one by one without Optic, which takes
milliseconds. Three tests run Optic, one comparison each: the committed document, the
edits Optic finds, and the edits that keep the contract.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from foraccio import __version__
from tests.api import releases
from tests.api.contract_gate import CURRENT, Verdict, baseline, gate

Edit = Callable[[dict], None]


def schema(document: dict, name: str) -> dict:
    return document["components"]["schemas"][name]


# ---- edits Optic finds ----------------------------------------------------------------

def remove_a_response_field(document: dict) -> None:
    limits = schema(document, "Limits")
    del limits["properties"]["iterations"]
    limits["required"].remove("iterations")


def make_a_request_field_required(document: dict) -> None:
    # A field that is not a union: Optic misses those (see the gate's own checks below).
    schema(document, "NewGame")["required"].append("sealed")


def remove_an_enum_value(document: dict) -> None:
    schema(document, "AutoplayUntil")["enum"].remove("game_over")


def narrow_a_type(document: dict) -> None:
    schema(document, "NewRoom")["properties"]["pace"]["type"] = "integer"


def remove_an_operation(document: dict) -> None:
    del document["paths"]["/house-rules"]


def remove_a_union_member(document: dict) -> None:
    # An event of the answers' union: Optic finds it in answers only (see the own edits).
    event = schema(document, "Event")
    (event.get("oneOf") or event["anyOf"]).pop()


OPTICS_EDITS: dict[str, tuple[Edit, str, str]] = {
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
    "remove a union member": (remove_a_union_member, "POST /games/play",
                              "prevent narrowing in response union types"),
}


# ---- edits only the gate's own checks find --------------------------------------------

def make_a_nullable_request_field_required(document: dict) -> None:
    new_game = schema(document, "NewGame")
    assert {"type": "null"} in new_game["properties"]["seed"]["anyOf"]
    new_game["required"].append("seed")


def narrow_a_string(document: dict) -> None:
    # Token is read by requests and sent in answers: a request schema for narrowing.
    schema(document, "Token")["maxLength"] = 100


def rename_a_path_parameter(document: dict) -> None:
    item = document["paths"].pop("/variants/{name}")
    for parameter in item["get"]["parameters"]:
        if parameter.get("in") == "path":
            parameter["name"] = "variant"
    document["paths"]["/variants/{variant}"] = item


def make_an_answer_field_optional_and_nullable(document: dict) -> None:
    # Bonus.card already is, since 0.1.0: its points are not.
    bonus = schema(document, "Bonus")
    bonus["required"].remove("points")
    bonus["properties"]["points"] = {"anyOf": [bonus["properties"]["points"],
                                               {"type": "null"}]}


def remove_a_form_from_a_request_union(document: dict) -> None:
    # The sealed form of a bot's request: a client that posts a token is refused. Optic
    # reports no member removed from a request's union, first or last.
    schema(document, "BotMoveRequest")["oneOf"].pop()


def add_a_property_to_a_closed_answer(document: dict) -> None:
    # Answer-only schemas may be opened; these two are read by requests too, so stay closed.
    closed = [name for name in ("Move", "State")
              if schema(document, name).get("additionalProperties") is False]
    assert closed, "neither Move nor State is closed any more: pick another closed schema"
    schema(document, closed[0])["properties"]["note"] = {"type": "string"}


def add_an_event_type(document: dict) -> None:
    # A new member of the answers' Event union, as a new event type would be.
    event = schema(document, "Event")
    shown = copy.deepcopy(schema(document, "Laid"))
    shown["properties"]["type"] = {"type": "string", "enum": ["shown"]}
    document["components"]["schemas"]["Shown"] = shown
    event["oneOf"].append({"$ref": "#/components/schemas/Shown"})
    event["discriminator"]["mapping"]["shown"] = "#/components/schemas/Shown"


def add_a_value_to_an_answer_enum(document: dict) -> None:
    schema(document, "Phase")["enum"].append("abandoned")


OWN_EDITS: dict[str, tuple[Edit, tuple[tuple[str, str], ...]]] = {
    # what it does: (the edit, each (rule, part of where) that must be found)
    "make a nullable request field required": (
        make_a_nullable_request_field_required,
        (("request-property-required", "POST /games request application/json $.seed"),)),
    "narrow a string's maxLength": (
        narrow_a_string, (("request-constraint-narrowed", " request "),)),
    "rename a path parameter": (
        rename_a_path_parameter,
        (("parameter-renamed", "GET /variants/{variant} parameter path variant"),)),
    "make an answer field optional and nullable": (
        make_an_answer_field_optional_and_nullable,
        (("answer-property-optional", ".points"), ("answer-property-nullable", ".points"))),
    "add a property to a closed answer": (
        add_a_property_to_a_closed_answer,
        (("closed-answer-property-added", " response 200 "),)),
    "add an event type to the answers' union": (
        add_an_event_type, (("answer-union-member-added", "POST /games/play response 200 "),)),
    "add a value to an answer's enum": (
        add_a_value_to_an_answer_enum,
        (("answer-enum-value-added", "POST /games response 200 "),)),
    "remove a form from a request union": (
        remove_a_form_from_a_request_union,
        (("request-union-narrowed", "POST /games/bot-move request "),)),
}


# ---- edits that keep the contract -----------------------------------------------------

def add_an_optional_request_field(document: dict) -> None:
    schema(document, "NewGame")["properties"]["table_name"] = {
        "type": "string", "description": "A name for the table."}


def add_an_operation(document: dict) -> None:
    health = document["paths"]["/health"]["get"]
    document["paths"]["/health/ready"] = {"get": {**copy.deepcopy(health),
                                                  "operationId": "getReadiness"}}


def renaming(old: str, new: str) -> Edit:
    """An edit renaming the component schema ``old`` to ``new``, every reference too:
    generated code renames a class, the wire stays the same."""
    def edit(document: dict) -> None:
        schemas = document["components"]["schemas"]
        schemas[new] = schemas.pop(old)
        text = json.dumps(document).replace(f'"#/components/schemas/{old}"',
                                            f'"#/components/schemas/{new}"')
        document.clear()
        document.update(json.loads(text))
    return edit


rename_a_schema = renaming("Limits", "ServerLimits")


def set_the_version(version: str) -> Edit:
    def edit(document: dict) -> None:
        document["info"]["version"] = version
    return edit


def edited_copy(folder: Path, *edits: Edit) -> Path:
    """A copy of the committed document in ``folder``, with ``edits`` made to it."""
    document = json.loads(CURRENT.read_text(encoding="utf-8"))
    for edit in edits:
        edit(document)
    path = folder / "openapi.json"
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return path


def found(verdict: Verdict, rule: str, where: str) -> bool:
    """Whether ``rule`` found a break at a place that ``where`` is part of."""
    return any(change.rule == rule and where in change.where for change in verdict.breaking)


def found_in(verdict: Verdict, rule: str, operation: str) -> bool:
    """Whether ``rule`` found a break in ``operation`` itself (``POST /games``, not
    ``POST /games/play``)."""
    return any(change.rule == rule and re.split(r" request| response| parameter",
                                                 change.where)[0] == operation
               for change in verdict.breaking)


# ---- the committed document -----------------------------------------------------------

def test_each_release_is_named_by_its_version():
    for version, path in releases.released_documents().items():
        assert releases.info_version(path) == path.stem == str(version)
    assert releases.info_version(CURRENT) == __version__


def test_the_committed_document_keeps_its_lines_contract():
    verdict = gate()

    assert verdict.passes, str(verdict)
    if releases.line_release(__version__) is None:
        # A line without a release yet: compared with the last release, breaks allowed.
        assert verdict.released_version == releases.last_release().stem
        assert verdict.may_break


# ---- breaking edits -------------------------------------------------------------------

def test_each_edit_optic_finds_fails_the_gate(tmp_path):
    edits = [edit for edit, _, _ in OPTICS_EDITS.values()]

    verdict = gate(CURRENT, edited_copy(tmp_path, *edits))

    assert not verdict.passes
    missed = {name for name, (_, operation, rule) in OPTICS_EDITS.items()
              if not found_in(verdict, rule, operation)}
    assert not missed, f"breaking edits the gate let through: {missed}\n{verdict}"


@pytest.mark.parametrize("name", OWN_EDITS)
def test_each_edit_optic_misses_fails_the_gate(tmp_path, name):
    edit, expected = OWN_EDITS[name]

    verdict = gate(CURRENT, edited_copy(tmp_path, edit), optic=False)

    assert not verdict.passes
    missed = [(rule, where) for rule, where in expected if not found(verdict, rule, where)]
    assert not missed, f"{name}: not found {missed}\n{verdict}"


def test_a_break_behind_a_renamed_schema_is_still_found(tmp_path):
    # The own checks follow references on each side, not names.
    rename_token = renaming("Token", "SealedToken")

    renamed = gate(CURRENT, edited_copy(tmp_path, rename_token), optic=False)
    narrowed = gate(CURRENT, edited_copy(tmp_path, narrow_a_string, rename_token),
                    optic=False)

    assert renamed.breaking == ()
    assert found(narrowed, "request-constraint-narrowed", " request "), str(narrowed)


def test_breaking_edits_pass_on_a_new_compatibility_line_only(tmp_path):
    # The gate's own checks suffice to see the verdict follow the versions: no Optic.
    edits = [edit for edit, _ in OWN_EDITS.values()]
    version = releases.info_version(CURRENT)
    later = releases.next_line(version)

    allowed = gate(CURRENT, edited_copy(tmp_path, *edits, set_the_version(later)),
                   optic=False)
    refused = gate(CURRENT, edited_copy(tmp_path, *edits), optic=False)

    assert allowed.breaking
    assert allowed.passes, str(allowed)
    assert "may break: a new compatibility line" in str(allowed)
    assert not refused.passes
    assert f"the next compatibility line (info.version {later})" in str(refused)


# ---- edits that keep the contract -----------------------------------------------------

def test_renaming_a_schema_adding_an_optional_field_and_an_operation_pass(tmp_path):
    verdict = gate(CURRENT, edited_copy(tmp_path, rename_a_schema,
                                        add_an_optional_request_field, add_an_operation))

    assert verdict.breaking == (), str(verdict)
    assert verdict.passes


# ---- versions -------------------------------------------------------------------------

@pytest.mark.parametrize(("released", "current", "may_break"), [
    ("0.1.0", "0.2.0", True),
    ("0.1.0", "0.2.0.dev0", True),
    ("0.2.0", "0.2.1", False),
    ("0.2.0", "0.2.1.dev0", False),
    ("0.9.0", "1.0.0", True),
    ("1.2.0", "1.10.0", False),
    ("1.10.3", "2.0.0", True),
    ("2.0.0", "10.0.0", True),
])
def test_only_a_later_compatibility_line_may_break(released, current, may_break):
    change = ("prevent operation removal", "GET /limits", "cannot remove an operation.")

    assert releases.may_break(released, current) is may_break
    assert Verdict(released, current, (change,)).passes is may_break
    assert Verdict(released, current, ()).passes


@pytest.mark.parametrize(("released", "current", "compared_with"), [
    (("0.1.0",), "0.1.1.dev0", "0.1.0"),
    (("0.1.0",), "0.2.0.dev0", "0.1.0"),  # no 0.2 release yet: the last one, may break
    (("0.1.0", "0.2.0"), "0.2.1", "0.2.0"),
    (("0.1.0", "0.2.0", "0.2.1"), "0.2.2.dev0", "0.2.1"),
    (("0.1.0", "0.2.0"), "0.3.0.dev0", "0.2.0"),
    (("1.0.0", "1.1.0", "2.0.0"), "1.1.5", "1.1.0"),
])
def test_the_gate_compares_with_the_lines_newest_release_else_the_last(
        tmp_path, released, current, compared_with):
    for version in released:
        (tmp_path / f"{version}.json").write_text(
            json.dumps({"info": {"version": version}}), encoding="utf-8")

    assert baseline(current, tmp_path).stem == compared_with
