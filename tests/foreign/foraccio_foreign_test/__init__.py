"""Lumaca: a made-up game for the engine's own tests, a variant sharing no word with
Foraccio (see README.md). One plugin, :class:`Lumaca`, holds every rule; its words, in
English and Italian, are in :mod:`.words` and its catalogue in ``locale/``."""

from __future__ import annotations

from itertools import combinations

from foraccio.core.hookspecs import hookimpl
from foraccio.core.model import Bonus, Move, ScoreLine
from foraccio.core.registry import OptionSpec, Variant
from foraccio.core.rules import LAY, Declaration, FirstDealer, seating
from foraccio.variants.foraccio.dealing import deal_in_rounds
from foraccio_foreign_test.words import WORDS

SUITS = "cdbs"
RANKS = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
DECK = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)
VALUES = {card: {11: 8, 12: 9, 13: 10}.get(int(card[:-1]), int(card[:-1])) for card in DECK}
WILD = "1d"
"""The wild card: when it matches, it plays as any value from 1 to 10 (its ``jolly``)."""
ELEVEN = 11
TWO = seating(2)


class Lumaca:
    """Every rule of Lumaca."""

    @hookimpl
    def foraccio_seating(self):
        return TWO

    @hookimpl
    def foraccio_build_deck(self):
        return DECK

    @hookimpl
    def foraccio_card_values(self):
        return VALUES

    @hookimpl
    def foraccio_first_dealer(self, deck):
        # The lower of the two top cards' holders deals: seat 0 draws the first card.
        dealer = 0 if VALUES[deck[0]] <= VALUES[deck[1]] else 1
        return FirstDealer(dealer, ())

    @hookimpl
    def foraccio_match_target(self, options):
        return options["target"]

    @hookimpl
    def foraccio_next_dealer(self, dealer, seating):
        return seating.next_seat[dealer]

    @hookimpl
    def foraccio_deal(self, deck, dealer, seating, stage):
        return deal_in_rounds(deck, dealer, (3,), seating, table=4 if stage == 0 else 0)

    @hookimpl
    def foraccio_declarations(self, cards):
        declared = []
        if len(cards) == 3 and len({card[:-1] for card in cards}) == 1:
            declared.append(Declaration("trio", tuple(cards), 3))
        if len(cards) == 3 and sum(VALUES[card] for card in cards) < 8:
            declared.append(Declaration("lowly", tuple(cards), 2))
        return declared

    @hookimpl
    def foraccio_play_rule(self):
        return moves

    @hookimpl
    def foraccio_capture_effects(self, seating):
        def broom(capture):
            if capture.table_after:
                return ()
            return (Bonus(seat=capture.seat, team=seating.team_of[capture.seat], name="broom",
                          points=1, card=capture.card),)
        return broom

    @hookimpl
    def foraccio_collect_table(self, state, seating):
        return state.last_capturer if state.last_capturer is not None else seating.next_seat[
            state.dealer]

    @hookimpl
    def foraccio_score_lines(self, state):
        lines = [ScoreLine(event.team, event.name, event.points, (event.card,))
                 for event in state.events if type(event) is Bonus]
        for name, count in (("heap", len), ("sevens", _sevens)):
            counts = [count(pile) for pile in state.piles]
            best = max(counts)
            if counts.count(best) == 1:
                lines.append(ScoreLine(counts.index(best), name, 1))
        return lines

    @hookimpl
    def foraccio_match_winner(self, scores, target):
        best = max(scores)
        return scores.index(best) if best >= target and scores.count(best) == 1 else None


def _sevens(pile):
    return sum(1 for card in pile if card[:-1] == "7")


def moves(hand, table):
    """Every capture of the hand (by ``match`` or by ``eleven``, each saying its way),
    and every card laid."""
    captures = []
    for card in hand:
        if card == WILD:
            captures += [Move(card, (taken,), value, way="match")
                         for value in range(1, 11) for taken in table if VALUES[taken] == value]
        else:
            captures += [Move(card, (taken,), way="match")
                         for taken in table if VALUES[taken] == VALUES[card]]
        for size in range(1, len(table) + 1):
            captures += [Move(card, taken, way="eleven")
                         for taken in combinations(table, size)
                         if VALUES[card] + sum(VALUES[one] for one in taken) == ELEVEN]
    return captures, [LAY[card] for card in hand]


LUMACA = Variant(
    name="lumaca",
    title="Lumaca",
    description="A made-up fishing game for two, only for the engine's tests: a card takes "
                "its match or what adds up with it to eleven; the asso of denari is wild.",
    options=(OptionSpec("target", 11, "Points to win.", minimum=1, maximum=50),),
    plugins=(Lumaca(),),
    awards=("heap", "sevens", "broom", "trio", "lowly"),
    ways=("match", "eleven"),
    refuses=("colore",),
    words=WORDS,
)
