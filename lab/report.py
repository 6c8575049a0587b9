"""The lab's figures: per setup and as paired differences against the first setup (the
baseline), with 95% intervals, and sentences that say which differences are significant.

Every figure is an average over matches of a value each match gives (a match is the
unit that is paired: the same seed in every setup). A rate per hand is each match's
own (its total over its hands), averaged over matches. Proportions (win rates) get
Wilson's interval per setup; every difference gets the normal interval of the mean of
its paired differences (:mod:`foraccio.lab.stats`).

:func:`summary` builds the JSON-ready report (its fields are documented in docs/lab.md);
:func:`table` shows it with rich.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from rich import box
from rich.table import Table
from rich.text import Text

from foraccio.core.words import DEFAULT_LANGUAGE
from foraccio.lab.play import Match
from foraccio.lab.setups import Setup
from foraccio.lab.speech import BRACKETED, Speech, line_names, said_setups
from foraccio.lab.stats import Estimate, mean_interval, paired_difference, spread, wilson_interval


class Metric(NamedTuple):
    """One figure: ``key`` names it in the JSON, ``label`` for a person; a proportion is
    shown as a percentage and gets Wilson's interval."""

    key: str
    label: str
    proportion: bool = False


def _teams_label(seats: Sequence[int], _: Speech) -> str:
    # People count seats from 1, as the web table does; the wire from 0.
    shown = "+".join(str(seat + 1) for seat in seats)
    return (_("seats {seats}") if len(seats) > 1 else _("seat {seats}")).format(seats=shown)


def line_name(setups: Sequence[Setup], name: str, _: Speech) -> str:
    """A score line's name in words, as a setup that plays it names it."""
    for setup in setups:
        names = line_names(setup.variant, tuple(setup.house_rules), _.language)
        if name in names:
            return names[name]
    return _.line(setups[0].variant, (), name)


def metrics(setups: Sequence[Setup], teams: Sequence[Sequence[int]],
            matches: Sequence[Sequence[Match]], _: Speech | None = None) -> list[Metric]:
    """The figures that ``matches`` (per seed, per setup) give: the win rate of each team
    of ``teams`` (the seats of each), of the first dealer's team, the draws if any,
    the match length, the points per hand and the dealing team's edge, each score
    line's points (and times scored, where a line is worth more than 1) per hand, and
    the spread of hand points; labelled in the language of ``_`` (English by default),
    each score line by its name in the game's words."""
    _ = _ or Speech()
    played = [match for per_setup in matches for match in per_setup]
    found = [Metric(f"win_rate.team_{team}", _("team {team} ({seats}) wins").format(
                        team=team + 1, seats=_teams_label(seats, _)), True)
             for team, seats in enumerate(teams)]
    found.append(Metric("win_rate.first_dealer_team", _("first dealer's team wins"), True))
    if any(match.winner is None for match in played):
        found.append(Metric("draw_rate", _("draws"), True))
    found += [Metric("hands", _("match length (hands)")),
              Metric("points_per_hand", _("points per hand (all teams)")),
              Metric("dealer_edge", _("dealing team's edge per hand (points)"))]
    names = sorted({name for match in played for name in match.lines})
    for name in names:
        line = line_name(setups, name, _)
        found.append(Metric(f"lines.{name}.points_per_hand",
                            _("{line}: points per hand").format(line=line)))
        if any(scored[0] != scored[1] for match in played
               if (scored := match.lines.get(name))):
            found.append(Metric(f"lines.{name}.times_per_hand",
                                _("{line}: times per hand").format(line=line)))
    found.append(Metric("hand_points_spread", _("spread of a team's hand points (sd)")))
    return found


def match_values(match: Match, teams: int) -> dict[str, float]:
    """Every figure's value for one match (a line not scored counts 0)."""
    hands = len(match.points)
    values = {f"win_rate.team_{team}": float(match.winner == team) for team in range(teams)}
    values["win_rate.first_dealer_team"] = float(
        bool(match.dealers) and match.winner == match.dealers[0])
    values["draw_rate"] = float(match.winner is None)
    values["hands"] = float(hands)
    if not hands:
        return values
    values["points_per_hand"] = sum(map(sum, match.points)) / hands
    edges = [points[dealer] - (sum(points) - points[dealer]) / (len(points) - 1)
             for dealer, points in zip(match.dealers, match.points, strict=True)]
    values["dealer_edge"] = sum(edges) / hands
    for name, (points, times) in match.lines.items():
        values[f"lines.{name}.points_per_hand"] = points / hands
        values[f"lines.{name}.times_per_hand"] = times / hands
    values["hand_points_spread"] = spread([p for points in match.points for p in points])
    return values


def _figure(estimate: Estimate) -> dict[str, Any]:
    return {"value": _plain(estimate.value), "ci95": [_plain(estimate.low),
                                                       _plain(estimate.high)]}


def _plain(number: float) -> float:
    # Six decimals: more than any interval here can vouch for, and short JSON.
    return round(number, 6) + 0.0


def _histogram(values: Sequence[int]) -> list[list[int]]:
    return [[value, count] for value, count in sorted(Counter(values).items())]


def summary(setups: Sequence[Setup], teams: Sequence[Sequence[int]], seed: int,
            matches: Sequence[Sequence[Match]], asked: int,
            language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The report of ``matches`` (in match order; one :class:`Match` per setup each)
    played of the ``asked``, its words in ``language``: JSON-ready, the same for the
    same matches whatever played them. Raise ValueError on no matches."""
    _ = Speech(language)
    if not matches:
        raise ValueError("no match was played")
    values = [[match_values(match, len(teams)) for match in per_seed] for per_seed in matches]
    # A score line that gives the same in every match of every setup (carte's 2 points a
    # hand) tells nothing: it is left out.
    found = [metric for metric in metrics(setups, teams, matches, _)
             if not metric.key.startswith("lines.")
             or len({one.get(metric.key, 0.0) for per_seed in values for one in per_seed}) > 1]

    def column(setup: int, key: str) -> list[float]:
        return [per_seed[setup].get(key, 0.0) for per_seed in values]

    report_setups = []
    for number, setup in enumerate(setups):
        figures = {}
        for metric in found:
            column_values = column(number, metric.key)
            figures[metric.key] = _figure(
                wilson_interval(round(sum(column_values)), len(column_values))
                if metric.proportion else mean_interval(column_values))
        played = [per_seed[number] for per_seed in matches]
        report_setups.append({
            "name": setup.name, "variant": setup.variant, "options": setup.options,
            "house_rules": list(setup.house_rules), "bots": list(setup.bots),
            "figures": figures,
            "match_length": _histogram([len(match.points) for match in played]),
            "hand_points": _histogram([p for match in played for points in match.points
                                       for p in points]),
        })
    for number in range(1, len(setups)):
        # What the question asks is a difference: how it is spread over the seeds.
        report_setups[number]["match_length_differences"] = _histogram(
            [len(per_seed[number].points) - len(per_seed[0].points) for per_seed in matches])
    differences = []
    for number, setup in enumerate(setups[1:], start=1):
        for metric in found:
            estimate = paired_difference(column(0, metric.key), column(number, metric.key))
            differences.append({"setup": setup.name, "baseline": setups[0].name,
                                "metric": metric.key, **_figure(estimate),
                                "significant": estimate.excludes_zero})
    report = {
        "language": language, "seed": seed, "matches": len(matches), "asked": asked,
        "teams": [list(seats) for seats in teams],
        "metrics": [{"key": m.key, "label": m.label, "proportion": m.proportion}
                    for m in found],
        "setups": report_setups,
        "differences": differences,
    }
    report["findings"] = findings(report)
    return report


def show(value: float, proportion: bool, signed: bool = False,
         _: Speech | None = None) -> str:
    """A figure as a person reads it in the language of ``_`` (English by default): a
    percentage for a proportion (``65.0%``, in Italian ``65,0%``)."""
    _ = _ or Speech()
    return (_.percent(value, signed) if proportion
            else _.number(value, f"{'+' if signed else ''}.3f"))


def interval(figure: dict[str, Any], proportion: bool, signed: bool = False,
             _: Speech | None = None) -> str:
    """A figure's 95% interval as a person reads it: ``49.1% to 53.5%``."""
    _ = _ or Speech()
    low, high = figure["ci95"]
    return _("{low} to {high}").format(low=show(low, proportion, signed, _),
                                        high=show(high, proportion, signed, _))


def findings(report: dict[str, Any]) -> list[str]:
    """Sentences on the report, in its language: the dealer's team's advantage in each
    setup, then each significant difference from the baseline, then what is not
    significant."""
    _ = Speech(report.get("language", DEFAULT_LANGUAGE))
    report = said_setups(report, _)
    sentences = []
    metrics_by_key = {metric["key"]: metric for metric in report["metrics"]}
    even = 1 / len(report["teams"])
    for setup in report["setups"]:
        dealt = setup["figures"]["win_rate.first_dealer_team"]
        low, high = dealt["ci95"]
        verdict = (_("an advantage") if low > even else _("a disadvantage") if high < even
                   else _("no significant advantage"))
        edge = setup["figures"].get("dealer_edge")
        edge_words = "" if edge is None else _(
            "; per hand the dealing team scores {edge} points against the others' mean "
            "({interval})").format(edge=show(edge["value"], False, True, _),
                                   interval=interval(edge, False, True, _))
        sentences.append(_(
            "{setup}: the first dealer's team wins {share} of the matches (95% interval "
            "{interval}, even is {even}): {verdict}{edge}.").format(
                setup=setup["name"], share=show(dealt["value"], True, False, _),
                interval=interval(dealt, True, False, _), even=show(even, True, False, _),
                verdict=verdict, edge=edge_words))
    for other in report["setups"][1:]:
        name = other["name"]
        mine = [d for d in report["differences"] if d["setup"] == name]
        quiet = []
        for difference in mine:
            metric = metrics_by_key[difference["metric"]]
            if not difference["significant"]:
                quiet.append(metric["label"])
                continue
            baseline = report["setups"][0]["figures"][metric["key"]]["value"]
            value = other["figures"][metric["key"]]["value"]
            rises = difference["value"] > 0
            sentences.append((_(
                "{setup} against {baseline}: {figure} rises from {before} to {after} "
                "({difference}, 95% interval {interval}): significant.") if rises else _(
                "{setup} against {baseline}: {figure} falls from {before} to {after} "
                "({difference}, 95% interval {interval}): significant.")).format(
                    setup=name, baseline=difference["baseline"], figure=metric["label"],
                    before=show(baseline, metric["proportion"], False, _),
                    after=show(value, metric["proportion"], False, _),
                    difference=show(difference["value"], metric["proportion"], True, _),
                    interval=interval(difference, metric["proportion"], True, _)))
        if quiet:
            sentences.append(_("{setup} against {baseline}: no significant difference in "
                               "{figures}.").format(setup=name,
                                                    baseline=report["setups"][0]["name"],
                                                    figures=", ".join(quiet)))
    return sentences


def table(report: dict[str, Any], _: Speech | None = None) -> Table:
    """The report as a rich table: a row per figure, a column per setup, then a column
    per difference from the baseline (significant ones in bold, with a star).

    A cell holds its figure over its interval, so that a row takes two lines and a
    table of two setups fits 80 columns: the setups' names are never cut (their columns
    do not wrap) and the figures' names wrap within their two lines. Its words are in
    the language of ``_`` (the report's by default)."""
    _ = _ or Speech(report.get("language", DEFAULT_LANGUAGE))
    report = said_setups(report, _)
    setups = report["setups"]
    title = _("{matches} matches per setup (seed {seed})").format(
        matches=report["matches"], seed=report["seed"]) + (
        "" if report["matches"] == report["asked"] else _(
            ", stopped at {played} of {asked}").format(played=report["matches"],
                                                      asked=report["asked"]))
    grid = Table(title=title, caption=_("95% intervals below each figure; * significant"),
                 box=box.SIMPLE_HEAD, pad_edge=False)
    grid.add_column(_("figure"), ratio=1, min_width=16)
    for setup in setups:
        grid.add_column(setup["name"], justify="right", no_wrap=True)
    for setup in setups[1:]:
        grid.add_column(f"{setup['name']}\n- {setups[0]['name']}", justify="right",
                        no_wrap=True)
    for metric in report["metrics"]:
        key, proportion = metric["key"], metric["proportion"]
        cells = [Text(metric["label"])]
        for setup in setups:
            cells.append(_cell(setup["figures"][key], proportion, _))
        for setup in setups[1:]:
            difference = next(d for d in report["differences"]
                              if d["setup"] == setup["name"] and d["metric"] == key)
            cells.append(_cell(difference, proportion, _, True, difference["significant"]))
        grid.add_row(*cells)
    return grid


def _cell(figure: dict[str, Any], proportion: bool, _: Speech, signed: bool = False,
          significant: bool = False) -> Text:
    """A figure over its interval: ``52.1%`` then ``[50.0, 54.3]`` (in Italian ``52,1%``
    then ``[50,0; 54,3]``: a comma there is the decimal sign)."""
    # The bounds of a percentage without their "%": the figure above says it.
    low, high = (_.number(bound * 100, f"{'+' if signed else ''}.1f") if proportion
                 else show(bound, False, signed, _) for bound in figure["ci95"])
    value = show(figure["value"], proportion, signed, _) + (" *" if significant else "")
    return Text.assemble((value, "bold" if significant else ""), "\n",
                         (_(BRACKETED).format(low=low, high=high), "dim"))
