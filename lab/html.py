"""The lab's report as one self-contained HTML page: the figures, the differences, the
findings, and plots drawn here as inline SVG (histograms of match length and hand
points, bars per score line with their intervals). The page loads nothing: no script,
no style sheet, no font, no image from anywhere.

It is made from the JSON report alone (:func:`foraccio.lab.report.summary`), so the same report
gives the same page byte for byte.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any, NamedTuple

from foraccio.lab.report import interval, show

COLOURS = ("#1f6f8b", "#e07a1f", "#3c9d4e", "#a63d6b", "#6b5ca5", "#8c6d31")
"""One colour per setup, in order (then again)."""

WIDTH, HEIGHT = 640, 270
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 44, 44


class Series(NamedTuple):
    """One setup's bars: a value per category and, optionally, its interval."""

    name: str
    values: Sequence[float]
    intervals: Sequence[tuple[float, float]] | None = None


def bars(title: str, categories: Sequence[str], series: Sequence[Series], axis: str) -> str:
    """An SVG chart of grouped bars: a group per category, a bar per series (with a
    whisker for its interval when it has one), a legend of the series."""
    tops = [max([*s.values, *(high for _, high in s.intervals or ())], default=0)
            for s in series]
    step = _step(max([*tops, 0]) or 1.0)
    top = step * math.ceil(max([*tops, 0]) / step) or step
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    group = plot_width / max(len(categories), 1)
    bar = group * 0.8 / max(len(series), 1)

    def y(value: float) -> float:
        return TOP + plot_height * (1 - max(value, 0) / top)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}">',
             f'<title>{escape(title)}</title><style>{SVG_STYLE}</style>',
             f'<text x="{LEFT}" y="16" class="title">{escape(title)}</text>']
    for tick in range(round(top / step) + 1):
        value = tick * step
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
                     f'y2="{y(value):.1f}" class="grid"/>'
                     f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" class="tick" '
                     f'text-anchor="end">{_tick(value, step)}</text>')
    label_every = max(1, len(categories) // 16)
    for index, category in enumerate(categories):
        x0 = LEFT + group * index + group * 0.1
        if index % label_every == 0:
            parts.append(f'<text x="{x0 + group * 0.4:.1f}" y="{HEIGHT - BOTTOM + 16}" '
                         f'class="tick" text-anchor="middle">{escape(category)}</text>')
        for number, one in enumerate(series):
            value = one.values[index]
            left = x0 + bar * number
            parts.append(f'<rect x="{left:.1f}" y="{y(value):.1f}" width="{bar:.1f}" '
                         f'height="{y(0) - y(value):.1f}" fill="{_colour(number)}" '
                         f'data-setup="{escape(one.name)}" data-category="{escape(category)}">'
                         f'<title>{escape(one.name)}, {escape(category)}: {value:.4g}</title>'
                         f'</rect>')
            if one.intervals is not None:
                low, high = one.intervals[index]
                middle = left + bar / 2
                parts.append(f'<path d="M{middle:.1f} {y(low):.1f}V{y(high):.1f}'
                             f'M{middle - bar / 4:.1f} {y(low):.1f}h{bar / 2:.1f}'
                             f'M{middle - bar / 4:.1f} {y(high):.1f}h{bar / 2:.1f}" '
                             f'class="whisker"/>')
    parts.append(f'<text x="{LEFT + plot_width / 2:.1f}" y="{HEIGHT - 6}" class="tick" '
                 f'text-anchor="middle">{escape(axis)}</text>')
    x = LEFT
    for number, one in enumerate(series):  # the legend, in a row above the plot
        parts.append(f'<rect x="{x}" y="24" width="10" height="10" fill="{_colour(number)}"/>'
                     f'<text x="{x + 14}" y="33" class="tick">{escape(one.name)}</text>')
        x += 30 + 7 * len(one.name)
    parts.append("</svg>")
    return "".join(parts)


def _colour(number: int) -> str:
    return COLOURS[number % len(COLOURS)]


def _step(top: float) -> float:
    """A round step for about four grid lines up to ``top``: 1, 2, 2.5 or 5 times a power
    of ten."""
    rough = top / 4
    power = 10 ** math.floor(math.log10(rough))
    return next(power * m for m in (1, 2, 2.5, 5, 10) if power * m >= rough)


def _tick(value: float, step: float) -> str:
    """A grid line's label: a percentage on a plot of shares (which stay under 1)."""
    if step < 0.5:
        return f"{value:.{max(0, -math.floor(math.log10(step * 100)))}%}"
    return f"{value:g}"


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


def _lines_chart(report: dict[str, Any]) -> str:
    keys = [m for m in report["metrics"] if m["key"].startswith("lines.")
            and m["key"].endswith(".points_per_hand")]
    names = [m["key"].split(".")[1] for m in keys]
    series = [Series(setup["name"],
                     [setup["figures"][m["key"]]["value"] for m in keys],
                     [tuple(setup["figures"][m["key"]]["ci95"]) for m in keys])
              for setup in report["setups"]]
    return bars("Points per hand by score line (95 % intervals)", names, series, "score line")


def _rows(report: dict[str, Any]) -> str:
    setups = report["setups"]
    head = "".join(f"<th>{escape(s['name'])}</th>" for s in setups)
    head += "".join(f"<th>{escape(s['name'])} - {escape(setups[0]['name'])}</th>"
                    for s in setups[1:])
    rows = [f"<tr><th>figure</th>{head}</tr>"]
    for metric in report["metrics"]:
        key, proportion = metric["key"], metric["proportion"]
        cells = [f"<th>{escape(metric['label'])}</th>"]
        for setup in setups:
            figure = setup["figures"][key]
            cells.append(f"<td>{show(figure['value'], proportion)}<small>"
                         f"{interval(figure, proportion)}</small></td>")
        for setup in setups[1:]:
            difference = next(d for d in report["differences"]
                              if d["setup"] == setup["name"] and d["metric"] == key)
            significant = ' class="significant"' if difference["significant"] else ""
            cells.append(f"<td{significant}>{show(difference['value'], proportion, True)}"
                         f"<small>{interval(difference, proportion, True)}</small></td>")
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
             ".grid { stroke: #e4e4e4; } .whisker { stroke: #111; stroke-width: 1.2; "
             "fill: none; }")
"""The plots' own style, inside each, so that a plot saved on its own looks the same."""


def page(report: dict[str, Any]) -> str:
    """The whole report as an HTML page."""
    setups = report["setups"]
    described = "".join(
        f"<li><b>{escape(s['name'])}</b>: {escape(s['variant'])}"
        f"{', house rules ' + escape(', '.join(s['house_rules'])) if s['house_rules'] else ''}"
        f"{', options ' + escape(str(s['options'])) if s['options'] else ''}"
        f", bots by seat {escape(', '.join(s['bots']))}</li>" for s in setups)
    lengths, length_series = _shares(setups, "match_length")
    points, point_series = _shares(setups, "hand_points")
    findings = "".join(f"<li>{escape(sentence)}</li>" for sentence in report["findings"])
    stopped = ("" if report["matches"] == report["asked"]
               else f" (stopped at {report['matches']} of {report['asked']})")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>foraccio compare: {escape(', '.join(s['name'] for s in setups))}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>What changes: {escape(' vs '.join(s['name'] for s in setups))}</h1>
<p>{report['matches']} matches per setup{stopped}, the same seeds in every setup (seed
{report['seed']}). Differences are paired by seed against <b>{escape(setups[0]['name'])}</b>;
brackets hold 95 % intervals; a highlighted difference is significant.</p>
<ul id="setups">{described}</ul>
<h2>Findings</h2>
<ul id="findings">{findings}</ul>
<h2>Figures</h2>
<table id="figures">
{_rows(report)}
</table>
<h2>Plots</h2>
<figure id="match-length">{bars("Match length: share of matches", lengths, length_series,
                                 "hands in the match")}</figure>
<figure id="hand-points">{bars("Hand points: share of a team's hands", points, point_series,
                                "points a team scored in a hand")}</figure>
<figure id="score-lines">{_lines_chart(report)}</figure>
</body>
</html>
"""
