"""foraccio.core.quoting: messages quote client input only up to a short bound, and the
engine's messages use it wherever they name what a caller passed."""

from __future__ import annotations

import pytest

from foraccio.core.engine import new_match, next_hand, play
from foraccio.core.errors import EngineError, IllegalMove
from foraccio.core.model import Move
from foraccio.core.quoting import ELLIPSIS, LIMIT, quote, shorten
from foraccio.core.testing import random_playout, scenario

# --- shorten --------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "a", "x" * LIMIT])
def test_text_within_the_limit_is_unchanged(text):
    assert shorten(text) == text


def test_longer_text_is_cut_to_the_limit_ending_with_an_ellipsis():
    cut = shorten("abcdefghij" * 1000)
    assert len(cut) == LIMIT
    assert cut == "abcdefghij" * 9 + "abcdefghi" + ELLIPSIS


@pytest.mark.parametrize(("text", "cut"), [
    ("'abcdefgh'", "'abc…'"),
    ('"abcdefgh"', '"abc…"'),
    ("`abcdefgh`", "`abc…`"),
    ("[1d, 2d, 3d]", "[1d,…]"),
    ("abcdefghij", "abcde…"),
])
def test_a_closing_quote_mark_or_bracket_is_kept_after_the_ellipsis(text, cut):
    assert shorten(text, 6) == cut


@pytest.mark.parametrize("limit", [1, 2, 3, 10, 500])
def test_the_limit_is_kept_whatever_it_is(limit):
    assert len(shorten("'" + "x" * 1000 + "'", limit)) == limit


# --- quote ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["scopone", 7, None, True, ("1d", "2d"), "it's"])
def test_a_short_value_is_quoted_as_repr_does(value):
    assert quote(value) == repr(value)


def test_a_long_string_is_cut_inside_its_quotes():
    quoted = quote("x" * 10_000)
    assert len(quoted) == LIMIT
    assert quoted == "'" + "x" * (LIMIT - 3) + ELLIPSIS + "'"


def test_a_string_just_over_the_limit_shows_it_was_cut():
    assert quote("x" * (LIMIT + 1)).endswith(ELLIPSIS + "'")


def test_escapes_count_towards_the_limit():
    assert len(quote("\x00" * LIMIT)) == LIMIT


def test_a_long_list_is_cut_inside_its_brackets():
    quoted = quote(["1d"] * 10_000, limit=20)
    assert quoted == "['1d', '1d', '1d',…]"


def test_an_integer_too_long_to_print_is_named_by_its_type():
    assert quote(10**5000) == "<int too large to show>"
    assert quote([10**5000]) == "<list too large to show>"
    assert quote(10**30) == "1" + "0" * 30


def test_a_custom_limit():
    assert quote("abcdefgh", limit=6) == "'abc…'"


# --- the engine's messages ------------------------------------------------------------

LONG = "x" * 10_000


def refusal(call, *args, **kwargs) -> str:
    with pytest.raises(EngineError) as raised:
        call(*args, **kwargs)
    return raised.value.message


def assert_quoted_short(message: str) -> None:
    assert ELLIPSIS in message, message
    assert len(message) < 2 * LIMIT + 150, message


@pytest.mark.parametrize("kwargs", [
    {"variant": LONG},
    {"variant": "foraccio", "options": {LONG: 1}},
    {"variant": "foraccio", "options": {"deal_scheme": LONG}},
    {"variant": "foraccio", "options": {"target": LONG}},
    {"variant": "foraccio", "house_rules": [LONG]},
])
def test_a_new_match_names_a_long_bad_input_short(kwargs):
    assert_quoted_short(refusal(new_match, seed=1, **kwargs))


def test_an_option_of_an_unprintable_size_is_named_short():
    message = refusal(new_match, "foraccio", seed=1, options={"deal_scheme": 10**5000})
    assert "too large to show" in message


def test_a_card_not_in_hand_is_named_short():
    state = scenario(table=("5c",), hands={0: ["10s"], 1: ["6c"], 2: ["8c"], 3: ["12c"]})
    assert_quoted_short(refusal(play, state, Move(LONG)))


def test_a_jolly_use_is_quoted_short():
    # 13d is a jolly king in Zobelon; a jolly value of 10,000 characters is quoted short.
    state = scenario(variant="zobelon", table=("5c", "3b"),
                     hands={0: ["13d"], 1: ["6c"], 2: ["8c"], 3: ["12c"]})
    with pytest.raises(IllegalMove) as raised:
        play(state, Move("13d", ("5c",), LONG))
    assert "13d cannot take [5c] as jolly 'xxx" in raised.value.message
    assert_quoted_short(raised.value.message)


def test_a_cut_of_an_unprintable_size_is_refused_naming_it_short():
    over = next(step.after for step in random_playout("foraccio", 3)
                if step.after.phase == "hand_over")
    message = refusal(next_hand, over, cut=10**5000)
    assert message == "The cut must be between 1 and 51; got <int too large to show>."
