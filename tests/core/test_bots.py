"""Bots play only legal moves, from their seat's view only, the same for the same seed."""

from __future__ import annotations

import random

import msgspec
import pytest

from foraccio.bots import BOTS, Budget, choose_move, move_for_state
from foraccio.bots.autoplay import autoplay
from foraccio.bots.heuristic import playout_move, scored_move
from foraccio.core.engine import legal_moves, new_match, rules_of
from foraccio.core.errors import IllegalMove, UnknownBot
from foraccio.core.model import Dealt
from foraccio.core.registry import variants
from foraccio.core.testing import compatible_house_rules, random_playout, scenario
from foraccio.core.view import seat_view

SMALL = Budget(iterations=12)
"""Enough search to exercise ISMCTS, little enough to keep the tests fast."""


def rule_sets():
    for name, variant in sorted(variants().items()):
        yield name, ()
        for rule in compatible_house_rules(variant):
            yield name, (rule.name,)


def sampled_states(variant: str, house_rules, seed: int, count: int = 6):
    """States at random points of a random match, each with a hand in play."""
    picker = random.Random(f"sample:{variant}:{seed}")
    steps = list(random_playout(variant, seed, house_rules=house_rules))
    return [step.before for step in picker.sample(steps, count)]


@pytest.mark.parametrize(("variant", "house_rules"), list(rule_sets()))
def test_every_bot_plays_only_legal_moves(variant, house_rules):
    for index, state in enumerate(sampled_states(variant, house_rules, 11)):
        legal = legal_moves(state)
        for name in BOTS:
            assert move_for_state(name, state, index, SMALL) in legal, (name, state.turn)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_the_same_seed_gives_the_same_move(name):
    for index, state in enumerate(sampled_states("zobelon", (), 12, 4)):
        view = seat_view(state, state.turn)
        assert choose_move(name, view, index, SMALL) == choose_move(name, view, index, SMALL)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_move_does_not_depend_on_the_hidden_hands(name):
    rng = random.Random(1)
    for index, state in enumerate(sampled_states("foraccio", (), 13, 4)):
        seat = state.turn
        pool = [card for s, cards in enumerate(state.hands) if s != seat for card in cards]
        rng.shuffle(pool)
        hands = []
        for s, cards in enumerate(state.hands):
            if s == seat:
                hands.append(cards)
            else:
                hands.append(tuple(pool[:len(cards)]))
                pool = pool[len(cards):]
        shuffled = msgspec.structs.replace(state, hands=tuple(hands))
        assert move_for_state(name, shuffled, index, SMALL) == move_for_state(
            name, state, index, SMALL)


def test_the_heuristic_does_not_leave_a_scopa_to_the_next_opponent():
    # Laying the 3 leaves 4+3 = 7 for a 7 the next seat may hold; the figure leaves
    # a table no single card can clear.
    state = scenario(table=["4c"], hands={0: ["3d", "12b"], 1: ["7c", "7d", "7b"],
                                          2: ["8c"], 3: ["9c"]}, turn=0)
    assert move_for_state("heuristic", state).card == "12b"


def test_the_heuristic_takes_an_onore_rather_than_a_plain_card():
    state = scenario(table=["10d", "10c"], hands={0: ["10b", "12b"], 1: ["5c"],
                                                  2: ["8c"], 3: ["9c"]}, turn=0)
    assert move_for_state("heuristic", state).take == ("10d",)


def test_the_heuristic_sweeps_with_a_jolly_king_for_a_scopa():
    state = scenario(variant="zobelon", table=["5c", "4b"],
                     hands={0: ["13b", "6d"], 1: ["5d"], 2: ["8c"], 3: ["9c"]}, turn=0)
    move = move_for_state("heuristic", state)
    assert move.card == "13b" and move.jolly == 9


def test_an_unknown_bot_or_a_seat_out_of_turn_is_refused():
    state = new_match("foraccio", 1)
    with pytest.raises(UnknownBot):
        move_for_state("oracle", state)
    with pytest.raises(IllegalMove):
        choose_move("random", seat_view(state, (state.turn + 1) % 4))


def test_bots_play_a_hand_to_its_end():
    result = autoplay(new_match("zobelon", 2), ["ismcts", "heuristic", "random", "heuristic"],
                      "hand_over", seed=3, budget=Budget(iterations=4))
    assert result.done and result.state.phase in ("hand_over", "game_over")


def test_bots_for_some_seats_stop_when_another_is_to_play():
    state = new_match("foraccio", 4)
    turn = state.turn
    result = autoplay(state, ["random"] * 4, "game_over", seats=(turn,))
    assert (result.plays, result.done) == (1, False)
    assert result.events[0].seat == turn and result.state.turn == (turn + 1) % 4
    assert autoplay(result.state, ["random"] * 4, "game_over", seats=(turn,)).plays == 0


def test_bots_for_some_seats_deal_a_finished_hand_and_play_their_seats_only():
    over = autoplay(new_match("zobelon", 4), ["random"] * 4, "hand_over").state
    for seat in range(4):
        result = autoplay(over, ["random"] * 4, "hand_over", seats=(seat,))
        first = (over.dealer + 2) % 4  # the new dealer is dealer + 1; dealer + 2 leads
        assert isinstance(result.events[0], Dealt) and result.state.hand == over.hand + 1
        assert result.plays == (1 if seat == first else 0) and not result.done


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_the_playout_policy_is_the_heuristic(variant):
    # ISMCTS's playouts model every seat as the heuristic bot's scores, found faster.
    for index, state in enumerate(sampled_states(variant, (), 14, 12)):
        view = seat_view(state, state.turn)
        expected = scored_move(view, random.Random(index))
        moves = legal_moves(state)
        got = playout_move(rules_of(state), state.hands, state.turn, state.table, moves,
                           random.Random(index))
        assert got == expected
