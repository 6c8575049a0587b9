"""The lab's report as one self-contained HTML page: the figures, the differences, the
findings, and plots drawn here as inline SVG: the differences themselves first (each
setup's paired difference from the baseline in points per hand, by score line, with
its interval; how the match length changes seed by seed), the dealing team's edge,
then each setup's own figures (histograms of match length and of hand points in round
bins, bars per score line with their intervals). The page loads nothing: no script, no
style sheet, no font, no image from anywhere.

It is made from the JSON report alone (:func:`foraccio.lab.report.summary`), so the same report
gives the same page byte for byte.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any, NamedTuple

from foraccio.core.words import DEFAULT_LANGUAGE
from foraccio.lab.report import interval, show
from foraccio.lab.speech import (
    ENGLISH,
    Speech,
    bot_title,
    house_rule_title,
    line_names,
    option_said,
    said_setups,
    variant_title,
)

COLOURS = ("#1f6f8b", "#e07a1f", "#3c9d4e", "#a63d6b", "#6b5ca5", "#8c6d31")
"""One colour per setup, in order (then again)."""

WIDTH, HEIGHT = 640, 270
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 44, 44


class Series(NamedTuple):
    """One setup's bars: a value per category and, optionally, its interval."""

    name: str
    values: Sequence[float]
    intervals: Sequence[tuple[float, float]] | None = None


def bars(title: str, categories: Sequence[str], series: Sequence[Series], axis: str,
         first: int = 0, _: Speech = ENGLISH) -> str:
    """An SVG chart of grouped bars: a group per category, a bar per series (with a
    whisker for its interval when it has one), a legend of the series; the series take
    the colours from number ``first`` on, and its numbers are written as the language
    of ``_`` writes them."""
    heading, below = _heading(title), _lines(axis, TICK, WIDTH - 16)
    extra = TITLE_LINE * (len(heading) - 1)
    top_edge, height = TOP + extra, HEIGHT + extra + TICK_LINE * (len(below) - 1)
    tops = [max([*s.values, *(high for _low, high in s.intervals or ())], default=0)
            for s in series]
    step = _step(max([*tops, 0]) or 1.0)
    top = step * math.ceil(max([*tops, 0]) / step) or step
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    group = plot_width / max(len(categories), 1)
    bar = group * 0.8 / max(len(series), 1)

    def y(value: float) -> float:
        return top_edge + plot_height * (1 - max(value, 0) / top)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
             f'width="{WIDTH}" height="{height}" role="img" aria-label="{escape(title)}">',
             f'<title>{escape(title)}</title><style>{SVG_STYLE}</style>',
             _text(heading, LEFT, 16, TITLE_LINE, 'class="title"')]
    for tick in range(round(top / step) + 1):
        value = tick * step
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
                     f'y2="{y(value):.1f}" class="grid"/>'
                     f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" class="tick" '
                     f'text-anchor="end">{_tick(value, step, _)}</text>')
    label_every = max(1, len(categories) // 16)
    for index, category in enumerate(categories):
        x0 = LEFT + group * index + group * 0.1
        if index % label_every == 0:
            parts.append(f'<text x="{x0 + group * 0.4:.1f}" y="{y(0) + 16:.1f}" '
                         f'class="tick" text-anchor="middle">{escape(category)}</text>')
        for number, one in enumerate(series):
            value = one.values[index]
            left = x0 + bar * number
            parts.append(f'<rect x="{left:.1f}" y="{y(value):.1f}" width="{bar:.1f}" '
                         f'height="{y(0) - y(value):.1f}" fill="{_colour(first + number)}" '
                         f'data-setup="{escape(one.name)}" data-category="{escape(category)}">'
                         f'<title>{escape(one.name)}, {escape(category)}: '
                         f'{_.number(value, ".4g")}</title>'
                         f'</rect>')
            if one.intervals is not None:
                low, high = one.intervals[index]
                middle = left + bar / 2
                parts.append(f'<path d="M{middle:.1f} {y(low):.1f}V{y(high):.1f}'
                             f'M{middle - bar / 4:.1f} {y(low):.1f}h{bar / 2:.1f}'
                             f'M{middle - bar / 4:.1f} {y(high):.1f}h{bar / 2:.1f}" '
                             f'class="whisker"/>')
    parts.append(_text(below, LEFT + plot_width / 2, y(0) + 38, TICK_LINE,
                       'class="tick" text-anchor="middle"'))
    parts.append(_legend(series, first, extra))
    parts.append("</svg>")
    return "".join(parts)


def forest(title: str, categories: Sequence[str], series: Sequence[Series], axis: str,
           reference: float = 0.0, first: int = 0, _: Speech = ENGLISH) -> str:
    """An SVG chart of estimates with their intervals: a row per category, a dot and a
    whisker per series, against a vertical line at ``reference`` (0 for a difference:
    an interval that crosses it is not significant); its words and numbers in the
    language of ``_``."""
    left, row_height = 230, 22
    heading, below = _heading(title), _lines(axis, TICK, WIDTH - 16)
    extra = TITLE_LINE * (len(heading) - 1)
    top_edge = TOP + extra
    lows = [low for s in series for low, _high in s.intervals or ()] + [
        v for s in series for v in s.values]
    highs = [high for s in series for _low, high in s.intervals or ()] + [
        v for s in series for v in s.values]
    least, most = min([*lows, reference]), max([*highs, reference])
    step = _step((most - least) or 1.0)
    start, stop = step * math.floor(least / step), step * math.ceil(most / step)
    if stop == start:
        stop = start + step
    plot_width = WIDTH - left - RIGHT - 10
    band = row_height * max(len(series), 1) + 8
    height = top_edge + band * len(categories) + BOTTOM + TICK_LINE * (len(below) - 1)

    def x(value: float) -> float:
        return left + plot_width * (value - start) / (stop - start)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
             f'width="{WIDTH}" height="{height}" role="img" aria-label="{escape(title)}">',
             f'<title>{escape(title)}</title><style>{SVG_STYLE}</style>',
             _text(heading, LEFT, 16, TITLE_LINE, 'class="title"')]
    bottom = top_edge + band * len(categories)
    for tick in range(round((stop - start) / step) + 1):
        value = start + tick * step
        parts.append(f'<line x1="{x(value):.1f}" x2="{x(value):.1f}" y1="{top_edge}" '
                     f'y2="{bottom}" class="grid"/><text x="{x(value):.1f}" '
                     f'y="{bottom + 16}" class="tick" text-anchor="middle">'
                     f'{_signed_tick(value, _)}</text>')
    parts.append(f'<line x1="{x(reference):.1f}" x2="{x(reference):.1f}" y1="{top_edge}" '
                 f'y2="{bottom}" class="reference"/>')
    for index, category in enumerate(categories):
        top = top_edge + band * index
        named = _lines(category, TICK, left - 16)
        parts.append(_text(named, left - 8, top + band / 2 + 4 - TICK_LINE * (len(named) - 1) / 2,
                           TICK_LINE, 'class="tick" text-anchor="end"'))
        for number, one in enumerate(series):
            value = one.values[index]
            low, high = one.intervals[index] if one.intervals is not None else (value, value)
            y = top + 4 + row_height * number + row_height / 2
            spread = _("{low} to {high}").format(low=_.number(low, ".4g"),
                                                  high=_.number(high, ".4g"))
            parts.append(f'<g data-setup="{escape(one.name)}" '
                         f'data-category="{escape(category)}" data-value="{value:.6g}">'
                         f'<title>{escape(one.name)}, {escape(category)}: '
                         f'{_.number(value, ".4g")} ({escape(spread)})</title>'
                         f'<path d="M{x(low):.1f} {y:.1f}H{x(high):.1f}" class="whisker"/>'
                         f'<circle cx="{x(value):.1f}" cy="{y:.1f}" r="4" '
                         f'fill="{_colour(first + number)}"/></g>')
    parts.append(_text(below, left + plot_width / 2, bottom + 38, TICK_LINE,
                       'class="tick" text-anchor="middle"'))
    parts.append(_legend(series, first, extra))
    parts.append("</svg>")
    return "".join(parts)


def _legend(series: Sequence[Series], first: int = 0, below: float = 0) -> str:
    """The series' colours and names in a row above the plot, ``below`` the title's first
    line by as much as its other lines take."""
    parts, x = [], LEFT
    for number, one in enumerate(series, start=first):
        parts.append(f'<rect x="{x}" y="{24 + below}" width="10" height="10" '
                     f'fill="{_colour(number)}"/><text x="{x + 14}" y="{33 + below}" '
                     f'class="tick">{escape(one.name)}</text>')
        x += 30 + 7 * len(one.name)
    return "".join(parts)


TITLE, TICK = 14, 11
"""The font sizes of a plot's title and of its other words (SVG_STYLE), in pixels."""

TITLE_LINE, TICK_LINE = 18, 13
"""The height of a line of each."""

WIDE = {**dict.fromkeys("mwMW", 1.0), **dict.fromkeys("ijlt.,:;'!|()[] -", 0.4)}
"""Characters far from the usual width, as a share of the font size (the rest: 0.75 for a
capital or a digit, 0.68 otherwise), each rounded up from a wide bold sans-serif face's
(DejaVu Sans, which a Linux browser often draws system-ui with)."""


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at ``size`` pixels, erring wide: the words of a plot are
    laid out from it, since an SVG text neither wraps nor shrinks to fit."""
    return size * sum(WIDE.get(char, 0.75 if char.isupper() or char.isdigit() else 0.68)
                      for char in text)


def _lines(text: str, size: float, width: float) -> list[str]:
    """``text`` broken between words into lines each at most ``width`` wide (a word wider
    than that alone on its line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _heading(title: str) -> list[str]:
    """A plot's title in lines that fit between its left margin and the right edge."""
    return _lines(title, TITLE, WIDTH - LEFT - RIGHT)


def _text(lines: Sequence[str], x: float, y: float, height: float, attributes: str) -> str:
    """One SVG text of ``lines``, the first at ``y`` and each next ``height`` below."""
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if number == 0 else height}">'
                    f'{escape(line)}</tspan>' for number, line in enumerate(lines))
    return f'<text x="{x:.1f}" y="{y:.1f}" {attributes}>{spans}</text>'


def _signed_tick(value: float, _: Speech) -> str:
    return _.number(value, "+g") if value else "0"


def _colour(number: int) -> str:
    return COLOURS[number % len(COLOURS)]


def _step(top: float) -> float:
    """A round step for about four grid lines up to ``top``: 1, 2, 2.5 or 5 times a power
    of ten."""
    rough = top / 4
    power = 10 ** math.floor(math.log10(rough))
    return next(power * m for m in (1, 2, 2.5, 5, 10) if power * m >= rough)


def _tick(value: float, step: float, _: Speech) -> str:
    """A grid line's label: a percentage on a plot of shares (which stay under 1)."""
    if step < 0.5:
        return _.percent(value, digits=max(0, -math.floor(math.log10(step * 100))))
    return _.number(value, "g")


def _shares(setups: Sequence[dict[str, Any]], field: str) -> tuple[list[str], list[Series]]:
    """Each setup's histogram ``field`` as shares of its total, over every whole number
    from the least value any setup has to the greatest."""
    seen = {value for setup in setups for value, _ in setup[field]}
    values = range(min(seen), max(seen) + 1)
    series = []
    for setup in setups:
        counts = dict(map(tuple, setup[field]))
        total = sum(counts.values()) or 1
        series.append(Series(setup["name"], [counts.get(value, 0) / total for value in values]))
    return [str(value) for value in values], series


BINS = 20
"""At most this many bars in a histogram of points (then each bar holds a range)."""

TAIL = 0.99
"""A histogram of points stops where this share of every setup's values is reached; the
rest, a long thin tail, is one last bar ("≥ n")."""


def _binned(setups: Sequence[dict[str, Any]], field: str) -> tuple[list[str], list[Series]]:
    """Each setup's histogram ``field`` as shares of its total, in at most :data:`BINS`
    bars of a round width (1, 2, 5, 10... values), up to where :data:`TAIL` of every
    setup's values lie; what lies beyond is one last bar."""
    counts = [dict(map(tuple, setup[field])) for setup in setups]
    least = min(value for one in counts for value in one)
    cut = max(_quantile(one, TAIL) for one in counts)
    width = next(w * power for power in (1, 10, 100, 1000) for w in (1, 2, 5)
                 if math.ceil((cut - least + 1) / (w * power)) <= BINS)
    start = width * math.floor(least / width)
    edges = list(range(start, cut + 1, width))
    beyond = edges[-1] + width
    tail = any(value >= beyond for one in counts for value in one)
    categories = [str(edge) if width == 1 else f"{edge}\N{EN DASH}{edge + width - 1}"
                  for edge in edges]
    if tail:
        categories.append(f"≥ {beyond}")
    series = []
    for setup, one in zip(setups, counts, strict=True):
        total = sum(one.values()) or 1
        shares = [0.0] * len(categories)
        for value, count in one.items():
            shares[min((value - start) // width, len(categories) - 1)] += count / total
        series.append(Series(setup["name"], shares))
    return categories, series


def _quantile(counts: dict[int, int], share: float) -> int:
    """The least value at or below which ``share`` of the counted values lie."""
    total, seen = sum(counts.values()), 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= share * total:
            return value
    return max(counts)


def _line_keys(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in report["metrics"] if m["key"].startswith("lines.")
            and m["key"].endswith(".points_per_hand")]


def _line_name(report: dict[str, Any], key: str, _: Speech) -> str:
    """The name, in words, of the score line of the metric ``key``."""
    wire = key.split(".")[1]
    for setup in report["setups"]:
        names = line_names(setup["variant"], tuple(setup["house_rules"]), _.language)
        if wire in names:
            return names[wire]
    return _.line(report["setups"][0]["variant"], (), wire)


def _versus(report: dict[str, Any], setup: dict[str, Any]) -> str:
    return f"{setup['name']} \N{MINUS SIGN} {report['setups'][0]['name']}"


def _lines_chart(report: dict[str, Any], _: Speech) -> str:
    keys = _line_keys(report)
    names = [_line_name(report, m["key"], _) for m in keys]
    series = [Series(setup["name"],
                     [setup["figures"][m["key"]]["value"] for m in keys],
                     [tuple(setup["figures"][m["key"]]["ci95"]) for m in keys])
              for setup in report["setups"]]
    return bars(_("Points per hand by score line (95% intervals)"), names, series,
                _("score line"), _=_)


def _differences_chart(report: dict[str, Any], _: Speech) -> str:
    """Each setup's paired difference from the baseline in points per hand, in all and
    by score line, with its interval: the answer itself, around 0."""
    keys = [m for m in report["metrics"] if m["key"] == "points_per_hand"] + _line_keys(report)
    names = [_("all score lines") if m["key"] == "points_per_hand"
             else _line_name(report, m["key"], _) for m in keys]
    series = []
    for setup in report["setups"][1:]:
        found = {d["metric"]: d for d in report["differences"] if d["setup"] == setup["name"]}
        series.append(Series(_versus(report, setup), [found[m["key"]]["value"] for m in keys],
                             [tuple(found[m["key"]]["ci95"]) for m in keys]))
    return forest(_("Difference from the baseline in points per hand (95% intervals)"),
                  names, series, _("points per hand, setup minus baseline on the same seeds"),
                  first=1, _=_)


def _length_differences_chart(report: dict[str, Any], _: Speech) -> str:
    """How the match length changes seed by seed: the share of seeds on which a setup's
    match was so many hands longer (or shorter) than the baseline's."""
    others = report["setups"][1:]
    seen = {value for setup in others for value, _count in setup["match_length_differences"]}
    values = range(min(seen), max(seen) + 1)
    series = []
    for setup in others:
        counts = dict(map(tuple, setup["match_length_differences"]))
        total = sum(counts.values()) or 1
        series.append(Series(_versus(report, setup),
                             [counts.get(value, 0) / total for value in values]))
    return bars(_("Match length, setup minus baseline on the same seed: share of seeds"),
                [f"{value:+d}" if value else "0" for value in values], series,
                _("hands more (+) or fewer (-) than the baseline's match"), first=1, _=_)


def _dealer_chart(report: dict[str, Any], _: Speech) -> str:
    """The dealing team's edge in each setup, with its interval, against no edge."""
    setups = report["setups"]
    series = [Series(setup["name"], [setup["figures"]["dealer_edge"]["value"]],
                     [tuple(setup["figures"]["dealer_edge"]["ci95"])]) for setup in setups]
    return forest(_("The dealing team's edge per hand (95% intervals)"),
                  [_("dealing team minus the others' mean")], series,
                  _("points per hand; 0 is no edge"), _=_)


def _rows(report: dict[str, Any], _: Speech) -> str:
    setups = report["setups"]
    head = "".join(f"<th>{escape(s['name'])}</th>" for s in setups)
    head += "".join(f"<th>{escape(s['name'])} - {escape(setups[0]['name'])}</th>"
                    for s in setups[1:])
    rows = [f"<tr><th>{escape(_('figure'))}</th>{head}</tr>"]
    for metric in report["metrics"]:
        key, proportion = metric["key"], metric["proportion"]
        cells = [f"<th>{escape(metric['label'])}</th>"]
        for setup in setups:
            figure = setup["figures"][key]
            cells.append(f"<td>{show(figure['value'], proportion, False, _)}<small>"
                         f"{interval(figure, proportion, False, _)}</small></td>")
        for setup in setups[1:]:
            difference = next(d for d in report["differences"]
                              if d["setup"] == setup["name"] and d["metric"] == key)
            significant = ' class="significant"' if difference["significant"] else ""
            cells.append(f"<td{significant}>{show(difference['value'], proportion, True, _)}"
                         f"<small>{interval(difference, proportion, True, _)}</small></td>")
        rows.append(f'<tr data-metric="{escape(key)}">{"".join(cells)}</tr>')
    return "\n".join(rows)


STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 980px;
       color: #222; padding: 0 1em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border-bottom: 1px solid #ddd; padding: .3em .6em; text-align: right; }
th:first-child { text-align: left; font-weight: normal; }
td small { display: block; color: #666; }
td.significant { font-weight: bold; background: #fff4d6; }
svg { display: block; margin: 1em 0; max-width: 100%; height: auto; }
"""

SVG_STYLE = ("text { font-family: system-ui, sans-serif; } .title { font-weight: bold; "
             "font-size: 14px; } .tick { font-size: 11px; fill: #444; } "
             ".grid { stroke: #e4e4e4; } .reference { stroke: #111; stroke-dasharray: 4 3; } "
             ".whisker { stroke: #111; stroke-width: 1.2; "
             "fill: none; }")
"""The plots' own style, inside each, so that a plot saved on its own looks the same."""


def page(report: dict[str, Any], _: Speech | None = None) -> str:
    """The whole report as an HTML page, in the language of ``_`` (the report's by
    default)."""
    _ = _ or Speech(report.get("language", DEFAULT_LANGUAGE))
    report = said_setups(report, _)
    setups = report["setups"]
    described = "".join(f"<li><b>{escape(s['name'])}</b>: {escape(_described(s, _))}</li>"
                        for s in setups)
    lengths, length_series = _shares(setups, "match_length")
    points, point_series = _binned(setups, "hand_points")
    findings = "".join(f"<li>{escape(sentence)}</li>" for sentence in report["findings"])
    stopped = ("" if report["matches"] == report["asked"] else " " + _(
        "(stopped at {played} of {asked})").format(played=report["matches"],
                                                   asked=report["asked"]))
    names = [escape(s["name"]) for s in setups]
    introduction = _(
        "{matches} matches per setup{stopped}, the same seeds in every setup (seed {seed}). "
        "Differences are paired by seed against {baseline}; brackets hold 95% intervals; "
        "a highlighted difference is significant.").format(
            matches=report["matches"], stopped=stopped, seed=report["seed"],
            baseline="\0")
    before, after = escape(introduction).split("\0")
    heading = _("What changes: {setups}").format(setups=versus([s["name"] for s in setups], _))
    findings_heading, figures_heading, plots_heading = _("Findings"), _("Figures"), _("Plots")
    length_plot = bars(_("Match length: share of matches"), lengths, length_series,
                       _("hands in the match"), _=_)
    points_plot = bars(_("Hand points: share of a team's hands"), points, point_series,
                       _("points a team scored in a hand"), _=_)
    return f"""<!DOCTYPE html>
<html lang="{_.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>foraccio compare: {escape(versus([s["name"] for s in setups], _))}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>{escape(heading)}</h1>
<p>{before}<b>{names[0]}</b>{after}</p>
<ul id="setups">{described}</ul>
<h2>{escape(findings_heading)}</h2>
<ul id="findings">{findings}</ul>
<h2>{escape(figures_heading)}</h2>
<table id="figures">
{_rows(report, _)}
</table>
<h2>{escape(plots_heading)}</h2>
<figure id="differences">{_differences_chart(report, _)}</figure>
<figure id="match-length-differences">{_length_differences_chart(report, _)}</figure>
<figure id="dealer-edge">{_dealer_chart(report, _)}</figure>
<figure id="match-length">{length_plot}</figure>
<figure id="hand-points">{points_plot}</figure>
<figure id="score-lines">{_lines_chart(report, _)}</figure>
</body>
</html>
"""


def versus(names: Sequence[str], _: Speech) -> str:
    """Setups one against the next: "baseline vs +colore" ("riferimento contro
    +colore")."""
    said = names[0]
    for name in names[1:]:
        said = _("{one} vs {other}").format(one=said, other=name)
    return said


def _described(setup: dict[str, Any], _: Speech) -> str:
    """A setup in words: its game, house rules, options and the bot of each seat."""
    parts = [variant_title(setup["variant"], _)]
    if setup["house_rules"]:
        parts.append(_("house rules {rules}").format(rules=", ".join(
            house_rule_title(rule, _) for rule in setup["house_rules"])))
    if setup["options"]:
        parts.append(_("options {options}").format(options="; ".join(
            option_said(setup["variant"], name, value, _)
            for name, value in setup["options"].items())))
    parts.append(_("bots by seat {bots}").format(bots=", ".join(
        bot_title(bot, _) for bot in setup["bots"])))
    return ", ".join(parts)
