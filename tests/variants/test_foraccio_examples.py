"""The worked examples of Foraccio, docs/rules.md §13.1 to §13.9: each holds in the engine.

Examples 1-6 start from a hand-made state in the middle of a hand and play
one card; examples 7-9 score piles laid out by hand.
"""

from __future__ import annotations

from foraccio.core.cards import DECK
from foraccio.core.engine import hand_points, legal_moves, play, score_hand
from foraccio.core.model import Bonus, Captured, Laid, Move, ScoreLine
from foraccio.core.testing import scenario


def options_of(state, card):
    """What ``card`` may do on this table: the set of cards each legal move takes
    (the empty set is a lay, or an ace alone on an empty table)."""
    return {frozenset(move.take) for move in legal_moves(state) if move.card == card}


def bonuses(events):
    return [event for event in events if isinstance(event, Bonus)]


def lines_of(lines, team, name=None):
    return [line for line in lines if line.team == team and (name is None or line.name == name)]


def test_example_1_a_ten_takes_5_3_2_its_only_capture_and_sweeps_for_a_scopa_worth_10():
    """docs/rules.md §13.1 (rules: §4.2, §5.1, §5.2)."""
    state = scenario(table=["5c", "3b", "2d"], hands={0: ["10s", "4c"], 1: ["6d"]})

    assert options_of(state, "10s") == {frozenset({"5c", "3b", "2d"})}

    after, events = play(state, Move("10s", ("5c", "3b", "2d")))
    assert after.table == ()
    assert {"5c", "3b", "2d", "10s"} <= set(after.piles[0])
    assert bonuses(events) == [Bonus(seat=0, team=0, name="scopa", points=10, card="10s")]


def test_example_2_a_five_takes_either_the_5_or_3_plus_2_as_its_player_chooses():
    """docs/rules.md §13.2 (rules: §4.2, §4.3)."""
    state = scenario(table=["5c", "3b", "2d"], hands={0: ["5d", "4c"], 1: ["6d"]})

    assert options_of(state, "5d") == {frozenset({"5c"}), frozenset({"3b", "2d"})}

    took_five, events = play(state, Move("5d", ("5c",)))
    assert sorted(took_five.table) == sorted(["3b", "2d"])
    assert bonuses(events) == []
    took_sum, events = play(state, Move("5d", ("3b", "2d")))
    assert took_sum.table == ("5c",)
    assert bonuses(events) == []


def test_example_3_a_cavallo_takes_only_the_cavallo_and_a_fante_that_cannot_capture_is_laid():
    """docs/rules.md §13.3 (rules: §4.2, §4.4)."""
    state = scenario(table=["12c", "4d"], hands={0: ["12s", "11s"], 1: ["6d"]})

    assert options_of(state, "12s") == {frozenset({"12c"})}
    after, _ = play(state, Move("12s", ("12c",)))
    assert after.table == ("4d",)

    assert options_of(state, "11s") == {frozenset()}
    after, events = play(state, Move("11s"))
    assert events == (Laid(seat=0, card="11s"),)
    assert sorted(after.table) == sorted(["12c", "4d", "11s"])


def test_example_4_an_ace_takes_the_whole_table_and_it_is_not_a_scopa():
    """docs/rules.md §13.4 (rules: §4.2, §5.1)."""
    state = scenario(table=["7b", "6c"], hands={0: ["1d", "4c"], 1: ["6d"]})

    assert options_of(state, "1d") == {frozenset({"7b", "6c"})}

    after, events = play(state, Move("1d", ("7b", "6c")))
    assert after.table == ()
    assert {"7b", "6c", "1d"} <= set(after.piles[0])
    assert bonuses(events) == []


def test_example_5_an_ace_on_an_empty_table_takes_only_itself_and_is_not_a_scopa():
    """docs/rules.md §13.5 (rules: §4.2, §5.4)."""
    state = scenario(table=[], hands={0: ["1c", "4c"], 1: ["6d"]})

    assert options_of(state, "1c") == {frozenset()}

    after, events = play(state, Move("1c"))
    assert events == (Captured(seat=0, card="1c", take=()),)
    assert after.table == ()
    assert "1c" in after.piles[0]
    assert after.last_capturer == 0


def test_example_6_a_re_taking_the_last_re_on_the_table_is_a_scopa_di_re_worth_13():
    """docs/rules.md §13.6 (rules: §4.2, §5.2)."""
    state = scenario(table=["13d"], hands={0: ["13c", "4c"], 1: ["6d"]})

    assert options_of(state, "13c") == {frozenset({"13d"})}

    after, events = play(state, Move("13c", ("13d",)))
    assert after.table == ()
    assert bonuses(events) == [Bonus(seat=0, team=0, name="scopa", points=13, card="13c")]


def test_example_7_all_five_punti_di_mano_make_la_24_worth_24_in_all():
    """docs/rules.md §13.7 (rules: §7.1 to §7.4)."""
    # Team 0: the three onori, 8 spade, 30 cards, and no ace (so no napoli).
    spade = ["2s", "4s", "5s", "6s", "7s", "8s", "9s", "11s"]
    others = ["10d", *(f"{rank}c" for rank in range(2, 14)), *(f"{rank}d" for rank in range(2, 10)),
              "11d"]
    team_0 = spade + others
    assert len(team_0) == 30
    team_1 = [card for card in DECK if card not in team_0]
    state = scenario(piles=[team_0, team_1], dealer=3)

    lines = score_hand(state)

    assert {(line.name, line.points) for line in lines_of(lines, 0)} == {
        ("primo_onore", 1), ("secondo_onore", 1), ("terzo_onore", 1), ("spade", 1),
        ("carte", 2), ("la_24", 18),
    }
    assert hand_points(lines)[0] == 1 + 1 + 1 + 1 + 2 + 18 == 24


def test_example_8_asso_to_5_of_bastoni_without_the_6_is_a_napoli_worth_5():
    """docs/rules.md §13.8 (rules: §7.5)."""
    team_0 = ["1b", "2b", "3b", "4b", "5b", "7b", "8b", "9b", "10b", "11b", "12b", "13b"]
    team_1 = [card for card in DECK if card not in team_0]
    assert "6b" in team_1

    lines = score_hand(scenario(piles=[team_0, team_1]))

    assert lines_of(lines, 0, "napoli") == [
        ScoreLine(team=0, name="napoli", points=5, cards=("1b", "2b", "3b", "4b", "5b")),
    ]


def test_example_9_at_26_cards_each_carte_goes_to_the_team_without_the_dealer():
    """docs/rules.md §13.9 (rules: §7.3)."""
    team_0, team_1 = DECK[0::2], DECK[1::2]
    assert len(team_0) == len(team_1) == 26

    lines = score_hand(scenario(piles=[team_0, team_1], dealer=1))

    assert lines_of(lines, 0, "carte") == [ScoreLine(team=0, name="carte", points=2)]
    assert lines_of(lines, 1, "carte") == []
