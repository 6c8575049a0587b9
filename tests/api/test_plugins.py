"""Plugins through HTTP: a broken plugin is listed apart with its reason while the others
keep working; a plugin failing during a request is a 500 ``plugin_error`` naming it; a
house rule's options are described and taken like the variant's.

Broken installed plugins are fakes (the ``installed`` fixture); plugins failing during
play are registered for the test (the ``registered`` fixture).
"""

from __future__ import annotations

import pytest

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import ScoreLine
from foraccio.core.registry import HouseRule
from tests.api.conftest import wire
from tests.api.test_errors import MID_HAND, assert_problem
from tests.conftest import FakeEntryPoint
from tests.core.test_house_rules import DOUBLE_SCOPA
from tests.core.test_plugins import BrokenDeck, a_house_rule, a_variant


class ScoreFails:
    @hookimpl
    def foraccio_score_lines(self):
        raise RuntimeError("secret internals")


class TeamTwo:
    @hookimpl
    def foraccio_score_lines(self):
        return [ScoreLine(team=2, name="extra", points=1)]


def rule(name, plugin):
    return HouseRule(name, name, f"A test house rule: {name}.", plugins=(plugin,))


@pytest.fixture
def broken(installed):
    """A broken variant, a broken house rule and an entry point that does not import,
    installed next to a working house rule."""
    def does_not_import():
        raise ImportError("No module named 'gone'")

    installed([FakeEntryPoint("lungo", lambda: a_variant("lungo", BrokenDeck()), "lungo-dist"),
               FakeEntryPoint("bad-deck", lambda: a_house_rule("bad-deck", BrokenDeck())),
               FakeEntryPoint("gone", does_not_import, "gone-dist"),
               FakeEntryPoint("quiet", a_house_rule)])


def test_broken_variants_are_listed_apart_and_the_others_still_served(client, broken):
    listed = client.get("/variants").json()

    assert [variant["name"] for variant in listed["variants"]] == ["foraccio", "zobelon"]
    # By distribution name, whatever the order the entry points were found in.
    assert listed["skipped"] == [
        {"name": "gone", "distribution": "gone-dist", "kind": None,
         "reason": "it failed to import: ImportError: No module named 'gone'"},
        {"name": "lungo", "distribution": "lungo-dist", "kind": "variant",
         "reason": "foraccio_build_deck: it raised ZeroDivisionError: no deck today"}]
    problem = assert_problem(client.get("/variants/lungo"), 404, "unknown_variant")
    assert problem["detail"] == ("Variant 'lungo' was not loaded: foraccio_build_deck: it "
                                 "raised ZeroDivisionError: no deck today.")


def test_broken_house_rules_are_listed_apart_and_asking_for_one_says_why(client, broken):
    listed = client.get("/house-rules").json()

    assert "quiet" in [rule["name"] for rule in listed["house_rules"]]
    assert [(skip["name"], skip["kind"]) for skip in listed["skipped"]] == [
        ("bad-deck", "house_rule"), ("gone", None)]
    body = {"variant": "foraccio", "house_rules": ["quiet", "bad-deck"]}
    problem = assert_problem(client.post("/games", json=body), 422, "unknown_house_rule")
    assert problem["detail"].startswith("House rule 'bad-deck' was not loaded: "
                                        "foraccio_build_deck: with variant 'foraccio'")


class Recorder:
    """Stands for the error log (structlog's loggers are cached on first use, so
    ``capture_logs`` would miss a logger an earlier test used)."""

    def __init__(self):
        self.entries = []

    def error(self, event, **fields):
        self.entries.append({"event": event, **fields})


def test_an_exception_in_plugin_code_is_a_plugin_error_naming_the_plugin(client, registered,
                                                                         monkeypatch):
    registered(rule("score-fails", ScoreFails()))
    state = wire(MID_HAND) | {"house_rules": ["score-fails"]}
    log = Recorder()
    monkeypatch.setattr("foraccio.api.errors.logger", log)

    response = client.post("/games/score", json={"state": state})

    problem = assert_problem(response, 500, "plugin_error")
    assert problem["detail"] == ("House rule 'score-fails' failed in foraccio_score_lines; "
                                 "the error has been logged.")
    assert problem["plugin"] == {"kind": "house_rule", "name": "score-fails",
                                 "distribution": None, "hook": "foraccio_score_lines"}
    assert "secret" not in response.text and "RuntimeError" not in response.text
    (logged,) = log.entries
    assert logged["event"] == "plugin_error"
    assert logged["plugin"] == "score-fails" and logged["hook"] == "foraccio_score_lines"
    assert isinstance(logged["exc_info"].__cause__, RuntimeError)


def test_a_malformed_answer_is_a_plugin_error_saying_what_was_wrong(client, registered):
    registered(rule("team-two", TeamTwo()))
    state = wire(MID_HAND) | {"house_rules": ["team-two"]}

    problem = assert_problem(client.post("/games/score", json={"state": state}), 500,
                             "plugin_error")

    assert problem["detail"] == ("House rule 'team-two' failed in foraccio_score_lines: it "
                                 "returned a score line for team 2 (teams are 0 and 1).")


def test_a_house_rules_options_are_described_and_taken(client, registered):
    registered(DOUBLE_SCOPA)

    listed = client.get("/house-rules").json()["house_rules"]
    described = next(rule for rule in listed if rule["name"] == "double-scopa")
    assert described["variants"] == ["foraccio", "zobelon"]
    assert described["options"] == [{
        "name": "double-scopa.factor", "type": "int", "default": 2, "minimum": 1,
        "maximum": 4, "choices": None,
        "description": "What a scopa's points are multiplied by."}]

    body = {"variant": "zobelon", "seed": 3, "house_rules": ["double-scopa"],
            "options": {"double-scopa.factor": 3}}
    state = client.post("/games", json=body).json()["state"]
    assert state["options"]["double-scopa.factor"] == 3
    assert client.post("/games/legal-moves", json={"state": state}).status_code == 200

    body["options"] = {"double-scopa.factor": 5}
    problem = assert_problem(client.post("/games", json=body), 422, "invalid_options")
    assert problem["detail"] == ("Option 'factor' of house rule 'double-scopa' must be at "
                                 "most 4; got 5.")
