"""The rule-set cache: one rule set per variant, options and house rules, whatever order
the options come in, and never one option value mistaken for another of another type."""

from __future__ import annotations

import pytest

from foraccio.core.errors import InvalidOptions
from foraccio.core.registry import rules_for


def test_the_same_options_in_another_order_are_the_same_rule_set():
    options = {"target": 50, "deal_scheme": "5-4-4", "capture_required": False}
    reordered = dict(reversed(options.items()))
    assert rules_for("foraccio", options) is rules_for("foraccio", reordered)
    assert rules_for("foraccio", options) is not rules_for("foraccio", {**options, "target": 51})


def test_an_int_is_no_bool_option_even_after_the_bool_was_cached():
    assert rules_for("foraccio", {"capture_required": True}).options["capture_required"] is True
    with pytest.raises(InvalidOptions):
        rules_for("foraccio", {"capture_required": 1})
