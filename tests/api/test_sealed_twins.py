"""Every answer to a seat of a sealed game depends only on what that seat may see.

Over whole bot-played matches of both built-in variants and of Scopa
(examples/scopa, two players dealt in stages from a stock), at many points and
for one seat, the state and its *twin* (the cards that seat cannot see dealt
anew among the other seats and the stock, see :func:`tests.api.sealed.twin`)
are sealed alike,
and every request that seat may send (allowed or refused) is sent for both
with its key: the answers are byte for byte the same once the token is taken
out, and the two tokens are as long.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from foraccio.api.sealing import SealedGame, new_game_id
from foraccio.bots import choose_move
from foraccio.core.engine import new_match, next_hand, play
from foraccio.core.model import State
from foraccio.core.view import seat_view, view_legal_moves
from tests.api.sealed import SEALER, twin

VARIANTS = ("foraccio", "zobelon", "scopa")
BOTS = ("heuristic", "random", "random", "heuristic")
"""The bots playing the walked matches (index = seat), from each seat's own view: one
of each per team, so that the matches last."""
SEEDS = {"foraccio": 2, "zobelon": 6, "scopa": 2}
"""Seeds of matches of 8 and 5 hands, and of Scopa (two players, dealt in stages from a
stock) of 5 hands."""
SAMPLED = 0.25
"""The share of mid-hand points probed; every hand's end is probed too."""
ISMCTS_EVERY = 3
"""The ISMCTS bot (the slowest) is asked at every third probe only."""
SEARCH = {"iterations": 1}


def bots_for(state: State) -> list[str]:
    """One of :data:`BOTS` per seat of ``state``'s match, in turn."""
    return [BOTS[seat % len(BOTS)] for seat in range(len(state.hands))]


def walk(variant: str, seed: int):
    """Every state of a match played by :data:`BOTS`, each hand's deal included."""
    state = new_match(variant, seed)
    bots = bots_for(state)
    while True:
        yield state
        if state.phase == "game_over":
            return
        if state.phase == "hand_over":
            state = next_hand(state)
            continue
        seat = state.turn
        state, _ = play(state, choose_move(bots[seat], seat_view(state, seat), seed))


def requests(state: State, seat: int, probe: int) -> list[tuple[str, dict]]:
    """Every request ``seat`` may send at ``state`` (allowed or refused), as (path, fields)."""
    view = seat_view(state, seat)
    seats, bots = len(state.hands), bots_for(state)
    unseen = sorted({card for other, hand in enumerate(state.hands) if other != seat
                     for card in hand} | set(state.stock))
    plays = [msgspec.to_builtins(move) for move in view_legal_moves(view)]
    # Refused: each card the seat cannot see, each of its own cards taking nothing (a lay,
    # or capture_required), one taking a hidden card, one taking the whole table.
    plays += [{"card": card} for card in (*unseen, *view.cards)]
    if view.cards:
        plays += [{"card": view.cards[0], "take": unseen[:1]},
                  {"card": view.cards[-1], "take": list(view.table)}]
    bot_seed = {"seed": probe}
    asked = [
        ("/games/view", {}),
        ("/games/score", {}),
        ("/games/legal-moves", {}),
        ("/games/next-hand", {}),
        ("/games/next-hand", {"cut": 1 + probe % 51}),
        *[("/games/play", {"move": move}) for move in plays],
        ("/games/play", {"move": {"card": "1d"}, "seat": (seat + 1) % seats}),
        ("/games/bot-move", {"bot": "random", **bot_seed}),
        ("/games/bot-move", {"bot": "heuristic", **bot_seed}),
        ("/games/autoplay", {"bots": bots, "until": "hand_over", **bot_seed}),
        ("/games/autoplay", {"bots": bots[::-1], "until": "game_over", **bot_seed}),
    ]
    if probe % ISMCTS_EVERY == 0:
        asked += [("/games/bot-move", {"bot": "ismcts", "budget": SEARCH, **bot_seed}),
                  ("/games/autoplay", {"bots": ["ismcts"] * seats, "until": "hand_over",
                                       "budget": SEARCH, **bot_seed})]
    return asked


def answer(client, path: str, body: dict) -> tuple[int, bytes, int]:
    """The status, the body without its token, and the token's length.

    An answer in which a new stage of the deal was dealt shows the seat its new cards,
    which the twin dealt otherwise, and what the seat's bots did with them: of such an
    answer only the events up to that deal are compared."""
    response = client.post(path, json=body)
    token = response.json().get("token", "") if response.status_code == 200 else ""
    content = response.content.replace(token.encode(), b"")
    events = response.json().get("events", []) if response.status_code == 200 else []
    stage = next((index for index, event in enumerate(events)
                  if event["type"] == "dealt_more"), None)
    if stage is not None:
        content = msgspec.json.encode(events[:stage + 1])
    return response.status_code, content, len(token)


def probes(variant: str, seed: int):
    """(probe number, state, seat) at the points probed of a walked match."""
    chooser = random.Random(f"probes:{variant}:{seed}")
    probe = 0
    for state in walk(variant, seed):
        if state.phase == "playing" and chooser.random() >= SAMPLED:
            continue
        if state.phase == "playing" and chooser.random() < 0.75:
            seat = state.turn  # mostly the seat to play: most requests are its own
        else:
            seat = chooser.randrange(len(state.hands))
        yield probe, state, seat
        probe += 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seat_gets_the_same_answers_whatever_the_cards_it_cannot_see(direct, variant):
    dealers = random.Random(variant)
    checked = 0
    for probe, state, seat in probes(variant, SEEDS[variant]):
        other = twin(state, seat, dealers)
        game_id = new_game_id()
        key = SEALER.seat_key(game_id, seat)
        tokens = [SEALER.seal(SealedGame.of(game_id, probe, each)) for each in (state, other)]
        assert len(tokens[0]) == len(tokens[1])
        for path, fields in requests(state, seat, probe):
            first, second = (answer(direct, path, {"token": token, "seat_key": key, **fields})
                             for token in tokens)
            assert first == second, (path, fields, first[0], first[1][:300], second[1][:300])
            checked += 1
    assert checked > 1000
