"""Test-only variants of other shapes than Foraccio's four seats in two teams, for the
parts that must follow any seating, deck and card values (the bots, the command line,
the web table):

- ``duet``: two players, each for themselves, with Foraccio's cards and rules, dealt
  three cards each and four to the table, then three more each from the stock
  whenever the hands are empty (a :class:`~foraccio.core.model.DealtMore` each time);
- ``terzetto``: three players, each for themselves, with Scopa's 40 cards (no 8, 9 or
  10; the fante, cavallo and re worth 8, 9 and 10), capturing a card of the same
  value or else cards adding up to it, dealt in stages as ``duet`` is; a scopa is
  worth 1, the most cards 1; first to 11.

Tests register them with the ``shapes`` fixture (tests/conftest.py); a server in
another process finds them as installed plugins (:func:`shapes_environment`).
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from foraccio.core.cards import DECK, RANK
from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus, Move, ScoreLine
from foraccio.core.registry import Variant, get_variant
from foraccio.core.rules import LAY, seating
from foraccio.variants.foraccio import dealing
from foraccio.variants.foraccio.dealing import deal_in_rounds
from tests.installed import installed_environment

FORACCIO = get_variant("foraccio")


def deal_in_stages(deck, dealer, seating, stage):
    """Three cards each, four to the table at the first stage only, the rest kept."""
    return deal_in_rounds(deck, dealer, (3,), seating, table=4 if stage == 0 else 0)


class DuetTable:
    """Two seats, each for themselves; the deal in stages."""

    @hookimpl
    def foraccio_seating(self):
        return seating(2)

    @hookimpl
    def foraccio_deal(self, deck, dealer, seating, stage):
        return deal_in_stages(deck, dealer, seating, stage)


DUET = Variant("duet", "Duet", "Foraccio for two, dealt three cards at a time.",
               FORACCIO.options, (*FORACCIO.plugins, DuetTable()))

SCOPA_DECK = tuple(card for card in DECK if RANK[card] <= 7 or RANK[card] >= 11)
SCOPA_VALUES = {card: RANK[card] - 3 if RANK[card] >= 11 else RANK[card]
                for card in SCOPA_DECK}


def by_value(hand, table):
    """Scopa's captures: a card takes a table card of its value (one of them), or, when
    there is none, two or more cards adding up to its value; otherwise it is laid."""
    captures, lays = [], []
    for card in hand:
        value = SCOPA_VALUES[card]
        singles = [(other,) for other in table if SCOPA_VALUES[other] == value]
        sums = [] if singles else [
            chosen for size in range(2, len(table) + 1) for chosen in combinations(table, size)
            if sum(SCOPA_VALUES[other] for other in chosen) == value]
        if singles or sums:
            captures += [Move(card, take) for take in singles + sums]
        else:
            lays.append(LAY[card])
    return captures, lays


class TerzettoRules:
    """Three seats, each for themselves, Scopa's deck, values and captures."""

    @hookimpl
    def foraccio_seating(self):
        return seating(3)

    @hookimpl
    def foraccio_build_deck(self):
        return SCOPA_DECK

    @hookimpl
    def foraccio_card_values(self):
        return SCOPA_VALUES

    @hookimpl
    def foraccio_first_dealer(self, deck, rng, seating):
        return dealing.foraccio_first_dealer(deck=deck, rng=rng, seating=seating)

    @hookimpl
    def foraccio_match_target(self):
        return 11

    @hookimpl
    def foraccio_next_dealer(self, dealer, seating):
        return seating.next_seat[dealer]

    @hookimpl
    def foraccio_deal(self, deck, dealer, seating, stage):
        return deal_in_stages(deck, dealer, seating, stage)

    @hookimpl
    def foraccio_play_rule(self):
        return by_value

    @hookimpl
    def foraccio_capture_effects(self, seating):
        def scopa(capture):
            if capture.table_after or not capture.take or capture.last_play:
                return ()
            return (Bonus(seat=capture.seat, team=seating.team_of[capture.seat],
                          name="scopa", points=1, card=capture.card),)
        return scopa

    @hookimpl
    def foraccio_collect_table(self, state):
        return state.dealer if state.last_capturer is None else state.last_capturer

    @hookimpl
    def foraccio_score_lines(self, state):
        scopas = [ScoreLine(team=event.team, name="scopa", points=1, cards=(event.card,))
                  for event in state.events if type(event) is Bonus]
        most = max(map(len, state.piles))
        leaders = [team for team, pile in enumerate(state.piles) if len(pile) == most]
        carte = [ScoreLine(team=leaders[0], name="carte", points=1)] if len(leaders) == 1 else []
        return scopas + carte

    @hookimpl
    def foraccio_match_winner(self, scores, target):
        best = max(scores)
        leaders = [team for team, score in enumerate(scores) if score == best]
        return leaders[0] if best >= target and len(leaders) == 1 else None


TERZETTO = Variant("terzetto", "Terzetto",
                   "Scopa's cards and captures for three, each for themselves.", (),
                   (TerzettoRules(),))

SHAPES = (DUET, TERZETTO)




def shapes_environment(directory: Path) -> dict[str, str]:
    """The environment of a server process (and of its bot processes) that plays
    :data:`SHAPES`, installed in ``directory``."""
    return installed_environment(directory, "foraccio-test-shapes",
                                 {"duet": "tests.shapes:DUET",
                                  "terzetto": "tests.shapes:TERZETTO"})
