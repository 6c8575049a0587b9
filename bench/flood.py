"""``GET /health`` while clients flood the server with long finished matches.

A finished target-1000 match is a state of about a hundred hands (25 KB); checking it
by replaying the match took 40-85 ms of the event loop, so eight clients posting forty
of them in rotation to ``POST /games/score`` kept ``/health`` waiting (p99 152 ms, the
server on one CPU). This benchmark repeats that attack on a real server pinned to one
CPU, with its clients and a ``/health`` probe (a process of its own) on the other
CPUs, twice: with the states as the server answered them (their receipts intact),
and with the receipts taken out (each state then checked in full, in the bot pool).
It prints the probe's p50, p99 and max beside the goal (p99 under 50 ms) and how the
flood's requests were answered.

Run with ``python -m bench.flood`` (``make bench`` runs it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import msgspec

from bench import bodies
from bench.busy import call, percentile
from bench.server import serving
from foraccio.api.sealing import SECRET_VARIABLE
from foraccio.core.engine import legal_moves, new_match, next_hand, play

GOAL_MS = 50.0
"""p99 of ``GET /health`` during the flood."""
MATCHES = 40
CLIENTS = 8
PROBE_PAUSE = 0.01
"""Seconds between two probes of ``/health``."""
SERVER_CPU = 0


def finished_match(seed: int) -> dict:
    """A random Foraccio match played to a target of 1000, as the server answers it."""
    rng = random.Random(seed)
    state = new_match("foraccio", seed, {"target": 1000})
    while state.phase != "game_over":
        state = next_hand(state) if state.phase == "hand_over" else \
            play(state, rng.choice(legal_moves(state)))[0]
    return msgspec.to_builtins(bodies.answered(state))


def flood(url: str, states: list[bytes], seconds: float) -> tuple[Counter, int]:
    """``CLIENTS`` clients posting ``states`` in rotation for ``seconds``; the statuses
    and codes of the answers, and how many requests were made."""
    answers: Counter = Counter()
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def client(offset: int) -> None:
        import http.client

        host, port = url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        index = offset
        while time.monotonic() < end:
            status, content = call(url, "POST", "/games/score", states[index % len(states)],
                                   connection)
            code = "" if status == 200 else json.loads(content).get("code", "")
            with lock:
                answers[status, code] += 1
            index += 1
        connection.close()

    threads = [threading.Thread(target=client, args=(n * len(states) // CLIENTS,))
               for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers, sum(answers.values())


def probe(url: str, seconds: float) -> list[float]:
    """Latencies in ms of ``GET /health``, one every :data:`PROBE_PAUSE`, for ``seconds``."""
    import http.client

    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    latencies = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        status, _ = call(url, "GET", "/health", None, connection)
        latencies.append((time.perf_counter() - start) * 1e3)
        if status != 200:
            raise SystemExit(f"/health answered {status}")
        time.sleep(PROBE_PAUSE)
    return latencies


def probed_flood(url: str, states: list[bytes], seconds: float) -> tuple[list[float], Counter]:
    """The probe's latencies (from a process of its own) during a flood of ``states``."""
    prober = subprocess.Popen([sys.executable, "-m", "bench.flood", "--probe", url,
                               "--seconds", str(seconds)], stdout=subprocess.PIPE,
                              preexec_fn=_off_the_server_cpu)
    answers, _ = flood(url, states, seconds)
    out, _ = prober.communicate(timeout=seconds + 60)
    return json.loads(out), answers


def _off_the_server_cpu() -> None:
    others = os.sched_getaffinity(0) - {SERVER_CPU}
    if others:
        os.sched_setaffinity(0, others)


def report(title: str, latencies: list[float], answers: Counter, seconds: float) -> bool:
    p99 = percentile(latencies, 0.99)
    met = p99 < GOAL_MS
    shown = ", ".join(f"{count} x {status}{' ' + code if code else ''}"
                      for (status, code), count in sorted(answers.items()))
    print(f"  {title}")
    print(f"    GET /health: {len(latencies)} probes, p50 {percentile(latencies, 0.5):.2f} ms, "
          f"p99 {p99:.2f} ms, max {max(latencies):.2f} ms (goal p99 < {GOAL_MS:g} ms: "
          f"{'met' if met else 'NOT MET'})")
    print(f"    the flood: {sum(answers.values()) / seconds:,.0f} requests/s: {shown}")
    return met


def run(seconds: float) -> bool:
    """Run both floods and print their figures; return whether the goal was met twice."""
    matches = [finished_match(seed) for seed in range(MATCHES)]
    hands = sorted(len(match["record"]) for match in matches)
    answered = [msgspec.json.encode({"state": match}) for match in matches]
    unsigned = [msgspec.json.encode({"state": {key: value for key, value in match.items()
                                               if key != "receipt"}}) for match in matches]
    size = sum(map(len, answered)) / len(answered)
    print(f"Replay flood: {CLIENTS} clients post {MATCHES} finished target-1000 matches "
          f"({hands[0]} to {hands[-1]} hands, {size / 1000:.0f} KB each) in rotation to "
          f"POST /games/score for {seconds:g} s; granian, 1 worker, pinned to CPU "
          f"{SERVER_CPU}; /health probed from its own process")
    _off_the_server_cpu()  # the clients, too
    met = True
    with tempfile.TemporaryDirectory() as folder, serving(
            Path(folder) / "server.log", environment={SECRET_VARIABLE: bodies.BENCH_SECRET},
            cpus={SERVER_CPU}) as running:
        for title, states in (("as the server answered them (receipts intact):", answered),
                              ("without their receipts (each checked in full, in the bot "
                               "pool):", unsigned)):
            latencies, answers = probed_flood(running.url, states, seconds)
            met &= report(title, latencies, answers, seconds)
    return met


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--probe", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.probe:  # the probe's own process
        print(json.dumps(probe(args.probe, args.seconds)))
        return
    run(args.seconds)


if __name__ == "__main__":
    main()
