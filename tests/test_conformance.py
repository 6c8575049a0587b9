"""The shared random-play test: every registered variant, built-in or third-party,
must keep the engine's promises (see ``foraccio.core.testing.check_random_match``).

It is parametrized over ``foraccio.core.registry.variants()`` when collected, so a new
variant is tested as soon as it is registered, with its default options and
with each of its bool and choice options set to another value; and over
``foraccio.core.registry.house_rules()``, so every variant is also played with each
house rule that applies to it, and with all of them at once. Installed house
rules are among them: the test environment installs ``examples/napoli-to-ten``.
"""

from __future__ import annotations

import pytest

from foraccio.core.registry import applicable_variants, installed_plugins, variants
from foraccio.core.testing import check_random_match, compatible_house_rules, option_variations

SEEDS = (0, 1, 2)
VARIANTS = sorted(variants())
OPTION_VARIATIONS = [(name, options) for name in VARIANTS
                     for options in option_variations(variants()[name])[1:]]
HOUSE_RULE_SEEDS = (3, 4)
RULE_SETS = [(name, (rule.name,)) for name in VARIANTS
             for rule in compatible_house_rules(variants()[name])]
RULE_SETS += [(name, names) for name in VARIANTS
              if len(names := tuple(rule.name for rule in compatible_house_rules(variants()[name])))
              > 1]


def test_the_built_in_variants_are_registered():
    assert {"foraccio", "zobelon"} <= set(VARIANTS)


def test_installed_house_rules_are_played_with_each_variant_they_apply_to():
    installed = installed_plugins().house_rules
    assert "napoli-to-ten" in installed, "install examples/napoli-to-ten (make test does)"
    for rule in installed.values():
        assert applicable_variants(rule)
        assert all((name, (rule.name,)) in RULE_SETS for name in applicable_variants(rule))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_matches_keep_the_engines_promises(variant, seed):
    final = check_random_match(variant, seed)

    assert final.variant == variant
    assert final.phase == "game_over"


@pytest.mark.parametrize(("variant", "options"), OPTION_VARIATIONS,
                         ids=[f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}"
                              for name, options in OPTION_VARIATIONS])
def test_random_matches_keep_the_engines_promises_with_each_option_changed(variant, options):
    final = check_random_match(variant, 7, options, players_seed=70)

    assert final.phase == "game_over"
    assert all(final.options[name] == value for name, value in options.items())


@pytest.mark.parametrize("seed", HOUSE_RULE_SEEDS)
@pytest.mark.parametrize(("variant", "house_rules"), RULE_SETS,
                         ids=[f"{name}+{'+'.join(names)}" for name, names in RULE_SETS])
def test_random_matches_keep_the_engines_promises_with_each_house_rule(variant, house_rules,
                                                                        seed):
    final = check_random_match(variant, seed, house_rules=house_rules)

    assert final.phase == "game_over"
    assert final.house_rules == house_rules
