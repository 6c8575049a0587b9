"""The results file: chunks kept as they are done; a line cut short (a machine switched off
in the middle of a write) is dropped on resuming, and the file stays readable after."""

from __future__ import annotations

import pytest

from foraccio.lab import results
from foraccio.lab.play import Match

RUN = {"setups": [], "seed": 1, "matches": 30, "chunk": 10, "budget": None}
ONE = [[Match(winner=0, dealers=(1,), points=((11, 3),), lines={"scopa": (2, 2)})]]


def test_a_line_cut_short_is_dropped_and_the_file_goes_on(tmp_path):
    path = tmp_path / "results.jsonl"
    out = results.start(path, RUN)
    results.append(out, 0, ONE)
    results.append(out, 2, ONE)
    out.close()
    whole = path.read_bytes()
    path.write_bytes(whole + whole.splitlines()[-1][:17])  # chunk 1 cut in the middle

    done, out = results.resume(path, RUN)
    assert done == {0: ONE, 2: ONE}
    results.append(out, 1, ONE)
    out.close()
    done, out = results.resume(path, RUN)
    out.close()
    assert done == {0: ONE, 1: ONE, 2: ONE}


def test_only_the_file_of_the_same_run_is_resumed(tmp_path):
    path = tmp_path / "results.jsonl"
    with pytest.raises(results.ResumeError, match="cannot read"):
        results.resume(path, RUN)
    results.start(path, RUN).close()
    with pytest.raises(results.ResumeError, match="holds another run"):
        results.resume(path, {**RUN, "seed": 2})
    path.write_text("")
    with pytest.raises(results.ResumeError, match="not a results file"):
        results.resume(path, RUN)
