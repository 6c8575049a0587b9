"""Lumaca, the test-only variant of tests/foreign: it plays by the engine's promises, its
captures say their ways, its hands declare, and it refuses the house rule colore."""

from __future__ import annotations

import pytest
from foraccio_foreign_test import LUMACA

from foraccio.core.engine import legal_moves, new_match, play
from foraccio.core.errors import IllegalMove, IncompatibleHouseRule
from foraccio.core.model import Declared, Move
from foraccio.core.registry import applicable_variants, get_house_rule, get_variant
from foraccio.core.testing import check_random_match, declarations_of, scenario


def test_it_is_installed_as_a_distribution_of_its_own():
    assert get_variant("lumaca") is LUMACA
    assert LUMACA.distribution == "foraccio-foreign-test"


@pytest.mark.parametrize("seed", range(3))
def test_random_matches_keep_the_engines_promises(seed):
    check_random_match("lumaca", seed)


def test_its_captures_say_their_way_and_a_wrong_way_is_refused():
    state = scenario(variant="lumaca", hands={0: ["5c", "1d"]}, table=["5b", "6s"], turn=0,
                     dealer=1)

    moves = {(move.card, move.take, move.jolly, move.way)
             for move in legal_moves(state, kinds=True) if move.kind == "capture"}
    assert moves == {("5c", ("5b",), None, "match"), ("5c", ("6s",), None, "eleven"),
                     ("1d", ("5b",), 5, "match"), ("1d", ("6s",), 6, "match")}
    with pytest.raises(IllegalMove) as refused:
        play(state, Move("5c", ("6s",), way="match"))
    assert refused.value.reason == "wrong_kind" and '"eleven"' in str(refused.value)
    _, events = play(state, Move("5c", ("6s",)))
    assert events[0].way == "eleven"


def test_its_hands_declare_when_dealt():
    assert [event.name for event in declarations_of(["4c", "4d", "4s"], variant="lumaca")] == [
        "trio"]
    assert [event.name for event in declarations_of(["1c", "2d", "3s"], variant="lumaca")] == [
        "lowly"]
    assert declarations_of(["7c", "2d", "5s"], variant="lumaca") == ()
    for seed in range(40):
        state = new_match("lumaca", seed)
        if any(type(event) is Declared for event in state.events):
            return
    raise AssertionError("no seed of these deals a hand that declares")


def test_it_refuses_colore_and_is_offered_no_house_rule_of_foraccio():
    assert "lumaca" not in applicable_variants(get_house_rule("colore"))
    with pytest.raises(IncompatibleHouseRule) as refused:
        new_match("lumaca", 0, house_rules=["colore"])
    assert "the variant refuses it" in str(refused.value)
    for name in ("single-card-priority", "no-last-play-scopa"):
        assert "lumaca" not in applicable_variants(get_house_rule(name))


def test_it_speaks_its_own_words_in_english_and_italian():
    from foraccio.core.words import speak

    english, italian = speak(LUMACA, "en"), speak(LUMACA, "it")

    assert set(english["lines"]) == set(LUMACA.awards)
    assert {"match", "eleven"} <= set(english["kinds"])
    assert english["lines"]["heap"]["name"] == "Heap" and italian["lines"]["heap"]["name"] == (
        "Mucchio")
    assert italian["kinds"]["eleven"] == "prende ciò che con lei fa undici"
    assert italian["wild"].startswith("L'asso di denari è jolly")
    assert italian["description"] != english["description"]
    assert italian["options"][0]["description"] == "Punti per vincere."
    for language in ("en", "it"):
        said = speak(LUMACA, language)
        assert not {"scopa", "carte", "napoli", "onori"} & {
            word.lower() for line in said["lines"].values() for word in line["name"].split()}
