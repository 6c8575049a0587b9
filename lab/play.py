"""One chunk of the lab's work: every setup plays the matches of some seeds.

A chunk is a range of match numbers; match ``i`` of a run seeded ``s`` is dealt from
:func:`match_seed` ``(s, i)`` in every setup, so that the setups are compared on the same
deals as far as their rules let the deals stay the same. What a match gives is a
:class:`Match`: small, plain, and enough for every figure of the report.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import msgspec

from foraccio.bots import Budget, choose_move
from foraccio.core.engine import new_match, next_hand, play, rules_of
from foraccio.core.model import HandScored
from foraccio.core.view import seat_view
from foraccio.lab.runner import Tick
from foraccio.lab.setups import Setup

MAX_HANDS = 200
"""A match not over after this many hands is stopped and counted as a draw."""


class Match(msgspec.Struct, frozen=True, array_like=True):
    """What one setup's match on one seed gave.

    ``winner`` is the winning team (None: a draw), ``dealers`` the team that dealt
    each hand, ``points`` each hand's points per team, and ``lines`` per score line
    name the points it gave and how many times it was scored, over the match and
    every team.
    """

    winner: int | None
    dealers: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]
    lines: dict[str, tuple[int, int]]


class Work(msgspec.Struct, frozen=True):
    """Everything a worker needs to play any chunk of a run (sent once per chunk)."""

    setups: tuple[Setup, ...]
    seed: int
    budget: Budget | None = None


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run seeded ``seed``."""
    digest = hashlib.sha256(f"foraccio-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def play_match(setup: Setup, seed: int, budget: Budget | None = None,
               tick: Tick | None = None) -> Match:
    """Play one match of ``setup`` dealt from ``seed``, each bot seeing only its seat;
    ``tick(0, 1)`` is called after each hand."""
    state = new_match(setup.variant, seed, setup.options, setup.house_rules)
    team_of = rules_of(state).seating.team_of
    dealers: list[int] = []
    points: list[tuple[int, ...]] = []
    lines: dict[str, list[int]] = {}
    while state.phase != "game_over" and state.hand <= MAX_HANDS:
        if state.phase == "hand_over":
            state = next_hand(state)
        move = choose_move(setup.bots[state.turn], seat_view(state, state.turn), seed, budget)
        state, events = play(state, move)
        for event in events:
            if type(event) is HandScored:
                dealers.append(team_of[state.dealer])
                points.append(tuple(event.points))
                for line in event.lines:
                    total = lines.setdefault(line.name, [0, 0])
                    total[0] += line.points
                    total[1] += 1
                if tick is not None:
                    tick(0, 1)
    return Match(winner=state.winner, dealers=tuple(dealers), points=tuple(points),
                 lines={name: (total[0], total[1]) for name, total in sorted(lines.items())})


def play_chunk(work: Work, start: int, stop: int,
               tick: Tick | None = None) -> list[list[Match]]:
    """Play matches ``start`` to ``stop - 1`` in every setup: one list per match, one
    :class:`Match` per setup in order. ``tick`` (:mod:`foraccio.lab.runner`) hears of each hand,
    and of each match once every setup has played it."""
    played = []
    for index in range(start, stop):
        played.append([play_match(setup, match_seed(work.seed, index), work.budget, tick)
                       for setup in work.setups])
        if tick is not None:
            tick(1, 0)
    return played


def matches_of(chunks: Sequence[list[list[Match]]]) -> list[list[Match]]:
    """The matches of chunks given in match order, as one list."""
    return [match for chunk in chunks for match in chunk]
