"""Every installed variant as an OpenSpiel game.

Importing this module registers, with ``pyspiel``, one game per variant installed
(built-in, example or a third party's plugin): ``foraccio_<variant>``, the variant's
name with ``-`` as ``_`` (``foraccio_foraccio``, ``foraccio_zobelon``,
``foraccio_scopa``, ``foraccio_scopone_scientifico``). A variant installed later is
registered by :func:`register`. Its parameters are the variant's options, typed as the
engine declares them (``target``, ``players``...), and:

- ``house_rules``: house rules to layer on the variant, comma-separated, in order
  (``"none"``, the default: none); a house rule's options are parameters named
  ``<house rule>.<option>``;
- ``rewards``: ``"match"`` (default): at the end of the match the winning team's seats
  get 1 and the others ``-1/(teams - 1)``; ``"hand"``: at the end of each hand each
  seat gets its team's points of the hand minus the mean of the other teams';
- ``hands``: how many hands to play (0, the default: to the end of the match, at most
  :data:`HAND_LIMIT`); a match stopped before its end is won by the team leading it,
  nobody on a tie, so ``hands=1`` makes every deal a game of its own.

Chance nodes deal: first the first dealer (each seat as often as the variant's own draw
names it), then before every hand the shuffled deck card by card, top first, then the
cut (1 to deck size - 1), from which the engine deals as it always does. Actions are
:mod:`foraccio.research.actions`'s; observations :mod:`foraccio.research.observation`'s.
``resample_from_infostate`` deals the cards the seat has not seen again at random
(another seat's hand, the stock) and replays the hand, keeping only a deal that shows the
seat exactly what it saw: the same declarations, every move still legal.
:class:`EngineBot` plays any of the engine's bots as an OpenSpiel bot.

An action that is not legal (a card dealt twice, a cut out of range, a move the seat
may not make) raises ValueError, and the state stays as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

import pyspiel

from foraccio.bots import choose_move
from foraccio.bots.base import Budget
from foraccio.core import engine
from foraccio.core.errors import EngineError
from foraccio.core.model import FirstDealerChosen, HandScored, Move
from foraccio.core.registry import (
    get_variant,
    house_rules,
    house_rules_for,
    resolve_options,
    rules_for,
    variants,
)
from foraccio.core.registry.catalogue import applicable_variants
from foraccio.core.registry.options import option_key
from foraccio.core.registry.records import OptionSpec
from foraccio.core.view import seat_view
from foraccio.research.actions import ActionIds, Pending, moves_left
from foraccio.research.observation import Layout, Observer, shown_cards
from foraccio.research.rewards import hand_rewards, match_rewards

PREFIX = "foraccio_"
NO_HOUSE_RULES = "none"
"""The ``house_rules`` parameter of a game played without any."""

HAND_LIMIT = 200
"""The most hands a game plays: OpenSpiel needs a bound on a game's length, and a
match that has not ended by then is won by the team leading it."""

DRAWS = 1000
"""How many seeded draws for the first dealer measure how often the variant's draw
names each seat (the first chance node's odds)."""

RESAMPLE_TRIES = 10_000
"""Deals tried by :meth:`MatchState.resample_from_infostate` before it gives up."""

HAND_POINTS_BOUND = 1000
"""A bound on one seat's reward for one hand (``rewards="hand"``), for OpenSpiel's
utility range."""


def game_name(variant: str) -> str:
    """The OpenSpiel name of ``variant``'s game."""
    return PREFIX + variant.replace("-", "_")


def register() -> tuple[str, ...]:
    """Register every installed variant not registered yet; return every variant's
    game name."""
    known = set(pyspiel.registered_names())
    names = []
    for variant in variants():
        name = game_name(variant)
        if name not in known:
            pyspiel.register_game(_game_type(variant), _game_class(variant))
        names.append(name)
    return tuple(names)


def _specs(variant: str) -> dict[str, OptionSpec]:
    """The options of ``variant`` and of every house rule it may be played with, by their
    parameter name."""
    specs = {spec.name: spec for spec in get_variant(variant).options}
    for rule in house_rules().values():
        if variant in applicable_variants(rule):
            specs.update((option_key(rule, spec), spec) for spec in rule.options)
    return specs


def _parameters(variant: str) -> dict[str, Any]:
    parameters: dict[str, Any] = {name: spelled(spec.default)
                                  for name, spec in _specs(variant).items()}
    # "none", not "": OpenSpiel reads an empty value in a game string past its end
    parameters.update(house_rules=NO_HOUSE_RULES, rewards="match", hands=0)
    return parameters


def spelled(value: Any) -> Any:
    """An option's value as an OpenSpiel parameter: a game string (``name(a=1,b=x)``)
    reads any value made of digits, ``+``, ``-`` and ``.`` as a number, so a string
    is spelled with ``_`` for ``-`` (``6_6``), and one of digits alone with a leading
    ``_`` (``_12``)."""
    if not isinstance(value, str):
        return value
    value = value.replace("-", "_")
    return "_" + value if value and not value.strip("+0123456789.") else value


def _unspelled(value: Any, spec: OptionSpec) -> Any:
    """The option's value an OpenSpiel parameter spells (:func:`spelled`); a value that
    spells none of its choices is left as it is, for the engine to refuse or take."""
    if not isinstance(value, str):
        return value
    for choice in spec.choices or (spec.default,):
        if value == spelled(choice):
            return choice
    return value


def _game_type(variant: str, rewards_at_end: bool = False) -> pyspiel.GameType:
    """The game type of ``variant``'s games: its rewards are OpenSpiel's ``REWARDS``
    (some before the end), or ``TERMINAL`` for a game whose only rewards come at its
    end (``rewards="match"``, or a game of one hand), which OpenSpiel's MCTS requires."""
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"{variant} (foraccio engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=(pyspiel.GameType.RewardModel.TERMINAL if rewards_at_end
                      else pyspiel.GameType.RewardModel.REWARDS),
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(variant))


def _game_class(variant: str) -> type:
    """A class of its own for ``variant``'s game, kept in this module: pyspiel pickles a
    Python game (to clone and serialise its states) by its class's name."""
    name = f"Game_{variant.replace('-', '_')}"
    made = type(name, (MatchGame,), {"variant": variant, "__module__": __name__,
                                     "__qualname__": name})
    globals()[name] = made
    return made


class MatchGame(pyspiel.Game):
    """A variant's game; :attr:`variant` is set by the class :func:`register` makes."""

    variant: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_parameters(self.variant), **(params or {})}
        self.rewards_by = given["rewards"]
        if self.rewards_by not in ("match", "hand"):
            raise ValueError(f'rewards must be "match" or "hand", not {self.rewards_by!r}')
        hands = given["hands"]
        if not 0 <= hands <= HAND_LIMIT:
            raise ValueError(f"hands must be 0 (the whole match) to {HAND_LIMIT}, "
                             f"not {hands}")
        self.hands = hands or HAND_LIMIT
        named = given["house_rules"]
        self.house_rules = () if named == NO_HOUSE_RULES else tuple(
            name.strip() for name in named.split(",") if name.strip())
        found = get_variant(self.variant)
        specs = _specs(self.variant)
        try:
            layered = house_rules_for(found, self.house_rules)
            chosen = {spec.name for spec in found.options} | {
                option_key(rule, spec) for rule in layered for spec in rule.options}
            self.options = resolve_options(
                found, {name: _unspelled(given[name], specs[name]) for name in chosen},
                layered)
        except EngineError as error:
            raise ValueError(error.message) from None
        self.rules = rules_for(self.variant, self.options, self.house_rules)
        self.ids = ActionIds(self.rules.deck)
        self.layout = Layout(self.rules.deck, self.rules.seating, self.rules.target)
        self.seats = self.rules.seating.seats
        self.teams = len(self.rules.seating.teams)
        self.first_dealers = _first_dealer_odds(self.rules)
        size = len(self.rules.deck)
        bound = 1.0 if self.rewards_by == "match" else float(HAND_POINTS_BOUND * self.hands)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ids.count,
            max_chance_outcomes=size,
            num_players=self.seats,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            # every card is played once a hand, a move takes at most the card, a jolly
            # use, the deck's cards, "nothing more" and a way
            max_game_length=self.hands * size * (size + 4))
        rewards_at_end = self.rewards_by == "match" or self.hands == 1
        super().__init__(_game_type(self.variant, rewards_at_end), info, given)

    def __deepcopy__(self, memo) -> MatchGame:
        return self  # a game never changes once made; its states share it

    def new_initial_state(self) -> MatchState:
        return MatchState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info != pyspiel.PrivateInfoType.NONE
        return Observer(self.layout, private=private, perfect_recall=kind.perfect_recall)


def _first_dealer_odds(rules) -> list[tuple[int, float]]:
    """Each seat the variant's draw names, with how often it does over :data:`DRAWS`
    seeded draws."""
    counts = Counter(engine.first_dealer(rules, seed).dealer for seed in range(DRAWS))
    return [(seat, counts[seat] / DRAWS) for seat in sorted(counts)]


class Position(NamedTuple):
    """Everything a :class:`MatchState` holds, immutable: pyspiel clones a Python state by
    deep-copying its attributes, and an immutable value is its own copy."""

    match: engine.State | None = None
    """The engine's state; None before the first deal."""
    pending: Pending | None = None
    """The move being chosen, when its first choices are made."""
    dealer: int | None = None
    """The dealer of the hand being dealt or played; None before the first draw."""
    shuffled: tuple[str, ...] = ()
    """The cards of the deal in progress, or of the hand being played, as shuffled (before
    the cut), top first."""
    cut: int = 0
    before_deal: Any = None
    """The state as it was before the current hand's deal began (resampling replays the
    hand from there)."""
    over: bool = False
    returns: tuple[float, ...] = ()
    rewards: tuple[float, ...] = ()

    def __deepcopy__(self, memo) -> Position:
        return self


class MatchState(pyspiel.State):
    """A match being dealt or played (:class:`Position`)."""

    def __init__(self, game: MatchGame) -> None:
        super().__init__(game)
        self.game = game
        self.now = Position(returns=(0.0,) * game.seats, rewards=(0.0,) * game.seats)

    @property
    def match(self) -> engine.State | None:
        return self.now.match

    @property
    def pending(self) -> Pending | None:
        return self.now.pending

    # --- whose turn -------------------------------------------------------------------

    def current_player(self) -> int:
        now = self.now
        if now.over:
            return pyspiel.PlayerId.TERMINAL
        if now.match is None or now.match.phase != "playing":
            return pyspiel.PlayerId.CHANCE
        return now.match.turn

    def is_terminal(self) -> bool:
        return self.now.over

    def _cutting(self) -> bool:
        return len(self.now.shuffled) == len(self.game.ids.deck)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.now.dealer is None:
            return self.game.first_dealers
        size = len(self.game.ids.deck)
        if self._cutting():
            return [(cut, 1.0 / (size - 1)) for cut in range(1, size)]
        index = self.game.ids.index
        dealt = {index[card] for card in self.now.shuffled}
        left = [card for card in range(size) if card not in dealt]
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        return self.game.ids.legal(engine.legal_moves(self.now.match), self.now.pending)

    # --- moving -----------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        now = self.now
        if now.over:
            raise ValueError("the game is over: no action is legal")
        if now.dealer is None:
            seats = [seat for seat, _ in self.game.first_dealers]
            if action not in seats:
                raise ValueError(f"{action} is not a seat the draw for the first dealer "
                                 f"can name: {', '.join(map(str, seats))}")
            self.now = now._replace(dealer=action)
        elif now.match is None or now.match.phase != "playing":
            self._deal(action)
        else:
            self._play(action)

    def _deal(self, action: int) -> None:
        game, now = self.game, self.now
        size = len(game.ids.deck)
        if not self._cutting():  # the next card of the shuffled deck
            if not 0 <= action < size or game.ids.deck[action] in now.shuffled:
                raise ValueError(f"{action} is not a card left to deal")
            if not now.shuffled:  # pyspiel adds the action to the history after this call
                now = now._replace(before_deal=self.clone())
            self.now = now._replace(shuffled=(*now.shuffled, game.ids.deck[action]))
            return
        if not 1 <= action < size:
            raise ValueError(f"the cut must be between 1 and {size - 1}, not {action}")
        deck = now.shuffled[action:] + now.shuffled[:action]
        if now.match is None:
            start = engine.before_first_hand(game.variant, game.options, 0, now.dealer,
                                             game.house_rules)
            opening = (FirstDealerChosen(draws=(), dealer=now.dealer),)
        else:
            start, opening = now.match, ()
        match = engine.start_hand(start, game.rules, now.dealer, action, deck, opening)
        self.now = now._replace(match=match, cut=action)

    def _play(self, action: int) -> None:
        game, now = self.game, self.now
        chosen = game.ids.choose(engine.legal_moves(now.match), now.pending, action)
        rewards = (0.0,) * game.seats
        if isinstance(chosen, Pending):
            self.now = now._replace(pending=chosen, rewards=rewards)
            return
        match, events = engine.play(now.match, chosen)
        self.now = now = now._replace(match=match, pending=None, rewards=rewards)
        for event in events:
            if type(event) is HandScored:
                self._hand_over(event)

    def _hand_over(self, scored: HandScored) -> None:
        game, now = self.game, self.now
        match = now.match
        team_of = game.rules.seating.team_of
        if game.rewards_by == "hand":
            now = _given(now, hand_rewards(scored.points), team_of)
        if match.phase == "game_over" or match.hand >= game.hands:
            if game.rewards_by == "match":
                now = _given(now, match_rewards(match.scores, match.winner), team_of)
            self.now = now._replace(over=True)
            return
        self.now = now._replace(dealer=engine.next_dealer(match, game.rules), shuffled=(),
                           before_deal=None)

    def returns(self) -> list[float]:
        return list(self.now.returns)

    def rewards(self) -> list[float]:
        """What each seat earned since the last move made by a seat (a hand's points
        are earned by its last move and kept through the next deal's chance nodes)."""
        return list(self.now.rewards)

    # --- words --------------------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.now.dealer is None:
                return f"first dealer: seat {action}"
            if self._cutting():
                return f"cut at {action}"
            return f"deal {self.game.ids.deck[action]}"
        return self.game.ids.name(action)

    def __str__(self) -> str:
        now = self.now
        match = now.match
        lines = [] if match is None else [
            f"hand {match.hand}, dealer {match.dealer}, {match.phase}, scores "
            + "-".join(map(str, match.scores)),
            *(f"seat {seat}: {' '.join(cards)}" for seat, cards in enumerate(match.hands)),
            "table: " + " ".join(match.table),
            "stock: " + " ".join(match.stock),
            "moves: " + match.notation]
        if now.dealer is None:
            lines.append("before the draw for the first dealer")
        elif match is None or match.phase != "playing":
            lines.append(f"seat {now.dealer} deals: " + " ".join(now.shuffled))
        if now.pending is not None:
            lines.append(f"choosing: {now.pending}")
        return "\n".join(lines)

    # --- search -------------------------------------------------------------------------

    def resample_from_infostate(self, player: int, probability_sampler) -> MatchState:
        """A state ``player`` cannot tell from this one: the cards it has not seen (the
        other seats' hands but for cards they declared, the stock) dealt again at
        random and the hand replayed; a deal in which a declaration or a move would
        differ is dealt again."""
        now = self.now
        if now.match is None or now.match.phase != "playing" or now.before_deal is None:
            return self.clone()  # nothing dealt is hidden yet
        rng = random.Random(int(probability_sampler() * 2**53))
        unseen = _unseen(now.match, player)
        wanted = self.information_state_string(player)
        start = len(now.before_deal.history()) + len(now.shuffled) + 1
        moves = self.history()[start:]
        index = self.game.ids.index
        for _ in range(RESAMPLE_TRIES):
            dealt = unseen[:]
            rng.shuffle(dealt)
            swap = dict(zip(unseen, dealt, strict=True))
            state = now.before_deal.clone()
            try:
                for card in now.shuffled:
                    state.apply_action(index[swap.get(card, card)])
                state.apply_action(now.cut)
                dealt = state.now.match.events
                if dealt != now.match.events[:len(dealt)]:
                    continue  # the deal declares otherwise
                for move in moves:
                    state.apply_action(move)
            except (ValueError, EngineError, pyspiel.SpielError):
                continue  # a move the other deal makes illegal
            if state.information_state_string(player) == wanted:
                return state
        raise RuntimeError(f"no deal consistent with seat {player}'s view found in "
                           f"{RESAMPLE_TRIES} tries")


def _given(now: Position, by_team: list[float], team_of) -> Position:
    """``now`` after each seat is given its team's reward of ``by_team``."""
    rewards = [by_team[team_of[seat]] for seat in range(len(now.returns))]
    return now._replace(rewards=tuple(map(float.__add__, now.rewards, rewards)),
                   returns=tuple(map(float.__add__, now.returns, rewards)))


def _unseen(match: engine.State, player: int) -> list[str]:
    """The cards ``player`` has not seen: the other seats' hands (but for cards they
    declared in this hand) and the stock."""
    shown = shown_cards(match)
    return [card for seat, cards in enumerate(match.hands) if seat != player
            for card in cards if card not in shown[seat]] + [*match.stock]


class EngineBot(pyspiel.Bot):
    """One of the engine's bots (``"random"``, ``"heuristic"``, ``"ismcts"`` or a
    plugin's, as ``GET /bots`` lists them) playing a game of this module as an OpenSpiel
    bot: it is shown its seat's view only, chooses a whole move as it always does
    (:func:`~foraccio.bots.choose_move`, with ``seed`` and ``budget``), and answers the
    move's actions one at a time."""

    def __init__(self, name: str, seed: int = 0, budget: Budget | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.name, self.seed, self.budget = name, seed, budget
        self.chosen: tuple[engine.State | None, Move | None] = (None, None)
        """The last position asked about and the move chosen there: a move of several
        actions is chosen once (the engine's state stays the same until it is made)."""

    def step(self, state: MatchState) -> int:
        match, pending = state.match, state.pending
        moves = engine.legal_moves(match)
        asked, move = self.chosen
        if asked is not match:
            move = choose_move(self.name, seat_view(match, match.turn), self.seed, self.budget)
            self.chosen = (match, move)
        ids = state.game.ids
        if pending is not None and move not in moves_left(moves, pending, ids.index):
            move = moves_left(moves, pending, ids.index)[0]  # a move begun by someone else
        return ids.of(moves, move, pending)[0]

    def restart_at(self, state: MatchState) -> None:
        pass


register()
