"""Legal moves over HTTP say their kind, as the variant's play rule decided; a move is
posted with its kind or without it, and one saying another kind than its own is
refused; the OpenAPI document types the kind as an enum."""

from __future__ import annotations

import json

import msgspec
import pytest

from foraccio.api.openapi_file import PATH as COMMITTED
from foraccio.core.engine import legal_moves
from foraccio.core.model import Move, State
from foraccio.core.testing import random_playout
from tests.api.conftest import wire
from tests.api.sealed import SEALER, post, sealed_game
from tests.api.test_errors import assert_problem

KINDS = ("capture", "lay")


def first_state(variant: str, wanted) -> State:
    """The first state of a random match of ``variant`` where the seat to play holds a
    card for which ``wanted(card, table)`` is true."""
    for seed in range(10):
        for step in random_playout(variant, seed):
            state = step.after
            if state.phase == "playing" and any(
                    wanted(card, state.table) for card in state.hands[state.turn]):
                return state
    raise AssertionError(f"no {variant} match gave such a card")


def an_ace_on_an_empty_table(card, table):
    return card[:-1] == "1" and not table


def kinds_listed(client, state: State) -> list[tuple[str, tuple, object, str]]:
    answer = post(client, "/games/legal-moves", {"state": wire(state)})
    assert answer["seat"] == state.turn
    return [(m["card"], tuple(m["take"]), m["jolly"], m["kind"]) for m in answer["moves"]]


def as_the_engine_says(state: State) -> list[tuple[str, tuple, object, str]]:
    return [(m.card, m.take, m.jolly, m.kind) for m in legal_moves(state, kinds=True)]


@pytest.mark.parametrize(("variant", "ace_kind"), [("foraccio", "capture"), ("scopa", "lay")])
def test_an_ace_on_an_empty_table_captures_in_foraccio_and_is_laid_in_scopa(client, variant,
                                                                          ace_kind):
    state = first_state(variant, an_ace_on_an_empty_table)
    listed = kinds_listed(client, state)
    assert listed == as_the_engine_says(state)
    aces = [entry for entry in listed if entry[0][:-1] == "1"]
    assert aces and all(entry == (entry[0], (), None, ace_kind) for entry in aces)


def test_a_zobelon_king_is_always_a_capture(client):
    state = first_state("zobelon", lambda card, table: card[:-1] == "13")
    listed = kinds_listed(client, state)
    assert listed == as_the_engine_says(state)
    assert {kind for card, _, _, kind in listed if card[:-1] == "13"} == {"capture"}


def test_a_listed_move_is_played_as_it_is_listed_or_without_its_kind(client):
    state = first_state("scopa", an_ace_on_an_empty_table)
    listed = post(client, "/games/legal-moves", {"state": wire(state)})["moves"]
    ace = next(move for move in listed if move["card"][:-1] == "1")
    with_kind = post(client, "/games/play", {"state": wire(state), "move": ace})
    without = post(client, "/games/play", {"state": wire(state),
                                           "move": {"card": ace["card"]}})
    assert with_kind == without
    assert with_kind["events"][0] == {"type": "laid", "seat": state.turn, "card": ace["card"]}


def test_a_move_saying_another_kind_is_refused_in_words(client):
    state = first_state("scopa", an_ace_on_an_empty_table)
    ace = next(card for card in state.hands[state.turn] if card[:-1] == "1")
    response = client.post("/games/play", json={"state": wire(state),
                                                "move": {"card": ace, "kind": "capture"}})
    problem = assert_problem(response, 422, "wrong_kind")
    assert problem["detail"] == (f'{ace} captures nothing here: it is laid on the table. Post '
                                 f'the move with kind "lay", or without a kind.')


def test_a_kind_that_is_no_kind_is_refused_as_a_bad_body(client):
    state = first_state("scopa", an_ace_on_an_empty_table)
    ace = next(card for card in state.hands[state.turn] if card[:-1] == "1")
    response = client.post("/games/play", json={"state": wire(state),
                                                "move": {"card": ace, "kind": "sweep"}})
    problem = assert_problem(response, 400, "invalid_body")
    assert problem["detail"] == ("The request body is not valid: Invalid enum value 'sweep' - "
                                 "at `$.move.kind`.")


def test_a_sealed_games_moves_and_a_bots_move_say_their_kinds(client):
    game = sealed_game(client, "scopa")
    view = game["view"]
    key = game["seat_keys"][view["turn"]]
    asked = {"token": game["token"], "seat_key": key}
    listed = post(client, "/games/legal-moves", asked)["moves"]
    state = SEALER.open(game["token"]).engine_state()
    assert [(m["card"], tuple(m["take"]), m["jolly"], m["kind"]) for m in listed] == \
        as_the_engine_says(state)
    bot = post(client, "/games/bot-move", {**asked, "bot": "random"})["move"]
    assert bot in listed


def test_the_document_types_the_kind_as_an_enum():
    document = json.loads(COMMITTED.read_text())  # the app's own (tests/api/test_openapi.py)
    schemas = document["components"]["schemas"]
    kind = schemas["Move"]["properties"]["kind"]
    assert {"enum": list(KINDS), "type": "string"} == {
        key: value for key, value in kind["anyOf"][0].items() if key != "description"}
    assert kind["anyOf"][1] == {"type": "null"}
    assert "kind" not in schemas["Move"].get("required", ())
    assert schemas["LegalMoves"]["properties"]["moves"]["items"] == {
        "$ref": "#/components/schemas/Move"}


def test_every_example_of_a_listed_move_says_its_kind():
    examples = json.loads(COMMITTED.read_text())["components"]["examples"]
    listed = examples["legalMoves_mid_hand_answer"]["value"]["moves"]
    assert listed and all(move["kind"] in KINDS for move in listed)
    assert msgspec.convert(examples["botMove_heuristic_answer"]["value"]["move"], Move).kind \
        in KINDS
