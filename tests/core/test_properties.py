"""Properties of whole Foraccio matches played with random legal moves (hypothesis).

Hypothesis draws the match's seed, the players' seed and the house-rule
options; each example plays one match to its end.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from foraccio.core.cards import DECK, FIGURES, RANK, SUIT, SUITS
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.errors import IllegalMove, Reason
from foraccio.core.model import HandScored, Move, team_of
from foraccio.core.replay import replay
from foraccio.core.testing import hand_scores, move_key, random_playout, scenario
from foraccio.variants.foraccio import DEAL_SCHEMES

MATCHES = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
)
"""Reproducible runs: no example database, the same examples on every run."""

seeds = st.integers(min_value=0, max_value=2**32)
options = st.fixed_dictionaries({}, optional={
    "deal_scheme": st.sampled_from(DEAL_SCHEMES),
    "target": st.integers(min_value=1, max_value=121),
    "deal_passes_to": st.sampled_from(("right", "left")),
    "capture_required": st.booleans(),
    "last_play_scopa": st.booleans(),
    "lone_ace_captures": st.booleans(),
})


def a_match(seed, players, given_options):
    return list(random_playout("foraccio", seed, given_options, players_seed=players))


def hand_ends(steps):
    """The state at the end of each hand, with the events of its last play."""
    return [(step.after, step.events) for step in steps if step.after.phase != "playing"]


def scored(events):
    return next(event for event in events if isinstance(event, HandScored))


@MATCHES
@given(seeds, seeds, options)
def test_every_card_is_in_exactly_one_place_after_every_move(seed, players, given_options):
    for step in a_match(seed, players, given_options):
        for state in (step.before, step.after):
            places = (*state.hands, state.table, *state.piles)
            assert Counter(card for cards in places for card in cards) == Counter(DECK)


@MATCHES
@given(seeds, seeds, options)
def test_no_ace_ever_lies_on_the_table(seed, players, given_options):
    for step in a_match(seed, players, given_options):
        assert all(RANK[card] != 1 for card in step.after.table)


@MATCHES
@given(seeds, seeds, options)
def test_exactly_one_team_scores_carte_in_every_hand(seed, players, given_options):
    for state, events in hand_ends(a_match(seed, players, given_options)):
        carte = [line for line in scored(events).lines if line.name == "carte"]
        assert len(carte) == 1
        team = carte[0].team
        needed = 27 if team == team_of(state.dealer) else 26
        assert carte[0].points == 2
        assert len(state.piles[team]) >= needed


@MATCHES
@given(seeds, seeds, options)
def test_every_napoli_is_worth_3_to_13_the_run_its_team_holds_from_the_asso(
        seed, players, given_options):
    for state, events in hand_ends(a_match(seed, players, given_options)):
        for line in scored(events).lines:
            if line.name != "napoli":
                continue
            assert 3 <= line.points <= 13
            suit = SUIT[line.cards[0]]
            assert line.cards == tuple(f"{rank}{suit}" for rank in range(1, line.points + 1))
            assert set(line.cards) <= set(state.piles[line.team])
            assert line.points == 13 or f"{line.points + 1}{suit}" not in state.piles[line.team]


@MATCHES
@given(seeds, seeds, options)
def test_play_goes_round_from_dealer_plus_1_for_13_rounds(seed, players, given_options):
    plays_in_hand = 0
    for step in a_match(seed, players, given_options):
        state = step.before
        assert state.turn == (state.dealer + 1 + plays_in_hand) % 4
        plays_in_hand += 1
        if step.after.phase != "playing":
            assert plays_in_hand == 52
            plays_in_hand = 0


@MATCHES
@given(seeds, seeds, options)
def test_the_match_score_is_the_sum_of_the_hand_scores(seed, players, given_options):
    steps = a_match(seed, players, given_options)
    final = steps[-1].after
    points = [scored(events).points for _, events in hand_ends(steps)]

    assert final.scores == hand_scores(final.record)
    assert final.scores == (sum(p[0] for p in points), sum(p[1] for p in points))
    assert [hand.points for hand in final.record] == points


@MATCHES
@given(seeds, seeds, options)
def test_the_match_ends_with_a_winner_at_or_above_the_target(seed, players, given_options):
    steps = a_match(seed, players, given_options)
    final = steps[-1].after
    target = final.options["target"]

    assert final.phase == "game_over"
    winner, loser = final.winner, 1 - final.winner
    assert final.scores[winner] >= target
    assert final.scores[winner] > final.scores[loser]
    for state, _ in hand_ends(steps)[:-1]:  # no earlier hand ended the match
        reached = [score for score in state.scores if score >= target]
        assert not reached or (len(reached) == 2 and reached[0] == reached[1])


@MATCHES
@given(seeds, seeds, options)
def test_the_same_seed_and_the_same_moves_give_identical_states(seed, players, given_options):
    steps = a_match(seed, players, given_options)

    state = new_match("foraccio", seed, given_options)
    for step in steps:
        if state.phase == "hand_over":
            state = next_hand(state)
        assert state == step.before
        state, events = play(state, step.move)
        assert (state, events) == (step.after, step.events)


@MATCHES
@given(seeds, seeds, options, seeds)
def test_every_listed_move_is_accepted_its_take_in_any_order(
        seed, players, given_options, shuffler):
    shuffle = random.Random(shuffler)
    for step in a_match(seed, players, given_options):
        for move in legal_moves(step.before):
            after, _ = play(step.before, move, seat=step.before.turn)
            take = list(move.take)
            shuffle.shuffle(take)
            assert play(step.before, replace(move, take=tuple(take)))[0] == after


def unlisted_moves(state, sampler):
    """Moves legal_moves does not list, sampled, each with the reason it must be refused for."""
    hand, table, turn = state.hands[state.turn], state.table, state.turn
    listed = {move_key(move) for move in legal_moves(state)}
    nowhere = [card for cards in (table, *state.piles) for card in cards]
    for _ in range(3):
        card = sampler.choice(hand)
        take = sampler.sample(table, sampler.randint(0, len(table)))
        if sampler.random() < 0.3 and nowhere:
            take.append(sampler.choice(nowhere))
        if sampler.random() < 0.2 and take:
            take.append(take[0])
        jolly = sampler.choice((None, None, None, "sweep", sampler.randint(1, 13)))
        move = Move(card, tuple(take), jolly)
        if len(set(take)) == len(take) and move_key(move) in listed:
            continue
        lay = not take and jolly is None
        yield move, Reason.CAPTURE_REQUIRED if lay else Reason.ILLEGAL_CAPTURE
    for seat, cards in enumerate(state.hands):
        if seat != turn and cards:
            yield Move(sampler.choice(cards)), Reason.CARD_NOT_IN_HAND  # no holder named
    if nowhere:
        yield Move(sampler.choice(nowhere)), Reason.CARD_NOT_IN_HAND


@MATCHES
@given(seeds, seeds, options, seeds)
def test_unlisted_moves_are_refused_with_the_right_reason(seed, players, given_options, sampler):
    sampler = random.Random(sampler)
    for step in a_match(seed, players, given_options):
        state = step.before
        for move, reason in unlisted_moves(state, sampler):
            try:
                play(state, move)
            except IllegalMove as error:
                assert error.reason == reason, (move, state)
            else:
                raise AssertionError(f"{move} was accepted but is not listed")
        other_seat = (state.turn + sampler.randint(1, 3)) % 4
        try:
            play(state, step.move, seat=other_seat)
        except IllegalMove as error:
            assert error.reason == Reason.NOT_YOUR_TURN
        else:
            raise AssertionError(f"seat {other_seat} played in seat {state.turn}'s turn")


@MATCHES
@given(seeds, seeds, options)
def test_legal_moves_lists_each_move_once(seed, players, given_options):
    for step in a_match(seed, players, given_options):
        keys = [move_key(move) for move in legal_moves(step.before)]
        assert len(keys) == len(set(keys))


@MATCHES
@given(seeds, seeds, options, seeds)
def test_replay_rebuilds_the_state_at_any_point_without_the_seed(
        seed, players, given_options, picker):
    steps = a_match(seed, players, given_options)
    states = [step.after for step in random.Random(picker).sample(steps, 3)] + [
        steps[-1].after]
    for state in states:
        assert replay(state) == state
        reseeded = replace(state, seed=state.seed + 1)
        assert replay(reseeded) == reseeded


# --- the engine against the rules, stated directly --------------------------------------


def plays_by_the_rules(hand, table, capture_required=True):
    """docs/rules.md §4.2 and §4.4, literally: what each card of ``hand`` may do on ``table``,
    as (card, set of cards taken, jolly use); the empty set is a lay (or an ace alone)."""
    numbers = [card for card in table if RANK[card] not in FIGURES]
    sums = [frozenset(cards) for size in range(2, len(numbers) + 1)
            for cards in combinations(numbers, size) if sum(RANK[c] for c in cards) <= 10]
    allowed = set()
    for card in hand:
        value = RANK[card]
        if value == 1:
            takes = [frozenset(table)]
        else:
            takes = [frozenset({other}) for other in table if RANK[other] == value]
            if value not in FIGURES:
                takes += [cards for cards in sums if sum(RANK[c] for c in cards) == value]
        allowed |= {(card, take, None) for take in takes}
        if not takes or (not capture_required and value != 1):
            allowed.add((card, frozenset(), None))
    return allowed


def score_by_the_rules(piles, dealer, scopas):
    """docs/rules.md §7, literally: each team's (name, points) items for its pile,
    plus the given scopas as (team, points)."""
    items = Counter()
    for team, pile in enumerate(piles):
        held = set(pile)
        mano = {
            "primo_onore": "2s" in held,
            "secondo_onore": "11s" in held,
            "terzo_onore": "10d" in held,
            "spade": sum(SUIT[card] == "s" for card in held) >= 7,
            "carte": len(held) >= 27 or (len(held) == 26 and team != team_of(dealer)),
        }
        for name, scored_it in mano.items():
            if scored_it:
                items[team, name, 2 if name == "carte" else 1] += 1
        if all(mano.values()):
            items[team, "la_24", 18] += 1
        for suit in SUITS:
            run = 0
            while run < 13 and f"{run + 1}{suit}" in held:
                run += 1
            if run >= 3:
                items[team, "napoli", run] += 1
    for team, points in scopas:
        items[team, "scopa", points] += 1
    return items


hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True)
tables = st.lists(st.sampled_from([c for c in DECK if RANK[c] != 1]), max_size=12, unique=True)


@settings(MATCHES, max_examples=300)
@given(hands, tables, st.booleans())
def test_legal_moves_are_exactly_the_plays_section_4_1_allows(hand, table, capture_required):
    table = [card for card in table if card not in hand]
    state = scenario(table=table, hands={0: hand}, turn=0,
                     options={"capture_required": capture_required})

    listed = {move_key(move) for move in legal_moves(state)}

    assert listed == plays_by_the_rules(hand, table, capture_required)


@MATCHES
@given(seeds, seeds, options)
def test_every_move_of_a_match_is_one_section_4_1_allows(seed, players, given_options):
    capture_required = given_options.get("capture_required", True)
    for step in a_match(seed, players, given_options):
        state = step.before
        listed = {move_key(move) for move in legal_moves(state)}
        assert listed == plays_by_the_rules(state.hands[state.turn], state.table,
                                            capture_required)


@MATCHES
@given(seeds, seeds, options)
def test_every_hand_is_scored_as_section_5_says(seed, players, given_options):
    last_play_counts = given_options.get("last_play_scopa", True)
    scopas = []
    for step in a_match(seed, players, given_options):
        before, move = step.before, step.move
        swept = bool(move.take) and set(move.take) == set(before.table)
        last_play = step.after.phase != "playing"
        if swept and RANK[move.card] != 1 and (last_play_counts or not last_play):
            scopas.append((team_of(before.turn), RANK[move.card]))
        if last_play:
            lines = scored(step.events).lines
            got = Counter((line.team, line.name, line.points) for line in lines)
            state = step.after
            assert got == score_by_the_rules(state.piles, state.dealer, scopas)
            scopas = []
