"""Bots play any table a variant sets: two or three seats each for themselves, a 40-card
deck whose figures are worth 8 to 10, a deal in stages with a stock (tests/shapes.py),
and every variant installed (examples/scopa and examples/scopone in the test
environment)."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from foraccio.bots import BOTS, Budget, choose_move, ismcts, move_for_state
from foraccio.bots.autoplay import autoplay
from foraccio.bots.heuristic import PlayoutPolicy, playout_move, scored_move
from foraccio.bots.ismcts import (
    DEFAULT_ITERATIONS,
    PLAYOUT_PLIES,
    _play,
    default_iterations,
    determinize,
)
from foraccio.bots.simulation import Playout
from foraccio.bots.traits import opponents_in_turn, traits_of
from foraccio.core.engine import legal_moves, new_match, play, rules_of
from foraccio.core.errors import UnknownBot
from foraccio.core.model import Captured, DealtMore, Declared, Laid
from foraccio.core.registry import variants
from foraccio.core.rules import PARTNERS_OPPOSITE, seating
from foraccio.core.testing import random_playout
from foraccio.core.view import seat_view, unseen_cards

SMALL = Budget(iterations=12)

EVERY_SHAPE = ["duet", "terzetto", *sorted(variants())]
"""The test-only shapes and every variant this environment has."""

pytestmark = pytest.mark.usefixtures("table_shapes")


def sampled_states(variant: str, seed: int, count: int = 8):
    """States at random points of a random match, each with a hand in play; some of them
    with a stock left to deal, some just after a later stage was dealt."""
    picker = random.Random(f"sample:{variant}:{seed}")
    steps = list(random_playout(variant, seed))
    after_more = [step.after for step in steps
                  if any(type(event) is DealtMore for event in step.events)
                  and step.after.phase == "playing"]
    return [step.before for step in picker.sample(steps, count)] + after_more[:2]


@pytest.mark.parametrize("variant", ["duet", "terzetto"])
def test_every_bot_plays_only_legal_moves(variant):
    for index, state in enumerate(sampled_states(variant, 21)):
        legal = legal_moves(state)
        for name in BOTS:
            assert move_for_state(name, state, index, SMALL) in legal, (name, state.turn)


@pytest.mark.parametrize("variant", ["duet", "terzetto"])
def test_a_move_does_not_depend_on_the_hidden_hands_nor_the_stock(variant):
    rng = random.Random(2)
    for index, state in enumerate(sampled_states(variant, 22, 4)):
        seat = state.turn
        pool = [card for s, cards in enumerate(state.hands) if s != seat for card in cards]
        pool += state.stock
        rng.shuffle(pool)
        hands = []
        for s, cards in enumerate(state.hands):
            hands.append(cards if s == seat else tuple(pool[:len(cards)]))
            pool = pool if s == seat else pool[len(cards):]
        shuffled = msgspec.structs.replace(state, hands=tuple(hands), stock=tuple(pool))
        for name in BOTS:
            assert move_for_state(name, shuffled, index, SMALL) == move_for_state(
                name, state, index, SMALL)


@pytest.mark.parametrize(("variant", "bots"), [("duet", ["heuristic", "random"]),
                                               ("terzetto", ["random", "heuristic", "random"])])
def test_bots_play_every_seat_of_a_match_to_its_end(variant, bots):
    result = autoplay(new_match(variant, 3), bots, "game_over", seed=3, max_plays=10_000)
    assert result.done and result.state.phase == "game_over"
    seats = {event.seat for event in result.events if type(event) in (Laid, Captured)}
    assert seats == set(range(len(bots)))


def test_too_few_bots_for_the_seats_are_refused():
    with pytest.raises(UnknownBot, match="no bot for seat 2"):
        autoplay(new_match("terzetto", 3), ["random", "random"], "hand_over")


@pytest.mark.parametrize("variant", EVERY_SHAPE)
def test_a_determinization_deals_the_unseen_cards_as_the_view_counts_them(variant):
    for state in sampled_states(variant, 23, 6):
        view = seat_view(state, state.turn)
        dealt = determinize(view, random.Random(1))
        assert dealt.hands[view.seat] == view.cards
        assert tuple(map(len, dealt.hands)) == view.hand_sizes
        assert len(dealt.stock) == view.stock
        others = [card for seat, cards in enumerate(dealt.hands) if seat != view.seat
                  for card in cards]
        assert Counter(others + list(dealt.stock)) == Counter(unseen_cards(view))
        assert dealt.stage == state.stage
        while dealt.phase == "playing":  # and the hand plays on, stages dealt included
            dealt, _ = play(dealt, legal_moves(dealt)[0])


def test_a_determinization_leaves_the_cards_a_seat_declared_in_its_hand():
    """Declared cards were shown to everyone: a seat that has not played them holds them in
    every deal the search imagines (Lumaca, the test-only variant, declares trios and low
    hands)."""
    checked = 0
    for seed in range(40):
        for step in random_playout("lumaca", seed):
            state = step.before
            view = seat_view(state, state.turn)
            played = {*state.table, *(card for pile in state.piles for card in pile)}
            shown = {(event.seat, card) for event in state.events if type(event) is Declared
                     and event.seat != view.seat for card in event.cards if card not in played}
            if not shown:
                continue
            for draw in range(5):
                dealt = determinize(view, random.Random(draw))
                assert all(card in dealt.hands[seat] for seat, card in shown)
                assert tuple(map(len, dealt.hands)) == view.hand_sizes
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("variant", EVERY_SHAPE)
def test_the_playout_policy_is_the_heuristic(variant):
    for index, state in enumerate(sampled_states(variant, 24, 12)):
        view = seat_view(state, state.turn)
        expected = scored_move(view, random.Random(index))
        got = playout_move(rules_of(state), state.hands, state.turn, state.table,
                           legal_moves(state), random.Random(index), state.stock)
        assert got == expected


@pytest.mark.parametrize("variant", EVERY_SHAPE)
def test_the_playout_policy_keeps_its_tallies_through_the_hand(variant):
    # PlayoutPolicy counts the unseen cards once and follows the plays and the later
    # stages of the deal; at every move of a hand it chooses as playout_move does.
    for seed in range(4):
        playout = Playout(new_match(variant, seed))
        policy = PlayoutPolicy(playout.rules, playout.hands, playout.stock)
        rng = random.Random(seed)
        while playout.turn is not None:
            moves, _ = playout.plays()
            chances = rng.getrandbits(32)
            expected = playout_move(playout.rules, playout.hands, playout.turn, playout.table,
                                    moves, random.Random(chances), playout.stock)
            assert policy.move(playout.hands, playout.turn, playout.table, moves,
                               random.Random(chances), playout.stock) == expected
            _play(playout, policy, rng.choice(moves))


def test_the_search_budget_scales_with_the_plays_of_a_playout(monkeypatch):
    # A terzetto hand plays 36 of its 40 cards: 9 in the hands and 27 in the stock at first.
    state = new_match("terzetto", 5)
    view = seat_view(state, state.turn)
    assert (sum(view.hand_sizes), view.stock) == (9, 27)
    assert default_iterations(view) == DEFAULT_ITERATIONS  # playouts of PLAYOUT_PLIES + 1
    last_three = msgspec.structs.replace(view, hand_sizes=(1, 1, 1), stock=0)
    assert default_iterations(last_three) == DEFAULT_ITERATIONS * (PLAYOUT_PLIES + 1) // 3
    monkeypatch.setattr(ismcts, "PLAYOUT_PLIES", None)  # every playout to the end
    assert default_iterations(view) == DEFAULT_ITERATIONS * 40 // 36


def test_the_sweeping_and_jolly_cards_are_read_from_the_rules():
    aces = {"1c", "1d", "1b", "1s"}
    foraccio = traits_of(rules_of(new_match("foraccio", 1)))
    zobelon = traits_of(rules_of(new_match("zobelon", 1)))
    terzetto = traits_of(rules_of(new_match("terzetto", 1)))
    assert (foraccio.sweeps, foraccio.jolly) == (aces, frozenset())
    assert (zobelon.sweeps, zobelon.jolly) == (aces, {"13c", "13d", "13b", "13s"})
    assert (terzetto.sweeps, terzetto.jolly) == (frozenset(), frozenset())  # Scopa's aces take a 1
    assert terzetto.values["12b"] == 9


def test_the_next_opponent_is_the_next_seat_of_another_team():
    assert opponents_in_turn(PARTNERS_OPPOSITE)[0] == (1, 3)
    assert opponents_in_turn(seating(4, ((0, 1), (2, 3))))[0] == (2, 3)  # partner plays next
    assert opponents_in_turn(seating(3, order=(0, 2, 1))) == ((2, 1), (0, 2), (1, 0))


def shaped(variant: str, seat_hand, table, piles) -> tuple:
    """A state of ``variant`` where the seat to play holds ``seat_hand`` with ``table``
    on the table and ``piles`` captured (one per team); every other card is dealt to the
    other seats, three each, and the rest is kept in the stock."""
    state = new_match(variant, 1)
    seat = state.turn
    rest = [card for card in rules_of(state).deck
            if card not in {*seat_hand, *table, *(c for pile in piles for c in pile)}]
    hands = []
    for s in range(len(state.hands)):
        hands.append(tuple(seat_hand) if s == seat else tuple(rest[:3]))
        rest = rest if s == seat else rest[3:]
    return msgspec.structs.replace(state, hands=tuple(hands), table=tuple(table),
                                   piles=tuple(map(tuple, piles)), stock=tuple(rest)), seat


def test_the_heuristic_judges_a_scopa_by_the_values_of_the_deck():
    # Laying 7b makes 3 + 7 = 10 on the table, which any re (worth 10) takes for a
    # scopa; laying 5c makes 8, and every fante (worth 8) was captured already.
    fanti = ["11c", "11d", "11b", "11s"]
    state, seat = shaped("terzetto", ["5c", "7b"], ["3d"], [fanti, [], []])
    assert {move.card for move in legal_moves(state)} == {"5c", "7b"}
    assert choose_move("heuristic", seat_view(state, seat)).card == "5c"
