"""Where a random playout's time goes: CPU instructions per call of each engine step.

``python -m bench.breakdown [--variant foraccio] [--matches 30]`` plays seeded random
matches, keeps every position, then runs each step again over those positions under
valgrind (cachegrind, without its cache simulation) and prints the instructions per
call: the variant's play rule, ``legal_moves`` (of a state the engine did not just make,
so its rules are looked up too), ``play`` of a lay, of a capture and of
a hand's last play (which collects the table and scores the hand), ``next_hand`` and
``new_match``, and what a card play costs in all, with its share of the hands and
matches.

Then it compares whole random playouts, card play for card play, with the naive
references: the engine's (as the yardstick plays it: ``new_match``, ``legal_moves``, a
random choice, ``play``, ``next_hand``), ``bench/naive.py``'s and, when the yardstick
is found (as ``make bench`` finds it), its naive playout's: instructions, and the
misses of a simulated first-level cache (:data:`L1`, instruction and data, the same
on every machine), which cost time the instructions do not show.

Instructions, unlike seconds, are the same from one run to the next whatever else
the machine is doing, so two versions of the engine compare to the instruction
(``PYTHONHASHSEED`` is fixed). They do not count the time memory takes, so a change
that touches more memory can count fewer instructions and still be slower:
``make bench`` has the last word. Needs valgrind (``apt-get install valgrind``);
not part of ``make bench``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

from bench import naive
from bench.engine import random_match, yardstick_script
from foraccio.core.engine import legal_moves, new_match, next_hand, play, rules_of
from foraccio.core.plays import plays_of

REPEATS = 10
"""How many times each step runs over its positions (against valgrind's start-up)."""

PLAYS = ("play: lay", "play: capture", "play: last of the hand")

L1 = ("--I1=32768,8,64", "--D1=32768,8,64", "--LL=2097152,16,64")
"""The caches cachegrind simulates for the whole playouts: 32 KiB, 8-way first-level
instruction and data caches, as on the x86-64 machines here, and a 2 MiB last level."""

PLAYOUTS = {
    "the engine": "the engine's random playout (as the yardstick plays it)",
    "bench/naive.py": "bench/naive.py's naive playout",
    "yardstick": "the yardstick's naive playout (foraccio_naive.py)",
}
"""The whole playouts compared, card play for card play."""


def positions(variant: str, matches: int) -> dict[str, list]:
    """The positions of ``matches`` seeded random matches, by the step that runs over
    them: every (state, move played) for the play rule and ``legal_moves``, split into
    lays, captures and last plays of a hand for ``play``; the states a hand ended in
    for ``next_hand``; the seeds for ``new_match``."""
    players = random.Random(1)
    found: dict[str, list] = {"play rule": [], "next_hand": [], "new_match": list(range(matches)),
                              **{step: [] for step in PLAYS}}
    for seed in range(matches):
        state = new_match(variant, seed)
        rules = rules_of(state)
        while state.phase != "game_over":
            if state.phase == "hand_over":
                found["next_hand"].append(state)
                state = next_hand(state)
            moves, capturing = plays_of(rules, state.hands[state.turn], state.table)
            index = players.randrange(len(moves))
            after, _ = play(state, moves[index])
            kind = ("play: last of the hand" if after.phase != "playing"
                    else "play: lay" if index >= capturing else "play: capture")
            found[kind].append((state, moves[index]))
            found["play rule"].append((state, moves[index]))
            state = after
    found["legal_moves"] = found["play rule"]
    return found


def run_step(variant: str, matches: int, step: str, only_legal_moves: bool) -> None:
    """Run ``step`` :data:`REPEATS` times over its positions; for a play, only the
    ``legal_moves`` that comes before it when ``only_legal_moves`` (to take off)."""
    found = positions(variant, matches)
    rule = rules_of(found["play rule"][0][0]).play
    for _ in range(REPEATS):
        if step == "play rule":
            for state, _ in found[step]:
                rule(state.hands[state.turn], state.table)
        elif step == "legal_moves":
            for state, _ in found[step]:
                legal_moves(state)
        elif step in PLAYS:
            # As a client does: legal_moves, then play one of them.
            for state, move in found[step]:
                legal_moves(state)
                if not only_legal_moves:
                    play(state, move)
        elif step == "next_hand":
            for state in found[step]:
                next_hand(state)
        elif step == "new_match":
            for seed in found[step]:
                new_match(variant, seed)


ENGINE_WARM_UP = 100
"""Matches the engine plays before its playouts are measured: its play rule's plans
(made once per set of values on the table) are then nearly all made, as over the
seconds a benchmark runs."""


def playout(kind: str, variant: str, matches: int, measured: bool) -> int:
    """Play the random playouts of ``kind`` (a key of :data:`PLAYOUTS`) to warm up
    (:data:`ENGINE_WARM_UP` matches for the engine, ``matches`` naive ones of Foraccio
    for the others), then, when ``measured``, ``matches`` more; return the card plays of
    those."""
    players = random.Random(1)
    warm_up = matches
    if kind == "the engine":
        warm_up = ENGINE_WARM_UP

        def match(seed: int) -> int:
            return random_match(variant, seed, players)
    elif kind == "bench/naive.py":
        def match(seed: int) -> int:
            return naive.play_match(players)
    else:
        sys.path.insert(0, str(yardstick_script().parent))
        import foraccio_naive

        def match(seed: int) -> int:
            return foraccio_naive.play_random_game(players).plays
    for seed in range(warm_up):
        match(seed)
    return sum(match(seed) for seed in range(warm_up, warm_up + matches)) if measured else 0


def instructions(variant: str, matches: int, step: str = "", only_legal_moves: bool = False
                 ) -> int:
    """The instructions of a run of ``step`` (none: the positions only), under
    cachegrind."""
    arguments = ["--variant", variant, "--matches", str(matches), "--step", step]
    if only_legal_moves:
        arguments.append("--only-legal-moves")
    return _cachegrind(arguments, ("--cache-sim=no",))[0]


def playout_costs(kind: str, variant: str, matches: int) -> tuple[float, float]:
    """The instructions and simulated first-level cache misses (:data:`L1`) of a card
    play of the playouts of ``kind``: a run with ``matches`` more matches than another,
    less that one, over the card plays it made."""
    arguments = ["--variant", variant, "--matches", str(matches), "--playout", kind]
    base = _cachegrind(arguments, ("--cache-sim=yes", *L1))
    measured = _cachegrind([*arguments, "--measured"], ("--cache-sim=yes", *L1))
    plays = measured[2]
    return (measured[0] - base[0]) / plays, (measured[1] - base[1]) / plays


def _cachegrind(arguments: list[str], options: tuple[str, ...]) -> tuple[int, int, int]:
    """Run ``python -m bench.breakdown`` with ``arguments`` under cachegrind with
    ``options``; return the instructions, the first-level misses (instruction and data;
    0 without a cache simulation) and the number the run printed last (0 if none)."""
    command = ["valgrind", "--tool=cachegrind", *options, "--cachegrind-out-file=/dev/null",
               sys.executable, "-m", "bench.breakdown", *arguments]
    ran = subprocess.run(command, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})

    def count(name: str) -> int:
        found = re.search(rf"{name}:\s+([\d,]+)", ran.stderr)
        return int(found.group(1).replace(",", "")) if found else 0

    printed = ran.stdout.split()
    return (count(r"I\s+refs"), count(r"I1\s+misses") + count(r"D1\s+misses"),
            int(printed[-1]) if printed else 0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="foraccio")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--step", help=argparse.SUPPRESS)  # one run, under valgrind
    parser.add_argument("--only-legal-moves", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--playout", choices=PLAYOUTS, help=argparse.SUPPRESS)
    parser.add_argument("--measured", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.step is not None:
        if args.step:
            run_step(args.variant, args.matches, args.step, args.only_legal_moves)
        else:
            positions(args.variant, args.matches)
        return
    if args.playout is not None:
        print(playout(args.playout, args.variant, args.matches, args.measured))
        return
    if shutil.which("valgrind") is None:
        sys.exit("bench.breakdown counts instructions with valgrind, which is not installed")
    found = positions(args.variant, args.matches)
    base = instructions(args.variant, args.matches)
    per_call = {}
    for step, items in found.items():
        spent = instructions(args.variant, args.matches, step) - base
        if step in PLAYS:  # play's own: less the legal_moves before it
            spent -= instructions(args.variant, args.matches, step, True) - base
        per_call[step] = spent / (REPEATS * len(items))
    plays = len(found["legal_moves"])
    print(f"{args.variant}: {plays} card plays of {args.matches} seeded random matches; "
          f"instructions per call, and calls per card play")
    for step in ("play rule", "legal_moves", *PLAYS, "next_hand", "new_match"):
        print(f"  {step:<24} {per_call[step]:>10,.0f}  x{len(found[step]) / plays:.3f}")
    total = sum(per_call[step] * len(found[step]) / plays
                for step in ("legal_moves", *PLAYS, "next_hand", "new_match"))
    print(f"  {'a card play in all':<24} {total:>10,.0f}  (legal_moves, play, and its share "
          f"of the hands and matches)")
    print(f"Whole random playouts of {args.matches} matches: per card play, instructions and "
          f"simulated first-level cache misses (instruction and data)")
    for kind, meaning in PLAYOUTS.items():
        if kind == "yardstick" and yardstick_script() is None:
            print(f"  {meaning}: not found")
            continue
        spent, misses = playout_costs(kind, args.variant, args.matches)
        print(f"  {spent:>10,.0f}  {misses:>7,.0f}  {meaning}")


if __name__ == "__main__":
    main()
