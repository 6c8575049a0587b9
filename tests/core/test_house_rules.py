"""House rules in the registry and the engine: a rule set is a variant, its options and
the house rules layered on it, in order; each is checked, recorded and cached."""

from __future__ import annotations

import dataclasses

import pytest
from msgspec.structs import replace

from foraccio.core.engine import legal_moves, new_match, play, rules_of
from foraccio.core.errors import (
    IncompatibleHouseRule,
    InvalidOptions,
    InvalidState,
    PluginError,
    UnknownHouseRule,
)
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus
from foraccio.core.registry import (
    HouseRule,
    OptionSpec,
    Variant,
    applicable_variants,
    builtin_plugins,
    get_house_rule,
    get_variant,
    has_options,
    house_rules,
    implements,
    installed_plugins,
    make_plugin_manager,
    plugin_manager,
    register_house_rule,
    register_variant,
    rules_for,
    variants,
)
from foraccio.core.replay import replay
from foraccio.core.testing import check_random_match, compatible_house_rules, scenario
from foraccio.core.validation import validate_state
from foraccio.core.wire import to_wire


def scopa_changed(change):
    """The plugin of a test house rule changing every scopa's points by
    ``change(points, options)``: it wraps the capture effects below it."""

    class ScopaChanged:
        @hookimpl(wrapper=True)
        def foraccio_capture_effects(self, options):
            effects = yield
            return [effect and (lambda capture, effect=effect: tuple(
                replace(bonus, points=change(bonus.points, options))
                if bonus.name == "scopa" else bonus
                for bonus in effect(capture))) for effect in effects]

    return ScopaChanged()


DOUBLE_SCOPA = HouseRule(
    "double-scopa", "Double scopa", "Every scopa counts twice (or `factor` times).",
    plugins=(scopa_changed(lambda points, options: points * options["double-scopa.factor"]),),
    options=(OptionSpec("factor", 2, "What a scopa's points are multiplied by.",
                        minimum=1, maximum=4),),
    applies_to=has_options("last_play_scopa"))
TRIPLE_OR_MORE = HouseRule(
    "triple-or-more", "Triple scopa or more", "Every scopa counts 3, 5 or 7 times.",
    plugins=(scopa_changed(lambda points, options: points * options["triple-or-more.factor"]),),
    options=(OptionSpec("factor", 3, "What a scopa's points are multiplied by.",
                        choices=(3, 5, 7)),))
PLUS_ONE = HouseRule("plus-one", "Scopa plus one", "Every scopa counts one more.",
                     plugins=(scopa_changed(lambda points, options: points + 1),))


def scopa_points(house_rules, options=None):
    """The bonus points of a scopa of 5 (5s takes the 5c alone on the table)."""
    state = scenario(table=["5c"], hands={0: ["5s"], 1: ["7c"]}, turn=0,
                     house_rules=house_rules, options=options)
    _, events = play(state, legal_moves(state)[0])
    return [event.points for event in events if isinstance(event, Bonus)]


# --- the registry -----------------------------------------------------------------------


def test_the_built_in_house_rules_are_known_with_the_variants_they_apply_to():
    known = house_rules()

    # Installed ones (examples/napoli-to-ten in the test environment) come on top, and
    # so do installed variants (examples/scopa, examples/scopone): the built-in ones here.
    builtin = builtin_plugins().variants
    assert {name: tuple(variant for variant in applicable_variants(rule) if variant in builtin)
            for name, rule in known.items()
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

    # Each plugin is registered behind its guard, which holds it.
    registered = [stand_in.plugin for _, stand_in in manager.list_name_plugin()]
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


def test_house_rules_are_layered_in_the_order_given(registered):
    registered(DOUBLE_SCOPA, PLUS_ONE)

    assert scopa_points(()) == [5]
    assert scopa_points(("double-scopa",)) == [10]
    # The house rule named later wraps the one named before it, so it changes what the
    # earlier one made of the scopa: times 2 then plus 1 is 11, plus 1 then times 2 is 12.
    assert scopa_points(("double-scopa", "plus-one")) == [11]
    assert scopa_points(("plus-one", "double-scopa")) == [12]
    # Doubled, then dropped on the last play (not here).
    assert scopa_points(("double-scopa", "no-last-play-scopa")) == [10]


def test_a_house_rule_registered_again_replaces_the_old_one(registered):
    registered(DOUBLE_SCOPA)
    assert scopa_points(("double-scopa",)) == [10]

    registered(dataclasses.replace(DOUBLE_SCOPA, plugins=()))  # caches are cleared

    assert scopa_points(("double-scopa",)) == [5]


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


# --- house rules' options -------------------------------------------------------------


def test_a_house_rules_options_are_in_the_matchs_options_under_its_name(registered):
    registered(DOUBLE_SCOPA)

    state = new_match("foraccio", 1, {"double-scopa.factor": 3, "target": 51},
                      house_rules=["double-scopa"])

    assert state.options == {**new_match("foraccio", 1).options, "target": 51,
                             "double-scopa.factor": 3}
    assert new_match("foraccio", 1, house_rules=["double-scopa"]).options[
        "double-scopa.factor"] == 2  # its default
    assert scopa_points(("double-scopa",), {"double-scopa.factor": 3}) == [15]
    assert validate_state(to_wire(state)) == state


def test_an_int_option_may_list_its_choices(registered):
    registered(TRIPLE_OR_MORE)

    assert scopa_points(("triple-or-more",), {"triple-or-more.factor": 7}) == [35]


def test_a_match_without_house_rule_options_keeps_the_options_it_always_had():
    assert set(new_match("foraccio", 1, house_rules=["colore"]).options) == {
        spec.name for spec in get_variant("foraccio").options}


@pytest.mark.parametrize(("options", "house_rules", "problem"), [
    ({"double-scopa.factor": 9}, ["double-scopa"],
     "Option 'factor' of house rule 'double-scopa' must be at most 4; got 9."),
    ({"double-scopa.factor": "2"}, ["double-scopa"],
     "Option 'factor' of house rule 'double-scopa' must be a whole number, not '2'."),
    ({"double-scopa.fattore": 3}, ["double-scopa"],
     "House rule 'double-scopa' has no option 'fattore'; its options are: factor."),
    ({"double-scopa.factor": 3}, [], "Option 'double-scopa.factor' names no house rule of "
                                     "this match"),
    ({"plus-one.factor": 3}, ["plus-one"],
     "House rule 'plus-one' has no option 'factor'; it has no options."),
    ({"triple-or-more.factor": 4}, ["triple-or-more"],
     "Option 'factor' of house rule 'triple-or-more' must be one of 3, 5, 7; got 4."),
])
def test_a_house_rules_options_are_checked(registered, options, house_rules, problem):
    registered(DOUBLE_SCOPA, PLUS_ONE, TRIPLE_OR_MORE)

    with pytest.raises(InvalidOptions) as caught:
        new_match("foraccio", 1, options, house_rules=house_rules)

    assert caught.value.message.startswith(problem)


def test_a_posted_state_must_list_its_house_rules_options(registered):
    registered(DOUBLE_SCOPA)
    state = to_wire(new_match("foraccio", 1, house_rules=["double-scopa"]))
    options = {name: value for name, value in state.options.items() if "." not in name}

    with pytest.raises(InvalidState, match=r"'double-scopa\.factor' is missing"):
        validate_state(replace(state, options=options))


# --- which variants a house rule applies to -------------------------------------------


def test_a_house_rule_states_what_it_needs_of_a_variant(registered):
    kings = HouseRule("kings", "Kings", "Needs jolly kings.", plugins=(),
                      applies_to=has_options("king_scopa_value"))
    dealt = HouseRule("dealt", "Dealt", "Needs a deal.", plugins=(),
                      applies_to=implements("foraccio_deal"))
    named = HouseRule("named", "Named", "Lists its variants, as before.", ("foraccio",), ())
    registered(kings, dealt, named)

    assert applicable_variants(kings) == ("zobelon",)
    # Every variant has a deal: the installed ones of the test environment too.
    assert applicable_variants(dealt) == tuple(variants())
    assert applicable_variants(named) == ("foraccio",)
    assert applicable_variants(DOUBLE_SCOPA) == ("foraccio", "zobelon")
    with pytest.raises(IncompatibleHouseRule, match="applies to: zobelon"):
        new_match("foraccio", 1, house_rules=["kings"])


def test_a_house_rule_never_applies_to_a_variant_that_has_its_plugin_already():
    # Zobelon scores colore with the very plugin the colore house rule adds to Foraccio.
    assert not get_house_rule("colore").applies(get_variant("zobelon"))


def test_a_house_rule_whose_requirement_fails_is_refused():
    def broken(variant):
        raise AttributeError("no such thing")

    with pytest.raises(PluginError) as caught:
        register_house_rule(HouseRule("picky", "Picky", "Fails.", applies_to=broken))

    assert (caught.value.name, caught.value.hook) == ("picky", "applies_to")


def test_a_posted_state_is_checked_against_the_house_rules_known_now(registered):
    registered(DOUBLE_SCOPA)
    state = to_wire(new_match("foraccio", 1, house_rules=["double-scopa"]))
    assert validate_state(state).house_rules == ("double-scopa",)

    registered(dataclasses.replace(DOUBLE_SCOPA, options=()))  # its option is gone

    with pytest.raises(InvalidState, match="has no option 'factor'"):
        validate_state(state)


# --- what a variant awards, what a house rule needs ------------------------------------

FORACCIO_AWARDS = get_variant("foraccio").awards


def _foraccio_awarding(name, awards):
    """Foraccio under another name, declaring ``awards`` (whatever it really scores)."""
    return dataclasses.replace(get_variant("foraccio"), name=name, awards=awards)


def test_a_house_rule_applies_where_the_variant_awards_what_it_needs(registered):
    needs_napoli = HouseRule("napoli-rule", "Napoli rule", "Changes napoli.", needs=("napoli",))
    registered(_foraccio_awarding("no-napoli", ("carte", "scopa")),
               _foraccio_awarding("undeclared", None), needs_napoli)

    applies = applicable_variants(needs_napoli)

    assert {"foraccio", "zobelon", "undeclared"} <= set(applies)
    assert "no-napoli" not in applies
    with pytest.raises(IncompatibleHouseRule,
                       match="'no-napoli': it needs a variant that awards napoli; it applies "
                             "to: foraccio, zobelon"):
        new_match("no-napoli", 1, house_rules=["napoli-rule"])
    assert new_match("undeclared", 1, house_rules=["napoli-rule"]).house_rules == (
        "napoli-rule",)


def test_a_house_rule_that_adds_a_bonus_is_not_offered_where_the_variant_awards_it():
    colore = get_house_rule("colore")

    assert colore.awards == ("colore",)
    assert colore.unmet(get_variant("zobelon")) == (
        "it adds colore, which the variant awards already")
    assert colore.unmet(get_variant("foraccio")) is None
    assert colore.unmet(_foraccio_awarding("undeclared", None)) is None


def test_the_built_in_house_rules_need_what_they_change():
    assert get_house_rule("no-last-play-scopa").needs == ("scopa",)
    assert get_house_rule("single-card-priority").needs == ()
    assert {"scopa", "napoli", "la_24", "primo_onore"} <= set(FORACCIO_AWARDS)


def test_every_missing_need_is_named():
    rule = HouseRule("both", "Both", "Needs two.", needs=("scopa", "napoli", "colore"))

    assert rule.unmet(_foraccio_awarding("x", ("carte",))) == (
        "it needs a variant that awards scopa, napoli and colore")


@pytest.mark.parametrize("record", [
    _foraccio_awarding("letters", "scopa"),
    HouseRule("letters", "Letters", "A str for a tuple.", needs="scopa"),
    HouseRule("empty-name", "Empty", "An empty name.", awards=("",)),
], ids=["variant awards", "house rule needs", "empty name"])
def test_declared_names_must_be_a_tuple_of_names(record):
    with pytest.raises(PluginError, match="must be a tuple of names"):
        (register_variant if isinstance(record, Variant) else register_house_rule)(record)


def test_a_random_match_holds_a_variant_to_what_it_declares(registered):
    registered(_foraccio_awarding("modest", ("carte", "spade")))

    with pytest.raises(AssertionError, match="which its awards do not declare"):
        check_random_match("modest", 0)
