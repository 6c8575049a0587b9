"""The end of the match: scores are added up after each hand, and the team at or over
the target (option ``target``, 11 by default) with the highest score wins. When two
teams share the highest score another hand is played, even if both passed the target.
"""

from __future__ import annotations

from foraccio.core.hookspecs import hookimpl


@hookimpl
def foraccio_match_target(options):
    return options["target"]


@hookimpl
def foraccio_match_winner(scores, target):
    best = max(scores)
    leaders = [team for team, score in enumerate(scores) if score == best]
    return leaders[0] if best >= target and len(leaders) == 1 else None
