"""The lab's report from matches made by hand: each figure, the paired differences, and
the sentences saying which are significant."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from foraccio.lab.html import Series, bars, forest, page
from foraccio.lab.play import Match
from foraccio.lab.report import match_values, summary, table
from foraccio.lab.setups import Setup
from foraccio.lab.speech import Speech, number, percent

TEAMS = ((0, 2), (1, 3))


def setup(name: str, house_rules: tuple[str, ...] = ()) -> Setup:
    return Setup(name=name, variant="foraccio", options={}, house_rules=house_rules,
                 bots=("heuristic",) * 4)


def match(winner, dealers, points, lines=None) -> Match:
    lines = lines or {"carte": (2 * len(points), len(points))}
    return Match(winner=winner, dealers=tuple(dealers), points=tuple(map(tuple, points)),
                 lines=lines)


def test_a_match_gives_each_figure():
    # Two hands: team 0 dealt the first (10 to 4: edge +6), team 1 the second (3 to 9:
    # edge +6); points 14 and 12, 13 a hand; hand points 10 4 3 9: mean 6.5, squared
    # deviations 12.25 6.25 12.25 6.25, population sd sqrt(37 / 4).
    values = match_values(match(0, [0, 1], [[10, 4], [3, 9]], {"scopa": (3, 3),
                                                                "colore": (9, 2)}), 2)
    assert values["win_rate.team_0"] == 1 and values["win_rate.team_1"] == 0
    assert values["win_rate.first_dealer_team"] == 1 and values["draw_rate"] == 0
    assert values["hands"] == 2
    assert values["points_per_hand"] == 13
    assert values["dealer_edge"] == 6
    assert values["lines.scopa.points_per_hand"] == 1.5
    assert values["lines.colore.points_per_hand"] == 4.5
    assert values["lines.colore.times_per_hand"] == 1
    assert values["hand_points_spread"] == pytest.approx((37 / 4) ** 0.5)


def test_differences_are_paired_by_seed_and_significance_is_said_in_words():
    # Three seeds. The rule shortens every match by one hand (significant: the
    # differences are all -1, an interval of width 0) and changes who wins on one seed.
    baseline = [match(0, [0, 1, 0], [[5, 5]] * 3), match(1, [1, 0], [[2, 8]] * 2),
                match(0, [0, 1, 0, 1], [[6, 4]] * 4)]
    rule = [match(0, [0, 1], [[5, 5]] * 2), match(0, [1], [[8, 2]]),
            match(0, [0, 1, 0], [[6, 4]] * 3)]
    report = summary([setup("baseline"), setup("+colore", ("colore",))], TEAMS, 7,
                     list(zip(baseline, rule, strict=True)), 3)

    figures = [s["figures"] for s in report["setups"]]
    # Lengths 3, 2, 4: mean 3, sample variance 1, half-width 1.959964 / sqrt(3) = 1.131586.
    assert figures[0]["hands"] == {"value": 3.0, "ci95": [1.868414, 4.131586]}
    hands = next(d for d in report["differences"] if d["metric"] == "hands")
    assert hands == {"setup": "+colore", "baseline": "baseline", "metric": "hands",
                     "value": -1.0, "ci95": [-1.0, -1.0], "significant": True}
    # Team 0 wins 2 of 3, then 3 of 3: differences 0, 1, 0, mean 1/3, not significant.
    wins = next(d for d in report["differences"] if d["metric"] == "win_rate.team_0")
    assert wins["value"] == pytest.approx(1 / 3, abs=1e-6) and not wins["significant"]
    assert figures[1]["win_rate.team_0"]["value"] == 1.0
    assert report["setups"][0]["match_length"] == [[2, 1], [3, 1], [4, 1]]
    assert report["setups"][1]["hand_points"] == [[2, 1], [4, 3], [5, 4], [6, 3], [8, 1]]
    assert ("+colore against baseline: match length (hands) falls from 3.000 to 2.000 "
            "(-1.000, 95% interval -1.000 to -1.000): significant.") in report["findings"]
    assert any(sentence.startswith("+colore against baseline: no significant difference in")
               and "team 1 (seats 1+3) wins" in sentence for sentence in report["findings"])
    # No draw happened: no draw figure. The score lines were all alike: left out.
    keys = [metric["key"] for metric in report["metrics"]]
    assert "draw_rate" not in keys
    assert not [key for key in keys if key.startswith("lines.")]
    assert "points_per_hand" in keys  # 10 points a hand in every match, still shown

    assert table(report).row_count == len(report["metrics"])


def test_the_dealers_advantage_is_said_for_each_setup():
    # The first dealer's team wins 20 of 20 matches: Wilson's interval lies above 50%.
    matches = [(match(0, [0], [[5, 1]]), match(1, [0], [[1, 5]])) for _ in range(20)]
    report = summary([setup("a"), setup("b")], TEAMS, 1, matches, 20)
    assert report["findings"][0].startswith(
        "a: the first dealer's team wins 100.0% of the matches")
    assert ": an advantage; per hand the dealing team scores +4.000 points" in (
        report["findings"][0])
    assert "a disadvantage" in report["findings"][1]


def colore_report(names=("baseline", "+colore"), language="en"):
    """A report of 40 seeds: the rule makes every second match a hand shorter and gives
    colore points; hand points run from 0 to 90, most under 30."""
    baseline, rule = [], []
    for seed in range(40):
        hands = 4 + seed % 3
        points = [[seed % 25 + (90 if seed == 7 and hand == 0 else 0), 6] for hand in range(hands)]
        baseline.append(match(seed % 2, [hand % 2 for hand in range(hands)], points,
                              {"scopa": (seed % 5, seed % 5)}))
        shorter = hands - seed % 2
        rule.append(match(seed % 2, [hand % 2 for hand in range(shorter)], points[:shorter],
                          {"scopa": (seed % 5, seed % 5), "colore": (3 + seed % 2, 1)}))
    return summary([setup(names[0]), setup(names[1], ("colore",))], TEAMS, 3,
                   list(zip(baseline, rule, strict=True)), 40, language)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_table_fits_80_columns_and_never_cuts_a_setups_name(language):
    report = colore_report(("baseline", "+napoli-to-ten"), language)
    screen = Console(width=80, file=io.StringIO(), color_system=None)
    screen.print(table(report))
    lines = screen.file.getvalue().splitlines()
    assert max(map(len, lines)) <= 80
    assert any("+napoli-to-ten" in line for line in lines[:4])  # the headings, whole
    # Each figure takes two lines, its value over its interval: no row wraps further.
    body = lines[lines.index(next(line for line in lines if set(line.strip()) == {"─"})) + 1:]
    rows = [line for line in body if line.strip() and "95%" not in line]  # the caption
    assert len(rows) == 2 * len(report["metrics"])
    hands = report["setups"][0]["figures"]["hands"]
    # Written as the language writes numbers: [4.983, 5.017] in English, [4,983; 5,017] in
    # Italian, where a comma is the decimal sign.
    low, high = (number(bound, ".3f", language) for bound in hands["ci95"])
    assert any(number(hands["value"], ".3f", language) in line for line in rows)
    assert any({"en": f"[{low}, {high}]", "it": f"[{low}; {high}]"}[language] in line
               for line in rows)


def test_the_page_plots_the_differences_and_the_dealers_edge():
    report = colore_report()
    html = page(report)
    differences = {d["metric"]: d for d in report["differences"]}
    # Each score line's mean difference, with its interval, around 0.
    plot = html.split('<figure id="differences">')[1].split("</figure>")[0]
    for name, words in (("scopa", "Scopa"), ("colore", "Colore")):  # in the game's words
        value = differences[f"lines.{name}.points_per_hand"]["value"]
        assert f'data-category="{words}" data-value="{value:.6g}"' in plot
    assert 'class="reference"' in plot
    # The match length, seed by seed: half the seeds a hand shorter, half the same.
    assert report["setups"][1]["match_length_differences"] == [[-1, 20], [0, 20]]
    plot = html.split('<figure id="match-length-differences">')[1].split("</figure>")[0]
    assert plot.count("<rect x=") - plot.count('width="10" height="10"') == 2
    assert 'data-category="-1"' in plot and 'data-category="0"' in plot
    plot = html.split('<figure id="dealer-edge">')[1].split("</figure>")[0]
    for one in report["setups"]:
        edge = one["figures"]["dealer_edge"]["value"]
        assert f'data-setup="{one["name"]}"' in plot and f'data-value="{edge:.6g}"' in plot


def test_the_hand_points_histogram_has_round_bins_and_no_empty_tail():
    report = colore_report()
    plot = page(report).split('<figure id="hand-points">')[1].split("</figure>")[0]
    categories = re.findall(r'data-setup="baseline" data-category="([^"]+)"', plot)
    # 0 to 30 (and one hand of 90+): bins of 2, a last bar for the far tail.
    assert categories[0] == "0\N{EN DASH}1" and categories[1] == "2\N{EN DASH}3"
    assert len(categories) <= 20
    assert categories[-1].startswith("≥ ")
    shares = [float(share) for share in re.findall(
        r'data-setup="baseline" data-category="[^"]+"><title>[^<]*: ([0-9.e-]+)</title>', plot)]
    assert shares[-1] > 0 and sum(shares) == pytest.approx(1, abs=1e-3)


@pytest.mark.parametrize(("value", "spec", "english", "italian"), [
    (1.5, ".3f", "1.500", "1,500"),
    (0.651, ".1%", "65.1%", "65,1%"),
    (-0.0001, "+.3f", "-0.000", "-0,000"),
    (2.675, ".2f", "2.67", "2,67"),  # rounded as Python rounds (2.675 is 2.67499... here)
    (2.5, "+g", "+2.5", "+2,5"),
    (0.012345, ".4g", "0.01235", "0,01235"),
    (1234.5, ".1f", "1234.5", "1234,5"),
])
def test_numbers_are_written_as_each_language_writes_them(value, spec, english, italian):
    assert number(value, spec, "en") == english == format(value, spec)
    assert number(value, spec, "it") == italian


@pytest.mark.parametrize(("share", "signed", "english", "italian"), [
    (0.545, False, "54.5%", "54,5%"),
    (1.0, False, "100.0%", "100,0%"),
    (0.031, True, "+3.1%", "+3,1%"),
    (-0.2, True, "-20.0%", "-20,0%"),
])
def test_a_percentage_is_written_as_the_locale_data_write_it(share, signed, english, italian):
    # One way for the terminal's simulate, compare's table and its page: CLDR's, with the
    # sign against the figure, so that a line never breaks between them.
    assert percent(share, "en", signed) == english
    assert percent(share, "it", signed) == italian


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_percentage_of_the_page_and_of_the_table_keeps_its_sign_against_it(language):
    report = colore_report(language=language)
    screen = Console(width=80, file=io.StringIO(), color_system=None)
    screen.print(table(report))
    for shown in (page(report), screen.file.getvalue(), " ".join(report["findings"])):
        assert "%" in shown
        assert not re.search(r"\d\s+%", shown)


def test_the_plots_write_their_numbers_as_the_language_does():
    # Grid lines (1.5, +0.5), and each bar's and dot's figures when pointed at.
    for language, half, signed, dot in (
            ("en", ">1.5<", ">+0.5<", "s, a: 0.7 (-0.3 to 1.2)</title>"),
            ("it", ">1,5<", ">+0,5<", "s, a: 0,7 (da -0,3 a 1,2)</title>")):
        _ = Speech(language)
        chart = bars("t", ["a"], [Series("s", [1.7])], "x", _=_)
        assert half in chart and "s, a: " + _.number(1.7, "g") + "</title>" in chart
        chart = forest("t", ["a"], [Series("s", [0.7], [(-0.3, 1.2)])], "x", _=_)
        assert signed in chart and dot in chart


def test_the_page_writes_every_number_as_its_language_does():
    italian = page(colore_report(language="it"))
    figures = italian.split('<table id="figures">')[1].split("</table>")[0]
    assert re.search(r"<td>\d+,\d%<small>da \d+,\d% a \d+,\d%</small></td>", figures)
    assert re.search(r"<td>\d+,\d{3}<small>da \d+,\d{3} a \d+,\d{3}</small></td>", figures)
    findings = italian.split('<ul id="findings">')[1].split("</ul>")[0]
    assert re.search(r"\d,\d", findings)
    body = re.sub(r"<style>.*?</style>", "", italian.split("<body>")[1], flags=re.DOTALL)
    shown = re.sub(r'<[^>]*>', " ", body)  # no attribute: the plots' coordinates stay
    assert not re.search(r"\d\.\d", shown), re.search(r".{40}\d\.\d.{40}", shown)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "options Points to win: 11; Deal: In three rounds of 5, 4, 4; "
           "Must capture when able: no"),
    ("it", "opzioni Punti per vincere: 11; Distribuzione: 5+4+4 in 3 tornate; "
           "Obbligo di presa: no")])
def test_the_page_says_a_setups_options_in_the_variants_words(language, said):
    options = {"target": 11, "deal_scheme": "5-4-4", "capture_required": False}
    setups = [Setup(name=name, variant="foraccio", options=options, house_rules=(),
                    bots=("heuristic",) * 4) for name in ("baseline", "same")]
    games = [(match(0, [0, 1], [[10, 4], [3, 9]]),) * 2 for _ in range(3)]
    shown = page(summary(setups, TEAMS, 3, games, 3, language))
    assert said in shown
    assert "target=" not in shown and "deal_scheme" not in shown
