"""Properties of random seeded Zobelon matches, over every combination of its options
(docs/rules.md §8)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from foraccio.core.cards import DECK, RANK
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.model import Captured
from foraccio.core.registry import get_variant
from foraccio.core.replay import replay

ZOBELON = get_variant("zobelon")
ACE, KING = 1, 13

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.fixed_dictionaries({
    spec.name: st.sampled_from(spec.choices) if spec.choices
    else st.booleans() if isinstance(spec.default, bool)
    else st.just(spec.default)
    for spec in ZOBELON.options
})
matches = settings(max_examples=100, deadline=None)


def random_match(seed, options):
    """Play a Zobelon match with random legal moves; yield (state, move, state after,
    events) for every play."""
    players = random.Random(seed)
    state = new_match("zobelon", seed, options)
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = next_hand(state)
        move = players.choice(legal_moves(state))
        after, events = play(state, move)
        yield state, move, after, events
        state = after


@matches
@given(seed=seeds, options=options)
def test_all_52_cards_are_always_in_exactly_one_place(seed, options):
    """docs/rules.md §8.2, §4.5, §6.2."""
    for _, _, after, _ in random_match(seed, options):
        places = [*after.hands, after.table, *after.piles]
        assert Counter(card for cards in places for card in cards) == Counter(DECK)


@matches
@given(seed=seeds, options=options)
def test_a_played_king_always_captures_and_never_lies_on_the_table(seed, options):
    """docs/rules.md §8.4."""
    for before, move, after, events in random_match(seed, options):
        if RANK[move.card] == KING:
            assert isinstance(events[0], Captured)
            assert move.card in after.piles[before.turn % 2]
            assert move.card not in after.table


@matches
@given(seed=seeds, options=options)
def test_an_ace_or_a_king_on_the_table_was_dealt_there(seed, options):
    """docs/rules.md §8.3."""
    dealt = {}
    for before, _, after, _ in random_match(seed, options):
        if before.hand not in dealt:
            # The first play of each hand starts from the table as dealt.
            dealt[before.hand] = set(before.table)
        on_table = {card for card in after.table if RANK[card] in (ACE, KING)}
        assert on_table <= dealt[before.hand]


@matches
@given(seed=seeds, options=options)
def test_legal_moves_list_each_outcome_once(seed, options):
    """docs/rules.md §4.6, §8.4."""
    for before, _, _, _ in random_match(seed, options):
        moves = legal_moves(before)
        outcomes = {(move.card, frozenset(move.take), move.jolly) for move in moves}
        assert len(outcomes) == len(moves)


@matches
@given(seed=seeds, options=options)
def test_a_match_replays_exactly_from_its_recorded_decks(seed, options):
    """docs/rules.md §3.5."""
    state = None
    for _, _, after, _ in random_match(seed, options):
        state = after
        if state.phase == "hand_over":
            assert replay(state) == state
    assert replay(state) == state
    # The record decides every card, not the seed.
    reseeded = replace(state, seed=seed + 1)
    assert replay(reseeded) == reseeded
