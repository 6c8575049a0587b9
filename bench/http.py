"""HTTP throughput and latency of the API on a real server process over loopback.

Starts the server as ``make run`` does (``foraccio serve``) on a free loopback port, waits
for ``GET /health``, then measures, in alternating rounds of a few seconds
each, at 16 and at 50 connections: ``GET /health`` (the framework's floor),
``POST /games/play`` with an open state in hand 1 and in hand 10 of a long
match, and the hand-1 play in a sealed game. It reports the medians:
requests/s, p50/p99/max latency and server CPU per request; the ratios
play/health and hand 10/hand 1; the sizes of open states and tokens at hands
1, 10 and 50; what checking a posted state costs in hand 1 and hand 100; and two
workers against one. The load comes from wrk when it is installed (``make
bench`` installs it), else from a small Python client, which is slower and
says so. The server is stopped at the end.

Run with ``python -m bench.http`` (``make bench``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from bench import bodies, validation
from bench.server import HOST, Server, serving
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.posted import INLINE_PLAYS
from foraccio.api.sealing import SECRET_VARIABLE

GOAL = 0.8
FLOOR = 0.5
"""Play's requests/s as a share of health's, on the same server in the same run."""

SEALED_GOAL = 0.8
"""Sealed play's requests/s as a share of open play's."""
TOKEN_BOUND = 2048
"""Characters of a token, at any point of any match."""
CHECK_GOAL = 1.1
"""The check of a posted state in hand 100 as a share of the same check in hand 1."""
LATE_FLOOR = 0.9
"""Requests/s of ``/games/play`` in hand 10 as a share of hand 1's."""
P99_GOAL_MS, P99_FLOOR_MS = 5.0, 10.0
"""p99 latency of ``/games/play`` at 50 connections on one worker."""
VALIDATION_FLOOR = 0.25
"""Most server CPU per ``/games/play`` the check that a posted state is reachable may add."""
CONNECTIONS = (16, 50)



class Load(NamedTuple):
    """What a load generator measured in one round."""

    requests: int
    rps: float
    p50_ms: float
    p99_ms: float
    max_ms: float


class Result(NamedTuple):
    rps: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    cpu_us: float
    """Server CPU time per request (all its processes and threads): unlike requests/s,
    hardly moved by other load on the machine."""
    p99s: tuple[float, ...] = ()
    """Each round's p99, behind the median: on a shared machine they spread widely."""


class Target(NamedTuple):
    name: str
    method: str
    path: str
    body: bytes | None


# --- the server -----------------------------------------------------------------------


def cpu_seconds(server: Server) -> float:
    """CPU time used so far by every thread of every process of the server (Linux)."""
    ticks = 0
    for process in os.listdir("/proc"):
        if not process.isdigit():
            continue
        try:  # a process or a thread may go at any moment (a glob then raised)
            threads = os.listdir(f"/proc/{process}/task")
        except OSError:
            continue
        for thread in threads:
            try:
                stat = Path(f"/proc/{process}/task/{thread}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[2]) == server.pid:  # its process group
                ticks += int(fields[11]) + int(fields[12])  # utime + stime
    return ticks / os.sysconf("SC_CLK_TCK")


@contextmanager
def server(workers: int) -> Iterator[Server]:
    """A real server with the benchmark's secret, its log in a temporary file, and a data
    directory of its own there: in the machine's usual one, the rooms of whatever else
    ran there would be the benchmarked worker's to drive (rooms whose tokens its secret
    cannot open, each failure logged with its stack trace)."""
    with tempfile.TemporaryDirectory() as folder, serving(
            Path(folder) / "server.log", workers,
            {SECRET_VARIABLE: bodies.BENCH_SECRET, DATA_DIR_VARIABLE: folder}) as running:
        yield running


def check_target(url: str, target: Target) -> None:
    """One request first: a load test of error answers would measure the wrong thing."""
    request = urllib.request.Request(url + target.path, data=target.body, method=target.method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        if response.status != 200:
            raise SystemExit(f"{target.name} answered {response.status}")


# --- wrk ------------------------------------------------------------------------------

LUA = """wrk.method = "{method}"
wrk.headers["Content-Type"] = "application/json"
{body}
"""


def wrk_run(wrk: str, url: str, target: Target, seconds: float, connections: int,
            workdir: Path) -> Load:
    script = workdir / f"{target.name.replace(' ', '_').replace('/', '_')}.lua"
    body = ""
    if target.body is not None:
        body_file = workdir / "body.json"
        body_file.write_bytes(target.body)
        body = f'local f = io.open("{body_file}", "rb")\nwrk.body = f:read("*a")\nf:close()'
    script.write_text(LUA.format(method=target.method, body=body))
    out = subprocess.run(
        [wrk, "-t1", f"-c{connections}", f"-d{seconds:g}s", "--latency", "-s", str(script),
         url + target.path],
        capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out:
        raise SystemExit(f"{target.name}: some answers were not 2xx:\n{out}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    count = int(re.search(r"(\d+) requests in", out).group(1))
    latency = re.search(r"^\s+Latency\s+\S+\s+\S+\s+([\d.]+(?:us|ms|s))", out, re.M)
    return Load(count, rps, _wrk_latency(out, "50%"), _wrk_latency(out, "99%"),
                _milliseconds(latency.group(1)))


def _wrk_latency(out: str, percentile: str) -> float:
    return _milliseconds(re.search(rf"^\s+{percentile}\s+([\d.]+(?:us|ms|s))\s*$", out,
                                   re.M).group(1))


def _milliseconds(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[unit]


# --- the Python fallback --------------------------------------------------------------


def python_run(url: str, target: Target, seconds: float, connections: int) -> Load:
    """Keep-alive HTTP/1.1 clients on asyncio: one request in flight per connection."""
    return asyncio.run(_python_load(url, target, seconds, connections))


async def _python_load(url: str, target: Target, seconds: float, connections: int) -> Load:
    port = int(url.rsplit(":", 1)[1])
    body = target.body or b""
    request = (f"{target.method} {target.path} HTTP/1.1\r\nHost: {HOST}\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
               ).encode() + body
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def client() -> None:
        reader, writer = await asyncio.open_connection(HOST, port)
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"{target.name} answered {head.splitlines()[0]!r}")
            length = int(re.search(rb"(?i)content-length:\s*(\d+)", head).group(1))
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - start)
        writer.close()

    start = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(connections)))
    elapsed = time.perf_counter() - start
    latencies.sort()
    return Load(len(latencies), len(latencies) / elapsed, latencies[len(latencies) // 2] * 1e3,
                latencies[int(len(latencies) * 0.99)] * 1e3, latencies[-1] * 1e3)


# --- the report -----------------------------------------------------------------------


def measure(workers: int, targets: list[Target], connections: tuple[int, ...],
            rounds: int, seconds: float) -> dict[tuple[str, int], Result]:
    """Medians of each target at each number of connections, on one server."""
    wrk = shutil.which("wrk")
    results: dict[tuple[str, int], list[Result]] = {}
    with server(workers) as running, tempfile.TemporaryDirectory() as workdir:
        for target in targets:
            check_target(running.url, target)
        for _ in range(rounds):
            for count in connections:
                for target in targets:
                    cpu_before = cpu_seconds(running)
                    if wrk:
                        load = wrk_run(wrk, running.url, target, seconds, count, Path(workdir))
                    else:
                        load = python_run(running.url, target, seconds, count)
                    cpu_us = (cpu_seconds(running) - cpu_before) / load.requests * 1e6
                    results.setdefault((target.name, count), []).append(
                        Result(*load[1:], cpu_us))
    return {key: Result(*(statistics.median(r[i] for r in runs) for i in range(5)),
                        p99s=tuple(r.p99_ms for r in runs))
            for key, runs in results.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    targets = [Target("GET /health", "GET", "/health", None),
               Target("play, hand 1", "POST", "/games/play", bodies.play_body(1)),
               Target("play, hand 10", "POST", "/games/play", bodies.play_body(10)),
               Target("play, sealed", "POST", "/games/play", bodies.sealed_play_body(1))]
    load = ("wrk, 1 thread" if shutil.which("wrk") else
            "Python asyncio client (wrk not found: the client itself limits these figures; "
            "install wrk for real ones)")
    print(f"HTTP on loopback: granian --interface asgi; load: {load}; {args.rounds} "
          f"alternating rounds of {args.seconds:g} s per endpoint, medians")
    one = measure(1, targets, CONNECTIONS, args.rounds, args.seconds)
    for count in CONNECTIONS:
        print(f" 1 worker, {count} connections")
        for target in targets:
            r = one[target.name, count]
            print(f"  {target.name:<16} {r.rps:>8,.0f} req/s   p50 {r.p50_ms:6.2f} ms   "
                  f"p99 {r.p99_ms:6.2f} ms   max {r.max_ms:6.1f} ms   "
                  f"server CPU {r.cpu_us:4.0f} us/request")
    report_ratios(one)
    report_sizes()
    report_validation(one["play, hand 1", 16].cpu_us)
    two = measure(2, targets[:2], (50,), args.rounds, args.seconds)
    for name in ("GET /health", "play, hand 1"):
        single, double = one[name, 50], two[name, 50]
        print(f"  two workers / one, {name}, 50 connections: {double.rps / single.rps:.2f}x in "
              f"requests/s (p99 {double.p99_ms:.2f} ms)")
    print("    (both cores are shared by the server's workers and wrk: a second worker can "
          "add at most what wrk leaves idle)")


def _verdict(value: float, goal: float, floor: float | None = None, *, most: bool = False
             ) -> str:
    def met(bound: float) -> bool:
        return value <= bound if most else value >= bound

    if met(goal):
        return "goal met"
    if floor is None:
        return "BELOW GOAL"
    return "floor met" if met(floor) else "BELOW FLOOR"


def report_ratios(one: dict[tuple[str, int], Result]) -> None:
    health, play = one["GET /health", 16], one["play, hand 1", 16]
    ratio = play.rps / health.rps
    print(f"  play / health: {ratio:.2f}x in requests/s (goal {GOAL}x, floor {FLOOR}x: "
          f"{_verdict(ratio, GOAL, FLOOR)}); {health.cpu_us / play.cpu_us:.2f}x in server "
          f"CPU per request")
    play_50 = one["play, hand 1", 50]
    p99, rounds = play_50.p99_ms, ", ".join(f"{value:.1f}" for value in play_50.p99s)
    print(f"  p99 of play at 50 connections, one worker: {p99:.2f} ms, the median of the "
          f"rounds' {rounds} ms (goal {P99_GOAL_MS:g} ms, floor {P99_FLOOR_MS:g} ms: "
          f"{_verdict(p99, P99_GOAL_MS, P99_FLOOR_MS, most=True)}; `python -m bench.tail` "
          f"profiles its slowest requests)")
    late = one["play, hand 10", 16].rps / play.rps
    print(f"  play in hand 10 / hand 1: {late:.2f}x in requests/s (floor {LATE_FLOOR}x: "
          f"{'met' if late >= LATE_FLOOR else 'NOT MET'})")
    sealed = one["play, sealed", 16]
    ratio = sealed.rps / play.rps
    print(f"  sealed / open play: {ratio:.2f}x in requests/s (goal {SEALED_GOAL}x: "
          f"{_verdict(ratio, SEALED_GOAL)}); {play.cpu_us / sealed.cpu_us:.2f}x in server "
          f"CPU per request")


def report_sizes() -> None:
    sizes = bodies.sizes()
    for variant in bodies.VARIANTS:
        shown = ", ".join(f"hand {hand}: {sizes[variant, hand][0]:,} B / "
                          f"{sizes[variant, hand][1]:,} chars" for hand in bodies.HANDS)
        print(f"  {variant} open state / token: {shown}")
    first, last = bodies.HANDS[0], bodies.HANDS[-1]
    growth = max((sizes[variant, last][0] - sizes[variant, first][0]) / (last - first)
                 for variant in bodies.VARIANTS)
    token = max(size for _, size in sizes.values())
    print(f"    (the open state grows by about {growth:.0f} B a hand; a token stays within "
          f"{TOKEN_BOUND} chars at any hand: {'met' if token <= TOKEN_BOUND else 'NOT MET'}; "
          f"tests/api/test_long_matches.py checks every point of a target-1000 match)")


def report_validation(play_cpu_us: float) -> None:
    """What checking a posted state costs in process, at hand 1 and hand 100."""
    early, late = validation.costs(1), validation.costs(100)
    for name, what in (("answered", "a state this worker answered (a MAC and a lookup)"),
                       ("receipt", "a state another worker answered (a MAC, then its "
                                   "current hand dealt and played again)")):
        ratio = late[name] / early[name]
        print(f"  checking {what}: {early[name]:.0f} us in hand 1, {late[name]:.0f} us in "
              f"hand 100: {ratio:.2f}x (goal at most {CHECK_GOAL}x: "
              f"{'met' if ratio <= CHECK_GOAL else 'NOT MET'})")
    print(f"  checking a state without a receipt (replayed in full, in the bot pool past "
          f"{INLINE_PLAYS} plays): {early['full']:.0f} us in hand 1, "
          f"{late['full'] / 1000:.1f} ms in hand 100")
    share = early["answered"] / (play_cpu_us - early["answered"])
    print(f"  the check adds {share:.0%} to the server CPU of /games/play in hand 1 (floor "
          f"{VALIDATION_FLOOR:.0%}: {'met' if share <= VALIDATION_FLOOR else 'NOT MET'})")


if __name__ == "__main__":
    main()
