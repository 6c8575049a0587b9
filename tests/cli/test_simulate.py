"""``foraccio simulate``: bots play matches and a JSON summary comes out."""

from __future__ import annotations

import io
import json

from rich.console import Console

from bots import Budget
from cli.main import main
from cli.simulate import simulate


def test_simulate_prints_a_json_summary(capsys):
    assert main(["simulate", "--variant", "zobelon", "--bots", "heuristic,random",
                 "--matches", "2", "--seed", "1", "--workers", "1", "--options",
                 '{"target": 21}']) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["matches"] == 2 and summary["hands"] >= 2
    assert [lineup["bots"] for lineup in summary["lineups"]] == [
        ["heuristic", "heuristic"], ["random", "random"]]
    assert sum(lineup["wins"] for lineup in summary["lineups"]) + summary["draws"] == 2
    lo, hi = summary["lineups"][0]["win_rate_ci95"]
    assert 0 <= lo <= summary["lineups"][0]["win_rate"] <= hi <= 1
    assert set(summary["lineups"][0]["per_hand"]) == {"scopa", "napoli", "colore"}
    # Standard error is not a terminal here: no progress bar.
    assert err == ""


def test_progress_shows_the_matches_their_rate_and_the_time_left():
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=100, color_system=None)

    simulate("foraccio", (("random",) * 2, ("random",) * 2), 3, 1,
             options={"target": 11}, progress=terminal)

    shown = screen.getvalue()
    assert "3/3 matches" in shown
    assert "matches/s" in shown
    assert "left" in shown


def test_the_summary_does_not_depend_on_the_number_of_workers():
    args = ("foraccio", (("ismcts", "random"), ("heuristic", "random")), 3, 5)
    options = {"options": {"target": 11}, "house_rules": ("colore",)}

    budget = Budget(iterations=3)
    assert simulate(*args, **options, budget=budget, workers=2) == simulate(
        *args, **options, budget=budget, workers=1)


def test_a_bad_variant_is_reported_not_raised(capsys):
    assert main(["simulate", "--variant", "scopone", "--matches", "1", "--quiet"]) == 2
    assert "scopone" in capsys.readouterr().err
