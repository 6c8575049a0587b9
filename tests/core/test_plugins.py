"""Installed plugins: distributions declare variants and house rules under the
entry-point group ``foraccio``; a broken one is logged and skipped, and an
environment variable turns autoloading off.

The entry points here are fakes standing in for installed distributions.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

from core import registry
from core.engine import new_match
from core.hookspecs import hookimpl
from core.registry import (
    DISABLE_AUTOLOAD,
    ENTRY_POINT_GROUP,
    HouseRule,
    Variant,
    get_variant,
    house_rules,
    load_installed_plugins,
    variants,
)


class FakeEntryPoint:
    """What ``importlib.metadata.entry_points`` yields for an installed distribution."""

    def __init__(self, name, load, distribution="foraccio-house-rules"):
        self.name = name
        self.group = ENTRY_POINT_GROUP
        self.dist = SimpleNamespace(name=distribution)
        self._load = load

    def load(self):
        return self._load()


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


def a_variant():
    foraccio = get_variant("foraccio")
    return Variant("foraccio-lungo", "Foraccio lungo", "Foraccio to 121.",
                   foraccio.options, foraccio.plugins)


def a_house_rule():
    return HouseRule("quiet", "Quiet", "Changes nothing.", ("foraccio",), (PassThrough(),))


def broken_import():
    raise ImportError("No module named 'napoli_to_ten'")


@pytest.fixture
def installed(monkeypatch):
    """Install fake entry points: ``installed([...])`` loads them as the registry would."""
    monkeypatch.delenv(DISABLE_AUTOLOAD, raising=False)

    def install(entry_points):
        def entry_points_of(group):
            assert group == ENTRY_POINT_GROUP
            return list(entry_points)

        monkeypatch.setattr(registry.metadata, "entry_points", entry_points_of)
        return load_installed_plugins()

    yield install
    monkeypatch.undo()
    load_installed_plugins()


def test_installed_variants_and_house_rules_appear_with_the_built_in_ones(installed):
    installed([FakeEntryPoint("lungo", a_variant), FakeEntryPoint("quiet", a_house_rule)])

    assert {"foraccio", "zobelon", "foraccio-lungo"} <= set(variants())
    assert {"colore", "quiet"} <= set(house_rules())
    assert new_match("foraccio-lungo", 1).variant == "foraccio-lungo"
    assert new_match("foraccio", 1, house_rules=["quiet"]).house_rules == ("quiet",)


@pytest.mark.parametrize(("load", "error"), [
    (broken_import, "ImportError: No module named 'napoli_to_ten'"),
    (lambda: "napoli", "neither a core.registry.Variant nor a core.registry.HouseRule"),
    (lambda: HouseRule("bad", "Bad", "A hook no spec has.", ("foraccio",), (NotAHook(),)),
     "foraccio_shuffle_twice"),
])
def test_a_plugin_that_fails_to_load_is_logged_with_its_distribution_and_skipped(
        installed, caplog, load, error):
    with caplog.at_level(logging.ERROR, logger="foraccio.plugins"):
        found = installed([FakeEntryPoint("broken", load, "napoli-to-ten"),
                           FakeEntryPoint("quiet", a_house_rule)])

    assert set(found.house_rules) == {"quiet"} and not found.variants
    (record,) = caplog.records
    assert "'broken'" in record.getMessage() and "'napoli-to-ten'" in record.getMessage()
    assert error in record.getMessage()
    assert "bad" not in house_rules()


def test_the_environment_variable_turns_autoloading_off(installed, monkeypatch):
    monkeypatch.setenv(DISABLE_AUTOLOAD, "1")

    found = installed([FakeEntryPoint("quiet", a_house_rule)])

    assert found.variants == {} and found.house_rules == {}
    assert "quiet" not in house_rules()
