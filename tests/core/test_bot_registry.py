"""Bots as plugins (bots/registry.py): the built-in ones and installed ones by name, a
broken one skipped with its reason, and ``BOTS`` working as it always has."""

from __future__ import annotations

import logging
import random

import pytest

from foraccio import bots
from foraccio.api import botwork
from foraccio.bots import BOTS, BotPlugin, choose_move, get_bot, get_bot_plugin, register_bot
from foraccio.bots.registry import bot_plugins, skipped_bots, unregister_bot
from foraccio.core.engine import new_match
from foraccio.core.errors import PluginError, UnknownBot
from foraccio.core.model import Move
from foraccio.core.registry import DISABLE_AUTOLOAD
from foraccio.core.view import seat_view, view_legal_moves
from tests.conftest import FakeEntryPoint


def first_legal(view, rng, budget=None):
    """A bot for these tests: the first legal move."""
    return view_legal_moves(view)[0]


def to_play(variant, seed):
    """The view of the seat to play at the start of a match."""
    state = new_match(variant, seed)
    return seat_view(state, state.turn)


def a_bot(name="first-legal", **fields):
    return BotPlugin(name, "Plays the first legal move.", first_legal, **fields)


def test_the_built_in_bots_are_plugins_of_the_engine_with_what_they_read():
    known = bot_plugins()

    assert list(known)[:3] == ["random", "heuristic", "ismcts"]
    assert {name: (bot.budget, bot.quick, bot.distribution)
            for name, bot in known.items() if name in ("random", "heuristic", "ismcts")} == {
        "random": ((), True, "foraccio"), "heuristic": ((), True, "foraccio"),
        "ismcts": (("iterations", "seconds"), False, "foraccio")}
    assert all(bot.description.endswith(".") for bot in known.values())


def test_an_installed_bot_is_known_by_name_and_plays(installed_bots):
    installed_bots([FakeEntryPoint("first-legal", a_bot, "first-legal-dist")])
    view = to_play("scopa", 2)

    assert get_bot_plugin("first-legal").distribution == "first-legal-dist"
    assert "first-legal" in BOTS and BOTS["first-legal"] is first_legal
    assert choose_move("first-legal", view, 1) == view_legal_moves(view)[0]


@pytest.mark.parametrize(("load", "reason"), [
    (lambda: "not a bot",
     "the entry point names 'not a bot', which is not a foraccio.bots.BotPlugin"),
    (lambda: a_bot("Has Spaces"), "its name is 'Has Spaces': a bot's name is 1 to 40 "
                                  "lower-case letters"),
    (lambda: a_bot("x,y"), "its name is 'x,y'"),
    (lambda: BotPlugin("mute", "", first_legal), "its description is not a non-empty str"),
    (lambda: BotPlugin("inert", "Does nothing.", None), "its play is None, not a function"),
    (lambda: a_bot(budget=("depth",)), "its budget is ('depth',): a tuple of 'iterations', "
                                       "'seconds'"),
    (lambda: a_bot(variants="scopa"), "its variants are 'scopa', not a tuple of variant "
                                      "names"),
    (lambda: a_bot(catalogue="locale"), "its catalogue is 'locale', not a "
                                        "foraccio.core.words.Catalogue"),
    (lambda: a_bot("heuristic"), "the bot 'heuristic' of distribution 'foraccio' has that "
                                 "name already"),
])
def test_a_malformed_bot_is_skipped_saying_why(installed_bots, caplog, load, reason):
    with caplog.at_level(logging.ERROR, "foraccio.plugins"):
        loaded = installed_bots([FakeEntryPoint("broken", load, "broken-dist"),
                                 FakeEntryPoint("fine", lambda: a_bot("fine"))])

    assert list(loaded.bots) == ["fine"]
    (skip,) = skipped_bots()
    assert (skip.distribution, skip.kind) == ("broken-dist", "bot")
    assert reason in skip.reason
    assert "broken-dist" in caplog.text and reason in caplog.text
    assert get_bot_plugin("heuristic").distribution == "foraccio"  # never replaced


def test_a_bot_that_fails_to_import_is_skipped_and_asking_for_it_says_why(installed_bots):
    def gone():
        raise ImportError("No module named 'gone'")

    installed_bots([FakeEntryPoint("gone", gone, "gone-dist")])

    with pytest.raises(UnknownBot) as raised:
        get_bot("gone")
    assert raised.value.message == ("Bot 'gone' was not loaded: it failed to import: "
                                    "ImportError: No module named 'gone'.")


def test_two_installed_bots_of_one_name_are_both_skipped(installed_bots):
    loaded = installed_bots([FakeEntryPoint("twin", lambda: a_bot("twin"), "one-dist"),
                             FakeEntryPoint("twin", lambda: a_bot("twin"), "two-dist")])

    assert loaded.bots == {}
    assert [(skip.distribution, skip.reason) for skip in skipped_bots()] == [
        ("one-dist", "distribution(s) 'two-dist' also declare a bot of that name; none of "
                     "them is loaded"),
        ("two-dist", "distribution(s) 'one-dist' also declare a bot of that name; none of "
                     "them is loaded")]


def test_an_unknown_bot_names_the_known_ones():
    with pytest.raises(UnknownBot) as raised:
        get_bot("minimax")
    assert raised.value.message == (f"There is no bot 'minimax'; known bots: "
                                    f"{', '.join(sorted(bot_plugins()))}.")


def test_bots_set_in_the_bots_dict_are_registered_and_deleted_as_before():
    BOTS["first-legal"] = first_legal
    try:
        assert get_bot_plugin("first-legal").description == "A bot registered at run time."
        assert get_bot_plugin("first-legal").distribution is None
        assert "first-legal" in list(BOTS) and len(BOTS) == len(bot_plugins())
    finally:
        del BOTS["first-legal"]
    assert "first-legal" not in BOTS
    with pytest.raises(KeyError):
        del BOTS["first-legal"]


def test_a_registered_bot_is_checked_and_replaces_one_of_its_name_until_forgotten():
    with pytest.raises(ValueError, match="its name is ''"):
        register_bot(a_bot(""))
    register_bot(a_bot("random"))
    try:
        view = to_play("foraccio", 4)
        assert choose_move("random", view) == view_legal_moves(view)[0]
    finally:
        unregister_bot("random")
    assert get_bot_plugin("random").distribution == "foraccio"


def test_searching_still_names_the_bots_a_budget_sets_with_a_deprecation_warning():
    with pytest.warns(DeprecationWarning, match=r"get_bot_plugin\(name\).budget"):
        searching = bots.SEARCHING

    assert searching == {name for name, bot in bot_plugins().items() if bot.budget}
    assert "ismcts" in searching and "heuristic" not in searching


def test_a_bot_that_reads_the_bots_dict_when_it_is_imported_sees_the_built_in_ones(
        installed_bots):
    def imported():
        # A plugin that wraps a built-in bot, found while the installed ones load.
        heuristic = BOTS["heuristic"]
        return BotPlugin("cautious", "The heuristic, by another name.",
                         lambda view, rng, budget=None: heuristic(view, rng, budget))

    installed_bots([FakeEntryPoint("cautious", imported)])
    view = to_play("zobelon", 6)

    assert choose_move("cautious", view, 3) in view_legal_moves(view)
    assert get_bot("cautious")(view, random.Random(1), None) == get_bot("heuristic")(
        view, random.Random(1), None)


def test_the_environment_variable_turns_autoloading_of_bots_off(installed_bots, monkeypatch):
    monkeypatch.setenv(DISABLE_AUTOLOAD, "1")

    loaded = installed_bots([FakeEntryPoint("first-legal", a_bot)])

    assert loaded.bots == {} and skipped_bots() == ()
    assert "first-legal" not in BOTS


def raises(view, rng, budget=None):
    raise RuntimeError("a bug of the bot")


def answers_a_lay_of_a_card_it_lacks(view, rng, budget=None):
    return Move(next(card for card in ("1c", "2c") if card not in view.cards))


@pytest.mark.parametrize(("play", "problem"), [
    (raises, None),
    (answers_a_lay_of_a_card_it_lacks, "it answered something that is not one of the seat's "
                                       "legal moves")])
def test_a_bot_that_fails_is_a_plugin_error_naming_it(play, problem):
    register_bot(BotPlugin("faulty", "Fails.", play))
    try:
        with pytest.raises(PluginError) as raised:
            choose_move("faulty", to_play("foraccio", 4))
    finally:
        unregister_bot("faulty")

    assert (raised.value.kind, raised.value.name, raised.value.problem) == ("bot", "faulty",
                                                                          problem)
    assert raised.value.message.startswith("Bot 'faulty' failed")
    assert isinstance(raised.value.__cause__, RuntimeError) == (problem is None)


def test_a_bots_failure_in_a_pool_process_comes_back_as_the_plugin_error():
    register_bot(BotPlugin("faulty", "Fails.", raises))
    try:
        answer = botwork.run(botwork.BotMoveJob("faulty", to_play("scopa", 1), 0, None),
                             botwork.Ceilings(5.0, 100), lambda: False)
    finally:
        unregister_bot("faulty")

    assert isinstance(answer, botwork.PluginFailed)
    assert PluginError(*answer.args).message == "Bot 'faulty' failed; the error has been logged."
    assert "a bug of the bot" in answer.traceback
