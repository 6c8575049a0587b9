"""Loading plugins: the built-in ones by name (``DEFAULT_PLUGINS``), the installed ones
from the entry points of the group ``foraccio``. A broken or clashing plugin is skipped:
logged with its distribution, listed with its reason, and asking for it says why. An
environment variable turns autoloading off.

The entry points here are fakes standing in for installed distributions (see the
``installed`` fixture).
"""

from __future__ import annotations

import logging

import pytest

from foraccio.core.engine import new_match
from foraccio.core.errors import PluginError, UnknownHouseRule, UnknownVariant
from foraccio.core.hookspecs import hookimpl
from foraccio.core.registry import (
    DEFAULT_PLUGINS,
    DISABLE_AUTOLOAD,
    HouseRule,
    OptionSpec,
    Variant,
    get_house_rule,
    get_variant,
    house_rules,
    register_house_rule,
    register_variant,
    skipped,
    variants,
)
from foraccio.core.registry.loading import builtin_candidates, load
from tests.conftest import FakeEntryPoint


class PassThrough:
    """A house rule's plugin that wraps a hook and changes nothing."""

    @hookimpl(wrapper=True)
    def foraccio_capture_effects(self):
        return (yield)


class NotAHook:
    """A plugin implementing a hook that has no spec."""

    @hookimpl
    def foraccio_shuffle_twice(self):
        return True


class BrokenDeck:
    """A plugin whose deck fails: found when its rules are first assembled."""

    @hookimpl
    def foraccio_build_deck(self):
        raise ZeroDivisionError("no deck today")


class NoTarget:
    @hookimpl
    def foraccio_match_target(self):
        return 0


def a_variant(name="foraccio-lungo", *extra, without=()):
    foraccio = get_variant("foraccio")
    plugins = [plugin for plugin in foraccio.plugins if plugin.__name__.split(".")[-1]
               not in without]
    return Variant(name, "Foraccio lungo", "Foraccio to 121.", foraccio.options,
                   (*plugins, *extra))


def a_house_rule(name="quiet", *plugins, **fields):
    return HouseRule(name, "Quiet", "Changes nothing.", plugins=plugins or (PassThrough(),),
                     **fields)


def broken_import():
    raise ImportError("No module named 'foraccio_napoli_to_ten'")


def test_installed_variants_and_house_rules_appear_with_the_built_in_ones(installed):
    installed([FakeEntryPoint("lungo", a_variant), FakeEntryPoint("quiet", a_house_rule)])

    assert {"foraccio", "zobelon", "foraccio-lungo"} <= set(variants())
    assert {"colore", "quiet"} <= set(house_rules())
    assert get_variant("foraccio-lungo").distribution == "foraccio-house-rules"
    assert new_match("foraccio-lungo", 1).variant == "foraccio-lungo"
    assert new_match("foraccio", 1, house_rules=["quiet"]).house_rules == ("quiet",)
    assert skipped() == ()


def test_the_built_in_plugins_are_loaded_by_name_like_installed_ones():
    assert DEFAULT_PLUGINS[:2] == ("foraccio.variants.foraccio:FORACCIO",
                                   "foraccio.variants.zobelon:ZOBELON")
    assert {get_variant(name).distribution for name in ("foraccio", "zobelon")} == {"foraccio"}
    assert get_house_rule("colore").distribution == "foraccio"


def test_a_built_in_plugin_that_fails_to_import_is_skipped_too(caplog):
    with caplog.at_level(logging.ERROR, logger="foraccio.plugins"):
        loaded = load(builtin_candidates(("foraccio.variants.foraccio:FORACCIO",
                                          "foraccio.variants.nope:X")))

    assert list(loaded.variants) == ["foraccio"]
    (skip,) = loaded.skipped
    assert skip.name == "foraccio.variants.nope:X" and skip.distribution == "foraccio"
    assert "ModuleNotFoundError" in skip.reason and "variants.nope" in caplog.text


@pytest.mark.parametrize(("load", "kind", "error"), [
    (broken_import, None, "ImportError: No module named 'foraccio_napoli_to_ten'"),
    (lambda: "napoli", None,
     "neither a foraccio.core.registry.Variant nor a foraccio.core.registry.HouseRule"),
    (lambda: a_house_rule(None), None, "its name is None, not a non-empty str"),
    (lambda: a_house_rule("broken", NotAHook()), "house_rule", "foraccio_shuffle_twice"),
    (lambda: a_variant("broken", BrokenDeck()), "variant",
     "foraccio_build_deck: it raised ZeroDivisionError: no deck today"),
    (lambda: a_variant("broken", without=("dealing",)), "variant",
     "foraccio_build_deck: none of its plugins implements it"),
    (lambda: a_variant("broken", NoTarget()), "variant",
     "foraccio_match_target: it returned a target of 0, not a positive int"),
    (lambda: a_house_rule("broken", options=(OptionSpec("a.b", 1, "Dotted."),)), "house_rule",
     "option 'a.b' needs a name without '.'"),
    (lambda: a_house_rule("broken", options=(OptionSpec("n", 9, "Big.", maximum=4),)),
     "house_rule", "the default of option 'n' is not allowed"),
    (lambda: a_house_rule("broken", BrokenDeck()), "house_rule",
     "with variant 'foraccio': it raised ZeroDivisionError"),
])
def test_a_broken_plugin_is_skipped_logged_and_listed_with_its_reason(installed, caplog, load,
                                                                        kind, error):
    with caplog.at_level(logging.ERROR, logger="foraccio.plugins"):
        found = installed([FakeEntryPoint("broken", load, "napoli-to-ten"),
                           FakeEntryPoint("quiet", a_house_rule)])

    assert set(found.house_rules) == {"quiet"} and not found.variants
    (record,) = caplog.records
    assert "'broken'" in record.getMessage() and "'napoli-to-ten'" in record.getMessage()
    assert error in record.getMessage()
    (skip,) = skipped()
    assert skip[:2] == ("broken", "napoli-to-ten") and skip.kind == kind and error in skip.reason
    assert "broken" not in house_rules() and "broken" not in variants()


def test_asking_for_a_skipped_plugin_says_why_it_was_not_loaded(installed):
    installed([FakeEntryPoint("bad-deck", lambda: a_house_rule("bad-deck", BrokenDeck())),
               FakeEntryPoint("lungo", lambda: a_variant("lungo", BrokenDeck()))])

    with pytest.raises(UnknownHouseRule) as caught:
        new_match("foraccio", 1, house_rules=["bad-deck"])
    assert caught.value.message.startswith(
        "House rule 'bad-deck' was not loaded: foraccio_build_deck: with variant 'foraccio'")
    with pytest.raises(UnknownVariant) as caught:
        get_variant("lungo")
    assert caught.value.message.startswith(
        "Variant 'lungo' was not loaded: foraccio_build_deck: it raised ZeroDivisionError")
    with pytest.raises(UnknownVariant, match="There is no variant 'nope'"):
        get_variant("nope")


def test_a_plugin_named_like_a_built_in_one_is_refused(installed, caplog):
    with caplog.at_level(logging.ERROR, logger="foraccio.plugins"):
        installed([FakeEntryPoint("foraccio", lambda: a_variant("foraccio", NoTarget())),
                   FakeEntryPoint("colore", lambda: a_house_rule("colore"))])

    assert get_variant("foraccio").distribution == "foraccio"  # the built-in one
    assert get_house_rule("colore").distribution == "foraccio"
    # One distribution's entry points, by name.
    assert [(skip.name, skip.kind) for skip in skipped()] == [("colore", "house_rule"),
                                                               ("foraccio", "variant")]
    assert all("of distribution 'foraccio' has that name already" in skip.reason
               for skip in skipped())
    assert len(caplog.records) == 2


def test_two_installed_plugins_of_one_name_are_both_refused(installed):
    installed([FakeEntryPoint("quiet", a_house_rule, "first"),
               FakeEntryPoint("quiet", a_house_rule, "second"),
               FakeEntryPoint("quiet", a_variant_named_quiet, "third")])

    assert "quiet" not in house_rules() and "quiet" in variants()  # variants are apart
    assert {(skip.distribution, skip.reason) for skip in skipped()} == {
        ("first", "distribution 'second' also declares a house rule of that name; none of "
                  "them is loaded"),
        ("second", "distribution 'first' also declares a house rule of that name; none of "
                   "them is loaded"),
    }
    with pytest.raises(UnknownHouseRule, match="was not loaded: distribution 'second' also"):
        get_house_rule("quiet")


def a_variant_named_quiet():
    return a_variant("quiet")


def test_the_environment_variable_turns_autoloading_off(installed, monkeypatch):
    monkeypatch.setenv(DISABLE_AUTOLOAD, "1")

    found = installed([FakeEntryPoint("quiet", a_house_rule)])

    assert found.variants == {} and found.house_rules == {} and found.skipped == ()
    assert "quiet" not in house_rules()


def test_registering_a_broken_plugin_raises_at_once():
    with pytest.raises(PluginError) as caught:
        register_variant(a_variant("lungo", BrokenDeck()))
    assert (caught.value.kind, caught.value.name, caught.value.hook) == (
        "variant", "lungo", "foraccio_build_deck")
    assert isinstance(caught.value.__cause__, ZeroDivisionError)

    with pytest.raises(PluginError, match="foraccio_shuffle_twice"):
        register_house_rule(a_house_rule("odd", NotAHook()))
    assert "lungo" not in variants() and "odd" not in house_rules()
