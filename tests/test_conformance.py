"""The shared random-play test: every registered variant, built-in or third-party,
must keep the engine's promises (see ``core.testing.check_random_match``).

It is parametrized over ``core.registry.variants()`` when collected, so a new
variant is tested as soon as it is registered, with its default options and
with each of its bool and choice options set to another value.
"""

from __future__ import annotations

import pytest

from core.registry import variants
from core.testing import check_random_match, option_variations

SEEDS = (0, 1, 2)
VARIANTS = sorted(variants())
HOUSE_RULES = [(name, options) for name in VARIANTS
               for options in option_variations(variants()[name])[1:]]


def test_the_built_in_variants_are_registered():
    assert {"foraccio", "zobelon"} <= set(VARIANTS)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_matches_keep_the_engines_promises(variant, seed):
    final = check_random_match(variant, seed)

    assert final.variant == variant
    assert final.phase == "game_over"


@pytest.mark.parametrize(("variant", "options"), HOUSE_RULES,
                         ids=[f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}"
                              for name, options in HOUSE_RULES])
def test_random_matches_keep_the_engines_promises_under_each_house_rule(variant, options):
    final = check_random_match(variant, 7, options, players_seed=70)

    assert final.phase == "game_over"
    assert all(final.options[name] == value for name, value in options.items())
