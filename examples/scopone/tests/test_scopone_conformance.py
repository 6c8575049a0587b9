"""Scopone keeps the engine's promises (``foraccio.core.testing.check_random_match``) over many
seeded random matches, to 11 and to 21 and with each house rule that applies to it; and
the distribution declares the variant."""

from __future__ import annotations

import pytest
from foraccio_scopone import SCOPONE

from foraccio.core.registry import get_variant, installed_plugins
from foraccio.core.testing import check_random_match, compatible_house_rules

NAME = SCOPONE.name


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_keep_the_engines_promises(seed):
    final = check_random_match(NAME, seed)

    assert max(final.scores) >= 11


def test_a_match_to_21_keeps_them_too():
    final = check_random_match(NAME, 1, {"target": 21})

    assert max(final.scores) >= 21


@pytest.mark.parametrize("rule", [rule.name for rule in compatible_house_rules(SCOPONE)])
def test_random_matches_with_each_house_rule_keep_them(rule):
    check_random_match(NAME, 2, house_rules=(rule,))


def test_the_distribution_declares_the_variant_under_the_foraccio_entry_points():
    assert installed_plugins().variants[NAME] is SCOPONE
    assert get_variant(NAME) is SCOPONE
    assert SCOPONE.distribution == "foraccio-scopone"
