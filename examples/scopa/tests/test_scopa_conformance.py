"""Scopa keeps the engine's promises (``foraccio.core.testing.check_random_match``) over many
seeded random matches: two, three and four players, another target, and with each
house rule that applies to it; and the distribution declares the variant."""

from __future__ import annotations

import pytest
from foraccio_scopa import SCOPA

from foraccio.core.model import Bonus, Captured, HandScored
from foraccio.core.registry import get_variant, installed_plugins
from foraccio.core.testing import check_random_match, compatible_house_rules, random_playout

SEEDS = range(6)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_keep_the_engines_promises(players, seed):
    final = check_random_match("scopa", seed, {"players": players})

    assert len(final.hands) == players
    assert max(final.scores) >= 11
    lines = [line for event in final.events if isinstance(event, HandScored)
             for line in event.lines]
    assert {line.name for line in lines} <= {"carte", "denari", "settebello", "primiera",
                                            "scopa"}
    assert all(line.points == 1 for line in lines)


def test_a_longer_match_keeps_them_too():
    final = check_random_match("scopa", 0, {"players": 4, "target": 21})

    assert max(final.scores) >= 21


@pytest.mark.parametrize("rule", [rule.name for rule in compatible_house_rules(SCOPA)])
def test_random_matches_with_each_house_rule_keep_them(rule):
    check_random_match("scopa", 1, {"players": 2}, house_rules=(rule,))


@pytest.mark.parametrize("players", [2, 4])
def test_in_random_play_every_capture_emptying_the_table_is_a_scopa_but_the_last(players):
    scope = last_plays = 0
    for seed in SEEDS:
        for step in random_playout("scopa", seed, {"players": players}):
            play, *effects = step.events
            emptied = isinstance(play, Captured) and len(play.take) == len(step.before.table)
            last = step.after.phase != "playing"
            scopa = [event for event in effects
                     if isinstance(event, Bonus) and event.name == "scopa"]
            assert len(scopa) == (emptied and not last)
            scope += bool(scopa)
            last_plays += emptied and last
    assert scope and last_plays  # both cases were met


def test_the_distribution_declares_the_variant_under_the_foraccio_entry_points():
    assert installed_plugins().variants["scopa"] is SCOPA
    assert get_variant("scopa") is SCOPA
    assert SCOPA.distribution == "foraccio-scopa"
