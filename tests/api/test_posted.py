"""What a posted open state costs: a state the server answered is taken back on its
receipt, rebuilt from its current hand alone; anything else is checked in full, and a
long check leaves the event loop for the bot pool.

A receipt never lets through a state the engine cannot reach: any change to a receipted
state, its history, its winner or the receipt itself, makes it a state like any other.
"""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest
from msgspec.structs import replace

from foraccio.api import posted
from foraccio.api.botpool import BotPool, Busy
from foraccio.api.botwork import AutoplayJob
from foraccio.api.limits import BotLimits
from foraccio.api.posted import INLINE_PLAYS, Posted
from foraccio.bots import Budget
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.errors import EngineError
from foraccio.core.model import State
from foraccio.core.wire import State as WireState
from foraccio.core.wire import to_wire
from tests.api.sealed import RECEIPTS, post


def played_until(hand: int, phase: str = "playing", plays: int = 5,
                 target: int = 300) -> State:
    """A random Foraccio match of the given target, at ``plays`` plays into ``hand`` (or
    at its end, or at the match's end for ``game_over``)."""
    rng = random.Random(hand)
    state = new_match("foraccio", 11, {"target": target})
    while True:
        if state.phase == phase == "game_over":
            return state
        if state.hand == hand and phase == "hand_over" == state.phase:
            return state
        if state.hand == hand and phase == "playing" and len(state.notation.split()) == plays:
            return state
        state = next_hand(state) if state.phase == "hand_over" else \
            play(state, rng.choice(legal_moves(state)))[0]


def as_json(state: WireState) -> dict:
    return msgspec.json.decode(msgspec.json.encode(state))


def run(coroutine):
    return asyncio.run(coroutine)


@pytest.fixture
def never_replayed(monkeypatch):
    """Fail the test if a posted state is checked by replaying its match."""

    def replay(state):
        raise AssertionError("a receipted state was replayed")

    monkeypatch.setattr(posted, "validate_state", replay)


# --- receipts ---------------------------------------------------------------------------


def test_a_state_the_server_answered_is_rebuilt_from_its_current_hand(never_replayed):
    # A fresh Posted: no recent answers, as in a worker that did not answer the state.
    for state in (played_until(20), played_until(12, "hand_over"),
                  played_until(0, "game_over")):
        wire = RECEIPTS.sign(to_wire(state))
        rebuilt, earlier = run(Posted(RECEIPTS, BotPool(BotLimits())).match(wire))
        assert to_wire(rebuilt, earlier) == to_wire(state)
        assert rebuilt.hands == state.hands and rebuilt.events == state.events
        assert rebuilt.record == state.record[-1:]  # the current hand's only


def test_the_options_in_another_order_keep_the_receipt(client, never_replayed):
    state = as_json(RECEIPTS.sign(to_wire(played_until(15))))
    state["options"] = dict(reversed(state["options"].items()))
    assert post(client, "/games/score", {"state": state})["points"]


def test_each_answer_carries_a_receipt_of_itself(client):
    created = post(client, "/games", {"variant": "zobelon", "seed": 4})["state"]
    decoded = msgspec.convert(created, WireState)
    assert RECEIPTS.valid(decoded)
    assert len(created["receipt"]) == 22  # 128 bits
    assert not RECEIPTS.valid(replace(decoded, dealer=(decoded.dealer + 1) % 4))


# --- what a receipt does not let through -------------------------------------------------


def refused(client, state: dict, says: str) -> None:
    problem = post(client, "/games/score", {"state": state}, status=422)
    assert problem["code"] == "invalid_state" and says in problem["detail"], problem


@pytest.mark.parametrize("receipt", ["kept", "dropped"])
def test_a_finished_match_with_its_winner_changed_is_refused(client, receipt):
    over = as_json(RECEIPTS.sign(to_wire(played_until(0, "game_over", target=120))))
    assert over["winner"] is not None and len(over["record"]) > 5
    over["winner"] = 1 - over["winner"]
    if receipt == "dropped":
        del over["receipt"]
    refused(client, over, "winner")


def test_a_receipted_state_with_its_history_rewritten_is_refused(client):
    state = as_json(RECEIPTS.sign(to_wire(played_until(15))))
    # The points of an old hand moved from one team to the other, the totals to match.
    old = state["record"][3]["points"]
    state["record"][3]["points"] = old[::-1]
    state["scores"] = [state["scores"][0] - old[0] + old[1], state["scores"][1] - old[1] + old[0]]
    refused(client, state, "scores")


def test_a_changed_receipt_makes_a_state_like_any_other(client):
    state = as_json(RECEIPTS.sign(to_wire(played_until(8))))
    state["receipt"] = state["receipt"][::-1]
    assert post(client, "/games/score", {"state": state})["points"]  # reachable all the same
    state["hands"][0], state["hands"][1] = state["hands"][1], state["hands"][0]
    refused(client, state, "hands")


# --- states the server did not make -------------------------------------------------------


def test_a_long_check_waits_in_the_bot_pool_a_short_one_does_not():
    # One process, no waiting place, kept busy by a long autoplay: a state without a
    # receipt that records more than INLINE_PLAYS plays must wait for the pool, and
    # is refused 503 busy; a short one is checked at once in the worker, and so is
    # any state with its receipt.
    pool = BotPool(BotLimits(processes=1, queue=0, seconds=60))
    posted = Posted(RECEIPTS, pool)
    long, short = to_wire(played_until(6)), to_wire(played_until(1, plays=3))
    assert sum(len(log.moves.split()) for log in long.record) > INLINE_PLAYS
    busy_for_minutes = AutoplayJob(played_until(1, plays=0), ("ismcts",) * 4, "game_over", 1,
                                   Budget(iterations=1000), 10_000, range(4))

    async def scenario():
        work = asyncio.create_task(pool.run(busy_for_minutes))
        while not any(process.since for process in pool._processes):
            await asyncio.sleep(0.01)
        with pytest.raises(Busy):
            await posted.match(long)
        checked = [await posted.match(short), await posted.match(RECEIPTS.sign(long))]
        work.cancel()
        return checked

    try:
        short_match, long_match = run(scenario())
    finally:
        pool.close()
    assert to_wire(*short_match) == short and to_wire(*long_match) == long


def test_a_long_state_the_server_did_not_make_is_checked_in_the_pool(client):
    state = as_json(to_wire(played_until(9)))
    assert post(client, "/games/score", {"state": state})["points"]
    state["hands"][0][0], state["hands"][1][0] = state["hands"][1][0], state["hands"][0][0]
    refused(client, state, "hands")


def test_an_unreachable_state_is_refused_by_the_pool_with_its_reason():
    pool = BotPool(BotLimits(seconds=3600))  # never cut short, however busy the machine
    state = to_wire(played_until(9))
    forged = replace(state, scores=(state.scores[0] + 1, state.scores[1]))
    try:
        with pytest.raises(EngineError, match="scores") as refusal:
            run(Posted(RECEIPTS, pool).match(forged))
    finally:
        pool.close()
    assert refusal.value.code == "invalid_state"
