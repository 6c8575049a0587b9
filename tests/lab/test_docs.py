"""docs/lab.md and the lab's step of docs/plugins.md stay true: their commands run, the
worked answer's figures are those of its committed report, and every field of the JSON
report is documented."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from foraccio.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
LAB = ROOT / "docs" / "lab.md"
REPORT = json.loads((ROOT / "docs" / "lab-colore.json").read_text())


def command_in(text: str, starts: str) -> list[str]:
    """The arguments of the first ``foraccio compare`` command of ``text`` that starts
    with ``starts`` (after ``.venv/bin/foraccio``)."""
    line = next(line for line in text.splitlines()
                if line.strip().startswith(f".venv/bin/foraccio {starts}"))
    return shlex.split(line)[1:]


def smaller(args: list[str], matches: str, tmp_path: Path) -> list[str]:
    """``args`` with fewer matches, the JSON report, no HTML and a results file in
    ``tmp_path``."""
    args = list(args)
    args[args.index("--matches") + 1] = matches
    if "--html" in args:
        del args[args.index("--html"):args.index("--html") + 2]
    return [*args, "--json", "--quiet", "--workers", "1", "--results",
            str(tmp_path / "r.jsonl")]


def test_the_plugin_guides_lab_step_runs_and_says_what_it_says(tmp_path, capsys):
    step = (ROOT / "docs" / "plugins.md").read_text().split("### 4. Measure what it changes")[1]
    assert main(smaller(command_in(step, "compare"), "40", tmp_path)) == 0
    report = json.loads(capsys.readouterr().out)
    assert [setup["name"] for setup in report["setups"]] == ["baseline", "+napoli-to-ten"]
    napoli = next(d for d in report["differences"]
                  if d["metric"] == "lines.napoli.points_per_hand")
    assert napoli["value"] < 0  # "napoli points per hand fall"


def test_the_worked_answer_is_its_reports(tmp_path, capsys):
    text = LAB.read_text()
    worked = text.split("## A worked answer")[1].split("\n## ")[0]
    args = command_in(worked, "compare")
    # The command is the report's: its setups and seed.
    assert main(smaller(args, "3", tmp_path)) == 0
    small = json.loads(capsys.readouterr().out)
    assert small["seed"] == REPORT["seed"]
    assert [{k: s[k] for k in ("name", "variant", "options", "house_rules", "bots")}
            for s in small["setups"]] == [
        {k: s[k] for k in ("name", "variant", "options", "house_rules", "bots")}
        for s in REPORT["setups"]]
    assert f"{REPORT['matches']:,} seeds" in worked
    # Each row of the table shows the report's figures (the differences in bold).
    rows = {row.split("|")[1].strip(): row for row in worked.splitlines()
            if row.startswith("| ")}
    for label, key, digits in (("match length (hands)", "hands", 3),
                               ("colore points per hand", "lines.colore.points_per_hand", 3),
                               ("scopas per hand", "lines.scopa.times_per_hand", 3),
                               ("points per hand, both teams", "points_per_hand", 2),
                               ("dealing team's edge per hand (points)", "dealer_edge", 2)):
        base, other = (s["figures"][key]["value"] for s in REPORT["setups"])
        difference = next(d for d in REPORT["differences"] if d["metric"] == key)
        for value in (base, other, difference["value"], *difference["ci95"]):
            # The signs are typographic minus and plus signs: compare the digits.
            assert f"{abs(value):.{digits}f}" in rows[label], (label, value)
    dealer = [s["figures"]["win_rate.first_dealer_team"] for s in REPORT["setups"]]
    assert f"{dealer[0]['value']:.1%}" in rows["first dealer's team wins"]
    assert "It hardly favours the dealer's team" in worked


def test_every_field_of_the_json_report_is_documented():
    fields = LAB.read_text().split("## The JSON report")[1]
    documented = set(re.findall(r'[`"]([a-z_0-9]+)[`"]', fields))
    assert set(REPORT) <= documented
    assert set(REPORT["setups"][0]) <= documented
    assert set(REPORT["differences"][0]) <= documented
    assert set(REPORT["metrics"][0]) <= documented
    for metric in REPORT["metrics"]:
        documented_key = re.sub(r"team_\d", "team_<t>", re.sub(
            r"^lines\.[a-z_0-9]+\.", "lines.<line>.", metric["key"]))
        assert f"`{documented_key}`" in fields


def test_the_readme_quotes_the_figures_of_the_command_it_shows(tmp_path, capsys):
    part = (ROOT / "README.md").read_text().split("## I wrote a rule")[1].split("\n## ")[0]
    args = command_in(part, "compare")
    assert main(smaller(args, "2", tmp_path)) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == REPORT["seed"]
    base, other = (s["figures"]["hands"]["value"] for s in REPORT["setups"])
    assert f"{base:.2f} to {other:.2f} hands over {REPORT['matches']:,} seeds" in part


def test_every_port_the_dask_commands_open_is_pinned_and_said():
    from distributed.cli.dask_worker import _apportion_ports

    text = LAB.read_text().split("## More than one machine")[1].split("\n## ")[0]
    scheduler = shlex.split(next(line for line in text.splitlines() if "dask scheduler" in line))
    worker = shlex.split(next(line for line in text.splitlines() if "dask worker" in line))
    prose = " ".join(line for line in text.splitlines() if ".venv/bin/" not in line)

    def flag(command: list[str], name: str) -> str:
        return command[command.index(name) + 1]

    assert flag(scheduler, "--port") in prose
    dashboard = flag(scheduler, "--dashboard-address")
    assert dashboard.startswith("127.0.0.1:") and dashboard.split(":")[1] in prose
    assert "--no-dashboard" in worker
    workers, nannies = flag(worker, "--worker-port"), flag(worker, "--nanny-port")
    for first, last in (workers.split(":"), nannies.split(":")):
        assert f"from {first} to {last}" in prose
    # The ranges are ones dask accepts, for a machine of many cores.
    assert len(_apportion_ports(workers, nannies, 64, True)) == 64
    assert "nanny" in prose and "dashboard" in prose
