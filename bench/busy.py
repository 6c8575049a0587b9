"""Latency of the cheap requests while bots work at their hardest, on a real server.

Starts granian serving the app (one worker, :func:`bench.http.server`), reads
the ceilings in force (``GET /limits``), then sends four ``POST /games/autoplay``
requests at once, each with four ``ismcts`` bots at the largest budget allowed
(``budget.iterations`` at the ceiling) to the end of the match: minutes of
work each without the ceilings. While they run, a simple client (one keep-alive
connection per endpoint, a request every few milliseconds, alternating) measures
``GET /health`` and ``POST /games/play`` (a mid-hand capture, the documented
example): p50, p99 and max, beside the goal, p99 under 50 ms. For comparison it
measures the same for a few seconds before the bots start. Last, how each
autoplay request ended (status, plays, ``done``, seconds).

The ceilings are the server's defaults unless the environment sets them
(``FORACCIO_BOT_*``, see :mod:`foraccio.api.limits`); ``--bot-seconds`` sets the ceiling
on seconds for a shorter run. The server is stopped at the end.

Run with ``python -m bench.busy`` (``make bench`` runs it after ``bench.http``).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import threading
import time
from typing import NamedTuple

from bench.http import server

GOAL_MS = 50.0
"""p99 of ``GET /health`` and ``POST /games/play`` while the bots work."""

AUTOPLAYS = 4
PAUSE = 0.004
"""Seconds between two measured requests: a steady trickle, not a load of its own."""


class Ended(NamedTuple):
    """How one autoplay request ended."""

    status: int
    code: str
    plays: int | None
    done: bool | None
    seconds: float


def call(url: str, method: str, path: str, body: bytes | None = None,
         connection: http.client.HTTPConnection | None = None,
         timeout: float = 600) -> tuple[int, bytes]:
    """One request, on ``connection`` if given (kept alive), else on a new one."""
    own = connection is None
    if own:
        host, port = url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    content = response.read()
    if own:
        connection.close()
    return response.status, content


def bodies() -> tuple[bytes, dict]:
    """The play body (the documented example) and the start of a match for the bots."""
    import msgspec

    from foraccio.api.examples import examples
    from foraccio.core.engine import new_match
    from foraccio.core.wire import to_wire

    play = msgspec.json.encode(examples().play)
    return play, msgspec.to_builtins(to_wire(new_match("foraccio", 3)))


def measure(url: str, targets: list[tuple[str, str, str, bytes | None]],
            running: threading.Event | None, seconds: float) -> dict[str, list[float]]:
    """Latencies in ms of each target, one request at a time in turn, for ``seconds`` or
    while ``running`` is set."""
    host, port = url.removeprefix("http://").split(":")
    connections = {name: http.client.HTTPConnection(host, int(port), timeout=30)
                   for name, *_ in targets}
    latencies: dict[str, list[float]] = {name: [] for name, *_ in targets}
    end = time.monotonic() + seconds
    while (running.is_set() if running is not None else time.monotonic() < end):
        for name, method, path, body in targets:
            start = time.perf_counter()
            status, _ = call(url, method, path, body, connections[name])
            latencies[name].append((time.perf_counter() - start) * 1e3)
            if status != 200:
                raise SystemExit(f"{name} answered {status}")
            time.sleep(PAUSE)
    for connection in connections.values():
        connection.close()
    return latencies


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def report(title: str, latencies: dict[str, list[float]], goal: bool) -> bool:
    print(f"  {title}")
    met = True
    for name, values in latencies.items():
        p99 = percentile(values, 0.99)
        verdict = ""
        if goal:
            met &= p99 < GOAL_MS
            verdict = f"   (goal p99 < {GOAL_MS:g} ms: {'met' if p99 < GOAL_MS else 'NOT MET'})"
        print(f"    {name:<17} {len(values):>6} requests   p50 {percentile(values, 0.5):6.2f} ms   "
              f"p99 {p99:6.2f} ms   max {max(values):7.2f} ms{verdict}")
    return met


def run(baseline_seconds: float = 3.0) -> bool:
    """Run the benchmark and print its figures; return whether the goal was met."""
    play, start = bodies()
    targets = [("GET /health", "GET", "/health", None),
               ("POST /games/play", "POST", "/games/play", play)]
    with server(1) as running:
        status, content = call(running.url, "GET", "/limits")
        if status != 200:
            raise SystemExit(f"GET /limits answered {status}")
        limits = json.loads(content)
        print(f"Bots under load: granian --interface asgi, 1 worker; bot pool "
              f"{limits['processes']} process(es), queue {limits['queue']}, ceilings "
              f"{limits['seconds']:g} s a request, {limits['iterations']} playouts a move, "
              f"{limits['autoplay_plays']} plays an autoplay")
        for name, method, path, body in targets:  # one of each first: both answer 200
            if call(running.url, method, path, body)[0] != 200:
                raise SystemExit(f"{name} did not answer 200")
        report(f"idle, {baseline_seconds:g} s:",
               measure(running.url, targets, None, baseline_seconds), goal=False)

        autoplay = json.dumps({"state": start, "bots": ["ismcts"] * 4,
                               "until": "game_over",
                               "budget": {"iterations": limits["iterations"]}}).encode()
        ended: list[Ended] = []
        lock = threading.Lock()

        def one_autoplay() -> None:
            began = time.monotonic()
            status, content = call(running.url, "POST", "/games/autoplay", autoplay)
            body = json.loads(content)
            with lock:
                ended.append(Ended(status, body.get("code", ""), body.get("plays"),
                                   body.get("done"), time.monotonic() - began))

        bots_running = threading.Event()
        bots_running.set()
        threads = [threading.Thread(target=one_autoplay) for _ in range(AUTOPLAYS)]
        began = time.monotonic()
        for thread in threads:
            thread.start()

        def watch() -> None:
            for thread in threads:
                thread.join()
            bots_running.clear()

        threading.Thread(target=watch, daemon=True).start()
        latencies = measure(running.url, targets, bots_running, 0)
        took = time.monotonic() - began
    met = report(f"while {AUTOPLAYS} autoplay requests (4 ismcts bots each, "
                 f"budget.iterations {limits['iterations']}, until game_over) ran, {took:.1f} s:",
                 latencies, goal=True)
    print("  the autoplay requests, in the order they ended:")
    for end in ended:
        what = (f"plays {end.plays}, done {str(end.done).lower()}" if end.status == 200
                else end.code)
        print(f"    {end.status} {what}, after {end.seconds:.1f} s")
    return met


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-seconds", type=float, default=None,
                        help="the server's ceiling on seconds a bot request "
                             "(FORACCIO_BOT_SECONDS; default: the server's own)")
    parser.add_argument("--baseline", type=float, default=3.0,
                        help="seconds measured before the bots start")
    args = parser.parse_args(argv)
    if args.bot_seconds is not None:
        os.environ["FORACCIO_BOT_SECONDS"] = str(args.bot_seconds)  # server() passes it on
    run(args.baseline)


if __name__ == "__main__":
    main()
