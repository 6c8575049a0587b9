"""Napoli to the 10, as a specification: a napoli's run stops at the 10, every other
line is left as it is, and matches with it keep the engine's promises."""

from __future__ import annotations

import pytest
from foraccio_napoli_to_ten import HOUSE_RULE

from foraccio.core.cards import DECK
from foraccio.core.engine import score_hand
from foraccio.core.model import HandScored, ScoreLine
from foraccio.core.registry import applicable_variants, installed_plugins, variants
from foraccio.core.testing import check_random_match, scenario
from foraccio.core.words import speak, untranslated

RULE = ("napoli-to-ten",)
BASTONI = tuple(f"{rank}b" for rank in range(1, 14))


def lines_when_team_0_holds(held, variant="foraccio", house_rules=RULE):
    """The score lines of a hand where team 0 took ``held`` and team 1 every other card."""
    piles = [list(held), [card for card in DECK if card not in held]]
    return score_hand(scenario(variant=variant, piles=piles, house_rules=house_rules))


def napoli(lines, team=0):
    """The napoli lines of ``team`` (team 1, holding three whole suits, has its own)."""
    return [line for line in lines if line.name == "napoli" and line.team == team]


@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_a_run_past_the_10_stops_at_the_10(variant):
    lines = lines_when_team_0_holds(BASTONI, variant)

    assert napoli(lines) == [ScoreLine(team=0, name="napoli", points=10, cards=BASTONI[:10])]


@pytest.mark.parametrize("length", [3, 7, 10])
def test_a_run_up_to_the_10_counts_as_before(length):
    assert napoli(lines_when_team_0_holds(BASTONI[:length])) == napoli(
        lines_when_team_0_holds(BASTONI[:length], house_rules=()))


def test_every_other_line_is_left_as_it_is():
    held = (*BASTONI, "1c", "2c", "3c", "2s", "11s", "10d")
    with_rule = lines_when_team_0_holds(held)
    without = lines_when_team_0_holds(held, house_rules=())

    assert [line for line in with_rule if line.name != "napoli"] == [
        line for line in without if line.name != "napoli"]
    assert [line.points for line in napoli(without)] == [3, 13]
    assert [line.points for line in napoli(with_rule)] == [3, 10]


def test_the_distribution_declares_the_house_rule_under_the_foraccio_entry_points():
    assert installed_plugins().house_rules["napoli-to-ten"] is HOUSE_RULE
    assert HOUSE_RULE.distribution == "foraccio-napoli-to-ten"
    # It needs napoli: it applies to the variants that award it, and to none that
    # declare what they award without napoli (Scopa, where it would change nothing).
    applies = set(applicable_variants(HOUSE_RULE))
    assert {"foraccio", "zobelon"} <= applies
    assert all("napoli" in variants()[name].awards for name in applies
               if variants()[name].awards is not None)
    assert "scopa" not in applies


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("variant", ["foraccio", "zobelon"])
def test_random_matches_keep_the_engines_promises(variant, seed):
    final = check_random_match(variant, seed, house_rules=RULE)

    assert final.house_rules == RULE
    scored = [line for event in final.events if isinstance(event, HandScored)
              for line in event.lines]
    assert all(line.points <= 10 for line in scored if line.name == "napoli")


def test_everything_it_says_is_translated_into_italian():
    assert untranslated(HOUSE_RULE, "it") == []
    assert speak(HOUSE_RULE, "it")["lines"]["napoli"]["rewards"].endswith("da 3 a 10 per ogni "
                                                                           "seme")
