"""The end of the match (docs/rules.md §9)."""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl


@hookimpl
def foraccio_match_target(options):
    return options["target"]


@hookimpl
def foraccio_match_winner(scores, target):
    """Scores are added at the end of a hand. The team at or over the target wins; if
    both are, the higher total wins, and on equal totals another hand is played.

    With more than two teams, the same: the highest total at or over the target wins,
    unless another team has it too."""
    best = max(scores)
    if best < target or scores.count(best) > 1:
        return None
    return scores.index(best)
