"""``GET /bots``: every bot by name, what it does, the budget it reads with the most this
server accepts, and the installed bots it did not load; an installed bot plays like a
built-in one. (The example distribution's bot plays in the bot pool: see
examples/scopa/tests/test_scopa_greedy.py.)"""

from __future__ import annotations

import msgspec
import pytest
from litestar.testing import TestClient

from foraccio.api.app import create_app
from foraccio.api.limits import ITERATIONS, SECONDS
from foraccio.bots import BotPlugin, register_bot, unregister_bot
from foraccio.core.engine import legal_moves
from foraccio.core.model import Move
from foraccio.core.view import view_legal_moves
from tests.api.conftest import wire
from tests.api.test_bots import mid_hand
from tests.conftest import FakeEntryPoint


def test_the_built_in_bots_are_listed_with_the_budget_they_read(client):
    listed = client.get("/bots").json()
    bots = {bot["name"]: bot for bot in listed["bots"]}

    assert list(bots)[:3] == ["random", "heuristic", "ismcts"]
    assert bots["random"] == {"name": "random", "description": "Plays a uniformly random "
                              "legal move.", "budget": [], "distribution": "foraccio",
                              "variants": []}
    assert bots["heuristic"]["budget"] == []
    assert bots["ismcts"]["budget"] == [
        {"name": "iterations", "type": "int", "description": "Playouts a move.",
         "maximum": 1000},
        {"name": "seconds", "type": "float", "description": "Seconds a move (the move then "
         "depends on the server's speed).", "maximum": 1.0}]
    assert listed["skipped"] == []


@pytest.mark.parametrize("asked", [{"params": {"lang": "it"}},
                                   {"headers": {"Accept-Language": "it-IT,it;q=0.9"}}],
                         ids=["lang", "Accept-Language"])
def test_the_bots_are_described_in_the_language_asked_for(client, asked):
    answer = client.get("/bots", **asked)
    bots = {bot["name"]: bot for bot in answer.json()["bots"]}

    assert answer.headers["content-language"] == "it"
    assert "accept-language" in answer.headers["vary"].lower()
    assert bots["random"]["description"] == ("Gioca una mossa lecita a caso, con uguale "
                                             "probabilità.")
    assert bots["heuristic"]["description"].startswith("Prende le carte a cui i punti")
    assert bots["ismcts"]["description"].startswith("Ricerca Monte Carlo")
    assert [field["description"] for field in bots["ismcts"]["budget"]] == [
        "Partite simulate a mossa.",
        "Secondi a mossa (la mossa dipende allora dalla velocità del server)."]
    # The examples' installed bots, by their distributions' own catalogues.
    assert bots["greedy"]["description"].startswith("Prende quante più carte può")
    assert bots["chitarrella"]["description"].startswith("Gioca lo Scopone secondo le regole")


def test_the_bots_are_described_in_english_by_default(client):
    answer = client.get("/bots", headers={"Accept-Language": "de"})

    assert answer.headers["content-language"] == "en"
    assert {bot["name"]: bot["description"] for bot in answer.json()["bots"]}[
        "chitarrella"].startswith("Plays Scopone by the classic books' rules")


def test_the_budget_maximum_is_this_servers_ceiling_when_lower(monkeypatch):
    monkeypatch.setenv(ITERATIONS, "200")
    monkeypatch.setenv(SECONDS, "0.5")
    with TestClient(create_app()) as client:
        ismcts = next(bot for bot in client.get("/bots").json()["bots"]
                      if bot["name"] == "ismcts")
        over = client.post("/games/bot-move", json={"state": wire(mid_hand()), "bot": "ismcts",
                                                    "budget": {"iterations": 201}})

    assert [(field["name"], field["maximum"]) for field in ismcts["budget"]] == [
        ("iterations", 200), ("seconds", 0.5)]
    assert over.status_code == 422 and over.json()["code"] == "budget_over_limit"


def first_legal(view, rng, budget=None):
    return view_legal_moves(view)[0]


@pytest.fixture
def installed(installed_bots):
    """A working quick bot (computed in the server's own process, which sees these fake
    entry points) installed next to a broken one and one that does not import."""
    def gone():
        raise ImportError("No module named 'gone'")

    installed_bots([
        FakeEntryPoint("first-legal", lambda: BotPlugin(
            "first-legal", "Plays the first legal move.", first_legal, quick=True), "fl-dist"),
        FakeEntryPoint("bad", lambda: BotPlugin("Bad Name", "Badly named.", first_legal),
                       "bad-dist"),
        FakeEntryPoint("gone", gone, "gone-dist")])


def test_an_installed_bot_is_listed_and_plays_and_a_broken_one_is_listed_apart(client,
                                                                                installed):
    listed = client.get("/bots").json()
    state = mid_hand()
    moved = client.post("/games/bot-move", json={"state": wire(state), "bot": "first-legal"})
    refused = client.post("/games/bot-move", json={"state": wire(state), "bot": "gone"})

    mine = next(bot for bot in listed["bots"] if bot["name"] == "first-legal")
    assert mine == {"name": "first-legal", "description": "Plays the first legal move.",
                    "budget": [], "distribution": "fl-dist", "variants": []}
    assert [(skip["name"], skip["distribution"], skip["kind"]) for skip in listed["skipped"]] == [
        ("bad", "bad-dist", "bot"), ("gone", "gone-dist", "bot")]
    assert "its name is 'Bad Name'" in listed["skipped"][0]["reason"]
    assert moved.status_code == 200, moved.text
    assert msgspec.convert(moved.json()["move"], Move) == legal_moves(state, kinds=True)[0]
    assert refused.status_code == 422 and refused.json()["code"] == "unknown_bot"
    assert refused.json()["detail"] == ("Bot 'gone' was not loaded: it failed to import: "
                                        "ImportError: No module named 'gone'.")


def test_skipped_bots_are_not_listed_with_the_variants_and_house_rules(client, installed):
    skipped = client.get("/variants").json()["skipped"] + client.get(
        "/house-rules").json()["skipped"]

    assert {skip["name"] for skip in skipped}.isdisjoint({"bad", "gone"})


def test_a_bot_that_fails_answers_a_plugin_error_naming_it(client):
    def raises(view, rng, budget=None):
        raise RuntimeError("secret internals")

    register_bot(BotPlugin("faulty", "Fails.", raises, quick=True))
    try:
        answer = client.post("/games/bot-move", json={"state": wire(mid_hand()), "bot": "faulty"})
    finally:
        unregister_bot("faulty")

    assert answer.status_code == 500
    assert answer.json()["code"] == "plugin_error"
    assert answer.json()["plugin"] == {"kind": "bot", "name": "faulty", "distribution": None,
                                       "hook": None}
    assert "secret internals" not in answer.text
