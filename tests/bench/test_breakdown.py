"""bench.breakdown: the positions each step runs over, and each step run once."""

from __future__ import annotations

import pytest

from bench import breakdown
from foraccio.core.engine import rules_of
from foraccio.core.plays import plays_of


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_the_plays_are_split_into_lays_captures_and_last_plays(variant):
    found = breakdown.positions(variant, 2)
    plays = found["play rule"]
    split = [state for step in breakdown.PLAYS for state, _ in found[step]]

    assert sorted(map(id, split)) == sorted(id(state) for state, _ in plays)
    rules = rules_of(plays[0][0])
    for state, move in found["play: lay"]:
        moves, capturing = plays_of(rules, state.hands[state.turn], state.table)
        assert moves.index(move) >= capturing
    for state, move in found["play: capture"]:
        moves, capturing = plays_of(rules, state.hands[state.turn], state.table)
        assert moves.index(move) < capturing
    # every hand ends once, the last hand of each match included
    assert len(found["play: last of the hand"]) == len(found["next_hand"]) + 2


@pytest.mark.parametrize("step", ["play rule", "legal_moves", *breakdown.PLAYS, "next_hand",
                                  "new_match"])
def test_each_step_runs(step, monkeypatch):
    monkeypatch.setattr(breakdown, "REPEATS", 1)
    breakdown.run_step("foraccio", 1, step, only_legal_moves=False)


@pytest.mark.parametrize("kind", ["the engine", "bench/naive.py"])
def test_a_whole_playout_counts_its_card_plays_and_warms_up_unmeasured(kind, monkeypatch):
    monkeypatch.setattr(breakdown, "ENGINE_WARM_UP", 1)

    assert breakdown.playout(kind, "foraccio", 1, measured=False) == 0
    plays = breakdown.playout(kind, "foraccio", 1, measured=True)
    assert plays >= 52  # a match has at least one whole hand of 52 card plays
