"""A real Dask cluster on loopback, for the tests and the benchmarks: a ``dask scheduler``
and ``dask worker`` processes started with the very commands a cluster's machines run
(docs/lab.md), each in a process group of its own so that one worker can be killed
whole (its nanny too) and every process is stopped afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import NamedTuple

from bench.server import HOST, ROOT, free_port

DASK = Path(sys.executable).with_name("dask")


class Cluster(NamedTuple):
    address: str
    scheduler: subprocess.Popen
    workers: list[subprocess.Popen]


def _start(command: list[str], log: Path) -> subprocess.Popen:
    with log.open("wb") as output:
        return subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                start_new_session=True)


def kill(process: subprocess.Popen) -> None:
    """Kill ``process`` and its whole group at once (a worker with its nanny), as a
    machine that is switched off would go."""
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@contextmanager
def dask_cluster(logs: Path, workers: int = 2, timeout: float = 60) -> Iterator[Cluster]:
    """A scheduler and ``workers`` one-thread workers on free loopback ports; wait until
    every worker has joined (raise RuntimeError, naming the logs, when they have not
    within ``timeout`` seconds), yield the cluster, then stop it."""
    from distributed import Client

    logs.mkdir(parents=True, exist_ok=True)
    address = f"tcp://{HOST}:{free_port()}"
    started = [_start([str(DASK), "scheduler", "--host", HOST, "--port",
                       address.rsplit(":", 1)[1], "--no-dashboard"], logs / "scheduler.log")]
    try:
        for number in range(workers):
            started.append(_start(
                [str(DASK), "worker", address, "--nworkers", "1", "--nthreads", "1",
                 "--no-dashboard", "--memory-limit", "0", "--host", HOST],
                logs / f"worker-{number}.log"))
        deadline = time.monotonic() + timeout
        while True:
            try:
                with Client(address, timeout="5s") as client:
                    client.wait_for_workers(workers, timeout=max(1, deadline - time.monotonic()))
                break
            except (OSError, TimeoutError) as error:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the Dask cluster did not come up ({error}); see "
                                       f"the logs in {logs}") from None
                time.sleep(0.5)
        yield Cluster(address, started[0], started[1:])
    finally:
        for process in reversed(started):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                kill(process)
