"""Every installed variant as an OpenSpiel game (foraccio.research.openspiel): OpenSpiel's
own checks, what a seat is shown, resampling, and the engine's match, move for move."""

from __future__ import annotations

import random

import msgspec
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from foraccio.bots import choose_move
from foraccio.core import engine
from foraccio.core.model import Declared, FirstDealerChosen, State
from foraccio.core.registry import applicable_variants, house_rules, variants
from foraccio.core.view import seat_view
from foraccio.research import openspiel
from foraccio.research.actions import ActionIds
from foraccio.research.openspiel import game_name

INSTALLED = ("foraccio", "zobelon", "scopa", "scopone-scientifico", "lumaca")
"""The variants installed with the tests: built-in, example and the foreign test variant."""

HOUSE_RULED = tuple((variant, rule) for rule, found in sorted(house_rules().items())
                    for variant in applicable_variants(found) if variant in INSTALLED)


def test_every_installed_variant_is_a_game():
    names = openspiel.register()
    assert {game_name(variant) for variant in INSTALLED} <= set(names)
    assert set(names) == {game_name(variant) for variant in variants()}
    assert game_name("scopone-scientifico") == "foraccio_scopone_scientifico"


@pytest.mark.parametrize("variant", INSTALLED)
def test_openspiel_checks_a_whole_match(variant):
    """OpenSpiel's own checks on random matches: legal actions, chance outcomes,
    clones, serialisation, tensors' sizes, returns within the utility range and equal
    to the rewards summed."""
    game = pyspiel.load_game(game_name(variant))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("variant", "rule"), HOUSE_RULED)
def test_openspiel_checks_house_rules_and_hand_rewards(variant, rule):
    game = pyspiel.load_game(game_name(variant),
                             {"house_rules": rule, "rewards": "hand", "hands": 2})
    assert game.house_rules == (rule,)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_options_are_typed_parameters_and_survive_a_game_string():
    game = pyspiel.load_game("foraccio_zobelon(deal_scheme=_12,target=31,capture_required=false)")
    assert game.options["deal_scheme"] == "12"
    assert game.options["target"] == 31
    assert game.options["capture_required"] is False
    again = pyspiel.load_game(str(game))
    assert again.options == game.options
    assert pyspiel.load_game("foraccio_zobelon", {"deal_scheme": "6_6"}).options[
        "deal_scheme"] == "6-6"
    scopa = pyspiel.load_game("foraccio_scopa", {"players": 4})
    assert scopa.num_players() == 4


@pytest.mark.parametrize(("parameters", "words"), [
    ({"target": 0}, "target"),
    ({"house_rules": "no-such-rule"}, "no-such-rule"),
    ({"rewards": "points"}, "rewards"),
    ({"hands": -1}, "hands"),
])
def test_bad_parameters_are_refused_in_words(parameters, words):
    with pytest.raises(Exception, match=words):
        pyspiel.load_game("foraccio_foraccio", parameters)


def _seat_to_choose(state, rng: random.Random) -> bool:
    """Deal ``state``'s chance nodes with their odds; whether a seat is then to choose
    (the game is not over)."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([action for action, _ in outcomes],
                                       [odds for _, odds in outcomes])[0])
    return not state.is_terminal()


def _random_positions(variant: str, seed: int, count: int, parameters=None):
    """``count`` states of a match of ``variant`` where a seat is to choose."""
    game = pyspiel.load_game(game_name(variant), parameters or {})
    rng = random.Random(seed)
    state = game.new_initial_state()
    positions = []
    while len(positions) < count and _seat_to_choose(state, rng):
        if rng.random() < 0.3:
            positions.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return positions


@pytest.mark.parametrize("variant", INSTALLED)
def test_a_seat_is_shown_what_it_may_know_and_nothing_more(variant):
    """A state dealt again where the seat cannot see (resampled) shows the seat the very
    same information state and observation, tensors and strings; the hands it cannot
    see do differ between the deals."""
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    hidden_changed = 0
    for state in _random_positions(variant, 7, 12, {"hands": 3}):
        seat = state.current_player()
        for _ in range(3):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.legal_actions() == state.legal_actions()
            assert other.match.hands[seat] == state.match.hands[seat]
            assert [len(cards) for cards in other.match.hands] == [
                len(cards) for cards in state.match.hands]
            assert len(other.match.stock) == len(state.match.stock)
            hidden_changed += other.match.hands != state.match.hands
            assert len(other.history()) == len(state.history())
    assert hidden_changed


def test_the_tensor_shows_the_seats_view():
    state = _random_positions("scopa", 3, 1)[0]
    seat = state.current_player()
    observer = state.game.make_py_observer()
    observer.set_from(state, seat)
    pieces = observer.dict
    deck = state.game.ids.deck
    assert [deck[i] for i in np.flatnonzero(pieces["hand"])] == sorted(
        state.match.hands[seat], key=deck.index)
    assert [deck[i] for i in np.flatnonzero(pieces["table"])] == sorted(
        state.match.table, key=deck.index)
    assert pieces["observer"][seat] == 1 and pieces["observer"].sum() == 1
    assert pieces["turn"][seat] == 1
    public = state.game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False,
                                   private_info=pyspiel.PrivateInfoType.NONE))
    assert "hand" not in public.dict and "choosing" not in public.dict


def test_resampling_keeps_what_a_seat_declared():
    """Lumaca declares hands at the deal: a resampled deal keeps the declared cards in the
    declaring seat's hand, and gives no seat a hand that would declare otherwise."""
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    checked = 0
    for seed in range(40):
        for state in _random_positions("lumaca", seed, 3, {"hands": 1}):
            declared = [event for event in state.match.events if type(event) is Declared]
            if not declared:
                continue
            seat = state.current_player()
            other = state.resample_from_infostate(seat, sampler)
            assert [event for event in other.match.events if type(event) is Declared] == (
                declared)
            for event in declared:
                played = {*state.match.table, *(c for pile in state.match.piles for c in pile)}
                assert {c for c in event.cards if c not in played} <= set(
                    other.match.hands[event.seat])
            checked += 1
        if checked >= 5:
            break
    assert checked >= 5


@pytest.mark.parametrize("variant", INSTALLED)
def test_openspiels_ismcts_plays_a_hand(variant):
    game = pyspiel.load_game(game_name(variant), {"hands": 1, "rewards": "hand"})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 3.0, 4, random_state=np.random.RandomState(1))
    rng = random.Random(1)
    state = game.new_initial_state()
    while _seat_to_choose(state, rng):
        action = bot.step(state) if state.current_player() == 0 else rng.choice(
            state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0)


def _without_draws(state: State) -> State:
    """``state`` without what only the engine's seeded draw knows: the cards drawn for
    the first dealer (OpenSpiel's first chance node names the dealer alone) and the
    seed."""
    events = tuple(event if type(event) is not FirstDealerChosen else
                   FirstDealerChosen(draws=(), dealer=event.dealer) for event in state.events)
    return msgspec.structs.replace(state, events=events, seed=0)


@pytest.mark.parametrize("variant", INSTALLED)
def test_a_match_through_openspiel_is_the_engines_match(variant):
    """The engine's seeded matches, replayed through the game (each deal's shuffled deck
    and cut as chance outcomes, each move as its actions): after every move the game's
    state is the engine's, and the returns are the match's result."""
    for seed in (1, 2):
        rng = random.Random(seed)
        match = engine.new_match(variant, seed)
        rules = engine.rules_of(match)
        ids = ActionIds(rules.deck)
        game = pyspiel.load_game(game_name(variant), {"rewards": "hand"})
        state = game.new_initial_state()
        state.apply_action(engine.first_dealer(rules, seed).dealer)
        while True:
            record = match.record[-1]
            shuffled = record.deck[-record.cut:] + record.deck[:-record.cut]
            for card in shuffled:
                state.apply_action(ids.index[card])
            state.apply_action(record.cut)
            assert _without_draws(state.match) == _without_draws(match)
            while match.phase == "playing":
                moves = engine.legal_moves(match)
                move = rng.choice(moves)
                for action in ids.of(moves, move):
                    assert state.current_player() == match.turn
                    state.apply_action(action)
                match, _ = engine.play(match, move)
                assert _without_draws(state.match) == _without_draws(match)
            if match.phase == "game_over":
                break
            match = engine.next_hand(match)
        assert state.is_terminal()
        team_of = rules.seating.team_of
        ours, theirs = match.scores[team_of[0]], sum(match.scores) - match.scores[team_of[0]]
        others = len(match.scores) - 1
        assert state.returns()[0] == pytest.approx(ours - theirs / others)


@pytest.mark.parametrize("variant", INSTALLED)
def test_the_engines_bots_play_as_openspiel_bots(variant):
    """An engine bot plays its seat from the seat's view, a whole move at a time: the
    moves it makes are the ones the engine's bot chooses there."""
    game = pyspiel.load_game(game_name(variant), {"hands": 1})
    bots = [openspiel.EngineBot("heuristic", seed=3)] + [
        pyspiel.make_uniform_random_bot(seat, seat) for seat in range(1, game.num_players())]
    rng = random.Random(3)
    state = game.new_initial_state()
    while _seat_to_choose(state, rng):
        seat = state.current_player()
        if seat == 0 and state.pending is None:
            expected = choose_move("heuristic", seat_view(state.match, 0), 3)
            moves = engine.legal_moves(state.match)
            planned = state.game.ids.of(moves, expected)
            for action in planned:
                assert bots[0].step(state) == action
                state.apply_action(action)
        else:
            state.apply_action(bots[seat].step(state))
    assert sum(state.returns()) == pytest.approx(0)


def test_an_engine_bot_finishes_a_move_someone_else_began():
    state = next(position for position in _random_positions("lumaca", 5, 40)
                 if len(position.legal_actions()) > 1)
    first = state.legal_actions()[0]
    seat = state.current_player()
    state.apply_action(first)
    bot = openspiel.EngineBot("random")
    while state.current_player() == seat and state.pending is not None:
        state.apply_action(bot.step(state))
    assert state.pending is None


@pytest.mark.parametrize("stage", ["draw", "deal", "cut", "play"])
def test_an_illegal_action_is_refused_and_changes_nothing(stage):
    game = pyspiel.load_game("foraccio_scopa")
    state = game.new_initial_state()
    if stage != "draw":
        state.apply_action(0)
        state.apply_action(5)
    if stage in ("cut", "play"):
        for card in range(40):
            if card != 5:
                state.apply_action(card)
    if stage == "play":
        state.apply_action(20)
    before, history = str(state), state.history()
    wrong = {"draw": 7, "deal": 5, "cut": 40, "play": 2 * 40 + 15}[stage]
    with pytest.raises(Exception, match=r"not|cut"):
        state.apply_action(wrong)
    assert str(state) == before and state.history() == history


@pytest.mark.parametrize(("parameters", "model"), [
    ({}, pyspiel.GameType.RewardModel.TERMINAL),
    ({"hands": 1, "rewards": "hand"}, pyspiel.GameType.RewardModel.TERMINAL),
    ({"rewards": "hand"}, pyspiel.GameType.RewardModel.REWARDS),
])
def test_a_game_says_when_its_rewards_come(parameters, model):
    """Only a game whose rewards all come at its end says TERMINAL, which OpenSpiel's
    MCTS requires; it then searches it as it is."""
    game = pyspiel.load_game("foraccio_scopa", parameters)
    assert game.get_type().reward_model == model
    if model == pyspiel.GameType.RewardModel.TERMINAL:
        bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)))
        state = game.new_initial_state()
        assert _seat_to_choose(state, random.Random(2))
        assert bot.step(state) in state.legal_actions()
