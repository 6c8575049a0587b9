"""Every installed variant as a PettingZoo AEC environment.

``env("zobelon")`` is a match of Zobelon; every variant installed (built-in, example or
a third party's plugin) is played the same way. The seats are the agents, ``seat_0`` to
``seat_<n-1>``. Its parameters mean what the OpenSpiel games'
(:mod:`foraccio.research.openspiel`) do:

- ``options`` and ``house_rules``: the variant's options and the house rules layered on
  it, as :func:`foraccio.core.engine.new_match` takes them;
- ``rewards``: ``"match"`` (default): at the end of the match the winning team's seats
  get 1 and the others ``-1/(teams - 1)``; ``"hand"``: at the end of each hand each
  seat gets its team's points of the hand minus the mean of the other teams';
- ``hands``: how many hands to play (0, the default: to the end of the match); a match
  stopped before its end is won by the team leading it, nobody on a tie.

No seat deals: ``reset(seed=s)`` starts the engine's match of seed ``s`` and every later
hand is the engine's own deal of that seed (:func:`~foraccio.core.engine.next_hand`), so
a seed plays the engine's match exactly. ``reset()`` without a seed draws one from the
environment's ``np_random``, as gymnasium's environments do.

Actions are :mod:`foraccio.research.actions`'s: a move is one to a few actions of the
same agent, who stays selected until its move is made. The observation is a dict:
``"observation"``, the seat's private tensor of :mod:`foraccio.research.observation`
(without the perfect-recall piece), and ``"action_mask"``, 1 at each legal action of the
agent to act (all 0 for any other agent and once the match is over). ``render()`` draws
the terminal table for the agent to act, in the game's own words and in ``language``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from operator import index as as_index
from typing import Any, ClassVar

import gymnasium
import msgspec
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from foraccio.core import engine
from foraccio.core.errors import EngineError
from foraccio.core.model import MAX_SAFE_INTEGER, AnyEvent, HandScored, Move
from foraccio.core.view import seat_view
from foraccio.core.words import LANGUAGES
from foraccio.research.actions import ActionIds, Pending
from foraccio.research.observation import Layout
from foraccio.research.rewards import hand_rewards, match_rewards
from foraccio.research.running_observation import RunningObservation

SCORE_BOUND = 10.0
"""The observation space's bound on the ``scores`` and ``bonuses`` pieces (a score over
the target): the last hand of a match takes a team past the target (Foraccio's 71 to
95: 1.34), so 1 would not hold them; none of the installed variants comes near ten
targets."""

RENDER_WIDTH = 100
"""How wide :meth:`MatchEnv.render` draws the table, in characters."""

BEFORE_RESET = "the match starts with reset(): call it before observe(), step() or render()"
"""What a call before the match began is told (PettingZoo's OrderEnforcingWrapper's job,
done here: see :func:`env`)."""


def env(variant: str = "foraccio", options: dict[str, Any] | None = None,
        house_rules: tuple[str, ...] = (), language: str = "en",
        render_mode: str | None = None, rewards: str = "match", hands: int = 0
        ) -> MatchEnv:
    """A match of ``variant`` (see the module's documentation); raise ValueError for
    options or house rules the engine refuses.

    PettingZoo's own games come wrapped in its ``OrderEnforcingWrapper``, which refuses
    a step before ``reset``; this one refuses it itself and comes unwrapped: the
    wrapper's attribute forwarding cost more than the rest of a step (bench/research.py).
    """
    return MatchEnv(variant, options, house_rules, language, render_mode, rewards, hands)


class MatchEnv(AECEnv):
    """A match of one variant, seat by seat (see the module's documentation)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "name": "foraccio_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "foraccio", options: dict[str, Any] | None = None,
                 house_rules: tuple[str, ...] = (), language: str = "en",
                 render_mode: str | None = None, rewards: str = "match", hands: int = 0
                 ) -> None:
        super().__init__()
        if rewards not in ("match", "hand"):
            raise ValueError(f'rewards must be "match" or "hand", not {rewards!r}')
        if as_index(hands) < 0:
            raise ValueError(f"hands must be 0 (the whole match) or more, not {hands}")
        if language not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, "
                             f"not {language!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f'render_mode must be None, "ansi" or "human", '
                             f'not {render_mode!r}')
        self.variant = variant
        self.options = dict(options or {})
        self.house_rules = tuple(house_rules)
        try:  # the engine says what is wrong with a variant, options or house rules
            rules = engine.rules_of(engine.new_match(variant, 0, self.options,
                                                     self.house_rules))
        except EngineError as error:
            raise ValueError(error.message) from None
        self.metadata = {**self.metadata, "name": f"foraccio_{variant.replace('-', '_')}_v0"}
        self.language = language
        self.render_mode = render_mode
        self.rewards_by = rewards
        self.hands = hands
        self.rules = rules
        self.ids = ActionIds(rules.deck)
        self.layout = Layout(rules.deck, rules.seating, rules.target)
        self.team_of = rules.seating.team_of
        self.possible_agents = [f"seat_{seat}" for seat in range(rules.seating.seats)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._seen = RunningObservation(self.layout)
        size = self._seen.shared.tensor.size
        high = np.ones(size, np.float32)
        for name in ("scores", "bonuses"):
            start = self._seen.starts[name]
            high[start:start + len(rules.seating.teams)] = SCORE_BOUND
        space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0, high, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.ids.count,), np.int8)})
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.ids.count)
                              for agent in self.possible_agents}
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self.state: engine.State | None = None
        self.pending: Pending | None = None
        self._moves: tuple[engine.State | None, tuple[Move, ...], list[int]] = (None, (), [])
        self._rewarded = False

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # --- a match --------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the engine's match of ``seed`` (None: one drawn from ``np_random``).
        ``options`` is PettingZoo's argument for a reset's options, unused: the game's
        options are the environment's."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        else:
            # any seed a match may record (the wire's integers are JavaScript's safe ones)
            seed = int(self.np_random.integers(MAX_SAFE_INTEGER + 1))
        self.seed = seed
        self.state = engine.new_match(self.variant, seed, self.options, self.house_rules)
        self.pending = None
        self._seen.restart(self.state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._rewarded = False
        self.agent_selection = self.possible_agents[self.state.turn]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent``'s seat knows, and the actions it may choose now."""
        if self.state is None:
            raise RuntimeError(BEFORE_RESET)
        if agent != self.agent_selection or self.terminations[agent]:
            mask = np.zeros(self.ids.count, np.int8)
        elif self.pending is None:
            known, _, cards = self._moves
            if known is not self.state:
                cards = self._cards()[1]
            mask = np.zeros(self.ids.count, np.int8)
            legal = memoryview(mask)  # writes a third as dear as numpy's
            for card in cards:
                legal[card] = 1
        else:
            mask = np.zeros(self.ids.count, np.int8)
            mask[self.ids.legal(engine.legal_moves(self.state), self.pending)] = 1
        return {"observation": self._seen.observe(self.seat_of[agent], self.pending),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Make ``action`` the choice of the agent to act: its move is played once the
        choices made leave one legal move. Raise ValueError for an action that is not
        legal, saying which are."""
        state = self.state
        if state is None:
            raise RuntimeError(BEFORE_RESET)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = as_index(action)
        known, moves, cards = self._moves
        if known is not state:
            moves, cards = self._cards()
        if self.pending is None and action in cards and cards.count(action) == 1:
            chosen = moves[cards.index(action)]  # the card's only move: most steps
        else:
            try:
                chosen = self.ids.choose(moves, self.pending, action)
            except ValueError:
                raise ValueError(self._refusal(action)) from None
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        if type(chosen) is Pending:
            self.pending = chosen
            return
        self.pending = None
        self.state, events = engine.play(state, chosen)
        if self.state.phase == "playing":
            self._seen.played(self.state, events)
        else:
            self._hand_over(events)
        if not self.terminations[agent]:
            self.agent_selection = self.possible_agents[self.state.turn]

    def _cards(self) -> tuple[tuple[Move, ...], list[int]]:
        """The legal moves of the seat to play and the action of each move's card (its
        first choice); worked out once per state."""
        state = self.state
        known, moves, cards = self._moves
        if known is not state:
            moves = engine.legal_moves(state)
            index = self.ids.index
            cards = [index[move.card] for move in moves]
            self._moves = (state, moves, cards)
        return moves, cards

    def _refusal(self, action: int) -> str:
        moves = engine.legal_moves(self.state)
        legal = ", ".join(f"{choice} ({self.ids.name(choice)})"
                          for choice in self.ids.legal(moves, self.pending))
        return (f"action {action} is not legal for {self.agent_selection} now; the legal "
                f"actions are {legal}")

    def _hand_over(self, events: Sequence[AnyEvent]) -> None:
        """Give the hand's rewards, then deal the next hand or end the match."""
        state = self.state
        if self.rewards_by == "hand":
            points = next(event.points for event in events if type(event) is HandScored)
            self._give(hand_rewards(points))
        if state.phase == "game_over" or state.hand == self.hands:
            if self.rewards_by == "match":
                self._give(match_rewards(state.scores, state.winner))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.state = engine.next_hand(state)
        self._seen.restart(self.state)

    def _give(self, by_team: list[float]) -> None:
        for seat, agent in enumerate(self.possible_agents):
            reward = by_team[self.team_of[seat]]
            self.rewards[agent] += reward
            self._cumulative_rewards[agent] += reward
        self._rewarded = True

    # --- words ----------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as the agent to act sees it, in words: returned for ``"ansi"``,
        printed for ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; "
                                  'make the environment with render_mode="ansi" or "human"')
            return None
        if self.state is None:
            raise RuntimeError(BEFORE_RESET)
        text = table_text(self.state, self.seat_of[self.agent_selection],
                          tuple(self.possible_agents), self.language)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the match is a value in memory."""


def table_text(state: engine.State, seat: int, names: tuple[str, ...], language: str,
               width: int = RENDER_WIDTH) -> str:
    """``state`` as the terminal table shows it to ``seat`` (the table, its hand, the
    score sheet once the match is over), under the seat's name, every other seat named
    also by its name of ``names``, in ``language``, as plain text."""
    # rich, the terminal table and the lab's words: only a render needs them.
    from rich.console import Console, Group

    from foraccio.cli.table.places import places_of
    from foraccio.cli.table.render import hand_line, score_sheet, table_panel
    from foraccio.cli.table.speech import speaking
    from foraccio.cli.table.words import match_won

    view = msgspec.to_builtins(seat_view(state, seat))
    target = engine.rules_of(state).target
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    with speaking(language):
        where = places_of(view, seat)
        shown = [table_panel(view, names, target, where)]
        if state.phase == "playing":
            playable = ({move.card for move in engine.legal_moves(state)}
                        if state.turn == seat else set())
            shown.append(hand_line(view["cards"], playable, where))
        else:
            scored = [event for event in view["events"] if event["type"] == "hand_scored"]
            shown.append(score_sheet(scored[-1], target, where))
            if state.winner is not None:
                shown.append(match_won(state.winner, state.scores, where))
        console.print(Group(*shown))
    lines = [names[seat], *console.export_text().splitlines()]
    return "\n".join(line.rstrip() for line in lines) + "\n"
