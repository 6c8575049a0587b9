"""House rules in the registry and the engine: a rule set is a variant, its options and
the house rules layered on it, in order; each is checked, recorded and cached."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core import registry
from core.engine import legal_moves, new_match, play, rules_of
from core.errors import IncompatibleHouseRule, InvalidState, UnknownHouseRule
from core.hookspecs import hookimpl
from core.model import Bonus
from core.registry import (
    HouseRule,
    get_house_rule,
    get_variant,
    house_rules,
    installed_plugins,
    make_plugin_manager,
    plugin_manager,
    register_house_rule,
    rules_for,
)
from core.replay import replay
from core.testing import compatible_house_rules, scenario
from core.validation import validate_state
from core.wire import to_wire


@pytest.fixture
def own_registry(monkeypatch):
    """House rules registered by the test are forgotten after it."""
    monkeypatch.setattr(registry, "_registered_house_rules",
                        dict(registry._registered_house_rules))
    yield
    monkeypatch.undo()
    registry._forget_rule_sets()


class DoubleScopa:
    """A house rule of the tests: every scopa is worth twice as much."""

    @hookimpl(wrapper=True)
    def foraccio_capture_effects(self):
        effects = yield
        return [effect and (lambda capture, effect=effect: tuple(
            replace(bonus, points=2 * bonus.points) if bonus.name == "scopa" else bonus
            for bonus in effect(capture))) for effect in effects]


DOUBLE_SCOPA = HouseRule("double-scopa", "Double scopa", "Every scopa counts twice.",
                         ("foraccio",), (DoubleScopa(),))


def scopa_points(house_rules):
    state = scenario(table=["5c"], hands={0: ["5s"], 1: ["7c"]}, turn=0,
                     house_rules=house_rules)
    _, events = play(state, legal_moves(state)[0])
    return [event.points for event in events if isinstance(event, Bonus)]


# --- the registry -----------------------------------------------------------------------


def test_the_built_in_house_rules_are_known_with_the_variants_they_apply_to():
    known = house_rules()

    # Installed ones (examples/napoli-to-ten in the test environment) come on top.
    assert {name: rule.variants for name, rule in known.items()
            if name not in installed_plugins().house_rules} == {
        "single-card-priority": ("foraccio", "zobelon"),
        "no-last-play-scopa": ("foraccio", "zobelon"),
        "colore": ("foraccio",),
    }
    assert all(rule.description for rule in known.values())


def test_an_unknown_house_rule_is_named_with_the_known_ones():
    with pytest.raises(UnknownHouseRule) as caught:
        get_house_rule("scopa-d-assi")

    assert caught.value.code == "unknown_house_rule"
    assert "'scopa-d-assi'" in caught.value.message and "colore" in caught.value.message


def test_a_house_rule_for_other_variants_is_incompatible_and_says_where_it_applies():
    with pytest.raises(IncompatibleHouseRule) as caught:
        new_match("zobelon", 1, house_rules=["colore"])

    assert caught.value.code == "incompatible_house_rule"
    assert "'zobelon'" in caught.value.message and "applies to: foraccio" in caught.value.message


def test_a_house_rule_listed_twice_is_incompatible():
    with pytest.raises(IncompatibleHouseRule, match="listed twice"):
        new_match("foraccio", 1, house_rules=["colore", "colore"])


def test_a_new_match_checks_its_house_rules():
    with pytest.raises(UnknownHouseRule):
        new_match("foraccio", 1, house_rules=["nope"])


def test_the_plugin_manager_registers_the_variants_plugins_then_each_rules_in_order():
    foraccio = get_variant("foraccio")
    rules = (get_house_rule("no-last-play-scopa"), get_house_rule("colore"))

    manager = make_plugin_manager(foraccio, rules)

    registered = [plugin for _, plugin in manager.list_name_plugin()]
    assert registered == [*foraccio.plugins, *rules[0].plugins, *rules[1].plugins]


def test_make_plugin_manager_refuses_an_incompatible_rule():
    with pytest.raises(IncompatibleHouseRule):
        make_plugin_manager(get_variant("zobelon"), (get_house_rule("colore"),))


def test_each_combination_has_its_own_cached_plugin_manager_and_rules():
    options = rules_for("foraccio", {}).options  # every default filled in
    plain = rules_for("foraccio", options)
    with_colore = rules_for("foraccio", options, ("colore",))

    assert plugin_manager("foraccio") is not plugin_manager("foraccio", ("colore",))
    assert plugin_manager("foraccio", ("colore",)) is plugin_manager("foraccio", ("colore",))
    assert with_colore is not plain and with_colore.house_rules == (get_house_rule("colore"),)
    # The last-rules memo compares the house rules too: alternating gives each its own.
    assert rules_for("foraccio", options) is plain
    assert rules_for("foraccio", options, ("colore",)) is with_colore
    assert rules_for("foraccio", options, ["colore"]) is with_colore
    assert len(with_colore.effects) == len(plain.effects) + 1


def test_house_rules_are_layered_in_the_order_given(own_registry):
    register_house_rule(DOUBLE_SCOPA)

    assert scopa_points(()) == [5]
    assert scopa_points(("double-scopa",)) == [10]
    # The later rule wraps the earlier: doubled, then dropped on the last play (not here).
    assert scopa_points(("double-scopa", "no-last-play-scopa")) == [10]


def test_a_house_rule_registered_again_replaces_the_old_one(own_registry):
    register_house_rule(DOUBLE_SCOPA)
    assert scopa_points(("double-scopa",)) == [10]

    register_house_rule(replace_plugins(DOUBLE_SCOPA, ()))  # caches are cleared

    assert scopa_points(("double-scopa",)) == [5]


def replace_plugins(rule, plugins):
    return HouseRule(rule.name, rule.title, rule.description, rule.variants, plugins)


def test_compatible_house_rules_lists_those_that_apply_to_a_variant():
    names = [rule.name for rule in compatible_house_rules(get_variant("zobelon"))]

    assert [name for name in names if name not in installed_plugins().house_rules] == [
        "no-last-play-scopa", "single-card-priority"]
    assert names == sorted(names)


# --- the engine and the state ---------------------------------------------------------


def test_the_state_records_the_house_rules_and_the_engine_plays_by_them():
    state = new_match("foraccio", 5, house_rules=("single-card-priority", "colore"))

    assert state.house_rules == ("single-card-priority", "colore")
    assert rules_of(state) is rules_for("foraccio", state.options, state.house_rules)
    assert replay(state) == state


def test_a_match_without_house_rules_records_none():
    assert new_match("foraccio", 5).house_rules == ()


@pytest.mark.parametrize(("variant", "names", "problem"), [
    ("foraccio", ("nope",), "There is no house rule 'nope'"),
    ("zobelon", ("colore",), "does not apply to variant 'zobelon'"),
    ("foraccio", ("colore", "colore"), "listed twice"),
])
def test_a_posted_state_with_bad_house_rules_is_invalid(variant, names, problem):
    state = replace(to_wire(new_match(variant, 3)), house_rules=names)

    with pytest.raises(InvalidState, match=problem):
        validate_state(state)


def test_a_posted_state_with_known_house_rules_is_valid():
    state = new_match("zobelon", 3, house_rules=("no-last-play-scopa",))
    assert validate_state(to_wire(state)) == state
