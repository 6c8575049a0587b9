"""``foraccio simulate``: bots play matches against each other, and a summary comes out.

One line-up of bots meets another for each team of the variant's seating (Foraccio's
two teams of two, two or three players each for themselves, ...). The line-ups
change teams from match to match: in match ``i`` line-up ``l`` plays team
``(l + i) % teams``, so none keeps the advantage of a seat (in Foraccio the first
line-up plays seats 0 and 2 in even-numbered matches and seats 1 and 3 in odd
ones). Every
match's seed (for the deals and the bots) is derived from ``--seed`` and the
match's number, so the summary is the same whatever plays the matches: ``--workers``
local processes or a Dask cluster (``--dask``), on the lab's machinery
(:mod:`foraccio.lab.runner`). The summary is a table on standard output (``--json``: one JSON
object); progress (a ``rich`` bar with the rate and the time left) goes to standard
error when it is a terminal.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from rich.console import Console
from rich.table import Table
from rich.text import Text

from foraccio.bots import Budget, choose_move
from foraccio.cli.arguments import add_match_arguments, bot_names, bots_listed
from foraccio.core.engine import new_match, next_hand, play, rules_of
from foraccio.core.errors import EngineError
from foraccio.core.model import HandScored
from foraccio.core.rules import Seating
from foraccio.core.view import seat_view
from foraccio.core.words import DEFAULT_LANGUAGE
from foraccio.lab.play import match_seed
from foraccio.lab.progress import progress_console, run_with_progress
from foraccio.lab.runner import CHUNK, Tick, chunks, default_workers
from foraccio.lab.setups import slow as slow_bots
from foraccio.lab.speech import BRACKETED, ENGLISH, Speech, bot_title, variant_title
from foraccio.lab.stats import mean_interval, wilson_interval

MAX_HANDS = 200
"""A match not over after this many hands is stopped and counted as a draw."""

Lineup = tuple[str, ...]
"""The bots of one line-up, one for each seat of the team it plays (the first for every
seat when it names fewer)."""


class MatchJob(NamedTuple):
    """One match to play: everything a worker process needs."""

    index: int
    seed: int
    variant: str
    options: dict[str, Any]
    house_rules: tuple[str, ...]
    lineups: tuple[Lineup, ...]
    budget: Budget | None


class MatchResult(NamedTuple):
    """What one match gives to the summary, per line-up (index = line-up)."""

    index: int
    winner: int | None
    hands: int
    points: tuple[tuple[int, ...], ...]
    """Per hand, the line-ups' hand points."""
    lines: dict[str, tuple[int, ...]]
    """Per score line name, the line-ups' points over the match."""
    counts: dict[str, tuple[int, ...]]
    """Per score line name, how many times each line-up scored it."""


def lineup_of_teams(teams: int, index: int) -> tuple[int, ...]:
    """The line-up playing each team (index = team) in match ``index``: line-up ``l``
    plays team ``(l + index) % teams``."""
    return tuple((team - index) % teams for team in range(teams))


def seat_bots(seating: Seating, lineups: Sequence[Lineup], lineup_of_team: Sequence[int]
              ) -> list[str]:
    """The bot of each seat (index = seat): a team's seats, in the order the team lists
    them, get the bots of the line-up playing it in order."""
    bots = [""] * seating.seats
    for team, seats in enumerate(seating.teams):
        lineup = lineups[lineup_of_team[team]]
        for position, seat in enumerate(seats):
            bots[seat] = lineup[position] if position < len(lineup) else lineup[0]
    return bots


def play_match(job: MatchJob, tick: Tick | None = None) -> MatchResult:
    """Play one match between the line-ups, each bot seeing only its seat; ``tick(0, 1)``
    is called after each hand (:mod:`foraccio.lab.runner`)."""
    state = new_match(job.variant, job.seed, job.options, job.house_rules)
    seating = rules_of(state).seating
    teams = len(seating.teams)
    lineup_of_team = lineup_of_teams(teams, job.index)
    seats = seat_bots(seating, job.lineups, lineup_of_team)
    points: list[tuple[int, ...]] = []
    lines: Counter[tuple[str, int]] = Counter()
    counts: Counter[tuple[str, int]] = Counter()
    while state.phase != "game_over" and state.hand <= MAX_HANDS:
        if state.phase == "hand_over":
            state = next_hand(state)
        move = choose_move(seats[state.turn], seat_view(state, state.turn), job.seed, job.budget)
        state, events = play(state, move)
        for event in events:
            if type(event) is HandScored:
                points.append(tuple(event.points[lineup_of_team.index(lineup)]
                                    for lineup in range(teams)))
                for line in event.lines:
                    lineup = lineup_of_team[line.team]
                    lines[line.name, lineup] += line.points
                    counts[line.name, lineup] += 1
                if tick is not None:
                    tick(0, 1)
    winner = None if state.winner is None else lineup_of_team[state.winner]
    names = sorted({name for name, _ in lines} | {name for name, _ in counts})
    return MatchResult(
        index=job.index, winner=winner, hands=len(points), points=tuple(points),
        lines={name: tuple(lines[name, lineup] for lineup in range(teams)) for name in names},
        counts={name: tuple(counts[name, lineup] for lineup in range(teams))
                for name in names},
    )


class Matches(NamedTuple):
    """A run's matches, as a chunk of them is played (:mod:`foraccio.lab.runner`)."""

    variant: str
    seed: int
    options: dict[str, Any]
    house_rules: tuple[str, ...]
    lineups: tuple[Lineup, ...]
    budget: Budget | None


def play_matches(work: Matches, start: int, stop: int,
                 tick: Tick | None = None) -> list[MatchResult]:
    """Play matches ``start`` to ``stop - 1`` of ``work``."""
    played = []
    for index in range(start, stop):
        played.append(play_match(MatchJob(index, match_seed(work.seed, index), work.variant,
                                          work.options, work.house_rules, work.lineups,
                                          work.budget), tick))
        if tick is not None:
            tick(1, 0)
    return played


def simulate(variant: str, lineups: Sequence[Lineup], matches: int,
             seed: int, *, options: dict[str, Any] | None = None,
             house_rules: Sequence[str] = (), budget: Budget | None = None,
             workers: int = 1, dask: str | None = None,
             progress: Console | None = None,
             language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Play ``matches`` matches between ``lineups`` (one per team of the variant's
    seating) and return the JSON-ready summary.

    The matches are played in chunks by ``workers`` local processes or on the Dask
    cluster whose scheduler is at ``dask``; the summary does not depend on either.
    With ``progress``, a bar on that console shows the matches played, their rate and
    the time left, in ``language``. Raise ValueError when there are not as many line-ups
    as teams.
    """
    seating = rules_of(new_match(variant, 0, options, house_rules)).seating
    if len(lineups) != len(seating.teams):
        raise ValueError(f"{variant} is played by {len(seating.teams)} teams: give as many "
                         f"line-ups, not {len(lineups)}")
    lineups = tuple(map(tuple, lineups))
    work = Matches(variant, seed, dict(options or {}), tuple(house_rules), lineups, budget)
    slow = any(map(slow_bots, lineups))
    results = []
    for _, played in run_with_progress(progress, "simulate", matches, play_matches, work,
                                       chunks(matches, 1 if slow else CHUNK), hands=slow,
                                       workers=workers, dask=dask, language=language):
        results += played
    results.sort(key=lambda result: result.index)
    return summarize(results, variant, lineups, seed, options, house_rules, budget, seating)


def summarize(results: Sequence[MatchResult], variant: str, lineups: Sequence[Lineup],
              seed: int, options: dict[str, Any] | None, house_rules: Sequence[str],
              budget: Budget | None, seating: Seating) -> dict[str, Any]:
    """Summarize match results: wins with 95% intervals, points per hand by score line,
    how often each score line the matches produced was scored a hand, and the hand-point
    advantage of the first line-up over the best of the others."""
    matches = len(results)
    hands = sum(result.hands for result in results)
    everyone = range(len(lineups))
    wins = [sum(1 for r in results if r.winner == lineup) for lineup in everyone]
    lines: Counter[tuple[str, int]] = Counter()
    counts: Counter[tuple[str, int]] = Counter()
    for result in results:
        for name, points in result.lines.items():
            for lineup in everyone:
                lines[name, lineup] += points[lineup]
                counts[name, lineup] += result.counts[name][lineup]
    names = sorted({name for name, _ in lines})
    per_hand = max(hands, 1)
    advantage = [points[0] - max(points[1:]) for result in results for points in result.points]
    return {
        "variant": variant,
        "teams": [list(team) for team in seating.teams],
        "options": options or {},
        "house_rules": list(house_rules),
        "seed": seed,
        "budget": None if budget is None else {"iterations": budget.iterations,
                                               "seconds": budget.seconds},
        "matches": matches,
        "hands": hands,
        "draws": matches - sum(wins),
        "lineups": [
            {"bots": list(lineups[lineup]), "wins": wins[lineup],
             "win_rate": wins[lineup] / matches if matches else None,
             "win_rate_ci95": wilson(wins[lineup], matches),
             "points_per_hand": {name: lines[name, lineup] / per_hand for name in names},
             "total_points_per_hand": sum(lines[name, lineup] for name in names) / per_hand,
             "per_hand": {name: counts[name, lineup] / per_hand for name in names}}
            for lineup in everyone
        ],
        "hand_point_advantage": mean_ci(advantage),
    }


def wilson(successes: int, trials: int) -> list[float] | None:
    """The Wilson score 95% interval of a proportion (None without trials), as the lab
    reckons it (:func:`foraccio.lab.stats.wilson_interval`)."""
    if not trials:
        return None
    found = wilson_interval(successes, trials)
    return [found.low, found.high]


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """The mean of ``values`` (the first line-up's hand-point advantage, say) and its
    normal 95% interval, as the lab reckons it (:func:`foraccio.lab.stats.mean_interval`);
    no interval from fewer than two values."""
    n = len(values)
    if n < 2:
        return {"mean": float(values[0]) if values else None, "ci95": None, "hands": n}
    found = mean_interval(values)
    return {"mean": found.value, "ci95": [found.low, found.high], "hands": n}


# --- the command line -----------------------------------------------------------------


def parse_bots(text: str, _: Speech = ENGLISH) -> tuple[str, ...]:
    """Comma-separated bots, each by its name or its title in any language
    (:func:`~foraccio.cli.arguments.bot_names`), as their names."""
    names = bot_names(text, _)
    if len(names) < 2:
        raise argparse.ArgumentTypeError(_("give a bot for each team, or for each seat"))
    return names


def lineups_for(names: Sequence[str], seating: Seating, _: Speech = ENGLISH
                ) -> tuple[Lineup, ...]:
    """The line-ups ``names`` gives at ``seating``: one bot per team (it plays each seat
    of its team), or one per seat (a team's line-up is the bots of its seats: in
    Foraccio ``a,b,c,d`` is a and c against b and d). Raise ValueError otherwise."""
    teams = seating.teams
    if len(names) == len(teams):
        return tuple((name,) * len(team) for name, team in zip(names, teams, strict=True))
    if len(names) == seating.seats:
        return tuple(tuple(names[seat] for seat in team) for team in teams)
    if len(teams) == seating.seats:
        raise ValueError(_("give {seats} bots, one per seat, not {given}").format(
            seats=seating.seats, given=len(names)))
    raise ValueError(_("give {teams} bots (one per team) or {seats} (one per seat), not "
                       "{given}").format(teams=len(teams), seats=seating.seats,
                                         given=len(names)))


def add_parser(commands: argparse._SubParsersAction, _: Speech) -> argparse.ArgumentParser:
    """Add ``simulate`` to the ``foraccio`` command's subcommands, speaking the language
    of ``_``."""
    sim = commands.add_parser(
        "simulate", add_help=False, help=_("play bots against each other, print a summary"),
        description=_("Bots play matches against each other, and a summary comes out (a "
                      "table, or JSON)."))
    add_match_arguments(sim, _)
    sim.add_argument("--bots", type=functools.partial(parse_bots, _=_), default=None,
                     help=_("one bot per team (team 1's, team 2's, ...) or one per seat, "
                            "among {bots} (installed ones included); the line-ups change "
                            "teams from match to match (default: heuristic, then random "
                            "for every other team)").format(bots=bots_listed(_)))
    sim.add_argument("--matches", type=int, default=100,
                     help=_("how many matches to play (default: %(default)s)"))
    sim.add_argument("--seed", type=int, default=0,
                     help=_("seeds every match's deals and bots; the same seed, the same "
                            "summary (default: %(default)s)"))
    sim.add_argument("--workers", type=int, default=default_workers(),
                     help=_("processes playing matches; the summary does not depend on it "
                            "(default: the number of cores)"))
    sim.add_argument("--iterations", type=int, default=None,
                     help=_("ISMCTS iterations per move (default: the bot's own)"))
    sim.add_argument("--seconds", type=float, default=None,
                     help=_("ISMCTS seconds per move (results then depend on the machine)"))
    sim.add_argument("--dask", metavar="ADDRESS",
                     help=_("play on this Dask scheduler's cluster instead, e.g. "
                            "tcp://10.0.0.5:8786; the summary does not depend on it"))
    sim.add_argument("--json", action="store_true",
                     help=_("print the summary as JSON instead of a table"))
    sim.add_argument("--quiet", action="store_true",
                     help=_("no progress bar on standard error (it shows only on a "
                            "terminal)"))
    sim.set_defaults(run=run)
    return sim


def run(args: argparse.Namespace) -> int:
    """Run ``foraccio simulate`` with its parsed arguments."""
    _: Speech = getattr(args, "speech", None) or Speech()
    budget = None
    if args.iterations is not None or args.seconds is not None:
        budget = Budget(iterations=args.iterations, seconds=args.seconds)
    house_rules = args.house_rules
    try:
        # Fail on a bad variant, option or house rule before starting any worker.
        seating = rules_of(new_match(args.variant, 0, args.options, house_rules)).seating
        names = args.bots or ("heuristic",) + ("random",) * (len(seating.teams) - 1)
        lineups = lineups_for(names, seating, _)
    except EngineError as error:
        print(f"foraccio simulate: {_(error.message)}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"foraccio simulate: --bots: {error}", file=sys.stderr)
        return 2
    try:
        summary = simulate(args.variant, lineups, args.matches, args.seed,
                           options=args.options, house_rules=house_rules, budget=budget,
                           workers=args.workers, dask=args.dask,
                           progress=None if args.quiet else progress_console(),
                           language=_.language)
    except OSError as error:
        print("foraccio simulate: " + _("--dask: cannot reach the scheduler at {address}: "
                                        "{error}").format(address=args.dask, error=error),
              file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        Console().print(summary_table(summary, _))
    return 0


def summary_table(summary: dict[str, Any], _: Speech = ENGLISH) -> Table:
    """The summary as a table to read: a column per line-up, a row per figure, then a
    row per score line the matches produced, named in the game's own words."""
    advantage = summary["hand_point_advantage"]
    caption = _draws(_, summary["draws"])
    if advantage["ci95"] is not None:
        low, high = advantage["ci95"]
        caption += "; " + _("the first line-up's hand points minus the best other's: "
                            "{mean} a hand ({low} to {high})").format(
            mean=_.number(advantage["mean"], "+.3f"), low=_.number(low, "+.3f"),
            high=_.number(high, "+.3f"))
    title = _("{game}: {matches} matches, {hands} hands (seed {seed})").format(
        game=variant_title(summary["variant"], _), matches=summary["matches"],
        hands=summary["hands"], seed=summary["seed"])
    grid = Table(title=title, caption=caption + "; " + _("95% intervals in brackets"))
    grid.add_column("")
    for lineup in summary["lineups"]:
        grid.add_column(Text(",".join(bot_title(bot, _) for bot in lineup["bots"])),
                        justify="right")
    lineups = summary["lineups"]
    grid.add_row(_("wins"), *(str(lineup["wins"]) for lineup in lineups))
    grid.add_row(_("win rate"), *(
        "-" if lineup["win_rate"] is None else
        _.percent(lineup["win_rate"]) + " " + _(BRACKETED).format(
            low=_.percent(lineup["win_rate_ci95"][0]),
            high=_.percent(lineup["win_rate_ci95"][1])) for lineup in lineups))
    grid.add_row(_("points a hand"),
                 *(_.number(lineup["total_points_per_hand"], ".3f") for lineup in lineups))
    for name in lineups[0]["points_per_hand"]:
        line = _.line(summary["variant"], summary["house_rules"], name)
        grid.add_row(_("{line}: points a hand").format(line=line),
                     *(_.number(lineup["points_per_hand"][name], ".3f") for lineup in lineups))
        grid.add_row(_("{line}: times a hand").format(line=line),
                     *(_.number(lineup["per_hand"][name], ".3f") for lineup in lineups))
    return grid


def _draws(_: Speech, draws: int) -> str:
    return _.plural("{count} draw", "{count} draws", draws).format(count=draws)
