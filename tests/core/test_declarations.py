"""Hands that declare when they are dealt (``foraccio_declarations``): the worked example
of docs/plugins.md ("A hand that declares"), busso and tris on Scopa, run from the
guide's own code blocks (tests/declarations.py). The events show the declared cards to
everyone and nothing else of the hand, the points are scored at the end of the hand,
and replays, posted states and views agree; the hook is asked nothing where no plugin
implements it, and a malformed answer is the plugin's error.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from foraccio.core.engine import legal_moves, new_match, play, rules_of
from foraccio.core.errors import PluginError
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Dealt, DealtMore, Declared, HandScored, ScoreLine
from foraccio.core.registry import HouseRule
from foraccio.core.replay import replay
from foraccio.core.rules import Declaration
from foraccio.core.testing import check_random_match, declarations_of, scenario
from foraccio.core.validation import validate_state
from foraccio.core.view import public_view, seat_view
from foraccio.core.wire import to_wire
from tests.declarations import BUSSO_AND_TRIS, guide_test_block

RULE = (BUSSO_AND_TRIS.name,)


@pytest.fixture
def busso(registered):
    registered(BUSSO_AND_TRIS)


def declaring_match(stage: int = 0, seeds=range(2000)):
    """The first seeded Scopa match with the house rule where a hand declares at
    ``stage`` of the first hand's deal, played up to just after that stage."""
    for seed in seeds:
        state = new_match("scopa", seed, house_rules=RULE)
        moves = 0
        while state.phase == "playing" and state.stage < stage:
            state, _ = play(state, legal_moves(state)[moves % len(legal_moves(state))])
            moves += 1
        if state.stage == stage and any(type(event) is Declared and event.stage == stage
                                        for event in state.events):
            return state
    raise LookupError(f"no seed declares at stage {stage}")


def played_out(state):
    """``state`` played to the end of its hand with the first legal move each time."""
    while state.phase == "playing":
        state, _ = play(state, legal_moves(state)[0])
    return state


def test_the_guides_own_test_of_the_house_rule_passes():
    exec(compile(guide_test_block(), "docs/plugins.md (declarations)", "exec"),
         {"HOUSE_RULE": BUSSO_AND_TRIS})


def test_a_hand_that_declares_shows_its_cards_after_the_deal(busso):
    state = declaring_match()
    dealt = next(index for index, event in enumerate(state.events) if type(event) is Dealt)
    declared = [event for event in state.events if type(event) is Declared]

    assert declared and all(type(event) is Declared for event in state.events[dealt + 1:])
    for event in declared:
        assert set(event.cards) <= set(state.hands[event.seat])
        assert event.team == rules_of(state).seating.team_of[event.seat]
        assert (event.name, event.points) in {("busso", 3), ("tris", 10)}
        assert event.hand == 1 and event.stage == 0


def test_the_declarations_are_scored_at_the_end_of_the_hand(busso):
    state = declaring_match()

    over = played_out(state)
    declared = [event for event in over.events if type(event) is Declared]
    (scored,) = [event for event in over.events if type(event) is HandScored]

    lines = [ScoreLine(event.team, event.name, event.points, event.cards)
             for event in declared]
    assert scored.lines[-len(lines):] == tuple(lines)
    without = [line for line in scored.lines if line not in lines]
    plain = played_out(replace(state, house_rules=(), events=tuple(
        event for event in state.events if type(event) is not Declared)))
    assert next(event for event in plain.events if type(event) is HandScored).lines == tuple(
        without)


def test_a_later_stage_of_the_deal_declares_too(busso):
    state = declaring_match(stage=1)
    more = next(index for index, event in enumerate(state.events) if type(event) is DealtMore)

    later = [event for event in state.events[more:] if type(event) is Declared]
    assert later and all(event.stage == 1 for event in later)


def test_every_seat_and_spectator_sees_the_declared_cards_and_nothing_else(busso):
    state = declaring_match()
    declared = [event for event in state.events if type(event) is Declared]

    for view in (public_view(state), *(seat_view(state, seat) for seat in range(2))):
        assert [event for event in view.events if type(event) is Declared] == declared
    for seat in range(2):
        view = seat_view(state, seat)
        other = 1 - seat
        shown = {card for event in view.events if type(event) is Declared
                 and event.seat == other for card in event.cards}
        in_events = {card for event in view.events for card in getattr(event, "cards", ())}
        assert in_events & set(state.hands[other]) == shown


def test_replays_and_posted_states_give_the_same_declarations(busso):
    state = declaring_match(stage=1)

    assert replay(state) == state
    assert validate_state(to_wire(state)) == state


def test_random_matches_with_declarations_keep_the_engines_promises(busso):
    for seed in range(2):
        check_random_match("scopa", seed, house_rules=RULE)


def test_a_scenario_deals_nothing_so_declares_nothing(busso):
    state = scenario(variant="scopa", house_rules=RULE, hands={0: ["1c", "2d", "3s"]},
                     table=["7c"])

    assert not any(type(event) is Declared for event in state.events)
    assert declarations_of(["1c", "2d", "3s"], variant="scopa", house_rules=RULE)


def test_the_hook_is_asked_nothing_where_no_plugin_implements_it():
    assert not rules_of(new_match("scopa", 0)).declares
    assert not rules_of(new_match("foraccio", 0)).declares


class Asked:
    """Declares nothing, and counts how often it is asked."""

    def __init__(self):
        self.asked = []

    @hookimpl
    def foraccio_declarations(self, cards, seat, deal):
        self.asked.append((seat, deal.stage, len(cards)))


def test_each_seat_holding_cards_is_asked_after_each_stage_in_turn_order(registered):
    asked = Asked()
    registered(HouseRule("asked", "Asked", "Counts the questions.", plugins=(asked,)))
    state = new_match("scopa", 3, house_rules=["asked"])
    first = state.turn

    assert asked.asked == [(first, 0, 3), (1 - first, 0, 3)]
    while state.stage == 0:
        state, _ = play(state, legal_moves(state)[0])
    assert asked.asked[2:] == [(first, 1, 3), (1 - first, 1, 3)]


class Shows:
    """Declares what it is told to, whatever the hand."""

    def __init__(self, answer):
        self.answer = answer

    @hookimpl
    def foraccio_declarations(self, cards):
        return self.answer(cards)


@pytest.mark.parametrize(("answer", "problem"), [
    (lambda cards: [Declaration("peek", ("13b",) if "13b" not in cards else ("13c",), 1)],
     "not cards of the seat's hand"),
    (lambda cards: [Declaration("twice", (cards[0], cards[0]), 1)], "each once"),
    (lambda cards: [Declaration("", cards, 1)], "without a name"),
    (lambda cards: [Declaration("minus", cards, -1)], "points"),
    (lambda cards: [("busso", cards, 3)], "not a Declaration"),
    (lambda cards: "busso", "not a list of declarations"),
])
def test_a_malformed_declaration_is_the_plugins_error_naming_no_card(registered, answer,
                                                                       problem):
    registered(HouseRule("shows", "Shows", "Declares badly.", plugins=(Shows(answer),)))

    with pytest.raises(PluginError) as raised:
        new_match("scopa", 0, house_rules=["shows"])
    assert raised.value.name == "shows" and raised.value.hook == "foraccio_declarations"
    assert problem in str(raised.value)
    assert "13b" not in str(raised.value) and "13c" not in str(raised.value)


def test_a_bots_playout_declares_at_a_later_stage_as_the_engine_does(busso):
    from foraccio.bots.simulation import Playout
    from foraccio.core.testing import random_playout

    checked = 0
    for seed in range(40):
        for step in random_playout("scopa", seed, house_rules=RULE):
            if not any(type(event) is Declared for event in step.events):
                continue
            playout = Playout(step.before)
            playout.plays()
            playout.play(step.move)
            assert tuple(playout.events) == step.events
            checked += 1
        if checked >= 3:
            return
    raise AssertionError("no seed of these declares at a later stage")
