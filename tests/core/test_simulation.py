"""The bots' fast playout (bots/simulation.py) plays a hand out exactly as the public
engine does: the same legal moves at every step, and, once the hand is over, the same
state (piles, events, score lines, hand points, match scores and winner), for every
installed variant, the test-only shapes, options and every house rule that applies; so
ISMCTS searches on it as on the engine, playout for playout."""

from __future__ import annotations

import random

import msgspec
import pytest

from foraccio.bots import Budget, choose_move, ismcts
from foraccio.bots.simulation import Playout
from foraccio.core.engine import legal_moves, play
from foraccio.core.model import Bonus, HandScored, Laid, State
from foraccio.core.registry import get_variant, variants
from foraccio.core.testing import compatible_house_rules, random_playout
from foraccio.core.view import seat_view, view_legal_moves

pytestmark = pytest.mark.usefixtures("table_shapes")

OPTIONS = [
    ("foraccio", {}),
    ("foraccio", {"deal_scheme": "5-4-4", "lone_ace_captures": False,
                  "capture_required": False, "last_play_scopa": False}),
    ("zobelon", {}),
    ("zobelon", {"deal_scheme": "12", "lone_ace_captures": False, "capture_required": False,
                 "king_scopa_value": "rank", "king_colore_value": "rank"}),
    ("scopa", {"players": 2}),
    ("scopa", {"players": 3}),
    ("scopa", {"players": 4}),
    ("scopone-scientifico", {}),
    ("duet", {}),
    ("terzetto", {}),
]
"""Variants and options played; each with no house rule and with each that applies."""

MATCHES = 6
"""Seeded random matches per variant, options and house rule."""

STARTS = 6
"""Random points of each match from which the hand is played out both ways."""


def _house_rule_sets(variant: str) -> list[tuple[str, ...]]:
    return [(), *((rule.name,) for rule in compatible_house_rules(get_variant(variant)))]


def _played_out(state: State, chooser: random.Random):
    """Play the hand of ``state`` out with the engine and the playout, the same random
    moves; check the legal moves agree at each step; return both final states."""
    playout = Playout(state)
    while state.phase == "playing":
        moves = legal_moves(state)
        listed, _ = playout.plays()
        assert listed == moves
        assert playout.turn == state.turn
        move = chooser.choice(moves)
        playout.play(move)
        state, _ = play(state, move)
    assert playout.turn is None
    return state, playout


def _comparable(state: State) -> dict:
    # The playout does not write the hand's notation, which no score reads.
    fields = msgspec.structs.asdict(state)
    fields["notation"] = None
    fields["record"] = [msgspec.structs.replace(hand, notation="") for hand in state.record]
    return fields


@pytest.mark.parametrize(("variant", "options"), OPTIONS,
                         ids=[f"{v}-{'-'.join(map(str, o.values())) or 'default'}"
                              for v, o in OPTIONS])
def test_playout_plays_the_hand_as_the_engine(variant, options):
    if variant not in variants():
        pytest.skip(f"{variant} is not installed")
    for house_rules in _house_rule_sets(variant):
        for seed in range(MATCHES):
            picker = random.Random(f"{variant}:{house_rules}:{seed}")
            steps = list(random_playout(variant, seed, options, house_rules=house_rules))
            for start in picker.sample(steps, min(STARTS, len(steps))):
                chooser = random.Random(picker.getrandbits(32))
                engine, playout = _played_out(start.before, chooser)
                assert _comparable(playout.final) == _comparable(engine), (
                    variant, options, house_rules, seed)
                scored = next(e for e in reversed(engine.events) if type(e) is HandScored)
                assert playout.points() == scored.points


def test_a_hand_over_state_is_already_final():
    state = next(step.after for step in random_playout("foraccio", 1)
                 if step.after.phase != "playing")
    playout = Playout(state)
    assert playout.turn is None and playout.final is state


SMALL = Budget(iterations=30)

SEARCHED = ["foraccio", "zobelon", "scopa", "scopone-scientifico", "duet", "terzetto"]


@pytest.mark.parametrize("plies", [ismcts.PLAYOUT_PLIES, None], ids=["stopped", "to-the-end"])
@pytest.mark.parametrize("variant", SEARCHED)
def test_ismcts_searches_the_same_on_the_fast_playout(variant, plies, monkeypatch):
    """Every playout's result, so every search total and move, is the engine path's:
    playouts stopped after PLAYOUT_PLIES plays and estimated, and played to the end."""
    if variant not in variants():
        pytest.skip(f"{variant} is not installed")
    monkeypatch.setattr(ismcts, "PLAYOUT_PLIES", plies)
    picker = random.Random(f"search:{variant}")
    steps = [step for step in random_playout(variant, 3) if step.before.phase == "playing"]
    for step in picker.sample(steps, 4):
        view = seat_view(step.before, step.before.turn)
        candidates = ismcts._candidates(view, view_legal_moves(view))
        fast = ismcts._search(view, candidates, random.Random(7), 24, None)
        slow = ismcts._search(view, candidates, random.Random(7), 24, None,
                              ismcts.engine_playout)
        assert fast == slow
        fast_move = choose_move("ismcts", view, 5, SMALL)
        with monkeypatch.context() as patch:
            patch.setattr(ismcts, "_playout", ismcts.engine_playout)
            assert choose_move("ismcts", view, 5, SMALL) == fast_move


def test_a_stopped_playout_is_estimated_by_the_worth_of_the_cards_and_the_bonuses():
    worth = {"1c": 0.5, "7d": 2.0, "3b": 0.25}
    piles = (("1c", "7d"), ("3b",), ())
    events = (Bonus(seat=1, team=1, name="scopa", points=1, card="3b"),
              Laid(seat=0, card="2c"))

    assert ismcts.estimated_lead(piles, events, 0, worth) == 2.5 - 1.25
    assert ismcts.estimated_lead(piles, events, 1, worth) == 1.25 - 2.5
    assert ismcts.estimated_lead(piles, events, 2, worth) == -2.5


def test_a_search_stops_its_playouts_after_playout_plies(monkeypatch):
    """With playouts to the end of the hand, the search totals are whole hand points; a
    stopped playout's are estimates, and the playouts make as many plays as said."""
    state = next(step.before for step in random_playout("foraccio", 2)
                 if step.before.phase == "playing")
    view = seat_view(state, state.turn)
    candidates = ismcts._candidates(view, view_legal_moves(view))
    plays = []
    original = Playout.play
    monkeypatch.setattr(Playout, "play", lambda self, move: (plays.append(move),
                                                             original(self, move))[1])
    monkeypatch.setattr(ismcts, "PLAYOUT_PLIES", 3)
    ismcts._playout(ismcts.determinize(view, random.Random(1)), candidates[0], view.seat,
                    random.Random(2))
    assert len(plays) == 1 + 3
    monkeypatch.setattr(ismcts, "PLAYOUT_PLIES", None)
    totals, _, _ = ismcts._search(view, candidates, random.Random(7), 6, None)
    assert all(total == int(total) for total in totals)
