"""A quick bot's first move with a rule set it has not read yet is played in the bot pool:
reading a rule set (the worth of its cards, from its score lines) takes tens of
milliseconds, which a client choosing new options for each request must not make the
event loop spend. The usual rules (each variant's defaults) are read at start, so that
their quick moves stay in the worker."""

from __future__ import annotations

from foraccio.bots import moves_at_once
from foraccio.bots.traits import traits_known, traits_of
from foraccio.core.engine import new_match, rules_of
from foraccio.core.registry import variants
from tests.api.conftest import wire


def test_a_rule_set_not_read_yet_sends_the_quick_bots_to_the_pool(client):
    state = new_match("foraccio", 5, {"target": 997})
    rules = rules_of(state)
    assert not traits_known(rules)
    assert not moves_at_once("random", rules)

    answer = client.post("/games/bot-move", json={"state": wire(state), "bot": "heuristic"})

    assert answer.status_code == 200, answer.text
    # The pool read the rules, in its own process: the worker still has not.
    assert not traits_known(rules)
    traits_of(rules)
    assert moves_at_once("heuristic", rules) and not moves_at_once("ismcts", rules)


def test_every_variant_is_read_at_start(client):
    assert all(traits_known(rules_of(new_match(name, 0))) for name in variants())
