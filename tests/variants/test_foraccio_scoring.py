"""How a Foraccio hand is scored: docs/rules.md §5 (scopa), §6 (end of the hand) and §7.

Piles are laid out by hand and scored with ``score_hand``; the scopa and the
end of the hand are played from hand-made states.
"""

from __future__ import annotations

import pytest

from foraccio.core.cards import DECK, RANK, SUIT, SUITS
from foraccio.core.engine import hand_points, play, score_hand
from foraccio.core.model import Bonus, Captured, Move, ScoreLine, TableCollected, team_of
from foraccio.core.testing import scenario

ONORI = {"primo_onore": "2s", "secondo_onore": "11s", "terzo_onore": "10d"}
ONORI_CARDS = tuple(ONORI.values())


def split(team_0_cards):
    """Piles where team 0 holds ``team_0_cards`` and team 1 every other card."""
    team_0 = list(team_0_cards)
    return [team_0, [card for card in DECK if card not in team_0]]


def team_0_holding(*, onori=ONORI_CARDS, spade=8, cards=28):
    """Piles where team 0 holds the given onori, ``spade`` spade in all and ``cards``
    cards in all, but no asso (so no napoli); team 1 holds the rest."""
    other_spade = [card for card in DECK if SUIT[card] == "s" and RANK[card] != 1
                   and card not in ONORI_CARDS]
    fillers = [card for card in DECK if SUIT[card] != "s" and RANK[card] != 1
               and card not in ONORI_CARDS]
    held = list(onori)
    held += other_spade[:spade - sum(SUIT[card] == "s" for card in held)]
    held += fillers[:cards - len(held)]
    assert len(held) == cards
    assert sum(SUIT[card] == "s" for card in held) == spade
    return split(held)


def lines_for(piles, *, dealer=3, events=()):
    return score_hand(scenario(piles=piles, dealer=dealer, events=events))


def named(lines, name, team=None):
    return [line for line in lines if line.name == name and team in (None, line.team)]


# --- punti di mano (docs/rules.md §7.1, §7.2, §7.3, §7.4) ------------------------------


@pytest.mark.parametrize("team", [0, 1])
@pytest.mark.parametrize(("name", "card"), ONORI.items())
def test_each_onore_is_worth_1_to_the_team_holding_its_card(name, card, team):
    piles = split([card])
    if team == 1:
        piles.reverse()

    assert named(lines_for(piles), name) == [ScoreLine(team=team, name=name, points=1,
                                                       cards=(card,))]


def test_spade_is_worth_1_to_the_team_holding_7_spade_and_nothing_to_the_one_holding_6():
    spade = [card for card in DECK if SUIT[card] == "s"]
    piles = split(spade[:7])

    lines = lines_for(piles)

    assert [(line.team, line.points) for line in named(lines, "spade")] == [(0, 1)]
    assert sorted(named(lines, "spade")[0].cards) == sorted(spade[:7])


def test_spade_is_scored_by_the_team_holding_every_spade():
    spade = [card for card in DECK if SUIT[card] == "s"]
    lines = lines_for(split(spade)[::-1])

    assert [(line.team, line.points) for line in named(lines, "spade")] == [(1, 1)]


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("team_0_cards", [25, 26, 27, 28])
def test_carte_is_worth_2_for_27_cards_or_26_for_the_team_without_the_dealer(
        dealer, team_0_cards):
    piles = split(DECK[:team_0_cards])
    counts = [len(piles[0]), len(piles[1])]

    def earns_carte(team):
        needed = 27 if team == team_of(dealer) else 26
        return counts[team] >= needed

    lines = named(lines_for(piles, dealer=dealer), "carte")

    assert lines == [ScoreLine(team=team, name="carte", points=2)
                     for team in (0, 1) if earns_carte(team)]
    assert len(lines) == 1, "exactly one team scores carte in a 52-card hand"


@pytest.mark.parametrize("dealer", range(4))
def test_carte_at_26_26_goes_to_the_team_without_the_dealer(dealer):
    lines = named(lines_for([DECK[0::2], DECK[1::2]], dealer=dealer), "carte")

    assert lines == [ScoreLine(team=1 - team_of(dealer), name="carte", points=2)]


def test_carte_the_dealers_team_needs_27():
    piles = split(DECK[:26])
    assert named(lines_for(piles, dealer=0), "carte") == [
        ScoreLine(team=1, name="carte", points=2)]
    piles = split(DECK[:27])
    assert named(lines_for(piles, dealer=0), "carte") == [
        ScoreLine(team=0, name="carte", points=2)]


def test_la_24_adds_18_when_a_team_scores_all_five_punti_di_mano():
    lines = lines_for(team_0_holding())

    assert named(lines, "la_24") == [ScoreLine(team=0, name="la_24", points=18)]
    punti_di_mano = [line for line in lines
                     if line.team == 0 and line.name != "la_24"]
    assert sum(line.points for line in punti_di_mano) == 6
    assert hand_points(lines)[0] == 24


@pytest.mark.parametrize(("missing", "piles"), [
    ("primo_onore", team_0_holding(onori=("11s", "10d"))),
    ("secondo_onore", team_0_holding(onori=("2s", "10d"))),
    ("terzo_onore", team_0_holding(onori=("2s", "11s"))),
    ("spade", team_0_holding(spade=6)),
    ("carte", team_0_holding(cards=25)),
])
def test_la_24_is_not_scored_when_one_item_is_missing(missing, piles):
    lines = lines_for(piles)

    team_0_names = {line.name for line in lines if line.team == 0}
    assert team_0_names == {"primo_onore", "secondo_onore", "terzo_onore", "spade",
                            "carte"} - {missing}
    assert named(lines, "la_24") == []


# --- napoli (docs/rules.md §7.5) -------------------------------------------------------


@pytest.mark.parametrize("length", range(3, 14))
def test_napoli_is_worth_the_length_of_the_run_from_the_asso(length):
    run = tuple(f"{rank}c" for rank in range(1, length + 1))

    lines = lines_for(split(run))

    assert named(lines, "napoli", team=0) == [
        ScoreLine(team=0, name="napoli", points=length, cards=run)]


def test_napoli_of_the_whole_suit_is_worth_13():
    suit = tuple(f"{rank}d" for rank in range(1, 14))

    assert named(lines_for(split(suit)), "napoli", team=0) == [
        ScoreLine(team=0, name="napoli", points=13, cards=suit)]


def test_napoli_counts_only_the_unbroken_run_from_the_asso():
    lines = lines_for(split(["1b", "2b", "3b", "5b", "6b", "7b"]))

    assert named(lines, "napoli", team=0) == [
        ScoreLine(team=0, name="napoli", points=3, cards=("1b", "2b", "3b"))]


@pytest.mark.parametrize("held", [
    ["2c", "3c", "4c", "5c", "6c"],  # no asso
    ["1c", "2c"],  # asso and 2 only
    ["1c", "2c", "4c", "5c", "6c"],  # no 3
    ["1c", "3c", "4c", "5c"],  # no 2
])
def test_no_napoli_without_the_asso_2_and_3_of_a_suit(held):
    assert named(lines_for(split(held)), "napoli", team=0) == []


def test_napoli_is_scored_once_per_suit_up_to_four():
    held = [f"{rank}{suit}" for suit in SUITS for rank in (1, 2, 3)]

    lines = named(lines_for(split(held)), "napoli", team=0)

    assert sorted(line.cards for line in lines) == sorted(
        tuple(f"{rank}{suit}" for rank in (1, 2, 3)) for suit in SUITS)
    assert all(line.points == 3 for line in lines)


# --- scopa (docs/rules.md §5.1, §5.2, §5.4, §7.6) --------------------------------------


def sweep(card, table, take=None):
    """Seat 0 plays ``card`` on ``table`` taking ``take`` (the whole table by default),
    with cards left in other hands so the hand goes on."""
    state = scenario(table=table, hands={0: [card, "4c"], 1: ["6d"]})
    return play(state, Move(card, tuple(table) if take is None else take))


def bonuses(events):
    return [event for event in events if isinstance(event, Bonus)]


@pytest.mark.parametrize("rank", range(2, 14))
def test_a_scopa_is_worth_the_value_of_the_card_that_made_it(rank):
    card = f"{rank}b"
    after, events = sweep(card, [f"{rank}d"])

    assert bonuses(events) == [Bonus(seat=0, team=0, name="scopa", points=rank, card=card)]
    assert named(score_hand(after), "scopa") == [
        ScoreLine(team=0, name="scopa", points=rank, cards=(card,))]


def test_a_scopa_di_re_is_worth_13():
    after, _ = sweep("13s", ["13c"])

    assert named(score_hand(after), "scopa") == [
        ScoreLine(team=0, name="scopa", points=13, cards=("13s",))]


def test_a_scopa_made_by_a_sum_is_worth_the_capturing_card():
    _, events = sweep("9s", ["4c", "3d", "2b"])

    assert bonuses(events) == [Bonus(seat=0, team=0, name="scopa", points=9, card="9s")]


def test_every_scopa_of_a_hand_scores():
    state = scenario(table=["5c"], hands={0: ["5d", "4c"], 1: ["7b", "8c"], 2: ["7d", "9d"]})
    state, _ = play(state, Move("5d", ("5c",)))  # scopa
    state, _ = play(state, Move("7b"))
    state, _ = play(state, Move("7d", ("7b",)))  # scopa

    assert named(score_hand(state), "scopa") == [
        ScoreLine(team=0, name="scopa", points=5, cards=("5d",)),
        ScoreLine(team=0, name="scopa", points=7, cards=("7d",)),
    ]


def test_a_capture_that_leaves_cards_on_the_table_is_not_a_scopa():
    _, events = sweep("5s", ["5c", "7d"], take=("5c",))

    assert bonuses(events) == []


def test_an_ace_taking_the_whole_table_is_not_a_scopa():
    after, events = sweep("1s", ["5c", "7d", "12b"])

    assert after.table == ()
    assert bonuses(events) == []
    assert named(score_hand(after), "scopa") == []


def test_an_ace_on_an_empty_table_is_no_scopa_but_a_capture_that_makes_its_player_last_capturer():
    state = scenario(table=[], hands={0: ["4c"], 1: ["1s", "6d"], 2: ["3b"]},
                     turn=1, last_capturer=0)

    after, events = play(state, Move("1s"))

    assert events == (Captured(seat=1, card="1s", take=()),)
    assert after.last_capturer == 1
    assert "1s" in after.piles[1]
    assert named(score_hand(after), "scopa") == []


# --- end of the hand (docs/rules.md §6.2, §7.7) ----------------------------------------


def test_the_cards_left_at_the_end_go_to_the_last_capturer_and_are_no_scopa():
    """docs/rules.md §6.2 and the worked example §13.14."""
    state = scenario(table=["5c", "6c"], hands={0: ["5d"], 1: ["4d"]}, turn=0)
    state, _ = play(state, Move("5d", ("5c",)))
    assert state.last_capturer == 0
    pile_before = state.piles[0]

    state, events = play(state, Move("4d"))  # the last card of the hand

    collected = [event for event in events if isinstance(event, TableCollected)]
    assert len(collected) == 1
    assert collected[0].seat == 0 and collected[0].team == 0
    assert sorted(collected[0].cards) == sorted(["6c", "4d"])
    assert sorted(state.piles[0]) == sorted((*pile_before, "6c", "4d"))
    assert state.table == ()
    assert bonuses(events) == []
    assert named(score_hand(state), "scopa") == []


def test_the_cards_left_go_to_the_team_of_the_seat_that_captured_last():
    state = scenario(table=["8c", "2d"], hands={3: ["8s"], 0: ["9b"]}, turn=3, dealer=2)
    state, _ = play(state, Move("8s", ("8c",)))
    team_1_pile = state.piles[1]

    state, events = play(state, Move("9b"))

    collected = [event for event in events if isinstance(event, TableCollected)]
    assert [(c.seat, c.team, sorted(c.cards)) for c in collected] == [
        (3, 1, sorted(["2d", "9b"]))]
    assert sorted(state.piles[1]) == sorted((*team_1_pile, "2d", "9b"))


def test_hand_points_add_up_each_teams_lines():
    state = scenario(piles=split(["2s", "11s", "1c", "2c", "3c"]))
    lines = score_hand(state)

    expected = [sum(line.points for line in lines if line.team == team) for team in (0, 1)]
    assert hand_points(lines) == tuple(expected)
