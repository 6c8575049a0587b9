"""A variant's own kinds of capture (``Variant.ways``, ``Move.way``), and the house rules
offered where they act: a house rule names the ways of capture it acts on and is offered
only to a variant that makes one of them; a variant may refuse a house rule; and every
house rule shipped changes the play of some seeded matches of every shipped variant it
is offered for.
"""

from __future__ import annotations

import dataclasses
from itertools import combinations

import msgspec
import pytest
from msgspec import UNSET
from msgspec.structs import replace

from foraccio.core.cards import RANK
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.errors import IllegalMove, IncompatibleHouseRule
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Move
from foraccio.core.registry import (
    applicable_variants,
    builtin_plugins,
    get_house_rule,
    get_variant,
    house_rules,
    installed_plugins,
)
from foraccio.core.testing import check_random_match, scenario
from foraccio.core.words import gettext

SHIPPED = frozenset({"foraccio", "foraccio-napoli-to-ten", "foraccio-scopa", "foraccio-scopone",
                     "foraccio-foreign-test"})
"""The distributions of this repository: the engine's, its examples' and the tests'."""


class ByFifteen:
    """Foraccio's captures named: ``single`` (one card of the card's rank), ``sum``
    (cards adding up to it), ``ace`` (an asso's); and captures ``fifteen`` added, of
    cards adding up with the played card (not an asso) to 15."""

    @hookimpl(wrapper=True)
    def foraccio_play_rule(self):
        rule = yield

        def named(hand, table):
            captures, lays = rule(hand, table)
            captures = [replace(move, way=_way(move)) for move in captures]
            for card in hand:
                if RANK[card] == 1:
                    continue  # an asso takes the whole table already
                for size in range(1, len(table) + 1):
                    captures += [Move(card, take, way="fifteen")
                                 for take in _groups(table, size)
                                 if RANK[card] + sum(map(RANK.get, take)) == 15]
            lays = [move for move in lays
                    if not any(capture.card == move.card for capture in captures)]
            return captures, lays

        return named


def _way(move: Move) -> str:
    if RANK[move.card] == 1:
        return "ace"
    return "single" if len(move.take) == 1 else "sum"


def _groups(table, size):
    return combinations(table, size)


QUINDICI = dataclasses.replace(
    get_variant("foraccio"), name="quindici", title="Quindici",
    description="Foraccio whose cards also take what adds up with them to 15.",
    plugins=(*get_variant("foraccio").plugins, ByFifteen()),
    ways=("single", "sum", "ace", "fifteen"))

ONLY_FIFTEEN = dataclasses.replace(QUINDICI, name="solo-quindici", ways=("single", "fifteen"))
"""The same game naming no capture by sum (as a variant naming its ways otherwise would)."""

REFUSING = dataclasses.replace(get_variant("foraccio"), name="foraccio-rifiuta",
                               refuses=("single-card-priority",))


@pytest.fixture(autouse=True)
def named(registered):
    registered(QUINDICI, ONLY_FIFTEEN, REFUSING)


def test_a_variants_moves_say_their_way_and_its_matches_keep_the_engines_promises():
    state = scenario(variant="quindici", hands={0: ["7c"]}, table=["7d", "3b", "4s", "8c"],
                     turn=0)

    assert {(move.take, move.way) for move in legal_moves(state)} == {
        (("7d",), "single"), (("3b", "4s"), "sum"), (("8c",), "fifteen")}
    assert all(move.kind == "capture" and move.way for move in legal_moves(state, kinds=True))
    check_random_match("quindici", 0)


def test_a_move_posted_with_another_way_is_refused_and_without_one_is_played():
    state = scenario(variant="quindici", hands={0: ["7c"]}, table=["7d", "3b", "4s", "8c"],
                     turn=0)

    with pytest.raises(IllegalMove) as refused:
        play(state, Move("7c", ("8c",), way="sum"))
    assert refused.value.reason == "wrong_kind" and '"fifteen"' in str(refused.value)
    # Wire names quoted one way, as JSON writes them: the way posted as the way it is not.
    assert 'is a capture of the way "fifteen", not "sum". Post the move with way "fifteen"' \
        in str(refused.value)
    assert 'del modo "fifteen", non "sum"' in gettext("it", refused.value.message)
    _, events = play(state, Move("7c", ("8c",)))
    assert events[0].way == "fifteen"
    _, events = play(state, Move("7c", ("8c",), way="fifteen"))
    assert events[0].way == "fifteen"


def test_a_way_is_absent_from_the_wire_where_the_variant_names_none():
    state = new_match("foraccio", 1)

    assert all(move.way is UNSET for move in legal_moves(state, kinds=True))
    assert b"way" not in msgspec.json.encode(legal_moves(state, kinds=True))


def test_single_card_priority_leaves_the_captures_of_other_ways_alone():
    state = scenario(variant="quindici", hands={0: ["7c"]},
                     table=["1d", "3b", "4s", "7d", "8c"], turn=0,
                     house_rules=["single-card-priority"])

    assert {(move.take, move.way) for move in legal_moves(state)} == {
        (("7d",), "single"), (("8c",), "fifteen"), (("1d", "3b", "4s"), "fifteen"),
        (("1d", "7d"), "fifteen")}
    without = scenario(variant="quindici", hands={0: ["7c"]},
                       table=["1d", "3b", "4s", "7d", "8c"], turn=0)
    assert (("3b", "4s"), "sum") in {(move.take, move.way) for move in legal_moves(without)}


def test_a_house_rule_is_offered_only_to_a_variant_making_a_capture_of_its_ways():
    single = get_house_rule("single-card-priority")

    assert single.ways == ("sum",)
    assert "quindici" in applicable_variants(single)
    assert "solo-quindici" not in applicable_variants(single)
    with pytest.raises(IncompatibleHouseRule) as refused:
        new_match("solo-quindici", 0, house_rules=["single-card-priority"])
    assert "it acts on captures by sum, which the variant does not make" in str(refused.value)


def test_a_variant_refuses_a_house_rule():
    assert "foraccio-rifiuta" not in applicable_variants(get_house_rule("single-card-priority"))
    assert "foraccio-rifiuta" in applicable_variants(get_house_rule("colore"))
    with pytest.raises(IncompatibleHouseRule) as refused:
        new_match("foraccio-rifiuta", 0, house_rules=["single-card-priority"])
    assert "the variant refuses it" in str(refused.value)


def _played(variant: str, seed: int, house_rules: tuple[str, ...]) -> bytes:
    """Every list of legal moves and every event of a seeded match, its moves chosen by
    the seed, as bytes."""
    state = new_match(variant, seed, house_rules=house_rules)
    made = [state.events]
    plays = 0
    while state.phase != "game_over" and plays < 3000:
        if state.phase == "hand_over":
            state = next_hand(state)
            made.append(state.events)
        moves = legal_moves(state)
        state, events = play(state, moves[(seed + plays) * 7919 % len(moves)])
        made += (moves, events)
        plays += 1
    return msgspec.json.encode(made)


def _shipped(record) -> bool:
    return record.distribution in SHIPPED


OFFERED = [(rule.name, variant) for rule in house_rules().values() if _shipped(rule)
           for variant in applicable_variants(rule)
           if _shipped({**builtin_plugins().variants, **installed_plugins().variants}[variant])]


def test_every_shipped_house_rule_is_offered_somewhere_and_not_everywhere():
    offered = {name for name, _ in OFFERED}
    assert offered == {name for name, rule in house_rules().items() if _shipped(rule)}
    assert ("single-card-priority", "scopa") not in OFFERED
    assert ("no-last-play-scopa", "scopone-scientifico") not in OFFERED


@pytest.mark.parametrize(("rule", "variant"), OFFERED)
def test_a_house_rule_offered_changes_the_play_of_some_seeded_matches(rule, variant):
    changed = next((seed for seed in range(60)
                    if _played(variant, seed, ()) != _played(variant, seed, (rule,))), None)
    assert changed is not None, f"{rule} changes nothing in 60 seeded matches of {variant}"
