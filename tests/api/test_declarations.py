"""Hands that declare when dealt (``foraccio_declarations``) over HTTP: the worked example
of docs/plugins.md ("A hand that declares"). An open game's answer carries the
declarations of its deal; a sealed game shows every seat the declared cards, and no
other card of a hidden hand; the token deals its hand again to the same declarations.
"""

from __future__ import annotations

import pytest

from foraccio.api.sealing import SealedGame, new_game_id
from foraccio.core.engine import new_match
from foraccio.core.model import Declared
from tests.api.sealed import SEALER, assert_no_leak, post, strings_in, without_draws
from tests.declarations import BUSSO_AND_TRIS

RULE = BUSSO_AND_TRIS.name


@pytest.fixture(autouse=True)
def busso(registered):
    registered(BUSSO_AND_TRIS)


def declaring_deal():
    for seed in range(2000):
        state = new_match("scopa", seed, house_rules=[RULE])
        if any(type(event) is Declared for event in state.events):
            return seed, state
    raise LookupError("no seed of these deals a hand that declares")


def test_an_open_game_answers_with_the_declarations_of_its_deal(client):
    seed, expected = declaring_deal()

    created = post(client, "/games", {"variant": "scopa", "seed": seed, "house_rules": [RULE]})

    declared = [event for event in created["events"] if event["type"] == "declared"]
    assert declared == [{"type": "declared", "hand": 1, "stage": 0, "seat": event.seat,
                         "team": event.team, "name": event.name, "cards": list(event.cards),
                         "points": event.points}
                        for event in expected.events if type(event) is Declared]


def test_a_sealed_game_shows_every_seat_the_declared_cards_and_nothing_else(client):
    _, state = declaring_deal()
    game_id = new_game_id()
    token = SEALER.seal(SealedGame.of(game_id, 0, state))
    keys = SEALER.seat_keys(game_id, 2)
    declared = [event for event in state.events if type(event) is Declared]

    assert SEALER.open(token).engine_state().events == state.events
    for seat, key in enumerate(keys):
        view = post(client, "/games/view", {"token": token, "seat_key": key})
        assert [event for event in view["events"] if event["type"] == "declared"] == [
            {"type": "declared", "hand": 1, "stage": 0, "seat": event.seat, "team": event.team,
             "name": event.name, "cards": list(event.cards), "points": event.points}
            for event in declared]
        shown = {card for event in declared if event.seat != seat for card in event.cards}
        others = {card for other, hand in enumerate(state.hands) if other != seat
                  for card in hand}
        assert strings_in(without_draws(view)) & (others | set(state.stock)) == shown
        assert_no_leak(view, seat, token)  # which takes the declared cards as seen
