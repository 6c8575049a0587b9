"""The terminal table on the engine in this process: ``foraccio play`` without ``--url``.

The whole state is here, so the bots are given only their seat's view
(:func:`foraccio.core.view.seat_view`), as the server gives them; the person sees seat 0's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from foraccio.bots import bot_plugins, choose_move
from foraccio.cli.table.base import PERSON, Json, TableError, seat_bots
from foraccio.cli.table.speech import _
from foraccio.core import engine
from foraccio.core.errors import EngineError
from foraccio.core.model import Move
from foraccio.core.registry import rules_for
from foraccio.core.view import seat_view


class LocalTable:
    """A match played by the engine; the same ``seed`` deals the same cards and makes the
    bots play the same moves."""

    def __init__(self, variant: str, options: dict[str, Any], house_rules: Sequence[str],
                 bots: Sequence[str], seed: int) -> None:
        try:
            self.state = engine.new_match(variant, seed, options, tuple(house_rules))
        except EngineError as error:
            raise TableError(error.message, error.code) from None
        state = self.state
        rules = rules_for(state.variant, state.options, state.house_rules)
        self.bots = seat_bots(bots, rules.seating.seats)
        self.seed = seed
        self.target = rules.target
        self.where = _("the engine on this computer, seed {seed}").format(seed=seed)
        known = bot_plugins()
        self.described = {name: known[name].described(_.language)
                          for name in self.bots[PERSON + 1:] if name in known}

    def view(self) -> Json:
        return msgspec.to_builtins(seat_view(self.state, PERSON))

    def legal_moves(self) -> list[Json]:
        if self.state.phase != "playing" or self.state.turn != PERSON:
            return []
        return msgspec.to_builtins(engine.legal_moves(self.state, kinds=True))

    def play(self, move: Json) -> list[Json]:
        try:
            self.state, events = engine.play(self.state, msgspec.convert(move, Move), PERSON)
        except (EngineError, msgspec.ValidationError) as error:
            raise TableError(getattr(error, "message", str(error)),
                             getattr(error, "code", "")) from None
        return msgspec.to_builtins(events)

    def bot_play(self) -> list[Json]:
        seat = self.state.turn
        assert seat is not None and seat != PERSON, "a bot plays only another seat's turn"
        move = choose_move(self.bots[seat], seat_view(self.state, seat), self.seed)
        self.state, events = engine.play(self.state, move)
        return msgspec.to_builtins(events)

    def next_hand(self) -> None:
        self.state = engine.next_hand(self.state)
