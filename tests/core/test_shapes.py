"""The variant decides the shape of the game: seats, teams, turn order, deck, card values
and deals in stages (docs/plugins.md, "foraccio_seating" and "foraccio_deal").

Two small test variants built from Foraccio's plugins show it: *duel*, two players
each for themselves with a 40-card deck dealt three cards at a time, and *trio*,
three players each for themselves who play in the order 0, 2, 1.
"""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from foraccio.core.cards import DECK, RANK
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.errors import InvalidState, PluginError
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import DealtMore, ScoreLine
from foraccio.core.registry import HouseRule, Variant
from foraccio.core.rules import PARTNERS_OPPOSITE, Deal, seating
from foraccio.core.testing import check_random_match, random_playout
from foraccio.core.validation import validate_state
from foraccio.core.view import seat_view, unseen_cards
from foraccio.core.wire import to_wire
from foraccio.variants.foraccio import OPTIONS, capture, end_of_hand, match, scopa
from foraccio.variants.foraccio import dealing as foraccio_dealing
from foraccio.variants.foraccio.dealing import deal_in_rounds
from foraccio.variants.foraccio.scoring import bonuses, onori, spade

FORTY = tuple(card for card in DECK if RANK[card] <= 10)


class DuelTable:
    """Two players each for themselves; 3 cards each and 4 on the table, then 3 each
    whenever the hands are empty."""

    @hookimpl
    def foraccio_seating(self):
        return seating(2)

    @hookimpl
    def foraccio_build_deck(self):
        return FORTY

    @hookimpl
    def foraccio_deal(self, deck, dealer, seating, stage):
        return deal_in_rounds(deck, dealer, (3,), seating, table=4 if stage == 0 else 0)


class TrioTable:
    """Three players each for themselves, playing 0, 2, 1; 17 cards each, one on the
    table."""

    @hookimpl
    def foraccio_seating(self):
        return seating(3, order=(0, 2, 1))

    @hookimpl
    def foraccio_deal(self, deck, dealer, seating):
        return deal_in_rounds(deck, dealer, (17,), seating)


BASE = (foraccio_dealing, capture, scopa, end_of_hand, onori, spade, bonuses, match)

DUEL = Variant("duel", "Duel", "Two players, 40 cards, dealt in threes.", OPTIONS,
               (*BASE, DuelTable()))
TRIO = Variant("trio", "Trio", "Three players each for themselves.", OPTIONS,
               (*BASE, TrioTable()))


@pytest.fixture
def shapes(registered):
    registered(DUEL, TRIO)


def plays(state, count):
    for _ in range(count):
        state, _ = play(state, legal_moves(state)[0])
    return state


# --- seating --------------------------------------------------------------------------


def test_a_seating_derives_teams_and_turns():
    table = seating(3, order=(0, 2, 1))
    assert table.teams == ((0,), (1,), (2,))
    assert table.team_of == (0, 1, 2)
    assert table.next_seat == (2, 0, 1)
    assert PARTNERS_OPPOSITE.team_of == (0, 1, 0, 1)
    assert PARTNERS_OPPOSITE.next_seat == (1, 2, 3, 0)


@pytest.mark.parametrize(("arguments", "problem"), [
    ((1,), "2 to 6 players"),
    ((7,), "2 to 6 players"),
    ((4, ((0, 1), (2,))), "each seat 0 to 3 once"),
    ((4, ((0, 1), (1, 2, 3))), "each seat 0 to 3 once"),
    ((2, ((0, 1),)), "two teams or more"),
    ((3, None, (0, 1, 1)), "turn order"),
])
def test_a_seating_that_does_not_seat_everyone_once_is_refused(arguments, problem):
    with pytest.raises(ValueError, match=problem):
        seating(*arguments)


# --- deals in stages ------------------------------------------------------------------


def test_a_staged_deal_keeps_the_rest_as_the_stock(shapes):
    state = new_match("duel", 5)
    assert [len(hand) for hand in state.hands] == [3, 3]
    assert len(state.table) == 4 and len(state.stock) == 30 and len(state.piles) == 2
    assert to_wire(state).stock == 30 and to_wire(state).teams == ((0,), (1,))


def test_when_the_hands_run_out_the_next_stage_is_dealt_and_play_goes_on(shapes):
    state = new_match("duel", 5)
    last = None
    for _ in range(6):
        last = state.turn
        state, events = play(state, legal_moves(state)[0])
    assert isinstance(events[-1], DealtMore) and events[-1].stage == 1
    assert [len(hand) for hand in state.hands] == [3, 3] and len(state.stock) == 24
    assert state.turn == 1 - last and state.phase == "playing"


def test_the_hand_ends_only_when_the_stock_is_dealt_and_played(shapes):
    state = new_match("duel", 5)
    stages = [event.stage for step in random_playout("duel", 5)
              if step.before.hand == 1 for event in step.events
              if isinstance(event, DealtMore)]
    assert stages == [1, 2, 3, 4, 5]
    state = plays(state, 36)
    assert state.phase != "playing" and not state.stock


def test_only_the_very_last_play_is_the_last_play(shapes, registered):
    seen = []

    class Watcher:
        @hookimpl
        def foraccio_capture_effects(self):
            def watch(capture):
                seen.append(capture.last_play)
                return ()
            return watch

    registered(HouseRule("watch-last-play", "Watch", "Records last_play.", plugins=(Watcher(),)))
    for step in random_playout("duel", 11, house_rules=["watch-last-play"]):
        if step.after.phase != "playing":
            break
    assert seen and not any(seen[:-1])


def test_the_stock_is_unseen_by_every_seat(shapes):
    state = new_match("duel", 5)
    view = seat_view(state, 0)
    assert view.stock == 30 and view.teams == ((0,), (1,))
    assert set(unseen_cards(view)) == {*state.hands[1], *state.stock}


def test_a_staged_variant_keeps_every_promise_of_the_engine(shapes):
    for seed in range(3):
        check_random_match("duel", seed)


# --- more than two teams, and another turn order --------------------------------------


def test_three_seats_play_in_the_variants_order(shapes):
    state = new_match("trio", 2)
    assert len(state.hands) == 3 and len(state.piles) == len(state.scores) == 3
    turns = []
    for _ in range(6):
        turns.append(state.turn)
        state = plays(state, 1)
    first = turns[0]
    order = (0, 2, 1)
    start = order.index(first)
    assert turns == [order[(start + step) % 3] for step in range(6)]


def test_three_teams_keep_every_promise_of_the_engine(shapes):
    for seed in range(2):
        final = check_random_match("trio", seed)
        assert final.winner in (0, 1, 2)


def test_the_next_dealer_follows_the_turn_order(shapes):
    state = next(step.after for step in random_playout("trio", 1)
                 if step.after.phase == "hand_over")
    assert next_hand(state).dealer == (0, 2, 1)[((0, 2, 1).index(state.dealer) + 1) % 3]


# --- card values ----------------------------------------------------------------------


def test_the_table_is_kept_in_order_of_the_variants_values(registered):
    class FiguresFirst:
        @hookimpl
        def foraccio_card_values(self):
            return {card: 1 if RANK[card] > 10 else RANK[card] + 1 for card in DECK}

    registered(Variant("figures-first", "Figures first", "Figures sort first.", OPTIONS,
                       (*BASE, FiguresFirst())))
    state = next(step.after for step in random_playout("figures-first", 1)
                 if len(step.after.table) > 3)
    values = [1 if RANK[card] > 10 else RANK[card] + 1 for card in state.table]
    assert values == sorted(values)


def test_card_values_must_be_ints_from_one(registered):
    class FiguresHalf:
        @hookimpl
        def foraccio_card_values(self):
            return {card: 0.5 if RANK[card] > 10 else RANK[card] for card in DECK}

    with pytest.raises(PluginError, match="not a mapping of cards to ints from 1"):
        registered(Variant("figures-half", "Figures half", "Bad values.", OPTIONS,
                           (*BASE, FiguresHalf())))


# --- validation of other shapes -------------------------------------------------------


def wire_of(state):
    return msgspec.json.decode(msgspec.json.encode(to_wire(state)), type=type(to_wire(state)))


def test_a_posted_state_of_another_shape_is_checked_against_its_variant(shapes):
    state = plays(new_match("duel", 5), 7)
    posted = wire_of(state)
    assert to_wire(validate_state(posted)) == posted
    with pytest.raises(InvalidState, match="hands must hold 2 hands"):
        validate_state(replace(posted, hands=(*posted.hands, ())))
    with pytest.raises(InvalidState, match="teams must be"):
        validate_state(replace(posted, teams=((0, 1), (2, 3))))
    with pytest.raises(InvalidState, match="stock"):
        validate_state(replace(posted, stock=posted.stock - 1))
    with pytest.raises(InvalidState, match="seats are 0 to 1"):
        validate_state(replace(posted, dealer=3))


# --- malformed shapes are the plugin's errors -----------------------------------------


class LosesTheStock:
    @hookimpl
    def foraccio_deal(self, deck, dealer, seating):
        dealt = deal_in_rounds(deck, dealer, (3,), seating, table=4)
        return dealt._replace(stock=dealt.stock[1:])


class DealsNothingMore:
    @hookimpl
    def foraccio_deal(self, deck, dealer, seating, stage):
        if stage == 0:
            return deal_in_rounds(deck, dealer, (3,), seating, table=4)
        return Deal(hands=((), ()), table=tuple(deck))


class NotASeating:
    @hookimpl
    def foraccio_seating(self):
        return 2


class ThirdTeamLine:
    @hookimpl
    def foraccio_score_lines(self):
        return [ScoreLine(team=2, name="extra", points=1)]


@pytest.mark.parametrize(("plugin", "hook", "problem"), [
    (LosesTheStock(), "foraccio_deal", "loses 1 card"),
    (DealsNothingMore(), "foraccio_deal", "gives no seat a card"),
    (NotASeating(), "foraccio_seating", "not a Seating"),
    (ThirdTeamLine(), "foraccio_score_lines", "teams are 0 and 1"),
])
def test_a_malformed_shape_is_refused_where_the_plugin_returns_it(shapes, registered, plugin,
                                                                  hook, problem):
    with pytest.raises(PluginError) as caught:
        # Caught when the house rule is registered and assembled with the variant, or
        # at the latest when the plugin answers in play.
        registered(HouseRule("malformed-shape", "Malformed", "Breaks the shape.",
                             plugins=(plugin,), variants=("duel",)))
        state = new_match("duel", 5, house_rules=["malformed-shape"])
        while state.phase == "playing":
            state = plays(state, 1)
    assert caught.value.hook == hook and problem in caught.value.problem
