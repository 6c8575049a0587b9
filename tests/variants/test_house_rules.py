"""The built-in house rules (docs/rules.md §10), each as a specification of what it
changes (and keeps)."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from foraccio.core.cards import FIGURES, RANK
from foraccio.core.engine import legal_moves, play, score_hand
from foraccio.core.errors import IllegalMove, Reason
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Move
from foraccio.core.registry import get_variant
from foraccio.core.rules import PARTNERS_OPPOSITE, CaptureContext
from foraccio.core.testing import scenario
from foraccio.variants.zobelon import colore
from tests.helpers import bonuses, outcomes, take


def to_play(table, hand, variant="foraccio", last=False, house_rules=(), **options):
    """Seat 0 to play ``hand`` on ``table``; unless ``last``, seat 1 still holds a card,
    so the hand goes on after seat 0's play."""
    used = {*table, *hand}
    spare = next(card for card in ("7s", "7d", "7c", "7b") if card not in used)
    hands = {0: hand} if last else {0: hand, 1: [spare]}
    return scenario(variant=variant, table=table, hands=hands, turn=0, options=options,
                    house_rules=house_rules)


SINGLE = ("single-card-priority",)
NO_LAST = ("no-last-play-scopa",)


# --- single-card-priority (docs/rules.md §10.1) -----------------------------------------


def test_a_card_matching_a_table_card_may_not_take_a_sum_instead():
    """docs/rules.md §10.1 and the worked example §13.16."""
    table, hand = ["2d", "3b", "5c"], ["5s"]

    assert outcomes(to_play(table, hand), "5s") == {(take("5c"), None), (take("2d", "3b"), None)}
    assert outcomes(to_play(table, hand, house_rules=SINGLE), "5s") == {(take("5c"), None)}


def test_each_matching_table_card_may_still_be_chosen():
    state = to_play(["2d", "3b", "5c", "5d"], ["5s"], house_rules=SINGLE)

    assert outcomes(state, "5s") == {(take("5c"), None), (take("5d"), None)}


def test_without_a_matching_table_card_sums_are_taken_as_before():
    state = to_play(["2d", "3b", "4c", "1b"], ["5s", "6c"], variant="zobelon",
                    house_rules=SINGLE)

    assert outcomes(state, "5s") == {(take("2d", "3b"), None), (take("4c", "1b"), None)}
    assert outcomes(state, "6c") == {(take("2d", "4c"), None), (take("2d", "3b", "1b"), None)}


def test_only_the_sums_of_the_matching_card_are_dropped():
    state = to_play(["2d", "3b", "5c"], ["5s", "7c"], house_rules=SINGLE)

    assert outcomes(state, "7c") == {(take("2d", "5c"), None)}


def test_a_zobelon_king_given_a_value_on_the_table_takes_that_card_not_a_sum():
    state = to_play(["2d", "3b", "5c"], ["13s"], variant="zobelon", house_rules=SINGLE)

    king = outcomes(state, "13s")
    assert (take("5c"), 5) in king
    assert (take("2d", "3b"), 5) not in king
    # Given a value no table card has, it takes a sum; it may still sweep.
    assert (take("2d", "5c"), 7) in king
    assert (take("2d", "3b", "5c"), "sweep") in king
    assert (take("2d"), 2) in king and (take("3b"), 3) in king


class FiguresCountTen:
    """A game whose figures are each worth 10, and whose cards take by value: one table
    card of the played card's value, or table cards adding up to it (both ``"sum"``)."""

    @hookimpl
    def foraccio_card_values(self):
        return {card: 10 if RANK[card] in FIGURES else RANK[card] for card in RANK}

    @hookimpl
    def foraccio_play_rule(self):
        value = self.foraccio_card_values()

        def by_value(hand, table):
            captures = [Move(card, take, way="sum") for card in hand
                        for size in range(1, len(table) + 1)
                        for take in combinations(table, size)
                        if sum(value[taken] for taken in take) == value[card]]
            lays = [Move(card) for card in hand if all(m.card != card for m in captures)]
            return captures, lays

        return by_value


FIGURES_COUNT_TEN = dataclasses.replace(
    get_variant("foraccio"), name="figure-a-dieci", title="Figure a dieci",
    description="Foraccio whose figures are each worth 10 and take by value.",
    plugins=(*get_variant("foraccio").plugins, FiguresCountTen()), ways=("sum",))


def test_a_card_is_matched_by_the_games_values_not_by_rank(registered):
    """A table card of the played card's value is taken first where values are not
    ranks: a re (10) meets a 10, a 10 meets a re."""
    registered(FIGURES_COUNT_TEN)

    king = to_play(["10d", "4c", "6b"], ["13s"], variant="figure-a-dieci")
    assert outcomes(king, "13s") == {(take("10d"), None), (take("4c", "6b"), None)}
    king = to_play(["10d", "4c", "6b"], ["13s"], variant="figure-a-dieci", house_rules=SINGLE)
    assert outcomes(king, "13s") == {(take("10d"), None)}
    ten = to_play(["13d", "4c", "6b"], ["10s"], variant="figure-a-dieci", house_rules=SINGLE)
    assert outcomes(ten, "10s") == {(take("13d"), None)}


def test_cards_that_may_be_laid_still_may_be():
    state = to_play(["2d", "3b", "5c"], ["5s"], house_rules=SINGLE, capture_required=False)

    assert (frozenset(), None) in outcomes(state, "5s")


def test_a_sum_the_rule_drops_is_refused_as_an_illegal_capture():
    """docs/rules.md §10.1 and the worked example §13.16."""
    state = to_play(["2d", "3b", "5c"], ["5s"], house_rules=SINGLE)

    with pytest.raises(IllegalMove) as refused:
        play(state, Move("5s", ("2d", "3b")))

    assert refused.value.reason == Reason.ILLEGAL_CAPTURE
    assert "it can take [5c]" in refused.value.message


# --- no-last-play-scopa (docs/rules.md §10.2) -------------------------------------------


def test_a_sweep_on_the_last_play_of_a_hand_is_no_scopa():
    state = to_play(["5c"], ["5s"], last=True, house_rules=NO_LAST)

    _, events = play(state, legal_moves(state)[0])

    assert bonuses(events) == []


def test_without_the_rule_the_same_sweep_is_a_scopa():
    state = to_play(["5c"], ["5s"], last=True)

    _, events = play(state, legal_moves(state)[0])

    assert bonuses(events) == [("scopa", 5)]


def test_a_sweep_before_the_last_play_is_still_a_scopa():
    state = to_play(["5c"], ["5s"], house_rules=NO_LAST)

    _, events = play(state, legal_moves(state)[0])

    assert bonuses(events) == [("scopa", 5)]


def test_a_zobelon_colore_on_the_last_play_still_counts():
    state = to_play(["2c", "3c"], ["5c"], variant="zobelon", last=True, house_rules=NO_LAST)

    _, events = play(state, legal_moves(state)[0])

    assert bonuses(events) == [("colore", 5)]


# --- colore (docs/rules.md §10.3) ---------------------------------------------------------


def test_a_foraccio_capture_all_in_the_cards_suit_scores_a_colore():
    state = to_play(["2c", "3c", "9b"], ["5c"], house_rules=("colore",))

    after, events = play(state, legal_moves(state)[0])

    assert bonuses(events) == [("colore", 5)]
    assert ("colore", 5) in [(line.name, line.points) for line in score_hand(after)]


def test_without_the_rule_foraccio_scores_no_colore():
    state = to_play(["2c", "3c", "9b"], ["5c"])

    _, events = play(state, legal_moves(state)[0])

    assert bonuses(events) == []


def test_a_capture_of_another_suit_is_no_colore():
    state = to_play(["2c", "3b", "9b"], ["5c"], house_rules=("colore",))

    _, events = play(state, legal_moves(state)[0])

    assert bonuses(events) == []


def test_zobelons_colore_effect_needs_no_king_colore_value_option():
    # Foraccio has no such option; a jolly's colore then counts its declared value.
    effect = colore.foraccio_capture_effects(options={}, seating=PARTNERS_OPPOSITE)
    capture = CaptureContext(seat=1, card="13c", take=("2c", "3c"), jolly=5,
                             table_before=("2c", "3c", "9b"), table_after=("9b",),
                             last_play=False)

    assert [(bonus.name, bonus.points, bonus.team) for bonus in effect(capture)] == [
        ("colore", 5, 1)]
