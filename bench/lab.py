"""The house-rule lab's speed (issue #27): matches a second of ``foraccio compare`` with
heuristic bots, on one process, on every core of this machine, and on a local Dask
cluster of one worker and then two (started with the ``dask scheduler`` and ``dask
worker`` commands, as on real machines), judged against the goals:

- every core plays at least 0.9 x cores x one process (the floor: 0.8 x);
- Dask with two workers plays at least 1.7 x Dask with one.

Each figure is the whole run's matches over its wall time, start-up included (a pool's
processes, a cluster's scheduling), as a user waits for it. On a machine that other work
shares, the wall time says as much about that work as about the lab, so the local runs
also print the CPU time a match took (this process and its workers): equal figures mean
the work was split without waste, whatever the wall time says; the load average is
printed before and after. Run with ``make bench``;
``--seeds`` sets the size (each seed is played by both setups: Foraccio, and Foraccio
with the colore house rule).
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

from bench.dask_cluster import dask_cluster
from bench.engine import engine_in_use
from foraccio.lab.compare import compare
from foraccio.lab.runner import default_workers
from foraccio.lab.setups import Setup

SETUPS = [Setup(name=name, variant="foraccio", options={}, house_rules=rules,
                bots=("heuristic",) * 4) for name, rules in (("baseline", ()),
                                                             ("+colore", ("colore",)))]
SEED = 2027

CORES_GOAL, CORES_FLOOR = 0.9, 0.8
"""All cores against one process: at least this many times the cores (goal, floor)."""

DASK_GOAL = 1.7
"""Two Dask workers against one: at least this many times."""


def matches_per_second(seeds: int, **where) -> float:
    """Matches a second of a comparison of :data:`SETUPS` on ``seeds`` seeds."""
    return _measured(seeds, **where)[0]


def _measured(seeds: int, **where) -> tuple[float, float]:
    """Matches a second, and CPU milliseconds a match in this process and the workers it
    waited for (meaningless on Dask, whose workers are not this process's children)."""
    cpu = _cpu()
    started = time.perf_counter()
    outcome = compare(SETUPS, seeds, SEED, **where)
    wall = time.perf_counter() - started
    assert outcome.report["matches"] == seeds
    matches = seeds * len(SETUPS)
    return matches / wall, (_cpu() - cpu) * 1000 / matches


def _cpu() -> float:
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                          resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _judged(ratio: float, goal: float, floor: float | None = None) -> str:
    if ratio >= goal:
        return f"goal {goal:.2f} met"
    if floor is not None and ratio >= floor:
        return f"below the goal {goal:.2f}, above the floor {floor:.2f}"
    return f"NOT met (goal {goal:.2f}" + (f", floor {floor:.2f})" if floor else ")")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=1000,
                        help="seeds per measurement (default: %(default)s)")
    args = parser.parse_args()
    cores = default_workers()
    engine = engine_in_use()
    print(f"The lab, heuristic bots, {args.seeds} seeds x {len(SETUPS)} setups per "
          f"measurement, on {engine}, {cores} cores:")
    print(f"  load average before: {_load()}")
    one, one_cpu = _measured(args.seeds, workers=1)
    print(f"  one process      {one:8.1f} matches/s  ({one_cpu:.1f} CPU ms a match)")
    every, every_cpu = _measured(args.seeds, workers=cores)
    ratio = every / one / cores
    print(f"  {cores} processes      {every:8.1f} matches/s  ({every_cpu:.1f} CPU ms a match) = "
          f"{ratio:.2f} x cores x one process: {_judged(ratio, CORES_GOAL, CORES_FLOOR)}")
    with tempfile.TemporaryDirectory() as logs:
        with dask_cluster(Path(logs) / "one", workers=1) as cluster:
            dask_one = matches_per_second(args.seeds, dask=cluster.address)
        print(f"  Dask, 1 worker   {dask_one:8.1f} matches/s")
        with dask_cluster(Path(logs) / "two", workers=2) as cluster:
            dask_two = matches_per_second(args.seeds, dask=cluster.address)
    ratio = dask_two / dask_one
    print(f"  Dask, 2 workers  {dask_two:8.1f} matches/s  = {ratio:.2f} x one worker: "
          f"{_judged(ratio, DASK_GOAL)}")
    print(f"  load average after: {_load()}")


def _load() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg()) + " (1, 5, 15 minutes)"


if __name__ == "__main__":
    main()
