"""A deal that does more than place cards (``foraccio_deal_effects``): a team takes table
cards and bonuses are earned, at the first stage of a deal or a later one, with the
events, piles, scores, replays, posted states and views all agreeing.

The rule played is the worked example of docs/plugins.md, "A deal that scores", run
from the guide's own code block (tests/deal_effects.py): Scopa's dealer takes the
first table when it adds up to 15 (or 30) and scores a scopa for each 15.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from msgspec.structs import replace

from foraccio.bots.simulation import Playout
from foraccio.core.engine import hand_points, legal_moves, new_match, play, rules_of
from foraccio.core.errors import InvalidState, PluginError
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus, DealCaptured, Dealt, DealtMore, HandScored, ScoreLine
from foraccio.core.registry import HouseRule
from foraccio.core.replay import replay
from foraccio.core.rules import DealEffects
from foraccio.core.testing import check_random_match, random_playout, scenario
from foraccio.core.validation import validate_state
from foraccio.core.view import public_view, seat_view
from foraccio.core.wire import to_wire
from tests.deal_effects import DEALERS_FIFTEEN, LAYING_SCOPA, TAKING_SCOPA, guide_blocks

RULE = (DEALERS_FIFTEEN.name,)
SCOPA_VALUES = rules_of(new_match("scopa", 0)).values
"""Scopa's card values: a fante is worth 8, a cavallo 9, a re 10."""


@pytest.fixture(autouse=True)
def fifteen(registered):
    registered(DEALERS_FIFTEEN, LAYING_SCOPA, TAKING_SCOPA)


def first_deal(total: int, seeds=range(3000)):
    """The first seed whose first Scopa table adds up to ``total``, and its match with
    the house rule."""
    for seed in seeds:
        if sum(map(SCOPA_VALUES.get, new_match("scopa", seed).table)) == total:
            return seed, new_match("scopa", seed, house_rules=RULE)
    raise LookupError(f"no seed deals a first table of {total}")


def after_deal(events):
    """The events from the hand's deal on."""
    start = next(index for index, event in enumerate(events) if type(event) is Dealt)
    return events[start:]


# --- the engine -----------------------------------------------------------------------


def test_the_dealer_takes_a_first_table_of_15_and_scores_a_scopa():
    seed, state = first_deal(15)
    table = new_match("scopa", seed).table  # what the same seed lays without the rule
    dealer, team = state.dealer, state.dealer % 2

    assert after_deal(state.events) == (
        Dealt(hand=1, dealer=dealer, cut=state.record[0].cut),
        DealCaptured(hand=1, stage=0, seat=dealer, team=team, cards=table),
        Bonus(seat=dealer, team=team, name="scopa", points=1, card=state.record[0].deck[9]))
    assert state.table == () and state.piles[team] == table and state.piles[1 - team] == ()
    assert state.last_capturer == dealer


def test_a_first_table_of_30_scores_two_scopas():
    _, state = first_deal(30)

    scopas = [event for event in state.events if type(event) is Bonus]
    assert len(scopas) == 2 and all(bonus.seat == state.dealer for bonus in scopas)


def test_a_first_table_of_another_sum_stays_on_the_table():
    seed = next(seed for seed in range(100)
                if sum(map(SCOPA_VALUES.get, new_match("scopa", seed).table)) % 15)
    plain, ruled = new_match("scopa", seed), new_match("scopa", seed, house_rules=RULE)

    assert ruled.events == plain.events and ruled.table == plain.table
    assert ruled.piles == plain.piles and ruled.last_capturer is None


def test_the_deal_scopa_is_scored_at_the_end_of_the_hand():
    _, state = first_deal(15)
    bonus = state.events[-1]
    players = random.Random(1)
    while state.phase == "playing":
        state, _ = play(state, players.choice(legal_moves(state)))

    scored = next(event for event in state.events if type(event) is HandScored)
    assert ScoreLine(team=bonus.team, name="scopa", points=1, cards=(bonus.card,)) in scored.lines
    assert state.record[0].points == scored.points == hand_points(scored.lines)
    assert DealCaptured in map(type, state.events)  # kept with the hand's events


def test_a_later_stage_of_the_deal_takes_cards_too():
    # Two cards laid face up at every later stage; with a sum of 1 each stage's cards go.
    options = {"dealers-fifteen.sum": 1}
    step = next(step for step in random_playout("laying-scopa", 2, options, house_rules=RULE)
                if DealtMore in map(type, step.events))
    more = next(event for event in step.events if type(event) is DealtMore)
    taken = next(event for event in step.events if type(event) is DealCaptured)
    dealer = step.after.dealer

    assert more.table and taken.stage == more.stage >= 1 and taken.seat == dealer
    assert set(taken.cards) == set(more.table)
    assert not set(taken.cards) & set(step.after.table)
    assert step.after.piles[taken.team][-len(taken.cards):] == taken.cards
    assert step.after.events[-len(step.events):] == step.events


def test_the_bots_playout_deals_the_later_stages_as_the_engine():
    options = {"dealers-fifteen.sum": 1}
    for step in random_playout("laying-scopa", 4, options, house_rules=RULE):
        if DealtMore not in map(type, step.events):
            continue
        playout = Playout(step.before)
        playout.plays()
        playout.play(step.move)
        assert tuple(playout.events) == step.events
        assert playout.table == step.after.table and playout.hands == list(step.after.hands)
        assert tuple(map(tuple, playout.piles)) == step.after.piles
        assert playout.last_capturer == step.after.last_capturer


@pytest.mark.parametrize(("variant", "options"), [
    ("scopa", {}), ("scopa", {"dealers-fifteen.sum": 1, "players": 4}),
    ("laying-scopa", {}), ("laying-scopa", {"dealers-fifteen.sum": 1})])
def test_random_matches_keep_the_engines_promises(variant, options):
    # Every card in one place, replays, the posted state accepted, the scores adding up.
    check_random_match(variant, 1, options, house_rules=RULE)


def test_a_variant_whose_every_deal_takes_keeps_the_engines_promises():
    state = check_random_match("taking-scopa", 2)

    assert DealCaptured in map(type, state.events)


def test_a_variant_without_deal_effects_deals_as_before():
    for variant in ("foraccio", "zobelon", "scopa"):
        for step in random_playout(variant, 6):
            assert DealCaptured not in map(type, step.after.events)


def test_a_deal_may_score_without_taking_a_card(registered):
    class AssoOnTheTable:
        """An asso laid face up at the deal: a point to the seat after the dealer."""

        @hookimpl
        def foraccio_deal_effects(self, deal, seating):
            asso = next((card for card in deal.laid if card[:-1] == "1"), None)
            if asso is None:
                return None
            seat = seating.next_seat[deal.dealer]
            return DealEffects(seat=seat, bonuses=(Bonus(
                seat=seat, team=seating.team_of[seat], name="asso", points=1, card=asso),))

    registered(HouseRule(name="asso-on-the-table", title="Asso on the table",
                         description="An asso dealt face up scores.",
                         plugins=(AssoOnTheTable(),)))
    seed = next(seed for seed in range(200)
                if any(card[:-1] == "1" for card in new_match("scopa", seed).table))
    state = new_match("scopa", seed, house_rules=["asso-on-the-table"])
    (bonus,) = after_deal(state.events)[1:]
    players = random.Random(3)
    assert state.table == new_match("scopa", seed).table and state.last_capturer is None
    while state.phase == "playing":
        state, _ = play(state, players.choice(legal_moves(state)))

    scored = next(event for event in state.events if type(event) is HandScored)
    assert ScoreLine(team=bonus.team, name="asso", points=1, cards=(bonus.card,)) in scored.lines


# --- replays and posted states ----------------------------------------------------------


def test_a_replay_rebuilds_the_deal_and_what_it_took():
    _, state = first_deal(15)
    players = random.Random(2)
    for _ in range(5):
        assert replay(state) == state
        state, _ = play(state, players.choice(legal_moves(state)))
    assert replay(replace(state, seed=state.seed + 1)) == replace(state, seed=state.seed + 1)


def test_a_posted_state_after_such_a_deal_is_accepted():
    _, state = first_deal(15)
    wire = msgspec.json.decode(msgspec.json.encode(to_wire(state)), type=type(to_wire(state)))

    assert validate_state(wire) == state


@pytest.mark.parametrize("edit", ["left_on_the_table", "other_team", "not_taken"])
def test_a_posted_state_edited_around_the_deal_is_refused(edit):
    seed, state = first_deal(15)
    wire = to_wire(state)
    team = state.dealer % 2
    if edit == "left_on_the_table":  # the cards back on the table, as without the rule
        wire = replace(wire, table=state.piles[team], piles=((), ()))
    elif edit == "other_team":
        wire = replace(wire, piles=tuple(reversed(wire.piles)))
    else:  # the state of the same seed without the rule, claiming the rule
        wire = replace(to_wire(new_match("scopa", seed, house_rules=RULE)),
                       table=new_match("scopa", seed).table, piles=((), ()))

    with pytest.raises(InvalidState, match="is not what the engine reaches"):
        validate_state(wire)


# --- views ------------------------------------------------------------------------------


def test_every_seat_and_spectator_sees_what_the_deal_took():
    _, state = first_deal(15)
    shown = after_deal(state.events)

    views = [public_view(state), *(seat_view(state, seat) for seat in range(2))]
    for view in views:
        assert after_deal(view.events) == shown
        assert view.table == () and view.piles == state.piles
        assert view.last_capturer == state.dealer
    assert [view.cards for view in views[1:]] == list(state.hands)


# --- what a deal effect may answer ------------------------------------------------------


def _rule(effects, name="bad-deal") -> HouseRule:
    class Plugin:
        @hookimpl
        def foraccio_deal_effects(self, deal, seating):
            return effects(deal, seating)

    return HouseRule(name=name, title="A bad deal", description="Answers badly.",
                     plugins=(Plugin(),))


@pytest.mark.parametrize(("effects", "problem"), [
    (lambda deal, seating: DealEffects(seat=0, take=("2c", "2c")), "cards of the table"),
    (lambda deal, seating: DealEffects(seat=0, take=(next(
        card for card in ("1c", "1d") if card not in deal.table),)), "cards of the table"),
    (lambda deal, seating: DealEffects(seat=5), "not a seat"),
    (lambda deal, seating: DealEffects(seat=0, bonuses=(
        Bonus(seat=0, team=1, name="x", points=1, card="1c"),)), "not its own"),
    (lambda deal, seating: "everything", "not DealEffects"),
])
def test_a_malformed_deal_effect_is_the_plugins_error(registered, effects, problem):
    registered(_rule(effects))

    with pytest.raises(PluginError) as raised:
        new_match("scopa", 3, house_rules=["bad-deal"])
    assert raised.value.hook == "foraccio_deal_effects" and problem in raised.value.problem


def test_an_effect_that_does_not_ask_for_the_deal_is_still_checked(registered):
    class Blind:
        @hookimpl
        def foraccio_deal_effects(self):
            return DealEffects(seat=0, take=("13x",))

    registered(HouseRule(name="blind", title="Blind", description="Takes blind.",
                         plugins=(Blind(),)))
    with pytest.raises(PluginError, match="cards of the table"):
        new_match("scopa", 3, house_rules=["blind"])


def test_a_wrapper_adjusts_the_deal_effects_of_the_rules_below(registered):
    class NoScopa:
        @hookimpl(wrapper=True)
        def foraccio_deal_effects(self):
            effects = yield
            return None if effects is None else effects._replace(bonuses=())

    registered(HouseRule(name="no-deal-scopa", title="No scopa at the deal",
                         description="The dealer takes, but scores nothing.",
                         plugins=(NoScopa(),)))
    seed, _ = first_deal(15)
    state = new_match("scopa", seed, house_rules=[*RULE, "no-deal-scopa"])

    assert [type(event) for event in after_deal(state.events)] == [Dealt, DealCaptured]


# --- foraccio.core.testing.scenario's deck ------------------------------------------------


def test_the_guides_scenario_example_runs():
    (example,) = guide_blocks("What a scoring hook can see")
    exec(compile(example, "docs/plugins.md (What a scoring hook can see)", "exec"), {})


def test_a_scenario_records_the_deck_it_is_given():
    deck = tuple(reversed(scenario(variant="scopa").record[-1].deck))

    state = scenario(variant="scopa", deck=deck, table=["7d"])

    assert state.record[-1].deck == deck and state.table == ("7d",)


def test_a_scenario_records_the_unshuffled_deck_by_default():
    state = scenario(variant="scopa")

    assert state.record[-1].deck == rules_of(state).deck


@pytest.mark.parametrize(("deck", "message"), [
    (["1c"] * 40, "1c more than once; 2c, 3c, 4c, 5c, 6c and 34 more missing"),
    (["8c", *[f"{r}{s}" for s in "cdbs" for r in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)][1:]],
     "8c not in the scopa deck; 1c missing"),
    ("1c2c", "a sequence of card codes"),
    ([1, 2], "a sequence of card codes"),
])
def test_a_scenario_refuses_a_deck_that_is_not_the_variants(deck, message):
    with pytest.raises(ValueError, match="deck must be") as raised:
        scenario(variant="scopa", deck=deck)
    assert message in str(raised.value)
