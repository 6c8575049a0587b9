"""Where the slow requests of ``POST /games/play`` lose their time: a profile of the tail.

Serves the app as ``make bench`` does (granian, one worker, the benchmark's secret), but
built by :func:`create_app` here, which wraps the real app with probes, and loads it
with wrk at 50 connections (the p99 that ``bench/http.py`` judges). Each request's
probes record, in wall and in thread CPU time: its whole stay in the app, and the
pieces of it: decoding the body, checking the posted state, the engine's play,
signing and encoding the answer, and the log line. Beside them: every collection of
the garbage collector (generation, duration), and every late tick of a timer that
asks the event loop for a turn each millisecond (how long the loop was held by
something else, and whether it ran or waited for the CPU meanwhile).

The report compares the slowest 1 % of requests (by their stay in the app) with the
median ones: which piece grew, whether they overlapped a collection or a loop stall,
and how much of their time their thread was off the CPU (descheduled: the load
generator and other processes share the two cores).

Run with ``python -m bench.tail [--seconds 10]`` (not part of ``make bench``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import functools
import gc
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench import bodies
from bench.http import Target, check_target, wrk_run
from bench.server import serving
from foraccio.api import fastplay, posted
from foraccio.api.app import create_app as real_app
from foraccio.api.controllers import games
from foraccio.api.data_dir import DATA_DIR_VARIABLE
from foraccio.api.decoding import StrictBody
from foraccio.api.logging import RequestLog
from foraccio.api.sealing import SECRET_VARIABLE

RECORDS_VARIABLE = "FORACCIO_TAIL_RECORDS"
"""Where the probed worker writes what it recorded, as it stops."""
TICK = 0.001
"""Seconds between two turns the loop watcher asks for."""
LATE = 0.002
"""A tick later than this is a loop stall."""

SPANS = ("decode", "check", "engine", "answer", "log line")
"""The probed pieces of a request, in the order they run."""

_now, _cpu = time.perf_counter_ns, time.thread_time_ns
_current: contextvars.ContextVar[dict | None] = contextvars.ContextVar("tail", default=None)


# --- the probed app (in the server's worker) ------------------------------------------


def create_app():
    """The real app with probes; granian's factory in :func:`main`."""
    app = real_app()
    requests: list[tuple] = []
    collections: list[tuple[int, int, int, int]] = []
    stalls: list[tuple[int, int, int]] = []
    # Each piece on either way a play may go: foraccio.api.fastplay or Litestar's handler.
    _probe(fastplay, "decode_strictly", "decode")
    _probe(StrictBody, "decode_bytes", "decode")
    _probe(posted.Posted, "answered", "check")
    _probe(games.engine, "play", "engine")
    _probe(posted.Posted, "answer", "answer")
    inner = app.asgi_handler
    if isinstance(inner, RequestLog):  # its line is written after the answer has gone
        _probe(inner.logger, "info", "log line")

    async def timed(scope, receive, send):
        if scope["type"] != "http":
            return await inner(scope, receive, send)
        # A list while the request lasts, a tuple of numbers once it is over: the
        # collector stops tracking those, so the records do not lengthen its passes.
        record = [0] * len(SPANS) * 2 + [_now(), _cpu()]
        _current.set(record)
        await inner(scope, receive, send)
        record += [_now(), _cpu() - record[-1], scope["path"] == "/games/play"]
        requests.append(tuple(record))

    app.asgi_handler = timed
    started: list[int] = []

    def on_collection(phase: str, info: dict) -> None:
        if phase == "start":
            started[:] = [_now(), _cpu()]
        elif started:
            collections.append((started[0], _now(), info["generation"], _cpu() - started[1]))

    async def watch_loop() -> None:
        # The loop's turns, from outside any request: a tick that comes late was kept
        # waiting by whatever held the loop (or by the thread being off the CPU).
        while True:
            asked, cpu = _now(), _cpu()
            await asyncio.sleep(TICK)
            late = _now() - asked - int(TICK * 1e9)
            if late > LATE * 1e9:
                stalls.append((asked, late, _cpu() - cpu))

    watcher: list[asyncio.Task] = []

    async def start() -> None:
        gc.callbacks.append(on_collection)
        watcher.append(asyncio.get_running_loop().create_task(watch_loop()))

    async def stop() -> None:
        watcher[0].cancel()
        Path(os.environ[RECORDS_VARIABLE]).write_text(json.dumps(
            {"requests": requests, "collections": collections, "stalls": stalls,
             "frozen": gc.get_freeze_count(), "tracked": _kinds()}))

    app.on_startup.append(start)
    app.on_shutdown.insert(0, stop)
    return app


def _kinds() -> dict[str, int]:
    """How many objects of each of the commonest kinds the collector tracks."""
    counts: dict[str, int] = {}
    for thing in gc.get_objects():
        name = type(thing).__qualname__
        counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: -item[1])[:8])


def _add(name: str, wall: int, cpu: int) -> None:
    record = _current.get()
    if record is not None:
        index = SPANS.index(name) * 2
        record[index] += wall
        record[index + 1] += cpu


def _probe(owner, attribute: str, name: str) -> None:
    """Time each call of ``owner.attribute`` (a function) as the piece ``name``."""
    real = getattr(owner, attribute)

    @functools.wraps(real)
    def probed(*args, **kwargs):
        wall, cpu = _now(), _cpu()
        try:
            return real(*args, **kwargs)
        finally:
            _add(name, _now() - wall, _cpu() - cpu)

    setattr(owner, attribute, probed)


# --- the run and the report -----------------------------------------------------------


def run(seconds: float, hand: int) -> dict:
    target = Target(f"play, hand {hand}", "POST", "/games/play", bodies.play_body(hand))
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("bench.tail needs wrk (make bench installs it)")
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "records.json"
        environment = {SECRET_VARIABLE: bodies.BENCH_SECRET, RECORDS_VARIABLE: str(records),
                       DATA_DIR_VARIABLE: folder}
        with serving(Path(folder) / "server.log", 1, environment,
                     app="bench.tail:create_app") as running:
            check_target(running.url, target)
            load = wrk_run(wrk, running.url, target, seconds, 50, Path(folder))
        found = json.loads(records.read_text())
    found["load"] = load._asdict()
    return found


def report(found: dict) -> None:
    load = found["load"]
    print(f"wrk, 50 connections: {load['rps']:,.0f} requests/s, p50 {load['p50_ms']:.2f} ms, "
          f"p99 {load['p99_ms']:.2f} ms, max {load['max_ms']:.1f} ms")
    width = len(SPANS) * 2
    plays = [{"spans": {name: (r[i * 2], r[i * 2 + 1]) for i, name in enumerate(SPANS)},
              "enter": r[width], "leave": r[width + 2], "cpu": r[width + 3],
              "stay": r[width + 2] - r[width]}
             for r in found["requests"] if r[-1]][1:]
    if not plays:
        raise SystemExit("no play was recorded")
    first, last = plays[0]["enter"], plays[-1]["leave"]
    plays.sort(key=lambda r: r["stay"])
    slow = plays[int(len(plays) * 0.99):]
    middle = plays[int(len(plays) * 0.45):int(len(plays) * 0.55)]
    collections = [c for c in found["collections"] if first <= c[0] <= last]
    stalls = [s for s in found["stalls"] if first <= s[0] <= last]
    span = (last - first) / 1e9
    kinds = ", ".join(f"{name} {count:,}" for name, count in found["tracked"].items())
    print(f"{len(plays):,} plays in {span:.1f} s; frozen objects {found['frozen']:,}; the "
          f"commonest the collector tracks at the end: {kinds}")
    print(f"  stay in the app (entry to last byte sent, waits for the loop included): "
          f"median {_ms(middle[len(middle) // 2]['stay'])}, p99 {_ms(slow[0]['stay'])}, "
          f"max {_ms(slow[-1]['stay'])}")
    print(f"  {'':<28}{'median requests':>26}{'slowest 1 %':>26}")
    print(f"  {'':<28}{'wall':>13}{'thread CPU':>13}{'wall':>13}{'thread CPU':>13}")
    for name in SPANS:
        cells = []
        for group in (middle, slow):
            walls = [r["spans"][name][0] for r in group]
            cpus = [r["spans"][name][1] for r in group]
            cells += [_ms(statistics.mean(walls)), _ms(statistics.mean(cpus))]
        print(f"  {name:<28}" + "".join(f"{c:>13}" for c in cells))
    for label, group in (("median requests", middle), ("slowest 1 %", slow)):
        cpu = statistics.mean(r["cpu"] for r in group)
        print(f"  {label}: thread CPU while in the app {_ms(cpu)} (other requests' work "
              f"included), stay {_ms(statistics.mean(r['stay'] for r in group))}; "
              f"{_share(group, collections)} overlapped a collection, "
              f"{_share(group, stalls, late=True)} a loop stall")
    by_generation: dict[int, list[tuple[int, int]]] = {}
    for start, end, generation, cpu in collections:
        by_generation.setdefault(generation, []).append((end - start, cpu))
    for generation, durations in sorted(by_generation.items()):
        walls = sorted(wall for wall, _ in durations)
        cpus = sorted(cpu for _, cpu in durations)
        print(f"  collections of generation {generation}: {len(walls) / span:,.0f}/s, "
              f"median {_ms(walls[len(walls) // 2])} (CPU {_ms(cpus[len(cpus) // 2])}), "
              f"max {_ms(walls[-1])} (CPU {_ms(cpus[-1])}), "
              f"{sum(walls) / (last - first):.1%} of the time")
    if stalls:
        lates = sorted(s[1] for s in stalls)
        on_cpu = sum(s[2] for s in stalls) / sum(lates)
        print(f"  loop stalls over {LATE * 1000:g} ms: {len(stalls) / span:.1f}/s, median "
              f"{_ms(lates[len(lates) // 2])}, max {_ms(lates[-1])}; the loop's thread was "
              f"on the CPU for {on_cpu:.0%} of their time")
    else:
        print(f"  no loop stall over {LATE * 1000:g} ms")


def _ms(nanoseconds: float) -> str:
    return f"{nanoseconds / 1e6:.2f} ms"


def _share(group: list[dict], events: list, *, late: bool = False) -> str:
    def overlaps(r: dict) -> bool:
        for event in events:
            start = event[0]
            end = start + event[1] + int(TICK * 1e9) if late else event[1]
            if start < r["leave"] and end > r["enter"]:
                return True
        return False

    return f"{sum(map(overlaps, group)) / len(group):.0%}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--hand", type=int, default=1)
    parser.add_argument("--json", help="also write what was recorded to this file")
    args = parser.parse_args(argv)
    found = run(args.seconds, args.hand)
    if args.json:
        Path(args.json).write_text(json.dumps(found))
    report(found)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
