"""What each card is worth to the team that takes it, and what a scopa is worth, read
from the variant's own rules: its score lines and its capture effects.

A bot values the cards it may take by the score lines of the game it plays, not by
Foraccio's onori and napoli: :func:`card_worth` asks the variant's
``foraccio_score_lines`` hook (house rules included) to score hypothetical ends of a
hand and measures how much each card moves the score. Each sample deals the whole
deck at random between the teams' piles, as a hand's end might leave them; then,
for each card, the hand is scored twice, once with the card in team 0's pile and
once in team 1's, the rest as dealt. The difference is what taking that card rather
than leaving it to the opponent gained in that hand; its mean over the samples,
halved, is the card's worth against a card nobody has taken yet. So Scopa's
settebello is worth its own point and a share of denari and primiera, a Foraccio
onore its point and a share of spade and la 24, and a variant the bots never heard
of is read the same way.

This uses no hidden card: only the rules, on piles made up from the whole deck. It
runs once per rule set (about 2,500 scorings, a tenth of a second) and is seeded,
so the same rules always give the same worth. Bonuses scored during play (a scopa)
are left out here: no event is in the made-up hand, and the bots ask the capture
effects for them (:func:`scopa_points`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from random import Random

from msgspec.structs import replace

from foraccio.core.engine import new_match
from foraccio.core.registry import Rules
from foraccio.core.rules import CaptureContext

SAMPLES = 48
"""Random ends of a hand scored per card. The difference is exact for each sample (one
card moved, the rest alike), so its mean settles fast where the lines are small: a
Scopa card's worth moves by about 0.05 between seeds. Foraccio's la 24 (18 points for
all six punti di mano) makes its worth noisier: an onore's moves by about 0.5 around
5. ``bench.bots``'s figures are those of the worth these samples give; more samples
would cost their time at each rule set's first move."""

FLAT_WORTH = 0.1
"""Each card's worth when the variant's score lines cannot be read (they raise on a
made-up hand): a little for every card, as a count of cards would give."""

logger = logging.getLogger("foraccio.bots")


def card_worth(rules: Rules, samples: int = SAMPLES) -> dict[str, float]:
    """Each card of ``rules.deck``: the points its team gains, on average, by taking it
    rather than leaving it to nobody (half what taking it from the other team gains),
    measured on the variant's own score lines (see the module's text)."""
    deck = rules.deck
    teams = len(rules.seating.teams)
    if teams < 2:
        return dict.fromkeys(deck, FLAT_WORTH)
    try:
        score = _scorer(rules)
        rng = Random(f"worth:{rules.variant.name}")
        gained = dict.fromkeys(deck, 0.0)
        for _ in range(samples):
            owner = {card: rng.randrange(teams) for card in deck}
            base = score(owner)
            for card in deck:
                kept = owner[card]
                owner[card] = 0
                first = base if kept == 0 else score(owner)
                owner[card] = 1
                second = base if kept == 1 else score(owner)
                owner[card] = kept
                gained[card] += first - second
    except Exception:  # a plugin's bug: its score lines fail on this made-up hand
        logger.exception("The score lines of variant %r failed on a made-up hand; the bots "
                         "value every card alike", rules.variant.name)
        return dict.fromkeys(deck, FLAT_WORTH)
    return {card: gained[card] / (2 * samples) for card in deck}


def scopa_points(rules: Rules) -> dict[int, float]:
    """For each capture value, the bonus points a card of that value earns by taking
    the last card of the table, of the same value, in the middle of a hand (a scopa):
    asked of the rules' own capture effects, the mean over the cards of that value. A
    value no effect rewards (Foraccio's asso sweeps without a scopa) is worth 0."""
    values, team_of = rules.values, rules.seating.team_of
    by_value: dict[int, list[float]] = {}
    for card in rules.deck:
        value = values[card]
        other = next((taken for taken in rules.deck
                      if values[taken] == value and taken != card), None)
        points = 0.0
        if other is not None and rules.effects:
            context = CaptureContext(0, card, (other,), None, (other,), (), False)
            points = float(sum(bonus.points for effect in rules.effects
                               for bonus in effect(context) if bonus.team == team_of[0]))
        by_value.setdefault(value, []).append(points)
    return {value: sum(points) / len(points) for value, points in by_value.items()}


def _scorer(rules: Rules) -> Callable[[dict[str, int]], float]:
    """``score(owner)``: team 0's hand points less team 1's at the end of a made-up hand
    whose piles hold each card of the deck for the team ``owner`` names."""
    start = new_match(rules.variant.name, 0, dict(rules.options),
                      tuple(rule.name for rule in rules.house_rules))
    teams = len(rules.seating.teams)
    hook, options, seating = rules.hook.foraccio_score_lines, rules.options, rules.seating

    def score(owner: dict[str, int]) -> float:
        piles: list[list[str]] = [[] for _ in range(teams)]
        for card, team in owner.items():
            piles[team].append(card)
        state = replace(start, piles=tuple(map(tuple, piles)), table=(), events=(),
                        hands=tuple(() for _ in start.hands), stock=())
        points = [0] * teams
        for lines in hook(state=state, options=options, seating=seating):
            for line in lines or ():
                points[line.team] += line.points
        return points[0] - points[1]

    return score
