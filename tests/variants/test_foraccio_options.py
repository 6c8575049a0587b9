"""Foraccio's house-rule options (variants/foraccio/__init__.py) and the end of the
match (docs/rules.md §9).

Every engine choice of docs/rules.md that an option changes (§11) is the
option's default; each test shows what the option changes.
"""

from __future__ import annotations

import pytest

from foraccio.core.cards import DECK, RANK
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.errors import IllegalMove, Reason
from foraccio.core.model import Bonus, Captured, HandScored, Laid, MatchWon, Move, TableCollected
from foraccio.core.testing import scenario
from foraccio.variants.foraccio.match import foraccio_match_winner

ODD = [card for card in DECK if RANK[card] % 2 == 1]
EVEN = [card for card in DECK if RANK[card] % 2 == 0]


def last_play(scores=(0, 0), **options):
    """Seat 0 (dealer: seat 3) is to play the hand's last card, the asso di coppe, on an
    empty table: it takes only itself.

    Team 0 then holds every odd card: 28 cards (carte, 2), 7 spade among them (1),
    la vecchia 11s (1): 4 points. Team 1 holds every even card: 2s (1) and 10d (1):
    2 points. Nobody holds an asso, 2 and 3 of one suit, so there is no napoli.
    """
    return scenario(hands={0: ["1c"]}, piles=[[c for c in ODD if c != "1c"], EVEN],
                    dealer=3, turn=0, scores=scores, options=options)


LAST_HAND_POINTS = (4, 2)


def finish(state):
    after, _ = play(state, Move("1c"))
    return after


def test_the_last_play_fixture_scores_as_its_docstring_says():
    after, events = play(last_play(), Move("1c"))

    scored = [event for event in events if isinstance(event, HandScored)]
    assert [event.points for event in scored] == [LAST_HAND_POINTS]
    assert after.phase == "hand_over"


def test_the_defaults_are_the_decisions_of_rules_md():
    """docs/rules.md §11: each option's default is the engine's choice."""
    assert new_match("foraccio", 1).options == {
        "deal_scheme": "one_at_a_time",
        "target": 71,
        "deal_passes_to": "right",
        "capture_required": True,
        "last_play_scopa": True,
        "lone_ace_captures": True,
    }


# --- deal_scheme (docs/rules.md §3.4) --------------------------------------------------


def dealt_by_rounds(deck, dealer, rounds):
    """Each seat's cards when ``deck`` is dealt from the top, dealer + 1 first, in rounds
    of the given sizes (docs/rules.md §3.4)."""
    hands = {seat: set() for seat in range(4)}
    top = 0
    for size in rounds:
        for step in (1, 2, 3, 4):
            hands[(dealer + step) % 4] |= set(deck[top:top + size])
            top += size
    return hands


@pytest.mark.parametrize("seed", range(4))
def test_one_at_a_time_deals_dealer_plus_1_the_cards_0_4_8_of_the_recorded_deck(seed):
    state = new_match("foraccio", seed)
    deck, dealer = state.record[-1].deck, state.dealer

    for step in (1, 2, 3, 4):
        seat = (dealer + step) % 4
        assert set(state.hands[seat]) == set(deck[step - 1::4])
    assert dealt_by_rounds(deck, dealer, [1] * 13) == {
        seat: set(hand) for seat, hand in enumerate(state.hands)}


@pytest.mark.parametrize("seed", range(4))
def test_5_4_4_deals_dealer_plus_1_the_first_5_cards_then_4_then_4(seed):
    state = new_match("foraccio", seed, {"deal_scheme": "5-4-4"})
    deck, dealer = state.record[-1].deck, state.dealer

    first = (dealer + 1) % 4
    assert set(state.hands[first]) == set(deck[0:5]) | set(deck[20:24]) | set(deck[36:40])
    assert dealt_by_rounds(deck, dealer, [5, 4, 4]) == {
        seat: set(hand) for seat, hand in enumerate(state.hands)}
    assert all(len(hand) == 13 for hand in state.hands)
    assert state.table == ()


def test_5_4_4_holds_for_every_hand_of_the_match():
    state = next_hand(finish(last_play(deal_scheme="5-4-4")), cut=17)

    assert dealt_by_rounds(state.record[-1].deck, state.dealer, [5, 4, 4]) == {
        seat: set(hand) for seat, hand in enumerate(state.hands)}


def test_the_two_schemes_deal_the_same_deck_differently():
    one = new_match("foraccio", 3)
    five = new_match("foraccio", 3, {"deal_scheme": "5-4-4"})

    assert one.record[-1].deck == five.record[-1].deck
    assert one.hands != five.hands


# --- deal_passes_to (docs/rules.md §3.2) -----------------------------------------------


def test_the_deal_passes_to_the_right_dealer_plus_1_by_default():
    state = next_hand(finish(last_play()))

    assert state.dealer == (3 + 1) % 4
    assert state.turn == (state.dealer + 1) % 4


def test_the_deal_may_pass_to_the_left_dealer_plus_3():
    state = next_hand(finish(last_play(deal_passes_to="left")))

    assert state.dealer == (3 + 3) % 4
    assert state.turn == (state.dealer + 1) % 4


# --- capture_required (docs/rules.md §4.4) ---------------------------------------------


def table_with_a_five(**options):
    return scenario(table=["5c"], hands={0: ["5d", "1d", "9b"], 1: ["6d"]}, options=options)


def test_by_default_a_card_that_can_capture_must_capture():
    state = table_with_a_five()

    assert [move for move in legal_moves(state) if move.card == "5d"] == [
        Move("5d", ("5c",))]
    with pytest.raises(IllegalMove) as refused:
        play(state, Move("5d"))
    assert refused.value.reason == Reason.CAPTURE_REQUIRED


def test_without_capture_required_a_card_that_can_capture_may_be_laid():
    state = table_with_a_five(capture_required=False)

    assert {move.take for move in legal_moves(state) if move.card == "5d"} == {("5c",), ()}
    after, events = play(state, Move("5d"))
    assert events == (Laid(seat=0, card="5d"),)
    assert sorted(after.table) == sorted(["5c", "5d"])


def test_without_capture_required_an_ace_is_still_never_laid():
    state = table_with_a_five(capture_required=False)

    assert [move for move in legal_moves(state) if move.card == "1d"] == [
        Move("1d", ("5c",))]
    with pytest.raises(IllegalMove) as refused:
        play(state, Move("1d"))
    assert refused.value.reason == Reason.CAPTURE_REQUIRED


def test_without_capture_required_a_card_that_cannot_capture_is_laid_as_always():
    state = table_with_a_five(capture_required=False)

    assert [move for move in legal_moves(state) if move.card == "9b"] == [Move("9b")]


# --- last_play_scopa (docs/rules.md §5.3) ----------------------------------------------


def last_sweep(**options):
    """Seat 0 sweeps the table with the hand's last card."""
    state = scenario(table=["7d"], hands={0: ["7c"]}, turn=0, options=options)
    return play(state, Move("7c", ("7d",)))


def scopa_lines(events):
    scored = next(event for event in events if isinstance(event, HandScored))
    return [line for line in scored.lines if line.name == "scopa"]


def test_by_default_a_scopa_on_the_last_play_counts():
    _, events = last_sweep()

    assert [event for event in events if isinstance(event, Bonus)] == [
        Bonus(seat=0, team=0, name="scopa", points=7, card="7c")]
    assert [(line.team, line.points) for line in scopa_lines(events)] == [(0, 7)]


def test_without_last_play_scopa_a_sweep_on_the_last_play_is_no_scopa():
    after, events = last_sweep(last_play_scopa=False)

    assert after.phase == "hand_over"
    assert [event for event in events if isinstance(event, Bonus)] == []
    assert scopa_lines(events) == []


def test_without_last_play_scopa_a_sweep_before_the_last_play_still_counts():
    state = scenario(table=["7d"], hands={0: ["7c"], 1: ["9s"]}, turn=0,
                     options={"last_play_scopa": False})

    after, events = play(state, Move("7c", ("7d",)))

    assert after.phase == "playing"
    assert [event for event in events if isinstance(event, Bonus)] == [
        Bonus(seat=0, team=0, name="scopa", points=7, card="7c")]


# --- lone_ace_captures (docs/rules.md §5.4, §6.2) --------------------------------------


def lone_ace_then_a_lay(table=(), **options):
    """Seat 3 captured earlier; seat 0 plays an ace on ``table``, then seat 1 lays the
    hand's last card, which is left on the table."""
    earlier = Captured(seat=3, card="5c", take=("5b",))
    state = scenario(table=table, hands={0: ["1c"], 1: ["4d"]}, turn=0, events=[earlier],
                     last_capturer=3, options=options)
    take = tuple(table)
    state, _ = play(state, Move("1c", take))
    assert state.last_capturer == 0
    _, events = play(state, Move("4d"))
    return [event for event in events if isinstance(event, TableCollected)]


def test_by_default_a_lone_ace_makes_its_player_collect_the_cards_left():
    assert lone_ace_then_a_lay() == [TableCollected(seat=0, team=0, cards=("4d",))]


def test_without_lone_ace_captures_a_lone_ace_does_not_make_its_player_the_collector():
    assert lone_ace_then_a_lay(lone_ace_captures=False) == [
        TableCollected(seat=3, team=1, cards=("4d",))]


def test_without_lone_ace_captures_an_ace_that_takes_table_cards_still_counts():
    assert lone_ace_then_a_lay(table=["6b"], lone_ace_captures=False) == [
        TableCollected(seat=0, team=0, cards=("4d",))]


# --- target and the end of the match (docs/rules.md §9.1, §9.2) ------------------------


def expected_winner(scores, target):
    """docs/rules.md §9.2: the one team at or over the target wins; if both are, the
    higher total wins; equal totals play another hand."""
    reached = [team for team in (0, 1) if scores[team] >= target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2 and scores[0] != scores[1]:
        return max((0, 1), key=lambda team: scores[team])
    return None


@pytest.mark.parametrize(("scores", "target", "winner"), [
    ((70, 0), 71, None),
    ((71, 0), 71, 0),
    ((0, 71), 71, 1),
    ((90, 70), 71, 0),
    ((72, 75), 71, 1),
    ((75, 72), 71, 0),
    ((71, 71), 71, None),
    ((80, 80), 71, None),
    ((3, 2), 3, 0),
])
def test_match_winner_rule_of_the_plugin(scores, target, winner):
    assert foraccio_match_winner(scores=scores, target=target) == winner


@pytest.mark.parametrize("before", [
    (66, 0), (67, 0), (70, 0), (0, 68), (0, 69), (68, 69), (67, 70), (67, 69), (100, 102),
])
def test_the_engine_ends_the_match_as_the_rules_say(before):
    """docs/rules.md §9.2; the worked example §13.15 is the case ``before=(68, 69)``."""
    after = finish(last_play(scores=before))

    scores = (before[0] + LAST_HAND_POINTS[0], before[1] + LAST_HAND_POINTS[1])
    winner = expected_winner(scores, 71)
    assert after.scores == scores
    assert after.winner == winner
    if winner is None:
        assert after.phase == "hand_over"
        assert not any(isinstance(event, MatchWon) for event in after.events)
    else:
        assert after.phase == "game_over"
        assert after.events[-1] == MatchWon(team=winner, scores=scores)


def test_equal_totals_over_the_target_play_another_hand():
    """docs/rules.md §9.2; the worked example §13.15 (67 to 69, then 71 to 71)."""
    after = finish(last_play(scores=(67, 69)))
    assert after.scores == (71, 71)

    state = next_hand(after)

    assert state.phase == "playing"
    assert state.hand == after.hand + 1
    assert state.scores == (71, 71)


@pytest.mark.parametrize("target", [1, 2, 3, 4, 5, 6, 71])
def test_the_target_option_sets_the_score_to_reach(target):
    after = finish(last_play(target=target))

    assert after.winner == expected_winner(LAST_HAND_POINTS, target)
    assert (after.phase == "game_over") == (after.winner is not None)


def test_a_short_target_ends_a_whole_match_as_soon_as_it_is_reached():
    state = new_match("foraccio", 5, {"target": 10})
    while state.phase != "game_over":
        if state.phase == "hand_over":
            assert expected_winner(state.scores, 10) is None
            state = next_hand(state)
        state, _ = play(state, legal_moves(state)[0])
    assert state.scores[state.winner] >= 10
    assert state.winner == expected_winner(state.scores, 10)
