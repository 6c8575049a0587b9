"""Our bots against OpenSpiel's, in every variant (``make bench-openspiel``); a benchmark,
not a test.

Each variant is played as its OpenSpiel game (:mod:`foraccio.research.openspiel`) with
``hands=1, rewards="hand"``: every deal is a game of its own, whose return is the
hand-point difference (a team's points minus the other teams' mean), so OpenSpiel's
rollouts end where the hand ends, as our ISMCTS's playouts do. The match-ups
(:data:`MATCHUPS`), each in every variant of :data:`VARIANTS`:

1. our ISMCTS against OpenSpiel's IS-MCTS, both searching the same wall time a move;
   goal: our win rate's 95% lower bound over :data:`GOAL`;
2. our heuristic against OpenSpiel's IS-MCTS, at that time a move;
3. our heuristic against OpenSpiel's MCTS determinised: each of its searches runs on
   one state resampled from the seat's information (``resample_from_infostate``),
   never on the true one, so it sees no hidden card.

Deals are paired: a deal (the chance outcomes: first dealer, the shuffled deck card by
card, the cut) is played twice, our bot on team 0's seats, then on team 1's. A paired
deal's lead is the mean of our team's return in its two plays (the luck of the cards
cancels out in a pair); the deal is won when the lead is over 0, half won at 0. Win
rates come with their Wilson 95% intervals, leads with normal ones (as
:mod:`bench.bots`).

Equal time. Our bots choose a whole move from a seat's view at once
(:class:`~foraccio.research.openspiel.EngineBot`); OpenSpiel's bots choose it one action
at a time (the card, then the cards taken when the card has more than one legal move):
the first choice of a move gets the whole time, each further one
:data:`FOLLOW_UP_SHARE` of it, so that OpenSpiel's bot never has less time a move than
ours (``--openspiel-seconds`` gives it more, to see what more time buys it).
OpenSpiel's bots count simulations; here they run simulations until the time is up
(:class:`TimedISMCTSBot`, :class:`DeterminisedMCTSBot`), always at least
:data:`MIN_SIMULATIONS`, and their simulations a move are reported.

Prints one JSON object, then one line per match-up and variant. ``--help`` for the
sizes.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from bench.bots import VARIANTS as OUR_BOTS_VARIANTS
from bench.bots import win_rate
from foraccio.bots.base import Budget
from foraccio.cli.simulate import mean_ci
from foraccio.core import compiled
from foraccio.research import openspiel

SEED = 2026
SECONDS = 0.05
"""Wall seconds a move, for our ISMCTS and for OpenSpiel's bots."""
DEALS = 50
"""Paired deals a match-up and variant by default."""

VARIANTS = {**OUR_BOTS_VARIANTS, "lumaca": {}}
"""The variants played, with their options (those of :mod:`bench.bots`, and the test
variant lumaca, with its jolly card, when it is installed)."""

GAME_PARAMETERS = {"hands": 1, "rewards": "hand"}

MATCHUPS = {
    "ismcts-vs-openspiel-ismcts": ("ismcts", "openspiel-ismcts"),
    "heuristic-vs-openspiel-ismcts": ("heuristic", "openspiel-ismcts"),
    "heuristic-vs-openspiel-mcts": ("heuristic", "openspiel-mcts"),
}
"""Each match-up by name: our bot, then OpenSpiel's."""

GOAL = 0.5
"""Our ISMCTS wins more than this share of the paired deals against OpenSpiel's IS-MCTS
at equal time: the goal is met when the win rate's 95% lower bound is over it."""

FOLLOW_UP_SHARE = 0.25
"""The share of the time a move that OpenSpiel's bot gets for each choice after the
first of a move (which cards to take): the first choice's search already tried them."""

MIN_SIMULATIONS = 2
"""The fewest simulations of a search of OpenSpiel's, whatever the time: its first only
expands the root, and a move is chosen from the root's children."""

UCT_C = {"openspiel-ismcts": 0.5, "openspiel-mcts": 2.0}
"""OpenSpiel's exploration constant for each of its bots: returns are hand points, a few
a hand in Scopone, where each bot did best with its own of 0.5, 2 and 8 against the
heuristic (docs/benchmarks.md)."""


# --- the players ------------------------------------------------------------------------


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's IS-MCTS (random rollouts) searching for ``seconds`` of wall time rather
    than a count of simulations; :attr:`simulations` counts those of the last search."""

    def __init__(self, game: pyspiel.Game, uct_c: float, seed: int) -> None:
        randomness = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(random_state=randomness), uct_c,
                         max_simulations=0, random_state=randomness)
        self.seconds = SECONDS
        self.simulations = 0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        # ISMCTSBot.run_search, its loop over max_simulations made a loop until the
        # deadline.
        self.reset()
        self.simulations = 0
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        while self.simulations < MIN_SIMULATIONS or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        return self.get_final_policy(state, self._root_node)


class DeterminisedMCTSBot(mcts.MCTSBot):
    """OpenSpiel's MCTS (random rollouts) searching for ``seconds`` of wall time on a state
    resampled from the seat's information: a determinised MCTS, which never sees the
    true deal."""

    def __init__(self, game: pyspiel.Game, uct_c: float, seed: int) -> None:
        # (a game of one hand has its rewards at its end only: MCTSBot takes no other)
        randomness = np.random.RandomState(seed)
        super().__init__(game, uct_c, max_simulations=10**9,
                         evaluator=mcts.RandomRolloutEvaluator(random_state=randomness),
                         random_state=randomness)
        self.resampling = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        self.seconds = SECONDS
        self.simulations = 0
        self._deadline = 0.0

    def step(self, state: pyspiel.State) -> int:
        legal = state.legal_actions()
        self.simulations = 0
        if len(legal) == 1:
            return legal[0]
        sampled = state.resample_from_infostate(state.current_player(), self.resampling)
        self._deadline = time.perf_counter() + self.seconds
        return super().step(sampled)

    def _apply_tree_policy(self, root, state):
        # mcts_search stops once its root is solved: past the deadline the root is marked
        # so, and the search stops after this simulation (the move is still the most
        # visited child's: the root's own outcome is not read).
        self.simulations += 1
        if self.simulations >= MIN_SIMULATIONS and time.perf_counter() >= self._deadline:
            root.outcome = root.outcome or [0.0] * state.num_players()
        return super()._apply_tree_policy(root, state)


@dataclass
class OpenSpielBot:
    """One of OpenSpiel's bots, given the time of a move for its first choice and
    :data:`FOLLOW_UP_SHARE` of it for each further one; :attr:`simulations` holds its
    simulations for each move (summed over the move's choices)."""

    bot: TimedISMCTSBot | DeterminisedMCTSBot
    seconds: float
    simulations: list[int] = field(default_factory=list)

    def step(self, state: openspiel.MatchState) -> int:
        first = state.pending is None
        self.bot.seconds = self.seconds if first else self.seconds * FOLLOW_UP_SHARE
        action = self.bot.step(state)
        if first:
            self.simulations.append(0)
        self.simulations[-1] += self.bot.simulations
        return int(action)


def openspiel_bot(name: str, game: pyspiel.Game, seconds: float, seed: int,
                  uct_c: float) -> OpenSpielBot:
    """OpenSpiel's bot ``name`` (``openspiel-ismcts`` or ``openspiel-mcts``)."""
    kind = {"openspiel-ismcts": TimedISMCTSBot, "openspiel-mcts": DeterminisedMCTSBot}[name]
    return OpenSpielBot(kind(game, uct_c, seed), seconds)


# --- deals --------------------------------------------------------------------------------


def load_game(variant: str) -> pyspiel.Game:
    """``variant``'s OpenSpiel game, one deal a game."""
    return pyspiel.load_game(openspiel.game_name(variant),
                             {**GAME_PARAMETERS, **VARIANTS.get(variant, {})})


def draw_deal(game: pyspiel.Game, rng: random.Random) -> tuple[int, ...]:
    """The chance outcomes of one deal, drawn with their odds: the first dealer, the
    shuffled deck card by card, the cut."""
    state = game.new_initial_state()
    outcomes = []
    while state.is_chance_node():
        actions, odds = zip(*state.chance_outcomes(), strict=True)
        outcomes.append(rng.choices(actions, odds)[0])
        state.apply_action(outcomes[-1])
    return tuple(outcomes)


@dataclass(frozen=True)
class Play:
    """One play of a deal: our team, its return, the hands dealt and OpenSpiel's
    simulations a move."""

    our_team: int
    lead: float
    dealt: tuple[tuple[str, ...], ...]
    simulations: tuple[int, ...]


def play_deal(game: pyspiel.Game, deal: tuple[int, ...], our_team: int,
              ours: openspiel.EngineBot, theirs: OpenSpielBot) -> Play:
    """Play ``deal`` to the end of its hand, ``ours`` on ``our_team``'s seats and
    ``theirs`` on every other seat."""
    state = game.new_initial_state()
    for outcome in deal:
        state.apply_action(outcome)
    dealt = state.match.hands
    team_of = game.rules.seating.team_of
    while not state.is_terminal():
        player = ours if team_of[state.current_player()] == our_team else theirs
        state.apply_action(player.step(state))
    our_seat = game.rules.seating.teams[our_team][0]
    return Play(our_team, state.returns()[our_seat], dealt, tuple(theirs.simulations))


def paired_deal(game: pyspiel.Game, matchup: str, index: int, seconds: float, seed: int,
                uct_c: float | None = None, openspiel_seconds: float | None = None
                ) -> tuple[Play, Play]:
    """Deal ``index`` of ``matchup``, played twice: our bot on team 0's seats, then on
    team 1's (OpenSpiel's bot at ``uct_c``, by default its :data:`UCT_C`, and at
    ``openspiel_seconds`` a move, by default ``seconds``)."""
    deal = draw_deal(game, random.Random(f"{seed}:{index}"))
    ours, theirs = MATCHUPS[matchup]
    uct_c = UCT_C[theirs] if uct_c is None else uct_c
    plays = []
    for team in (0, 1):
        bot_seed = seed * 1000 + 2 * index + team
        plays.append(play_deal(game, deal, team,
                               openspiel.EngineBot(ours, bot_seed, Budget(seconds=seconds)),
                               openspiel_bot(theirs, game, openspiel_seconds or seconds,
                                             bot_seed, uct_c)))
    return plays[0], plays[1]


# --- match-ups ----------------------------------------------------------------------------


def match_up(variant: str, matchup: str, deals: int, seconds: float, seed: int = SEED,
             uct_c: float | None = None, openspiel_seconds: float | None = None) -> dict:
    """``deals`` paired deals of ``matchup`` in ``variant`` (:func:`paired_deal`): our win
    rate with its 95% interval, our mean lead a hand with its interval, OpenSpiel's
    simulations a move."""
    game = load_game(variant)
    start = time.perf_counter()
    pairs = [paired_deal(game, matchup, index, seconds, seed, uct_c, openspiel_seconds)
             for index in range(deals)]
    leads = [(first.lead + second.lead) / 2 for first, second in pairs]
    won = sum(1.0 if lead > 0 else 0.5 if lead == 0 else 0.0 for lead in leads)
    lead = mean_ci(leads)
    simulations = [count for pair in pairs for play in pair for count in play.simulations]
    return {**win_rate(won, deals), "variant": variant, "matchup": matchup,
            "seconds_per_move": seconds,
            "openspiel_seconds_per_move": openspiel_seconds or seconds,
            "uct_c": UCT_C[MATCHUPS[matchup][1]] if uct_c is None else uct_c,
            "hand_point_lead": {"mean": lead["mean"], "ci95": lead["ci95"]},
            "openspiel_simulations_per_move": {
                "mean": round(statistics.fmean(simulations), 1),
                "median": statistics.median(simulations)},
            "seconds": round(time.perf_counter() - start, 1)}


def installed(variants: list[str]) -> list[str]:
    """The variants of ``variants`` whose OpenSpiel game is registered."""
    games = set(openspiel.register())
    return [variant for variant in variants if openspiel.game_name(variant) in games]


def summary_lines(report: dict) -> list[str]:
    """One line per match-up and variant: our win rate and lead with their intervals, the
    simulations OpenSpiel's bot managed, and for ISMCTS against IS-MCTS the goal."""
    lines = []
    for found in report["results"]:
        low, high = found["ci95"]
        lead = found["hand_point_lead"]
        lead_low, lead_high = lead["ci95"] or (float("nan"), float("nan"))
        line = (f"{found['variant']}: {found['matchup']} {found['win_rate']:.3f} (95% "
                f"interval {low:.3f}..{high:.3f}, {found['matches']} paired deals), hand "
                f"points {lead['mean']:+.2f} a hand ({lead_low:+.2f}..{lead_high:+.2f}), "
                f"OpenSpiel {found['openspiel_simulations_per_move']['mean']} simulations "
                f"a move at {found['openspiel_seconds_per_move']} s")
        equal = found["openspiel_seconds_per_move"] == found["seconds_per_move"]
        if not equal:
            line += f" (ours at {found['seconds_per_move']} s)"
        if found["matchup"] == "ismcts-vs-openspiel-ismcts":
            goal = "met" if low > GOAL else "NOT met"
            line += (f" (goal: lower bound > {GOAL}: {goal})" if equal
                     else " (no goal: unequal time)")
        lines.append(line)
    return lines


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.openspiel_bots",
        description="Our bots against OpenSpiel's IS-MCTS and determinised MCTS, paired "
                    "deals with seats swapped, in every variant.")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help="comma-separated variants (default: %(default)s; one not "
                             "installed is left out)")
    parser.add_argument("--matchups", default=",".join(MATCHUPS),
                        help="comma-separated match-ups (default: %(default)s)")
    parser.add_argument("--deals", type=int, default=DEALS,
                        help="paired deals a match-up and variant (default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=SECONDS,
                        help="wall seconds a move for both sides (default: %(default)s)")
    parser.add_argument("--openspiel-seconds", type=float,
                        help="wall seconds a move for OpenSpiel's bots, to see what more "
                             "time buys them (default: --seconds)")
    parser.add_argument("--seed", type=int, default=SEED,
                        help="seed of the deals and the bots (default: %(default)s)")
    parser.add_argument("--uct-c", type=float,
                        help="OpenSpiel's UCT exploration constant (default: "
                             + ", ".join(f"{value} for {bot}" for bot, value in UCT_C.items())
                             + ")")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_arguments(argv)
    wanted = args.variants.split(",")
    variants = installed(wanted)
    report = {"engine": list(compiled.active()), "left_out": sorted(set(wanted) - set(variants)),
              "results": []}
    for variant in variants:
        for matchup in args.matchups.split(","):
            found = match_up(variant, matchup, args.deals, args.seconds, args.seed, args.uct_c,
                             args.openspiel_seconds)
            report["results"].append(found)
            print(json.dumps(found), file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))
    print("\n".join(summary_lines(report)))


if __name__ == "__main__":
    main()
