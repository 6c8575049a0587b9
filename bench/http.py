"""HTTP throughput of the API on a real server process over loopback.

Starts granian serving ``api.app:create_app`` on a free loopback port, waits
for ``GET /health``, then measures ``GET /health`` (the framework's floor)
and ``POST /games/play`` with a fixed mid-hand state and a legal move, open
and sealed (the same state in a token, with the seat's key), alternating
rounds of a few seconds each, and reports the medians: requests/s, p50/p99
latency, the ratio play/health, the ratio sealed/open play and the size of
the mid-hand token. Last, the cost of checking that a posted state is one the
engine reaches, measured in process, as a share of the server CPU per play. The load comes from
wrk when it is installed (``make bench`` installs it), else from a small
Python client, which is slower and says so. The server is stopped at the end.

Run with ``python -m bench.http`` (``make bench``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import msgspec

GOAL = 0.8
FLOOR = 0.5
"""Play's requests/s as a share of health's, on the same server in the same run."""

SEALED_GOAL = 0.8
"""Sealed play's requests/s as a share of open play's."""
TOKEN_GOAL = 2048
"""Characters of a mid-hand token."""
VALIDATION_FLOOR = 0.25
"""Most server CPU per ``/games/play`` the check that a posted state is reachable may add."""
BENCH_SECRET = "foraccio-bench-secret"
"""The server's secret during the benchmark, so that the sealed body opens there."""

HOST = "127.0.0.1"


class Load(NamedTuple):
    """What a load generator measured in one round."""

    requests: int
    rps: float
    p50_ms: float
    p99_ms: float


class Result(NamedTuple):
    rps: float
    p50_ms: float
    p99_ms: float
    cpu_us: float
    """Server CPU time per request (all its processes and threads): unlike requests/s,
    hardly moved by other load on the machine."""


class Target(NamedTuple):
    name: str
    method: str
    path: str
    body: bytes | None


def play_body() -> bytes:
    """The documented example of ``POST /games/play``: a mid-hand state and a capture."""
    from api.examples import examples

    return msgspec.json.encode(examples().play)


def sealed_play_body() -> tuple[bytes, int]:
    """The same play in a sealed game, and the length of its token."""
    from api.examples import PLAYS_BEFORE_EXAMPLE, examples
    from api.sealing import SealedGame, Sealer, new_game_id

    state, move = examples().mid_hand_state, examples().mid_hand_move
    sealer, game_id = Sealer(BENCH_SECRET.encode()), new_game_id()
    token = sealer.seal(SealedGame(game_id, PLAYS_BEFORE_EXAMPLE, state))
    body = {"token": token, "seat_key": sealer.seat_key(game_id, state.turn),
            "move": msgspec.to_builtins(move)}
    return msgspec.json.encode(body), len(token)


def validation_costs(repeats: int = 300) -> dict[str, float]:
    """In-process medians, in microseconds, of checking the play body's state.

    ``all`` is :func:`~core.validation.validate_state` with that state already
    remembered, as when a client posts the state the server just answered (what
    the load test posts); ``reachable`` is the part of it that rebuilds the state and
    compares (:mod:`core.reachable`); ``one_play`` is the whole check when only the
    state one move earlier is remembered (a client playing on); ``cold`` when
    nothing is (a worker that never saw the match).
    """
    from api.examples import examples
    from core import reachable
    from core.engine import moves_of, new_match, play
    from core.validation import validate_state

    state = examples().mid_hand_state
    previous = new_match(state.variant, state.seed, state.options, state.house_rules)
    for move in moves_of(state.events)[:-1]:
        previous = play(previous, move)[0]

    def median_us(run, prepare=lambda: None) -> float:
        times = []
        for _ in range(repeats):
            prepare()
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1e6

    def remember_previous() -> None:
        reachable.forget()
        validate_state(previous)

    validate_state(state)
    return {"all": median_us(lambda: validate_state(state)),
            "reachable": median_us(lambda: reachable.reached(state) == state),
            "one_play": median_us(lambda: validate_state(state), remember_previous),
            "cold": median_us(lambda: validate_state(state), reachable.forget)}


# --- the server -----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server(NamedTuple):
    url: str
    pid: int
    """Leader of the server's process group."""


def cpu_seconds(server: Server) -> float:
    """CPU time used so far by every thread of every process of the server (Linux)."""
    ticks = 0
    for task in Path("/proc").glob("[0-9]*/task/[0-9]*/stat"):
        try:
            fields = task.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the thread has gone
        if int(fields[2]) == server.pid:  # its process group
            ticks += int(fields[11]) + int(fields[12])  # utime + stime
    return ticks / os.sysconf("SC_CLK_TCK")


@contextmanager
def server(workers: int):
    """Run granian on a free loopback port; yield it; stop it afterwards."""
    port = free_port()
    granian = Path(sys.executable).with_name("granian")
    command = [str(granian), "--interface", "asgi", "--factory", "--host", HOST,
               "--port", str(port), "--workers", str(workers), "api.app:create_app"]
    # The request log goes to /dev/null: written as in production, not kept.
    from api.sealing import SECRET_VARIABLE

    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True,
                               env={**os.environ, SECRET_VARIABLE: BENCH_SECRET})
    url = f"http://{HOST}:{port}"
    try:
        wait_until_up(url, process)
        yield Server(url, process.pid)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_until_up(url: str, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited early:\n{process.stderr.read().decode()}")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server did not answer /health within {timeout:g} s")


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
    return Load(count, rps, _wrk_latency(out, "50%"), _wrk_latency(out, "99%"))


def _wrk_latency(out: str, percentile: str) -> float:
    value, unit = re.search(rf"^\s+{percentile}\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
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
                latencies[int(len(latencies) * 0.99)] * 1e3)


# --- the report -----------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int,
                        default=int(os.environ.get("FORACCIO_WORKERS", "1")))
    args = parser.parse_args(argv)
    sealed_body, token_size = sealed_play_body()
    targets = [Target("GET /health", "GET", "/health", None),
               Target("POST /games/play", "POST", "/games/play", play_body()),
               Target("play, sealed", "POST", "/games/play", sealed_body)]
    wrk = shutil.which("wrk")
    load = (f"wrk, 1 thread, {args.connections} connections" if wrk else
            f"Python asyncio client, {args.connections} connections (wrk not found: the "
            f"client itself limits these figures; install wrk for real ones)")
    print(f"HTTP on loopback: granian --interface asgi, {args.workers} worker(s); load: {load}; "
          f"{args.rounds} alternating rounds of {args.seconds:g} s per endpoint, medians")
    results: dict[str, list[Result]] = {target.name: [] for target in targets}
    with server(args.workers) as running, tempfile.TemporaryDirectory() as workdir:
        for target in targets:
            check_target(running.url, target)
        for _ in range(args.rounds):
            for target in targets:
                cpu_before = cpu_seconds(running)
                if wrk:
                    load = wrk_run(wrk, running.url, target, args.seconds, args.connections,
                                   Path(workdir))
                else:
                    load = python_run(running.url, target, args.seconds, args.connections)
                cpu_us = (cpu_seconds(running) - cpu_before) / load.requests * 1e6
                results[target.name].append(Result(load.rps, load.p50_ms, load.p99_ms, cpu_us))
    medians = {name: Result(*(statistics.median(r[i] for r in runs) for i in range(4)))
               for name, runs in results.items()}
    for name, result in medians.items():
        print(f"  {name:<18} {result.rps:>9,.0f} req/s   p50 {result.p50_ms:6.2f} ms   "
              f"p99 {result.p99_ms:6.2f} ms   server CPU {result.cpu_us:5.0f} us/request")
    health, play = medians["GET /health"], medians["POST /games/play"]
    ratio = play.rps / health.rps
    verdict = "goal met" if ratio >= GOAL else "floor met" if ratio >= FLOOR else "BELOW FLOOR"
    print(f"  play / health: {ratio:.2f}x in requests/s (goal {GOAL}x, floor {FLOOR}x: "
          f"{verdict}); {health.cpu_us / play.cpu_us:.2f}x in server CPU per request")
    sealed = medians["play, sealed"]
    ratio = sealed.rps / play.rps
    print(f"  sealed / open play: {ratio:.2f}x in requests/s (goal {SEALED_GOAL}x: "
          f"{'goal met' if ratio >= SEALED_GOAL else 'BELOW GOAL'}); "
          f"{play.cpu_us / sealed.cpu_us:.2f}x in server CPU per request; mid-hand token "
          f"{token_size} characters (goal <= {TOKEN_GOAL})")
    costs = validation_costs()
    quick = costs["all"] - costs["reachable"]  # the checks made before reachability was
    without = play.cpu_us - costs["reachable"]
    load_share = costs["reachable"] / without
    playing_share = (costs["one_play"] - quick) / without
    print(f"  validation of the posted state (in process): {costs['all']:.0f} us, of which the "
          f"reachability check {costs['reachable']:.0f} us; {costs['one_play']:.0f} us when "
          f"only the state one move earlier is remembered, {costs['cold']:.0f} us cold")
    verdict = "met" if playing_share <= VALIDATION_FLOOR else "NOT MET"
    print(f"  the reachability check adds {load_share:.0%} to the server CPU of /games/play as "
          f"loaded here, {playing_share:.0%} for a client playing on (floor "
          f"{VALIDATION_FLOOR:.0%}: {verdict}), {costs['cold'] / without:.0%} cold")


if __name__ == "__main__":
    main()
