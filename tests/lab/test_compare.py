"""``foraccio compare`` as a user runs it: the same report byte for byte on one process,
on two, and on a real Dask cluster (even one that loses a worker mid-run); Ctrl-C keeps
what was played and ``--resume`` finishes the run; bad input is refused before any
match is played."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from html import unescape
from pathlib import Path

import dask
import pytest
from rich.console import Console

from bench.dask_cluster import dask_cluster, kill
from bench.server import free_port
from foraccio.bots import Budget
from foraccio.cli.main import main
from foraccio.cli.simulate import simulate
from foraccio.lab.compare import compare
from foraccio.lab.play import Work, play_chunk
from foraccio.lab.runner import chunks, run_chunks
from foraccio.lab.setups import Setup
from tests.cli.terminal import FORACCIO
from tests.cli.test_foreign_game import FORACCIO_WORDS
from tests.cli.test_foreign_game import WORDS as LUMACA

ROOT = Path(__file__).resolve().parents[2]

# Short matches (to 11 points, one or two hands): the machinery is under test here, not
# the game.
RUN = ["compare", "foraccio", "--options", '{"target": 11}', "--with-house-rules", "colore",
       "--seed", "4", "--json", "--quiet"]


def compare_json(capsys, results: Path, *extra: str) -> str:
    assert main([*RUN, "--results", str(results), *extra]) == 0
    return capsys.readouterr().out


def test_the_report_is_the_same_on_one_process_two_and_a_dask_cluster(tmp_path, capsys):
    one = compare_json(capsys, tmp_path / "one.jsonl", "--matches", "30", "--workers", "1")
    two = compare_json(capsys, tmp_path / "two.jsonl", "--matches", "30", "--workers", "2")
    with dask_cluster(tmp_path / "dask") as cluster:
        on_dask = compare_json(capsys, tmp_path / "dask.jsonl", "--matches", "30",
                               "--dask", cluster.address)
        # foraccio simulate runs on the same machinery.
        lineups = (("heuristic",) * 2, ("random",) * 2)
        simulated = simulate("foraccio", lineups, 12, 3, options={"target": 11},
                             dask=cluster.address)
    assert simulated == simulate("foraccio", lineups, 12, 3, options={"target": 11})
    assert one == two == on_dask
    report = json.loads(one)
    assert report["matches"] == report["asked"] == 30
    assert [setup["name"] for setup in report["setups"]] == ["baseline", "+colore"]
    assert [setup["house_rules"] for setup in report["setups"]] == [[], ["colore"]]
    assert report["setups"][1]["figures"]["lines.colore.points_per_hand"]["value"] > 0


SETUPS = [Setup(name=name, variant="foraccio", options={"target": 11}, house_rules=rules,
                bots=("heuristic",) * 4) for name, rules in (("a", ()), ("b", ("colore",)))]


def test_a_dask_run_that_loses_a_worker_completes_with_the_same_numbers(tmp_path):
    results = tmp_path / "results.jsonl"
    outcome = {}
    with dask_cluster(tmp_path / "dask") as cluster:
        run = threading.Thread(target=lambda: outcome.update(report=compare(
            SETUPS, 200, 9, dask=cluster.address, results_file=results).report))
        run.start()
        # Once the first chunk is in the results file, one worker goes, nanny and all.
        while not results.exists() or len(results.read_bytes().splitlines()) < 2:
            assert run.is_alive()
            time.sleep(0.02)
        kill(cluster.workers[0])
        chunks_done_at_kill = len(results.read_bytes().splitlines()) - 1
        run.join(timeout=600)  # tens of seconds beside a CPU hog on both cores
        assert not run.is_alive(), "the run did not end after its worker was lost"
        assert cluster.workers[0].poll() is not None and cluster.workers[1].poll() is None
    assert chunks_done_at_kill < 20  # the rest was played after the worker was gone
    assert outcome["report"] == compare(SETUPS, 200, 9, workers=2).report


def test_ctrl_c_keeps_what_was_played_and_resume_finishes_the_run(tmp_path, capsys):
    results = tmp_path / "results.jsonl"
    # One process and 40 chunks: the stop comes after the first chunk, long before the
    # last, however late this test process gets the CPU on a busy machine.
    command = [sys.executable, "-m", "foraccio", *RUN, "--matches", "400", "--workers", "1",
               "--results", str(results)]
    # A terminal's Ctrl-C: SIGINT to the command's whole process group.
    # A shell ignores SIGINT in what it starts in the background (`make test &`), and the
    # command would inherit that: it gets a terminal's default back, as Python then
    # turns SIGINT into KeyboardInterrupt only where it is not ignored.
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    while not results.exists() or len(results.read_bytes().splitlines()) < 2:  # head, chunk
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    stopped = json.loads(out)
    assert 0 < stopped["matches"] < 400 and stopped["asked"] == 400
    assert stopped["matches"] % 10 == 0  # whole chunks
    assert b"--resume continues the run kept in" in err
    assert b"Traceback" not in err

    resumed = compare_json(capsys, results, "--matches", "400", "--workers", "2", "--resume")
    whole = compare_json(capsys, tmp_path / "whole.jsonl", "--matches", "400", "--workers", "2")
    assert resumed == whole


def test_the_progress_bar_counts_matches_from_the_first_and_hands_when_bots_search():
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=120, color_system=None)
    compare(SETUPS, 12, 1, progress=terminal)
    shown = screen.getvalue()
    assert "12/12 matches" in shown and "matches/s" in shown and "left" in shown

    screen.seek(0)
    screen.truncate()
    searching = [Setup(name=s.name, variant=s.variant, options=s.options,
                       house_rules=s.house_rules, bots=("ismcts", "heuristic") * 2)
                 for s in SETUPS]
    compare(searching, 2, 1, budget=Budget(iterations=2), progress=terminal)
    hands = [int(n) for n in re.findall(r"(\d+) hands", screen.getvalue())]
    assert hands and hands[-1] >= 4  # two matches in each of two setups


def test_every_match_and_hand_is_told_as_it_is_played_not_only_each_chunk():
    work = Work(tuple(SETUPS), 1)
    for workers in (1, 2):
        told: list[tuple[int, int]] = []
        done = list(run_chunks(play_chunk, work, chunks(12, 10), workers=workers,
                               tick=lambda matches, hands, told=told: told.append(
                                   (matches, hands))))
        matches = [match for _, played in sorted(done) for match in played]
        assert sum(m for m, _ in told) == 12
        assert sum(h for _, h in told) == sum(len(match.points) for per_seed in matches
                                              for match in per_seed)
        if workers == 1:  # in this process: one tick a hand, then one a match
            assert told.count((1, 0)) == 12


def test_resume_refuses_another_runs_file(tmp_path, capsys):
    results = tmp_path / "results.jsonl"
    compare_json(capsys, results, "--matches", "10", "--workers", "1")
    assert main([*RUN, "--results", str(results), "--matches", "20", "--resume"]) == 2
    assert "holds another run" in capsys.readouterr().err
    results.write_text("not a results file\n")
    assert main([*RUN, "--results", str(results), "--matches", "10", "--resume"]) == 2
    assert "is not a results file of foraccio compare" in capsys.readouterr().err


def test_the_table_says_what_is_significant(tmp_path, capsys):
    assert main(["compare", "foraccio", "--options", '{"target": 11}', "--with-house-rules",
                 "colore", "--matches", "20", "--workers", "1", "--quiet", "--results",
                 str(tmp_path / "r.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "20 matches per setup (seed 0)" in out
    assert "; * significant" in out and re.search(r"[-+]\d+\.\d+ \* *\n", out)  # a starred one
    assert "• +colore against baseline: Colore: points per hand rises from 0.000" in out


def test_a_scheduler_out_of_reach_is_reported(tmp_path, capsys):
    address = f"tcp://127.0.0.1:{free_port()}"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main([*RUN, "--matches", "10", "--dask", address, "--results",
                     str(tmp_path / "r.jsonl")]) == 2
        assert f"compare: --dask: cannot reach the scheduler at {address}" in (
            capsys.readouterr().err)
        assert main(["simulate", "--matches", "10", "--quiet", "--dask", address]) == 2
        assert f"simulate: --dask: cannot reach the scheduler at {address}" in (
            capsys.readouterr().err)


def test_bad_setups_are_refused_before_any_match(tmp_path, capsys):
    results = tmp_path / "r.jsonl"
    base = ["compare", "foraccio", "--results", str(results), "--quiet"]
    assert main([*base, "--with-house-rules", "nosuchrule"]) == 2
    assert "nosuchrule" in capsys.readouterr().err
    assert main([*base, "--with-bots", "nosuchbot"]) == 2
    assert "There is no bot" in capsys.readouterr().err
    assert main([*base, "--with-bots", "heuristic,random,random"]) == 2
    assert "give 1 bot (for every seat), 2 (one per team) or 4" in capsys.readouterr().err
    assert main(base) == 2
    assert "nothing to compare" in capsys.readouterr().err
    assert not results.exists()


def test_setups_keep_the_order_of_the_command_line(tmp_path, capsys):
    assert main(["compare", "foraccio", "--options", '{"target": 11}', "--with-bots",
                 "heuristic,random", "--with-options", '{"target": 21}', "--with-house-rules",
                 "colore", "--with-variant", "zobelon", "--matches", "2", "--workers", "1",
                 "--quiet", "--json",
                 "--results", str(tmp_path / "r.jsonl")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(s["name"], s["bots"], s["options"]) for s in report["setups"]] == [
        ("baseline", ["heuristic"] * 4, {"target": 11}),
        ("heuristic,random", ["heuristic", "random", "heuristic", "random"], {"target": 11}),
        ("target=21", ["heuristic"] * 4, {"target": 21}),
        ("+colore", ["heuristic"] * 4, {"target": 11}),
        ("zobelon", ["heuristic"] * 4, {"target": 11})]
    assert [s["variant"] for s in report["setups"]] == ["foraccio"] * 4 + ["zobelon"]


def test_a_results_file_is_never_replaced_unless_asked_and_the_paths_are_said(tmp_path, capsys):
    results, html = tmp_path / "r.jsonl", tmp_path / "report.html"
    compare_json(capsys, results, "--matches", "10", "--workers", "1")
    kept = results.read_bytes()
    assert main([*RUN, "--results", str(results), "--matches", "20", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{results} already holds a run" in err
    assert "--resume" in err and "--overwrite" in err
    assert results.read_bytes() == kept
    assert main([*RUN, "--results", str(results), "--matches", "20", "--workers", "1",
                 "--overwrite", "--html", str(html)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["matches"] == 20 and results.read_bytes() != kept
    assert f"the report with its plots is in {html}" in err and html.exists()
    assert f"the matches played are kept in {results}" in err


def test_the_help_says_95_percent_plainly(capsys):
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    out = capsys.readouterr().out
    assert "95% intervals" in " ".join(out.split()) and "%%" not in out


def visible(html: str) -> str:
    """The text a person reads on a page: no tags, no attributes, no style sheet."""
    body = re.sub(r"<style>.*?</style>", " ", html.split("<body>")[1], flags=re.DOTALL)
    return unescape(re.sub(r"<[^>]+>", " ", body))


DECIMALS = {"en": (re.compile(r"\d\.\d"), re.compile(r"\d,\d")),
            "it": (re.compile(r"\d,\d"), re.compile(r"\d\.\d"))}
"""A number with decimals as each language writes it (65.0%, 65,0%), and as it does
not."""


def written_as_the_language_writes_numbers(text: str, lang: str) -> bool:
    """Whether ``text`` has numbers with decimals, each written as ``lang`` writes it."""
    written, foreign = DECIMALS[lang]
    return bool(written.search(text)) and not foreign.search(text)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"title": "20 matches per setup (seed 0)", "line": "La 24: points per hand",
            "finding": "+colore against baseline: Colore: points per hand rises from 0.000",
            "page": ["What changes: baseline vs +colore", "Findings", "Plots",
                     "Difference from the baseline in points per hand",
                     "The dealing team's edge per hand"],
            "said": "the report with its plots is in"}),
    ("it", {"title": "20 partite per configurazione (numero 0)", "line": "La 24: punti a mano",
            "finding": "+colore rispetto a riferimento: Colore: punti a mano sale da 0,000",
            "page": ["Cosa cambia: riferimento contro +colore", "Risultati", "Grafici",
                     "Differenza dal riferimento in punti a mano",
                     "Il vantaggio della squadra del mazziere a mano"],
            "said": "il resoconto con i grafici è in"}),
])
def test_the_report_speaks_each_language_and_the_games_words(tmp_path, capsys, lang, words):
    page_file = tmp_path / "report.html"
    assert main(["--lang", lang, "compare", "foraccio", "--options", '{"target": 11}',
                 "--with-house-rules", "colore", "--matches", "20", "--workers", "1",
                 "--quiet", "--results", str(tmp_path / "r.jsonl"), "--html",
                 str(page_file)]) == 0
    out, err = capsys.readouterr()
    assert words["title"] in out and words["said"] in err
    assert words["line"] in " ".join(out.split())
    assert "• " + words["finding"] in out
    page = page_file.read_text()
    assert f'<html lang="{lang}">' in page
    text = " ".join(visible(page).split())
    for heading in words["page"]:
        assert heading in text, heading
    # Score lines by their names in words, never by their wire names.
    for wire in ("la_24", "primo_onore", "colore", "napoli"):
        wired = re.compile(rf"(?<![+\w]){wire}\b")  # "+colore" is the setup's name
        assert not wired.search(out) and not wired.search(text), wire
    if lang == "it":
        for english in ("matches per setup", "points per hand", "against baseline", "Findings",
                        "baseline", " vs ", "cifr", "seme", "quota", "patt"):
            assert english not in out and english not in text, english
    # Every figure with decimals as the language writes it: 65,0% in Italian.
    assert written_as_the_language_writes_numbers(out, lang), out
    assert written_as_the_language_writes_numbers(text, lang), text


def test_the_help_speaks_italian_too(capsys):
    with pytest.raises(SystemExit):
        main(["compare", "--help", "--lang", "it"])
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("uso: foraccio compare")
    assert "intervalli al 95%" in out and "%%" not in out
    assert "argomenti posizionali:" in out and "mostra questo aiuto ed esci" in out


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_game_that_shares_no_word_with_foraccio_is_compared_in_its_own_words(tmp_path, lang):
    # The test-only variant Lumaca (tests/foreign), compared by the installed command in
    # its own process, as a user runs it.
    page_file = tmp_path / "report.html"
    done = subprocess.run(
        [str(FORACCIO), "compare", "lumaca", "--with-bots", "random", "--matches", "4",
         "--workers", "1", "--lang", lang, "--results", str(tmp_path / "r.jsonl"),
         "--html", str(page_file)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    page = page_file.read_text()
    text = " ".join(visible(page).split())
    assert f'<html lang="{lang}">' in page
    per_hand = {"en": "{line}: points per hand", "it": "{line}: punti a mano"}[lang]
    for line in LUMACA[lang]["lines"]:  # its own score lines, in the language asked for
        assert per_hand.format(line=line) in out, line
        assert per_hand.format(line=line) in text, line
    # No word of Foraccio's (the command's own name, "foraccio compare", heads the page
    # and its messages: it is the program's, not the game's), no English in Italian.
    assert not FORACCIO_WORDS.search(out), FORACCIO_WORDS.search(out)
    assert not FORACCIO_WORDS.search(text), FORACCIO_WORDS.search(text)
    if lang == "it":
        for english in ("matches per setup", "points per hand", "against baseline",
                        "Findings", "Heap", "Sevens", " to "):
            assert english not in out and english not in text, english
    assert written_as_the_language_writes_numbers(out, lang), out
    assert written_as_the_language_writes_numbers(text, lang), text


def test_bots_are_taken_and_said_by_their_italian_names(tmp_path, capsys):
    assert main(["--lang", "it", "compare", "foraccio", "--options", '{"target": 11}',
                 "--bots", "casuale", "--with-bots", "euristico,casuale", "--matches", "2",
                 "--workers", "1", "--quiet", "--results", str(tmp_path / "r.jsonl"),
                 "--html", str(tmp_path / "r.html")]) == 0
    out = capsys.readouterr().out
    # The report keeps the bots' names, which a run resumed in English finds again.
    report = json.loads((tmp_path / "r.jsonl").read_text().splitlines()[0])
    assert [setup["name"] for setup in report["run"]["setups"]] == ["baseline", "heuristic,random"]
    shown = " ".join(out.split()) + " " + visible((tmp_path / "r.html").read_text())
    assert "euristico,casuale" in shown and "riferimento" in shown
    assert not re.search(r"\b(heuristic|random|baseline|vs)\b", shown)
