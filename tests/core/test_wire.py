"""The state's wire form: small at every point of a long match, and a faithful round trip.

Sizes are deterministic (seeded matches), so they are tested here, not
benchmarked: the open state's JSON stays within 4 KB at every point of a
twelve-hand match of either variant. Every state of whole matches goes through
JSON and back, is accepted, and rebuilds the engine's very state.
"""

from __future__ import annotations

import msgspec
import pytest

from foraccio.core import notation
from foraccio.core.engine import legal_moves, new_match
from foraccio.core.errors import InvalidState
from foraccio.core.model import Move
from foraccio.core.testing import random_playout
from foraccio.core.validation import validate_state
from foraccio.core.wire import State, to_wire

OPEN_STATE_BOUND = 4096
"""Bytes of JSON of an open state, at any point of a twelve-hand match."""
LONG_MATCH = 12
DECODER = msgspec.json.Decoder(State)


def long_match(variant: str, seed: int):
    """Every state of the first twelve hands of a match played to a far target."""
    options = {"target": 1000}
    for step in random_playout(variant, seed, options):
        yield step.after
        if step.after.hand == LONG_MATCH and step.after.phase != "playing":
            return
    raise AssertionError("the match ended before its twelfth hand")


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_open_state_stays_within_4_kb_through_twelve_hands(variant, seed):
    largest = max(len(msgspec.json.encode(to_wire(state)))
                  for state in long_match(variant, seed))
    assert largest <= OPEN_STATE_BOUND, largest


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_every_state_of_a_match_goes_through_json_and_rebuilds_itself(variant):
    for step in random_playout(variant, 11):
        wire = DECODER.decode(msgspec.json.encode(to_wire(step.after)))
        assert wire == to_wire(step.after)
        assert validate_state(wire) == step.after


def test_a_state_in_an_older_version_is_refused_by_name():
    wire = msgspec.to_builtins(to_wire(new_match("foraccio", 1)))
    wire["version"] = 1
    with pytest.raises(InvalidState, match="version 1 is not supported"):
        validate_state(msgspec.convert(wire, State))


# --- the notation ---------------------------------------------------------------------


def test_a_capture_that_could_be_made_in_one_way_only_names_no_cards():
    checked = 0
    for step in random_playout("foraccio", 4):
        move, word = step.move, step.after.notation.split()[-1]
        if move.take:
            ways = [other for other in legal_moves(step.before)
                    if other.card == move.card and other.take]
            assert word == (f"{move.card}+" if len(ways) == 1
                            else f"{move.card}+{''.join(move.take)}")
            checked += 1
        else:
            assert word in (move.card, f"{move.card}+")  # laid, or an ace on no table
    assert checked > 50


@pytest.mark.parametrize("word, written", [
    ("10d", notation.Written("10d", None, False, ())),
    ("10d+5c3b", notation.Written("10d", None, True, ("5c", "3b"))),
    ("1s+", notation.Written("1s", None, True, None)),
    ("13s=8+6d2c", notation.Written("13s", 8, True, ("6d", "2c"))),
    ("13s=*+", notation.Written("13s", "sweep", True, None)),
])
def test_words_read_back(word, written):
    assert notation.read(word) == written
    move = Move(written.card, written.take or (), written.jolly)
    assert notation.write(move, written.captured, written.take is None) == word


@pytest.mark.parametrize("word", ["", "14d", "10x", "10d+5", "13s=8", "13s=14+", "10d++"])
def test_a_word_that_is_not_a_move_is_refused(word):
    with pytest.raises(ValueError):
        notation.read(word)
