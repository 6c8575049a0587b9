"""The rewards of both adapters, per team: zero-sum over the teams."""

from __future__ import annotations

from collections.abc import Sequence


def hand_rewards(points: Sequence[int]) -> list[float]:
    """Each team's points of a hand minus the mean of the other teams' points (with two
    teams: the difference of their points)."""
    total, others = sum(points), len(points) - 1
    return [mine - (total - mine) / others for mine in points]


def match_rewards(scores: Sequence[int], winner: int | None) -> list[float]:
    """1 to the team that won the match and ``-1/(teams - 1)`` to the others; for a
    match stopped before its end, to the team leading it, and 0 to all on a tie."""
    teams = len(scores)
    if winner is None:
        best = max(scores)
        leaders = [team for team, score in enumerate(scores) if score == best]
        if len(leaders) > 1:
            return [0.0] * teams
        winner = leaders[0]
    return [1.0 if team == winner else -1.0 / (teams - 1) for team in range(teams)]
