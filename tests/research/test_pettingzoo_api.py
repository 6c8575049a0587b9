"""Every installed variant as a PettingZoo environment passes PettingZoo's own checks:
the AEC API and seeded determinism, with its house rules too."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

from foraccio.core.registry import applicable_variants, house_rules, variants
from foraccio.research.pettingzoo import env

VARIANTS = tuple(sorted(variants()))
"""Every variant installed, the foreign test variant (lumaca) included."""

HOUSE_RULED = tuple((variant, rule) for rule, found in sorted(house_rules().items())
                    for variant in applicable_variants(found)[:1])
"""Each house rule with the first variant it applies to."""

EXPECTED_WARNINGS = (
    # the observation is a dict of the observation and the mask, as in PettingZoo's
    # own card games, whose names alone api_test spares this advice
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
    # a seat whose match just ended is shown its last observation with no action left
    "ignore:Action mask numpy array is all zeros:UserWarning",
)


def test_every_installed_variant_is_checked():
    assert {"foraccio", "zobelon", "scopa", "scopone-scientifico", "lumaca"} <= set(VARIANTS)
    assert {rule for _, rule in HOUSE_RULED} == set(house_rules())


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.filterwarnings(*EXPECTED_WARNINGS)
def test_pettingzoo_api_test(variant):
    api_test(env(variant), num_cycles=60)
    # to the end of a match one hand long, each seat told so and leaving in turn
    api_test(env(variant, hands=1), num_cycles=100)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test(variant):
    seed_test(lambda: env(variant), num_cycles=60)


@pytest.mark.parametrize(("variant", "rule"), HOUSE_RULED)
@pytest.mark.filterwarnings(*EXPECTED_WARNINGS)
def test_pettingzoo_checks_each_house_rule(variant, rule):
    api_test(env(variant, house_rules=(rule,), rewards="hand", hands=1), num_cycles=40)
    seed_test(lambda: env(variant, house_rules=(rule,), rewards="hand", hands=1),
              num_cycles=40)
