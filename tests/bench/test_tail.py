"""bench.tail: its probes reach every piece of a play, on a real server under wrk."""

from __future__ import annotations

import shutil

import pytest

from bench import tail


def test_each_play_is_timed_piece_by_piece_and_reported(capsys):
    if shutil.which("wrk") is None:  # failed, not skipped: CI must run it
        pytest.fail("bench.tail loads with wrk, which is missing: `make test` installs it")
    found = tail.run(seconds=1.0, hand=1)
    plays = [record for record in found["requests"] if record[-1]]
    assert len(plays) > 10 and found["load"]["requests"] > 10
    # Every piece ran, and took some CPU, in the plays after the first (the first was
    # checked by Litestar, before its state was known): no probe missed its function.
    for index, name in enumerate(tail.SPANS):
        cpus = [record[index * 2 + 1] for record in plays[1:]]
        assert all(cpu > 0 for cpu in cpus), name
    width = len(tail.SPANS) * 2
    assert all(record[width + 2] >= record[width] for record in plays)  # leave >= enter
    assert found["frozen"] > 0
    tail.report(found)
    printed = capsys.readouterr().out
    for name in tail.SPANS:
        assert name in printed
    assert "slowest 1 %" in printed and "collections of generation 0" in printed
