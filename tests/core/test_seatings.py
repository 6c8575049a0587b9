"""The seatings a variant's options give, known before a match starts
(:mod:`foraccio.core.registry.seatings`): for each value of an option that changes who sits
where, the seats and teams it gives."""

from __future__ import annotations

import dataclasses

from foraccio.core.engine import new_match, rules_of
from foraccio.core.hookspecs import hookimpl
from foraccio.core.registry import OptionSpec, get_variant, option_values, seatings
from foraccio.core.rules import PARTNERS_OPPOSITE, seating


def test_scopa_lists_the_seating_of_each_number_of_players():
    found = seatings("scopa")

    assert [(chosen.options, chosen.seating.teams) for chosen in found] == [
        ({"players": 2}, ((0,), (1,))),
        ({"players": 3}, ((0,), (1,), (2,))),
        ({"players": 4}, ((0, 2), (1, 3))),
    ]
    # As a match with those options is seated.
    for chosen in found:
        assert rules_of(new_match("scopa", 1, chosen.options)).seating == chosen.seating


def test_a_variant_whose_options_never_change_the_seating_lists_none():
    assert seatings("foraccio") == seatings("zobelon") == ()


def test_the_values_tried_are_those_that_can_be_listed():
    assert option_values(OptionSpec("x", True, "")) == (True, False)
    assert option_values(OptionSpec("x", "a", "", choices=("a", "b"))) == ("a", "b")
    assert option_values(OptionSpec("x", 2, "", minimum=2, maximum=4)) == (2, 3, 4)
    assert option_values(OptionSpec("x", 71, "", minimum=1, maximum=1000)) is None
    assert option_values(OptionSpec("x", 2, "", minimum=2)) is None
    assert option_values(OptionSpec("x", "a", "")) is None


class Table:
    """Seats by two options together: how many play, and whether in partnerships."""

    @hookimpl
    def foraccio_seating(self, options):
        if options["partners"] and options["players"] == 4:
            return PARTNERS_OPPOSITE
        return seating(options["players"])


def _table_variant(name: str, *options: OptionSpec):
    foraccio = get_variant("foraccio")
    return dataclasses.replace(foraccio, name=name, options=(*foraccio.options, *options),
                               plugins=(*foraccio.plugins, Table()))


def test_two_options_that_seat_the_table_together_are_listed_in_every_combination(registered):
    registered(_table_variant("bounded", OptionSpec("players", 4, "", minimum=2, maximum=4),
                              OptionSpec("partners", True, "")))

    found = {tuple(chosen.options.items()): chosen.seating.teams
             for chosen in seatings("bounded")}

    assert next(iter(found)) == (("players", 4), ("partners", True))  # the defaults first
    assert found == {
        (("players", 4), ("partners", True)): ((0, 2), (1, 3)),
        (("players", 4), ("partners", False)): ((0,), (1,), (2,), (3,)),
        (("players", 3), ("partners", True)): ((0,), (1,), (2,)),
        (("players", 3), ("partners", False)): ((0,), (1,), (2,)),
        (("players", 2), ("partners", True)): ((0,), (1,)),
        (("players", 2), ("partners", False)): ((0,), (1,)),
    }


def test_a_value_the_variant_cannot_seat_is_left_out(registered):
    # Five players, each for themselves: Foraccio's deal would not do, but the seating
    # does; seven is no seating at all and is left out.
    registered(_table_variant("seven", OptionSpec("players", 4, "", choices=(4, 5, 7)),
                              OptionSpec("partners", False, "")))

    assert [chosen.options["players"] for chosen in seatings("seven")
            if not chosen.options["partners"]] == [4, 5]


def test_the_seatings_follow_a_variant_registered_again(registered):
    registered(_table_variant("again", OptionSpec("players", 4, "", choices=(4, 3)),
                              OptionSpec("partners", False, "")))
    assert len(seatings("again")) == 4
    registered(_table_variant("again", OptionSpec("players", 4, "", choices=(4,)),
                              OptionSpec("partners", True, "")))

    assert [chosen.options for chosen in seatings("again")] == [
        {"partners": True}, {"partners": False}]
