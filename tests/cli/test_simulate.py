"""``foraccio simulate``: bots play matches and a summary comes out (a table, or JSON)."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from foraccio.bots import Budget
from foraccio.cli.main import main
from foraccio.cli.simulate import lineup_of_teams, seat_bots, simulate
from foraccio.core.registry import get_variant
from foraccio.core.rules import seating
from foraccio.lab.speech import number


def test_simulate_prints_a_json_summary(capsys):
    assert main(["simulate", "--variant", "zobelon", "--bots", "heuristic,random",
                 "--matches", "2", "--seed", "1", "--workers", "1", "--options",
                 '{"target": 21}', "--json"]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["matches"] == 2 and summary["hands"] >= 2
    assert [lineup["bots"] for lineup in summary["lineups"]] == [
        ["heuristic", "heuristic"], ["random", "random"]]
    assert sum(lineup["wins"] for lineup in summary["lineups"]) + summary["draws"] == 2
    lo, hi = summary["lineups"][0]["win_rate_ci95"]
    assert 0 <= lo <= summary["lineups"][0]["win_rate"] <= hi <= 1
    # A figure for each score line the matches produced, all of them the game's own.
    produced = set(summary["lineups"][0]["points_per_hand"])
    assert set(summary["lineups"][0]["per_hand"]) == produced
    assert "colore" in produced and produced <= set(get_variant("zobelon").awards)
    # Standard error is not a terminal here: no progress bar.
    assert err == ""


def test_simulate_prints_a_table_by_default(capsys):
    assert main(["simulate", "--variant", "zobelon", "--bots", "heuristic,random",
                 "--matches", "2", "--seed", "1", "--workers", "1", "--options",
                 '{"target": 21}']) == 0
    table = capsys.readouterr().out
    assert main(["simulate", "--variant", "zobelon", "--bots", "heuristic,random",
                 "--matches", "2", "--seed", "1", "--workers", "1", "--options",
                 '{"target": 21}', "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert f"Zobelon: 2 matches, {summary['hands']} hands (seed 1)" in table
    first, second = summary["lineups"]
    assert re.search(rf"│ wins +│ +{first['wins']} │ +{second['wins']} │", table)
    assert re.search(rf"│ win rate +│ +{first['win_rate']:.1%} \[", table)
    # A row per score line produced, in the game's words.
    colore = f"{first['points_per_hand']['colore']:.3f}"
    assert re.search(rf"│ Colore: points a hand +│ +{colore} │", table)
    assert f"{summary['draws']} draw" in table


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"title": "Scopa: 4 matches", "wins": "wins", "rate": "win rate",
            "line": "{line}: points a hand"}),
    ("it", {"title": "Scopa: 4 partite", "wins": "vittorie", "rate": "percentuale di vittorie",
            "line": "{line}: punti a mano"}),
])
def test_a_foreign_game_is_summed_up_in_its_own_lines_in_each_language(capsys, lang, words):
    run = ["simulate", "--variant", "scopa", "--matches", "4", "--seed", "2", "--workers", "1",
           "--quiet"]
    assert main([*run, "--lang", lang]) == 0
    table = capsys.readouterr().out
    assert main([*run, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    produced = summary["lineups"][0]["points_per_hand"]
    assert set(produced) <= {"carte", "denari", "settebello", "primiera", "scopa"}
    assert words["title"] in table
    assert re.search(rf"│ {words['wins']} +│", table)
    assert f"│ {words['rate']} " in table
    names = {"carte": "Carte", "denari": "Denari", "settebello": "Settebello",
             "primiera": "Primiera", "scopa": "Scopa"}
    for name, points in produced.items():
        label = words["line"].format(line=names[name])
        shown = re.escape(number(points, ".3f", lang))
        assert re.search(rf"│ {re.escape(label)} +│ +{shown} │", table), label
    # Every number written as the language writes it: 65,0% and [45,2%; 80,1%] in Italian.
    first = summary["lineups"][0]
    low, high = (number(bound, ".1%", lang) for bound in first["win_rate_ci95"])
    bracketed = {"en": f"[{low}, {high}]", "it": f"[{low}; {high}]"}[lang]
    assert f"{number(first['win_rate'], '.1%', lang)} {bracketed}" in table
    decimals, foreign = {"en": (r"\d\.\d", r"\d,\d"), "it": (r"\d,\d", r"\d\.\d")}[lang]
    assert re.search(decimals, table) and not re.search(foreign, table), table
    # None of Foraccio's lines, which Scopa does not score.
    for foreign in ("Napoli", "napoli", "Colore", "colore", "La 24", "la_24"):
        assert foreign not in table


def test_progress_shows_the_matches_their_rate_and_the_time_left():
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=100, color_system=None)

    simulate("foraccio", (("random",) * 2, ("random",) * 2), 3, 1,
             options={"target": 11}, progress=terminal)

    shown = screen.getvalue()
    assert "3/3 matches" in shown
    assert "matches/s" in shown
    assert "left" in shown


def test_progress_speaks_the_language_of_the_run():
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=120, color_system=None)

    # A bot that searches: the hands are counted too.
    simulate("foraccio", (("ismcts", "random"), ("random",) * 2), 2, 1,
             options={"target": 11}, budget=Budget(iterations=2), progress=terminal,
             language="it")

    shown = screen.getvalue()
    assert "2/2 partite" in shown and "mancano" in shown
    assert re.search(r"\d,\d partite/s", shown) and re.search(r"\d+ mani\b", shown)
    assert not re.search(r"matches|hands|left", shown), shown


def test_the_summary_does_not_depend_on_the_number_of_workers():
    args = ("foraccio", (("ismcts", "random"), ("heuristic", "random")), 3, 5)
    options = {"options": {"target": 11}, "house_rules": ("colore",)}

    budget = Budget(iterations=3)
    assert simulate(*args, **options, budget=budget, workers=2) == simulate(
        *args, **options, budget=budget, workers=1)


def test_a_bad_variant_is_reported_not_raised(capsys):
    assert main(["simulate", "--variant", "scopone", "--matches", "1", "--quiet"]) == 2
    assert "scopone" in capsys.readouterr().err


def test_each_team_of_the_variant_gets_a_lineup(table_shapes):
    summary = simulate("terzetto", (("heuristic",), ("random",), ("random",)), 3, 2)

    assert summary["teams"] == [[0], [1], [2]]
    assert [lineup["bots"] for lineup in summary["lineups"]] == [
        ["heuristic"], ["random"], ["random"]]
    assert sum(lineup["wins"] for lineup in summary["lineups"]) + summary["draws"] == 3
    assert summary["hand_point_advantage"]["hands"] == summary["hands"]


def test_the_lineups_change_teams_from_match_to_match():
    # Three matches of a 3-seat game: each line-up plays each seat once.
    lineups = (("a",), ("b",), ("c",))
    tables = [seat_bots(seating(3), lineups, lineup_of_teams(3, index)) for index in range(3)]
    assert tables == [["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"]]
    foraccio = seating(4, ((0, 2), (1, 3)))
    assert seat_bots(foraccio, (("a", "c"), ("b", "d")), lineup_of_teams(2, 1)) == [
        "b", "a", "d", "c"]


def test_bots_on_the_command_line_are_one_per_team_or_one_per_seat(table_shapes, capsys):
    assert main(["simulate", "--variant", "duet", "--bots", "heuristic,random",
                 "--matches", "1", "--workers", "1", "--quiet", "--json", "--options",
                 '{"target": 21}']) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [lineup["bots"] for lineup in summary["lineups"]] == [["heuristic"], ["random"]]

    assert main(["simulate", "--variant", "terzetto", "--matches", "1", "--quiet",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [lineup["bots"] for lineup in summary["lineups"]] == [
        ["heuristic"], ["random"], ["random"]]

    assert main(["simulate", "--variant", "terzetto", "--bots", "random,random,random,random",
                 "--matches", "1", "--quiet"]) == 2
    assert "give 3 bots, one per seat, not 4" in capsys.readouterr().err


def test_a_refusal_is_said_in_the_language_asked_for(capsys):
    assert main(["simulate", "--variant", "nosuch", "--quiet", "--lang", "it"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("foraccio simulate: Non esiste la variante 'nosuch'")
    assert main(["simulate", "--bots", "random,random,random", "--matches", "1", "--quiet",
                 "--lang", "it"]) == 2
    assert "indica 2 bot (uno per squadra) o 4 (uno per posto), non 3" in capsys.readouterr().err
