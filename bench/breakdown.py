"""Where a random playout's time goes: CPU instructions per call of each engine step.

``python -m bench.breakdown [--variant foraccio] [--matches 30]`` plays seeded random
matches, keeps every position, then runs each step again over those positions under
valgrind (cachegrind, without its cache simulation) and prints the instructions per
call: the variant's play rule, ``legal_moves`` (of a state the engine did not just make,
so its rules are looked up too), ``play`` of a lay, of a capture and of
a hand's last play (which collects the table and scores the hand), ``next_hand`` and
``new_match``, and what a card play costs in all, with its share of the hands and
matches.

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

from core.engine import legal_moves, new_match, next_hand, play, rules_of
from core.plays import plays_of

REPEATS = 10
"""How many times each step runs over its positions (against valgrind's start-up)."""

PLAYS = ("play: lay", "play: capture", "play: last of the hand")


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


def instructions(variant: str, matches: int, step: str = "", only_legal_moves: bool = False
                 ) -> int:
    """The instructions of a run of ``step`` (none: the positions only), under
    cachegrind."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, "-m", "bench.breakdown",
               "--variant", variant, "--matches", str(matches), "--step", step]
    if only_legal_moves:
        command.append("--only-legal-moves")
    ran = subprocess.run(command, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    return int(re.search(r"I\s+refs:\s+([\d,]+)", ran.stderr).group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="foraccio")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--step", help=argparse.SUPPRESS)  # one run, under valgrind
    parser.add_argument("--only-legal-moves", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.step is not None:
        if args.step:
            run_step(args.variant, args.matches, args.step, args.only_legal_moves)
        else:
            positions(args.variant, args.matches)
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


if __name__ == "__main__":
    main()
