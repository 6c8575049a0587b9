"""A plugin's failure stays the plugin's: an exception raised by its code, or an answer
its hook's contract does not allow, is a ``PluginError`` naming the plugin and the hook,
raised where the plugin returned, never later in another plugin or the engine."""

from __future__ import annotations

import pickle

import pytest
from msgspec.structs import replace

from foraccio.core.cards import DECK
from foraccio.core.engine import legal_moves, new_match, next_hand, play, score_hand
from foraccio.core.errors import PluginError
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus, ScoreLine
from foraccio.core.registry import HouseRule, Variant, get_variant, register_house_rule
from foraccio.core.rules import Deal, Declaration
from foraccio.core.testing import random_playout, scenario


def house_rule(name, *plugins):
    return HouseRule(name, name.title(), f"A test house rule: {name}.", plugins=plugins)


def scopa_position(house_rules=(), variant="foraccio"):
    """5s takes the 5c alone on the table: a scopa of 5 on the first play."""
    return scenario(variant=variant, table=["5c"], hands={0: ["5s"], 1: ["7c"]}, turn=0,
                    house_rules=house_rules)


def failing(plugin_error, *, kind, name, hook):
    error = plugin_error.value
    assert (error.kind, error.name, error.hook) == (kind, name, hook)
    return error


# --- exceptions raised by plugin code -------------------------------------------------


class ScoreFails:
    @hookimpl
    def foraccio_score_lines(self):
        return 1 / 0


class RuleFails:
    @hookimpl(wrapper=True)
    def foraccio_play_rule(self):
        rule = yield

        def fails_on_a_full_table(hand, table):
            if table:
                raise KeyError("5c")
            return rule(hand, table)

        return fails_on_a_full_table


class ScopaFails:
    """Stands for a variant's capture effect with a bug."""

    @hookimpl
    def foraccio_capture_effects(self):
        def effect(capture):
            raise ValueError("bug")
        return effect


def test_an_exception_in_a_hook_names_the_plugin_and_the_hook(registered):
    registered(house_rule("score-fails", ScoreFails()))

    with pytest.raises(PluginError) as caught:
        score_hand(scenario(house_rules=["score-fails"]))

    error = failing(caught, kind="house_rule", name="score-fails", hook="foraccio_score_lines")
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert error.message == ("House rule 'score-fails' failed in foraccio_score_lines; the "
                             "error has been logged.")
    assert "ZeroDivisionError" in str(error)  # for the log, not for a client


def test_an_exception_in_a_rule_function_names_the_plugin_that_returned_it(registered):
    registered(house_rule("rule-fails", RuleFails()))

    with pytest.raises(PluginError) as caught:
        legal_moves(scopa_position(["rule-fails"]))

    error = failing(caught, kind="house_rule", name="rule-fails", hook="foraccio_play_rule")
    assert "5c" not in error.message


def test_an_inner_plugins_failure_is_not_blamed_on_the_wrapper_around_it(registered):
    foraccio = get_variant("foraccio")
    registered(Variant("buggy", "Buggy", "Foraccio with a bug.", foraccio.options,
                       (*foraccio.plugins, ScopaFails())))
    state = replace(scopa_position(), variant="buggy", house_rules=("no-last-play-scopa",))

    with pytest.raises(PluginError) as caught:
        play(state, legal_moves(state)[0])  # no-last-play-scopa wraps the effect that fails

    failing(caught, kind="variant", name="buggy", hook="foraccio_capture_effects")


# --- malformed answers ----------------------------------------------------------------


class TeamTwo:
    @hookimpl
    def foraccio_score_lines(self):
        return [ScoreLine(team=2, name="extra", points=1)]


class LosesACard:
    @hookimpl
    def foraccio_deal(self, deck):
        return Deal(hands=(deck[:13], deck[13:26], deck[26:39], deck[39:51]))


class DealsACardTwice:
    @hookimpl
    def foraccio_deal(self, deck):
        return Deal(hands=(deck[:13], deck[13:26], deck[26:39], deck[38:51]))


class DealsAList:
    @hookimpl
    def foraccio_deal(self, deck):
        return Deal(hands=(deck[:13], deck[13:26], deck[26:39], (*deck[39:51], [deck[51]])))


class SeatFive:
    @hookimpl
    def foraccio_capture_effects(self):
        return lambda capture: [Bonus(seat=5, team=1, name="extra", points=1, card="5s")]


class BonusOfAListedCard:
    @hookimpl
    def foraccio_capture_effects(self, seating):
        return lambda capture: [Bonus(seat=capture.seat, team=seating.team_of[capture.seat],
                                      name="extra", points=1, card=["5s"])]


class DealerFour:
    @hookimpl
    def foraccio_next_dealer(self):
        return 4


class WinnerTwo:
    @hookimpl
    def foraccio_match_winner(self):
        return 2


def first_hand_over(house_rules):
    return next(step.after for step in random_playout("foraccio", 1, house_rules=house_rules)
                if step.after.phase == "hand_over")


@pytest.mark.parametrize(("plugin", "act", "hook", "problem"), [
    (TeamTwo(), lambda rules: score_hand(scenario(house_rules=rules)), "foraccio_score_lines",
     "it returned a score line for team 2 (teams are 0 and 1)"),
    (LosesACard(), lambda rules: new_match("foraccio", 1, house_rules=rules), "foraccio_deal",
     "it returned a deal that loses 1 card(s) of the deck and holds 0 card(s) not in it"),
    (DealsACardTwice(), lambda rules: new_match("foraccio", 1, house_rules=rules),
     "foraccio_deal", "it returned a deal holding a card twice"),
    (DealsAList(), lambda rules: new_match("foraccio", 1, house_rules=rules),
     "foraccio_deal", "it returned a deal holding something that is not a card"),
    (SeatFive(), lambda rules: play(scopa_position(rules), legal_moves(scopa_position(rules))[0]),
     "foraccio_capture_effects",
     "a capture effect it returned made a bonus for seat 5 (seats are 0 to 3)"),
    (BonusOfAListedCard(),
     lambda rules: play(scopa_position(rules), legal_moves(scopa_position(rules))[0]),
     "foraccio_capture_effects", "a capture effect it returned made a bonus whose card is "
                                 "neither a card nor None"),
    (DealerFour(), lambda rules: next_hand(first_hand_over(rules)),
     "foraccio_next_dealer", "it returned 4, which is not a seat (0 to 3)"),
    (WinnerTwo(), first_hand_over, "foraccio_match_winner",
     "it returned 2 as the winner, not a team (0 or 1)"),
], ids=["score-line-team-2", "deal-loses-a-card", "deal-doubles-a-card", "deal-holds-a-list",
        "bonus-seat-5", "bonus-card-a-list", "next-dealer-4", "winner-2"])
def test_a_malformed_answer_is_refused_where_the_plugin_returns_it(registered, plugin, act,
                                                                    hook, problem):
    registered(house_rule("malformed", plugin))

    with pytest.raises(PluginError) as caught:
        act(["malformed"])

    error = failing(caught, kind="house_rule", name="malformed", hook=hook)
    assert error.problem == problem and error.__cause__ is None
    assert error.message == f"House rule 'malformed' failed in {hook}: {problem}."
    assert not any(card in error.message.split() for card in DECK)


class ScoresLine:
    """Answers one score line, whatever it holds."""

    def __init__(self, line):
        self.line = line

    @hookimpl
    def foraccio_score_lines(self):
        return [self.line]


@pytest.mark.parametrize(("line", "problem"), [
    ("carte", "a str among its score lines"),
    (ScoreLine(team=True, name="extra", points=1),
     "a score line for team True (teams are 0 and 1)"),
    (ScoreLine(team=0, name="extra", points=-1), "a score line of -1 points (an int from 0)"),
    (ScoreLine(team=0, name="extra", points=1.0), "a score line of 1.0 points (an int from 0)"),
    (ScoreLine(team=0, name="", points=1), "a score line without a name"),
    (ScoreLine(team=0, name="extra", points=1, cards="1d"),
     "a score line whose cards are not all cards"),
    (ScoreLine(team=0, name="extra", points=1, cards=None),
     "a score line whose cards are not all cards"),
    (ScoreLine(team=0, name="extra", points=1, cards=(["1d"],)),
     "a score line whose cards are not all cards"),
    (ScoreLine(team=0, name="extra", points=1, cards=("1d", "14d")),
     "a score line whose cards are not all cards"),
], ids=["not-a-line", "bool-team", "negative", "float", "no-name", "str-cards", "no-cards",
        "unhashable-card", "not-a-card"])
def test_each_field_of_a_score_line_is_checked(registered, line, problem):
    registered(house_rule("malformed", ScoresLine(line)))

    with pytest.raises(PluginError) as caught:
        score_hand(scenario(house_rules=["malformed"]))

    assert failing(caught, kind="house_rule", name="malformed",
                   hook="foraccio_score_lines").problem == f"it returned {problem}"


def test_a_score_line_may_list_its_cards_in_any_sequence(registered):
    registered(house_rule("listed", ScoresLine(ScoreLine(team=1, name="extra", points=2,
                                                         cards=["1d", "2d"]))))

    lines = score_hand(scenario(house_rules=["listed"]))

    assert ScoreLine(team=1, name="extra", points=2, cards=["1d", "2d"]) in lines


class TargetNotAnInt:
    @hookimpl
    def foraccio_match_target(self):
        return "71"


class NotAGenerator:
    @hookimpl(wrapper=True)
    def foraccio_score_lines(self):
        return []


@pytest.mark.parametrize(("plugin", "hook", "problem"), [
    (TargetNotAnInt(), "foraccio_match_target",
     "with variant 'foraccio': it returned a target of '71', not a positive int"),
    (NotAGenerator(), "foraccio_score_lines",
     "its wrapper implementation is not a generator function (it must yield once)"),
])
def test_a_plugin_that_breaks_its_contract_when_assembled_is_refused_at_once(plugin, hook,
                                                                              problem):
    with pytest.raises(PluginError) as caught:
        register_house_rule(house_rule("malformed", plugin))

    assert failing(caught, kind="house_rule", name="malformed", hook=hook).problem == problem


def test_a_plugin_error_survives_a_trip_to_another_process():
    error = PluginError("house_rule", "x", "foraccio_deal", "it returned None", "dist")

    copy = pickle.loads(pickle.dumps(error))

    assert (copy.kind, copy.name, copy.hook, copy.problem, copy.distribution) == (
        "house_rule", "x", "foraccio_deal", "it returned None", "dist")
    assert copy.message == error.message == (
        "House rule 'x' (distribution 'dist') failed in foraccio_deal: it returned None.")


class WrapsScoreLines:
    """Adds a nameless score line to the other plugins' answers."""

    @hookimpl(wrapper=True)
    def foraccio_score_lines(self):
        results = yield
        return [*results, [ScoreLine(team=0, name="", points=1)]]


class WrapsDeclarations:
    """Adds a declaration showing a card of no hand to the other plugins' answers."""

    @hookimpl(wrapper=True)
    def foraccio_declarations(self):
        results = yield
        return [*results, [Declaration("shown", ("14d",), 1)]]


class NotAList:
    """Answers the other plugins' lists of declarations with a string."""

    @hookimpl(wrapper=True)
    def foraccio_declarations(self):
        yield
        return "busso"


@pytest.mark.parametrize(("plugin", "hook", "problem", "play"), [
    (WrapsScoreLines(), "foraccio_score_lines", "a score line without a name",
     lambda rules: score_hand(scenario(house_rules=rules))),
    (WrapsDeclarations(), "foraccio_declarations",
     "a declaration showing what is not cards of the seat's hand, each once",
     lambda rules: new_match("foraccio", 1, house_rules=rules)),
    (NotAList(), "foraccio_declarations", "a str, not a list of lists of declarations",
     lambda rules: new_match("foraccio", 1, house_rules=rules)),
], ids=["score-lines", "declarations", "not-a-list"])
def test_what_a_wrapper_makes_of_the_other_answers_is_checked(registered, plugin, hook,
                                                              problem, play):
    registered(house_rule("wrapping", plugin))

    with pytest.raises(PluginError) as caught:
        play(["wrapping"])

    assert failing(caught, kind="house_rule", name="wrapping",
                   hook=hook).problem == f"it returned {problem}"
