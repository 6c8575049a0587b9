"""The end of the match (docs/rules.md §9)."""

from __future__ import annotations

from core.hookspecs import hookimpl


@hookimpl
def foraccio_match_target(options):
    return options["target"]


@hookimpl
def foraccio_match_winner(scores, target):
    """Scores are added at the end of a hand. The team at or over the target wins; if
    both are, the higher total wins, and on equal totals another hand is played."""
    reached = [team for team in (0, 1) if scores[team] >= target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2 and scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    return None
