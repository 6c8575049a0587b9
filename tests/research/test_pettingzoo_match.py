"""A match through the PettingZoo environment is the engine's match of the same seed,
move for move; each seat is shown what the Observer shows it and may choose exactly
the legal actions; the rewards are zero-sum and follow the match."""

from __future__ import annotations

import random

import numpy as np
import pytest

from foraccio.core import engine
from foraccio.core.model import State
from foraccio.core.registry import variants
from foraccio.research.actions import ActionIds
from foraccio.research.observation import Observer
from foraccio.research.pettingzoo import MatchEnv, env
from foraccio.research.rewards import hand_rewards, match_rewards

VARIANTS = tuple(sorted(variants()))


def play(match: MatchEnv, rng: random.Random, check_views: bool = False) -> dict[str, float]:
    """Play ``match`` (reset) to its end, each move chosen by ``rng`` among the engine's
    legal moves and made with the actions :meth:`ActionIds.of` gives; check each step
    against the engine's own play of the same move (and, with ``check_views``, every
    seat's observation and mask); return each agent's rewards summed step by step."""
    ids = match.ids
    whole = Observer(match.layout, private=True, perfect_recall=False)
    summed = dict.fromkeys(match.possible_agents, 0.0)
    state = match.state
    while not any(match.terminations.values()):
        moves = engine.legal_moves(state)
        move = rng.choice(moves)
        for action in ids.of(moves, move):
            assert match.agent_selection == f"seat_{state.turn}"
            if check_views:
                _check_views(match, whole)
            match.step(action)
            for agent, reward in match.rewards.items():
                summed[agent] += reward
        state, _ = engine.play(state, move)
        if state.phase == "hand_over" and not any(match.terminations.values()):
            state = engine.next_hand(state)
        assert match.state == state
    return summed


def _check_views(match: MatchEnv, whole: Observer) -> None:
    moves = engine.legal_moves(match.state)
    for seat, agent in enumerate(match.possible_agents):
        seen = match.observe(agent)
        acting = agent == match.agent_selection
        whole.fill(match.state, match.pending if acting else None, seat)
        assert np.array_equal(seen["observation"], whole.tensor)
        assert seen["observation"].dtype == np.float32
        legal = match.ids.legal(moves, match.pending) if acting else []
        assert np.flatnonzero(seen["action_mask"]).tolist() == legal
        assert seen["action_mask"].dtype == np.int8


def engine_match(variant: str, seed: int, rng: random.Random, **given) -> State:
    """The engine's match of ``seed`` played with moves chosen by ``rng``, as
    :func:`play` chooses them."""
    state = engine.new_match(variant, seed, **given)
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = engine.next_hand(state)
        state, _ = engine.play(state, rng.choice(engine.legal_moves(state)))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_match_played_through_the_env_is_the_engines_match(variant):
    """Events, scores and record: the whole state, after every move and at the end; the
    match's rewards go to the winning team; each seat sees what the Observer shows it."""
    for seed in (7, 8):
        match = MatchEnv(variant)
        match.reset(seed=seed)
        summed = play(match, random.Random(seed), check_views=seed == 7)
        final = engine_match(variant, seed, random.Random(seed))
        assert match.state == final
        assert final.phase == "game_over"
        by_team = match_rewards(final.scores, final.winner)
        team_of = match.rules.seating.team_of
        expected = {agent: by_team[team_of[seat]]
                    for seat, agent in enumerate(match.possible_agents)}
        assert summed == expected == match._cumulative_rewards
        assert sum(summed.values()) == pytest.approx(0)
        assert all(match.terminations.values()) and not any(match.truncations.values())
        seen = match.observe(match.agent_selection)
        assert not seen["action_mask"].any()
        assert match.observation_space(match.agent_selection).contains(seen)


@pytest.mark.parametrize("variant", VARIANTS)
def test_hand_rewards_are_each_hands_points_and_a_match_may_stop_early(variant):
    match = MatchEnv(variant, rewards="hand", hands=2)
    match.reset(seed=3)
    summed = play(match, random.Random(3), check_views=True)
    state = match.state
    assert len(state.record) == 2 or state.phase == "game_over"
    team_of = match.rules.seating.team_of
    expected = dict.fromkeys(match.possible_agents, 0.0)
    for record in state.record:
        for seat, agent in enumerate(match.possible_agents):
            expected[agent] += hand_rewards(record.points)[team_of[seat]]
    assert summed == pytest.approx(expected)
    assert sum(summed.values()) == pytest.approx(0)


def test_a_stopped_match_is_won_by_its_leader():
    match = MatchEnv("scopa", hands=1)
    match.reset(seed=2)
    summed = play(match, random.Random(2))
    state = match.state
    assert state.phase == "hand_over" and state.hand == 1
    by_team = match_rewards(state.scores, None)
    assert summed == {"seat_0": by_team[0], "seat_1": by_team[1]}


def test_a_seed_is_the_engines_deal_and_no_seed_draws_one():
    first, second = MatchEnv("zobelon"), MatchEnv("zobelon")
    first.reset(seed=11)
    assert first.state == engine.new_match("zobelon", 11)
    second.reset(seed=11)
    drawn = []
    for match in (first, second):
        match.reset()
        drawn.append(match.seed)
        match.reset()
        drawn.append(match.seed)
    assert drawn[:2] == drawn[2:] and drawn[0] != drawn[1]
    assert first.state == engine.new_match("zobelon", drawn[1])


def test_a_move_may_take_several_steps_of_the_same_agent():
    """Foraccio's capture options: a card with several captures is chosen card first,
    then its takes, while the agent stays the one to act."""
    match = MatchEnv("foraccio")
    match.reset(seed=4)
    rng = random.Random(4)
    while True:
        state = match.state
        moves = engine.legal_moves(state)
        several = [move for move in moves if sum(m.card == move.card for m in moves) > 1]
        if several:
            break
        match.step(match.ids.of(moves, rng.choice(moves))[0])
    actions = match.ids.of(moves, several[0])
    assert len(actions) > 1
    agent = match.agent_selection
    for action in actions[:-1]:
        match.step(action)
        assert match.agent_selection == agent and match.state is state
        assert match.pending is not None
    match.step(actions[-1])
    assert match.state == engine.play(state, several[0])[0]


def test_an_illegal_action_is_refused_saying_which_are_legal():
    match = MatchEnv("scopa")
    match.reset(seed=1)
    state = match.state
    legal = np.flatnonzero(match.observe(match.agent_selection)["action_mask"])
    illegal = next(action for action in range(match.ids.count) if action not in legal)
    with pytest.raises(ValueError, match=f"the legal actions are {legal[0]} \\(play "):
        match.step(illegal)
    assert match.state is state
    match.step(np.int64(legal[0]))  # any integer type
    assert match.state is not state


@pytest.mark.parametrize(("given", "words"), [
    ({"options": {"target": 0}}, "target"),
    ({"house_rules": ("no-such-rule",)}, "no-such-rule"),
    ({"variant": "no-such-game"}, "no-such-game"),
    ({"rewards": "points"}, "rewards"),
    ({"hands": -1}, "hands"),
    ({"language": "fr"}, "language"),
])
def test_bad_parameters_are_refused_in_words(given, words):
    with pytest.raises(ValueError, match=words):
        env(**given)


def test_spaces():
    match = MatchEnv("scopa", options={"players": 3})
    assert match.possible_agents == ["seat_0", "seat_1", "seat_2"]
    ids = ActionIds(match.rules.deck)
    assert match.action_space("seat_1").n == ids.count
    space = match.observation_space("seat_1")
    assert space["action_mask"].shape == (ids.count,)
    assert space["observation"].shape == Observer(match.layout).tensor.shape


def test_a_match_starts_with_reset():
    match = env("scopa", render_mode="ansi")
    for call in (lambda: match.step(0), lambda: match.observe("seat_0"), match.render):
        with pytest.raises(RuntimeError, match="reset"):
            call()
