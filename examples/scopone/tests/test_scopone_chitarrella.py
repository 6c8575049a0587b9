"""The chitarrella bot (foraccio_scopone.chitarrella): each rule of the books on a position
where it decides, the order in which they decide, and the bot as a plugin found through
its entry point that plays whole hands, seeded."""

from __future__ import annotations

import random
from functools import partial

from foraccio_scopone.chitarrella import (
    CHITARRELLA,
    Position,
    capture_worth,
    cheapest_lay,
    guards_settebello,
    keeps_settebello,
    leaves_no_scopa,
    makes_scopa,
    plays_to_partner,
    safest_lay,
    spariglio,
    takes_settebello,
)

from foraccio.bots import choose_move, get_bot_plugin
from foraccio.core.engine import new_match, play
from foraccio.core.model import Dealt, Laid, Move
from foraccio.core.testing import scenario
from foraccio.core.view import seat_view
from foraccio.core.words import gettext

scopone = partial(scenario, variant="scopone-scientifico")
"""Seat 3 deals, so seat 0 opens the hand (the mano) with seat 2, seats 1 and 3 answer;
every card not in a hand or on the table is in the piles, seen."""

OTHERS = [["13s"], ["13b"], ["13d"]]
"""Kings for seats 1 to 3: the cards the seat to play has not seen, unless a test says."""


def position(hand, table, others=OTHERS, seat=0, events=()):
    hands = [list(cards) for cards in others]
    hands.insert(seat, list(hand))
    state = scopone(hands=hands, table=table, turn=seat, events=events)
    return Position(seat_view(state, seat))


def bot_move(hand, table, others=OTHERS, seat=0, events=()):
    hands = [list(cards) for cards in others]
    hands.insert(seat, list(hand))
    state = scopone(hands=hands, table=table, turn=seat, events=events)
    return CHITARRELLA.play(seat_view(state, seat), random.Random(0), None)


# --- captures ------------------------------------------------------------------------


def test_it_takes_a_scopa_before_sixes():
    # The fante (8) clears the table; the 6 would take the 6 of denari.
    assert bot_move(["11c", "6b"], ["1s", "1b", "6d"]) == Move("11c", ("1s", "1b", "6d"))


def test_a_capture_on_the_last_play_is_no_scopa():
    last = position(["5c"], ["1s", "4d"], others=[[], [], []])

    assert makes_scopa(last, Move("5c", ("1s", "4d"))) == 0
    assert makes_scopa(position(["5c"], ["1s", "4d"]), Move("5c", ("1s", "4d"))) == 1


def test_it_takes_the_settebello_even_where_it_leaves_a_scopa():
    # 7c takes the settebello and leaves a 2 that the unseen 2 of coppe takes; 2b would
    # take the 2 and leave the settebello alone, every other seven seen.
    others = [["2c"], ["13b"], ["13d"]]

    assert bot_move(["7c", "2b"], ["2s", "7d"], others) == Move("7c", ("7d",))
    assert takes_settebello(position(["7d"], ["3b", "4s"]), Move("7d", ("3b", "4s"))) == 1


def test_it_leaves_no_scopa_to_a_value_it_has_not_seen():
    # 6b takes the 6 and leaves 4 + 2 = 6 with the 6 of spade unseen; 4c takes the 4 and
    # leaves 2 + 6 = 8, every fante seen: the sixes' worth gives way to safety.
    others = [["6s"], ["13b"], ["13d"]]
    table = ["2b", "4s", "6d"]

    assert bot_move(["4c", "6b"], table, others) == Move("4c", ("4s",))
    seen = position(["4c", "6b"], table, others)
    assert leaves_no_scopa(seen, Move("6b", ("6d",))) == 0
    assert leaves_no_scopa(seen, Move("4c", ("4s",))) == 1


def test_it_takes_sevens_then_sixes_then_denari_then_cards():
    seen = position(["7c"], [])

    def worth(card, *take):
        return capture_worth(seen, Move(card, take))

    assert worth("7c", "7s") > worth("6c", "6s") > worth("5d", "5s")
    assert worth("5d", "5s") > worth("5c", "1s", "2b", "2s")
    assert worth("5c", "1s", "2b", "2s") > worth("5c", "5s")


def test_the_mano_sparigls_and_the_dealers_team_appariglia():
    by_sum, single = Move("5c", ("2b", "3s")), Move("4b", ("4s",))
    mano = position(["5c", "4b"], ["2b", "3s", "4s"], seat=0)
    dealer = position(["5c", "4b"], ["2b", "3s", "4s"], seat=3,
                      others=[["13s"], ["13b"], ["13d"]])

    assert spariglio(mano, by_sum) > spariglio(mano, single)
    assert spariglio(dealer, single) > spariglio(dealer, by_sum)


def test_it_lays_rather_than_capture_into_a_scopa():
    # 3b can only take the 3, leaving a lone 1 any asso takes; laying the king leaves
    # 1 + 3 + 10: nothing clears it.
    others = [["1s"], ["13b"], ["13d"]]

    assert bot_move(["3b", "13c"], ["1c", "3s"], others) == Move("13c")


# --- lays ----------------------------------------------------------------------------


def test_it_never_lays_the_settebello_while_it_may_lay_another_card():
    seen = position(["7d", "13c"], ["2s"])

    assert keeps_settebello(seen, Move("7d")) == 0 and keeps_settebello(seen, Move("13c")) == 1
    assert bot_move(["7d", "3c"], ["2s"], others=[["6s"], ["13b"], ["13d"]]) == Move("3c")


def test_while_the_settebello_is_out_it_lays_no_seven_and_makes_no_sum_of_seven():
    out = position(["7c", "4s", "13b"], ["3b"], others=[["7d"], ["13s"], ["13d"]])

    assert guards_settebello(out, Move("7c")) < guards_settebello(out, Move("4s"))
    assert guards_settebello(out, Move("4s")) < guards_settebello(out, Move("13b"))
    held = position(["7c", "7d", "4s"], ["3b"])
    assert guards_settebello(held, Move("7c")) == guards_settebello(held, Move("4s")) == 1


def test_it_lays_the_card_whose_value_it_has_seen_most():
    # After a scopa, on an empty table: every 2 but one seen, two 5s unseen.
    seen = position(["2c", "5c"], [], others=[["5s"], ["5b"], ["13d"]])

    assert safest_lay(seen, Move("2c")) > safest_lay(seen, Move("5c"))
    assert bot_move(["2c", "5c"], [], others=[["5s"], ["5b"], ["13d"]]) == Move("2c")


def test_it_plays_to_the_partner():
    # The partner (seat 2) laid a 4 in this hand: he holds the other, so a 4 is laid
    # for him rather than the 3 (as many of each unseen).
    events = (Dealt(hand=1, dealer=3, cut=1), Laid(2, "4d"))
    others = [["3s"], ["4b"], ["13d"]]
    seen = position(["3c", "4c"], ["13s"], others, events=events)

    assert plays_to_partner(seen, Move("4c")) > plays_to_partner(seen, Move("3c"))
    assert bot_move(["3c", "4c"], ["13s"], others, events=events) == Move("4c")
    # Without a lay of his, the seat lays from a pair of its own.
    pair = position(["3c", "4c", "4s"], ["13s"], others)
    assert plays_to_partner(pair, Move("4c")) > plays_to_partner(pair, Move("3c"))


def test_it_lays_what_the_score_lines_value_least():
    seen = position(["11c", "1b", "2d"], [])

    assert cheapest_lay(seen, Move("11c")) > cheapest_lay(seen, Move("2d"))
    assert cheapest_lay(seen, Move("11c")) > cheapest_lay(seen, Move("1b"))


# --- the bot -------------------------------------------------------------------------


def test_it_is_found_through_its_entry_point():
    plugin = get_bot_plugin("chitarrella")

    assert plugin is CHITARRELLA and plugin.distribution == "foraccio-scopone"


def test_it_is_offered_for_scopone_only_and_described_in_one_plain_sentence():
    # A table offers a bot for the variants it names: it plays by Scopone's books, and
    # beside a seat's select its description reads as one sentence, not a treatise.
    assert CHITARRELLA.variants == ("scopone-scientifico",)
    for language in ("en", "it"):
        described = gettext(language, CHITARRELLA.description, CHITARRELLA.catalogue)
        assert len(described) <= 140 and "(" not in described, described


def test_its_moves_are_legal_and_seeded_through_a_whole_hand():
    state = new_match("scopone-scientifico", 3)
    while state.phase == "playing":
        view = seat_view(state, state.turn)
        move = choose_move("chitarrella", view, 5)
        assert move == choose_move("chitarrella", view, 5)
        state, _ = play(state, move)

    assert state.phase in ("hand_over", "game_over")
