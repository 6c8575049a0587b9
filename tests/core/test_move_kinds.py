"""The kind of each legal move, as the variant's play rule decided: a move of its
captures is a ``capture`` (also when it takes nothing but its card), a move of its lays a
``lay``; and a move played with a kind is played only if that is its kind."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from foraccio.core.engine import legal_moves, play
from foraccio.core.errors import IllegalMove, Reason
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Laid, Move
from foraccio.core.registry import HouseRule
from foraccio.core.testing import scenario
from tests.ace_sweeps import ACE_SWEEPS


def to_play(variant, table, hand, house_rules=(), **options):
    """Seat 0 to play ``hand`` on ``table``; seat 1 still holds a card."""
    used = {*table, *hand}
    spare = next(card for card in ("7s", "7d", "7c", "7b") if card not in used)
    return scenario(variant=variant, table=table, hands={0: hand, 1: [spare]}, turn=0,
                    options=options, house_rules=house_rules)


def kinds(state):
    """Each legal move as (card, take, jolly, kind)."""
    return [(m.card, m.take, m.jolly, m.kind) for m in legal_moves(state, kinds=True)]


def test_the_kinds_are_the_legal_moves_in_order_each_saying_its_kind():
    state = to_play("foraccio", ["5c", "2d", "3b"], ["5d", "9s", "1c"])
    plain = legal_moves(state)
    said = legal_moves(state, kinds=True)
    assert all(move.kind is None for move in plain)
    assert [replace(move, kind=None) for move in said] == list(plain)
    assert {move.kind for move in said} == {"capture", "lay"}


def test_foraccio_an_ace_on_an_empty_table_captures_only_itself():
    state = to_play("foraccio", [], ["1c", "9s"])
    assert kinds(state) == [("1c", (), None, "capture"), ("9s", (), None, "lay")]


def test_foraccio_a_card_that_can_capture_is_not_laid_unless_capture_is_optional():
    compulsory = to_play("foraccio", ["5c"], ["5d"])
    assert kinds(compulsory) == [("5d", ("5c",), None, "capture")]
    optional = to_play("foraccio", ["5c"], ["5d", "1c"], capture_required=False)
    assert kinds(optional) == [("5d", ("5c",), None, "capture"), ("1c", ("5c",), None, "capture"),
                               ("5d", (), None, "lay")]  # an ace is never laid


def test_zobelon_a_king_always_captures_even_on_an_empty_table():
    assert kinds(to_play("zobelon", [], ["13c", "9s"])) == [
        ("13c", (), "sweep", "capture"), ("9s", (), None, "lay")]
    on_a_table = kinds(to_play("zobelon", ["4b", "9d"], ["13c"]))
    assert ("13c", ("4b", "9d"), "sweep", "capture") in on_a_table
    assert ("13c", ("9d",), 9, "capture") in on_a_table
    assert {kind for *_, kind in on_a_table} == {"capture"}


def test_scopa_an_ace_on_an_empty_table_is_laid():
    state = to_play("scopa", [], ["1c", "5d"])
    assert kinds(state) == [("1c", (), None, "lay"), ("5d", (), None, "lay")]
    after, events = play(state, Move("1c", kind="lay"))
    assert after.table == ("1c",) and events == (Laid(0, "1c"),)


def test_scopa_an_ace_takes_an_ace():
    assert kinds(to_play("scopa", ["1d", "4b"], ["1c"])) == [("1c", ("1d",), None, "capture")]


def test_a_house_rule_may_make_one_card_both_capture_and_lay(registered):
    registered(ACE_SWEEPS)
    state = to_play("scopa", ["3d", "5c"], ["1c"], house_rules=["ace-sweeps"])
    assert kinds(state) == [("1c", ("3d", "5c"), None, "capture"), ("1c", (), None, "lay")]


def test_a_move_with_its_kind_plays_as_the_move_without_it():
    state = to_play("foraccio", ["5c", "2d", "3b"], ["5d", "9s"])
    for said in legal_moves(state, kinds=True):
        plain = replace(said, kind=None)
        assert play(state, said) == play(state, plain)
        reordered = replace(said, take=tuple(reversed(said.take)))
        assert play(state, reordered) == play(state, plain)


@pytest.mark.parametrize(("variant", "table", "move", "detail"), [
    ("scopa", [], Move("1c", kind="capture"),
     '1c captures nothing here: it is laid on the table. Post the move with kind "lay", '
     'or without a kind.'),
    ("foraccio", [], Move("1c", kind="lay"),
     '1c takes only itself here: it is a capture, not a lay. Post the move with kind '
     '"capture", or without a kind.'),
    ("foraccio", ["2d", "3b"], Move("5d", ("3b", "2d"), kind="lay"),
     '5d taking [3b, 2d] is a capture, not a lay. Post the move with kind "capture", or '
     'without a kind.'),
])
def test_a_move_saying_another_kind_than_its_own_is_refused(variant, table, move, detail):
    state = to_play(variant, table, ["1c", "5d"])
    with pytest.raises(IllegalMove) as refused:
        play(state, move)
    assert refused.value.reason is Reason.WRONG_KIND
    assert refused.value.code == "wrong_kind"
    assert refused.value.message == detail


def test_a_move_that_is_not_legal_is_refused_for_that_whatever_kind_it_says():
    state = to_play("foraccio", ["5c"], ["5d", "9s"])
    for kind in ("capture", "lay", None):
        with pytest.raises(IllegalMove) as refused:
            play(state, Move("5d", kind=kind))
        assert refused.value.reason is Reason.CAPTURE_REQUIRED


class SaysItsOwnKinds:
    """A play rule wrapper whose moves say a kind, the wrong one: the lists decide."""

    @hookimpl(wrapper=True)
    def foraccio_play_rule(self):
        rule = yield

        def wrongly_said(hand, table):
            captures, lays = rule(hand, table)
            return ([replace(move, kind="lay") for move in captures],
                    [replace(move, kind="capture") for move in lays])

        return wrongly_said


def test_the_list_a_play_rule_puts_a_move_in_says_its_kind_whatever_the_move_says(registered):
    registered(HouseRule("says-kinds", "Says kinds", "Its moves say the wrong kind.",
                         plugins=(SaysItsOwnKinds(),)))
    state = to_play("foraccio", ["5c"], ["5d", "9s"], house_rules=["says-kinds"])
    assert kinds(state) == [("5d", ("5c",), None, "capture"), ("9s", (), None, "lay")]
    played, _ = play(state, Move("5d", ("5c",)))  # a move without a kind is found all the same
    assert played.table == ()
    with pytest.raises(IllegalMove):
        play(state, Move("9s", kind="capture"))
