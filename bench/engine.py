"""Random-playout speed of every variant through the engine's public functions.

A playout is what a bot's simulation or an API client does: ``legal_moves``,
a uniformly random choice, ``play``; ``next_hand`` between hands and
``new_match`` per match. Each variant is measured in several runs of a few
seconds; the medians are reported. Run with ``make bench``.

The speed that counts is a ratio measured in the same run, as machines differ by
2x: against the reference playouts of the yardstick directory (``YARDSTICK``,
a fixed pair of programs kept outside the repository, run when it is there), and
against ``bench/naive.py`` (which runs at about half the yardstick's naive
playout, so its ratios overstate the engine).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench import naive
from foraccio.core import compiled
from foraccio.core.engine import legal_moves, new_match, next_hand, play
from foraccio.core.registry import variants

CHECKOUT = Path(__file__).resolve().parent.parent

YARDSTICK_TARGETS = {
    # ratio, what it means, how it is judged (at least / at most), floor, goal
    "the compiled engine": (
        ("foraccio/naive_ref", "Foraccio plays/s over the naive reference", ">=", 1.5, None),
        ("foraccio/fast_ref", "Foraccio plays/s over the bitmask reference", ">=", None, 0.5),
        ("zobelon/foraccio_time", "Zobelon's time per play over Foraccio's", "<=", None, 1.3),
    ),
    "the engine's Python source": (
        ("foraccio/naive_ref", "Foraccio plays/s over the naive reference", ">=", None, 1.5),
        ("foraccio/fast_ref", "Foraccio plays/s over the bitmask reference", ">=", None, None),
        ("zobelon/foraccio_time", "Zobelon's time per play over Foraccio's", "<=", None, 1.3),
    ),
}
"""The ratios the yardstick prints for each engine, with the floor (must) and goal (aim)
of each (issue #34): compiled, Foraccio never under 1.5x the naive reference and at 0.5x
the bitmask one; from source, at 1.5x the naive one; on both, Zobelon's time per play
within 1.3x Foraccio's."""

YARDSTICK_RUNS = 3
"""How many times the yardstick runs on each engine: its ratio moves by several percent
from one run to the next on a shared machine, so each run's ratios are printed and their
median is judged."""


def random_match(variant: str, seed: int, players: random.Random) -> int:
    """Play the match of ``seed`` with moves chosen by ``players`` at random, through the
    engine's public functions; return its card plays."""
    state, plays = new_match(variant, seed), 0
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = next_hand(state)
        state, _ = play(state, players.choice(legal_moves(state)))
        plays += 1
    return plays


def playout_run(variant: str, seconds: float, first_seed: int) -> tuple[float, float]:
    """Play random matches for ``seconds``; return (card plays/s, matches/s)."""
    players = random.Random(first_seed)
    plays = matches = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        plays += random_match(variant, first_seed + matches, players)
        matches += 1
    elapsed = time.perf_counter() - start
    return plays / elapsed, matches / elapsed


def naive_run(seconds: float, first_seed: int) -> float:
    """Play naive random matches for ``seconds``; return card plays/s."""
    players = random.Random(first_seed)
    plays = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        plays += naive.play_match(players)
    return plays / (time.perf_counter() - start)


def engine_in_use() -> str:
    """Which engine this process plays, in words for a benchmark's heading."""
    return ("the compiled engine" if "foraccio.core.engine" in compiled.active()
            else "the engine's Python source")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variant", action="append", help="variant to measure (default: all)")
    args = parser.parse_args(argv)
    names = args.variant or sorted(variants())
    engine = engine_in_use()
    print(f"Random playouts on {engine}, {args.runs} runs of {args.seconds:g} s per variant, "
          f"one core")
    # Interleave the runs so that machine noise hits every measurement alike.
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    naive_plays: list[float] = []
    for run in range(args.runs):
        naive_plays.append(naive_run(args.seconds, first_seed=run))
        for name in names:
            results[name].append(playout_run(name, args.seconds, first_seed=run * 100_000))
    naive_median = statistics.median(naive_plays)
    print(f"  {'naive':<12} {naive_median:>10,.0f} card plays/s  (bench/naive.py, measured "
          f"beside them)")
    per_play: dict[str, float] = {}
    for name in names:
        plays = statistics.median(r[0] for r in results[name])
        matches = statistics.median(r[1] for r in results[name])
        per_play[name] = 1e6 / plays
        print(f"  {name:<12} {plays:>10,.0f} card plays/s  {matches:>8,.1f} matches/s  "
              f"{per_play[name]:.2f} us/play  {plays / naive_median:.2f}x naive")
    if "foraccio" in per_play:
        for name in names:
            if name != "foraccio":
                print(f"  {name} / foraccio time per play: "
                      f"{per_play[name] / per_play['foraccio']:.2f}x")
    yardstick()


def yardstick() -> None:
    """Run the yardstick's ``enginespeed.py`` on the compiled engine (when it is built) and
    on the source, and print its ratios beside their floor and goal; say so when it is
    not there."""
    script = yardstick_script()
    if script is None:
        print("Yardstick: not found (no yardstick/enginespeed.py in a directory beside the "
              "checkout; YARDSTICK names its directory), so no floor or goal is judged; the "
              "ratios to bench/naive.py above overstate the engine about 2x")
        return
    engines = [("the compiled engine", {}), ("the engine's Python source",
                                         {"FORACCIO_PURE_PYTHON": "1"})]
    if compiled.built() != compiled.MODULES:
        print("The compiled engine is not built (make compiled): the yardstick runs on the "
              "source only")
        engines = engines[1:]
    for engine, environment in engines:
        print(f"Yardstick: {script}, {engine} beside its two reference playouts, "
              f"{YARDSTICK_RUNS} runs")
        runs = [_run_yardstick(script, environment) for _ in range(YARDSTICK_RUNS)]
        if None in runs:
            continue
        print(f"  the median of the {YARDSTICK_RUNS} runs:")
        for key, meaning, sense, floor, goal in YARDSTICK_TARGETS[engine]:
            value = statistics.median(ratios[key] for ratios in runs)
            print(f"  {key:<22} {value:5.2f}  {meaning}; {_judged(value, sense, floor, goal)}")


def _run_yardstick(script: Path, environment: dict[str, str]) -> dict[str, float] | None:
    """Run the yardstick once; print its figures and return its ratios (None when it
    failed, saying why)."""
    # Its engine is imported from the working directory: this checkout.
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         check=False, cwd=CHECKOUT, env={**os.environ, **environment})
    ratios = dict(re.findall(r"(\S+)=([0-9.]+)", ran.stdout.splitlines()[-1])
                  if ran.returncode == 0 and ran.stdout else ())
    if not ratios:
        print(f"  it failed (exit status {ran.returncode}): {ran.stderr.strip()[-500:]}")
        return None
    plays = re.findall(r"^(\S+)\s+([\d,]+) plays/s$", ran.stdout, re.MULTILINE)
    print("  " + ", ".join(f"{name} {rate}" for name, rate in plays) + " plays/s; "
          + " ".join(f"{key}={value}" for key, value in ratios.items()))
    return {key: float(value) for key, value in ratios.items()}


def yardstick_script() -> Path | None:
    """The yardstick's ``enginespeed.py``: in the directory ``YARDSTICK`` names, or else in
    the first ``yardstick`` directory of a directory beside the checkout."""
    named = os.environ.get("YARDSTICK")
    places = [Path(named)] if named else sorted(CHECKOUT.parent.glob("*/yardstick"))
    return next((place / "enginespeed.py" for place in places
                 if (place / "enginespeed.py").is_file()), None)


def _judged(value: float, sense: str, floor: float | None, goal: float | None) -> str:
    def meets(limit: float) -> bool:
        return value >= limit if sense == ">=" else value <= limit

    verdicts = ["no floor or goal here"] if floor is None and goal is None else []
    if floor is not None:
        verdicts.append(f"floor {sense} {floor}: {'met' if meets(floor) else 'NOT MET'}")
    if goal is not None:
        verdicts.append(f"goal {sense} {goal}: {'met' if meets(goal) else 'not met'}")
    return ", ".join(verdicts)


if __name__ == "__main__":
    main()
