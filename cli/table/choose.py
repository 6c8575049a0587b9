"""Reading the person's move: a key or a card code, then, when the card can be played in
several ways, which.

At the prompt the person types the key of a card (``3``: the third card of the hand),
its code (``7c``), or a whole move in the notation of the record
(:mod:`foraccio.core.notation`: ``5d+2d3b``, ``13s=8+6d2c``, ``13s=*+``). A card with several
captures asks which; a wild card (a Zobelon re) asks "sweep or which value" first, in the
game's own words, then which cards when that value takes in several ways.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from foraccio.cli.table.base import Json
from foraccio.cli.table.places import FORACCIO, Places
from foraccio.cli.table.speech import _
from foraccio.cli.table.words import card_name, is_lay, move_words, the_cards
from foraccio.core.cards import is_card
from foraccio.core.engine import new_match, rules_of
from foraccio.core.errors import EngineError
from foraccio.core.notation import read
from foraccio.core.registry import get_variant
from foraccio.core.words import speak
from foraccio.lab.speech import N_, record_of

HELP = N_("Type a card's key (1 for your first card) or its code (7c); Enter plays it. "
          "When it can take in several ways you are asked which. A whole move works too: "
          "5d+2d3b takes 2d and 3b with 5d. q quits.")

WILD_HELP = N_("Its wild card too: {card}=* plays it as a sweep, {card}={value} gives it the "
               "value {value}.")
WILD_VALUE_HELP = N_("Its wild card too: {card}={value} gives it the value {value}.")

QUIT = ("q", "quit", "esci")

Ask = Callable[[str], str]
Say = Callable[[str], None]


class Quit(Exception):
    """The person asked to leave the table."""


def read_move(ask: Ask, say: Say, hand: Sequence[str], moves: Sequence[Json],
              places: Places = FORACCIO) -> Json:
    """Ask until the person names one of ``moves``; raise :class:`Quit` on ``q``."""
    while True:
        text = ask(_("Your play (key or code, ? for help, q to quit): ")).strip()
        if text.lower() in QUIT:
            raise Quit
        if text in ("?", "h", "help", ""):
            say(help_text(places))
            continue
        try:
            found = matching(text, hand, moves, places)
        except ValueError as error:
            say(str(error))
            continue
        move = narrow(found, ask, say, places)
        if move is not None:
            return move


def help_text(places: Places = FORACCIO) -> str:
    """How to type a move, with the game's own wild card when it has one (a Zobelon re:
    ``13c=*``, ``13c=2``); a game without one is never told of it."""
    wild = wild_card(places.variant, tuple(places.house_rules))
    if wild is None:
        return _(HELP)
    card, sweeps, value = wild
    return " ".join((_(HELP), _(WILD_HELP if sweeps else WILD_VALUE_HELP).format(
        card=card, value=value)))


@functools.cache
def wild_card(variant: str, house_rules: tuple[str, ...]) -> tuple[str, bool, int] | None:
    """The first wild card of ``variant``'s deck (with ``house_rules``), whether it may
    sweep the table and a value it may be given, as its play rule answers for it on a
    table of the deck's two lowest cards; None when no card is played as a wild card
    there, or the game is not installed here (a server's)."""
    try:
        rules = rules_of(new_match(variant, 0, {}, house_rules))
    except EngineError:
        return None
    table = tuple(sorted(sorted(rules.deck, key=rules.values.__getitem__)[:2],
                         key=rules.table_key))
    for card in rules.deck:
        if card in table:
            continue
        uses = [move.jolly for move in rules.plays((card,), table)[0]
                if move.jolly is not None]
        values = [use for use in uses if use != "sweep"]
        if values:
            return card, "sweep" in uses, max(values)
    return None


def matching(text: str, hand: Sequence[str], moves: Sequence[Json],
             places: Places = FORACCIO) -> list[Json]:
    """The moves ``text`` may mean; ValueError, in plain words, when it means none."""
    if text.isdigit():
        key = int(text)
        if not 1 <= key <= len(hand):
            raise ValueError(_("There is no card {key}: your keys go from 1 to {last}.").format(
                key=key, last=len(hand)))
        text = hand[key - 1]
    if is_card(text):
        if text not in hand:
            raise ValueError(_("You do not hold {card}.").format(card=shown(text, places)))
        found = [move for move in moves if move["card"] == text]
        if not found:
            raise ValueError(_("{card} cannot be played now.").format(card=shown(text, places)))
        return found
    if "=" in text and "+" not in text:
        text += "+"  # a wild card given a use always captures: 13s=8 is 13s=8+
    try:
        written = read(text)
    except ValueError:
        raise ValueError(_("{text} is neither a key, a card nor a move; ? for help.").format(
            text=repr(text[:20]))) from None
    found = [move for move in moves if move["card"] == written.card
             and (written.jolly is None or move.get("jolly") == written.jolly)
             and (not written.captured) == is_lay(move)
             and (written.take is None or not written.captured
                  or sorted(move.get("take") or ()) == sorted(written.take))]
    if not found:
        raise ValueError(_("{text} is not a legal move now.").format(text=text))
    return found


def shown(card: str, places: Places = FORACCIO) -> str:
    """A card where the person typed it: its code and its name, ``13s (king of swords)``."""
    return f"{card} ({card_name(card, places)})"


def narrow(found: list[Json], ask: Ask, say: Say, places: Places = FORACCIO) -> Json | None:
    """The one move the person means among ``found`` (asking when there are several), or
    None to choose another card; raise :class:`Quit` on ``q`` at either question."""
    wild = [move.get("jolly") is not None for move in found]
    if len(found) > 1 and all(wild):
        found = choose_jolly(found, ask, say, places)
    elif len(found) > 1 and any(wild):  # a wild card that also takes as itself: each way
        say(_("{card}: {wild}.").format(card=shown(found[0]["card"], places),
                                        wild=wild_choice(places)))
    if len(found) <= 1:
        return found[0] if found else None
    return choose_take(found, ask, say, places)


def wild_words(places: Places) -> str | None:
    """How the game words the choice of a wild card ("A king is a jolly: choose ...")."""
    record = record_of(get_variant, places.variant)
    return None if record is None else speak(record, _.language)["wild"]


def wild_choice(places: Places) -> str:
    """The game's wording of a wild card's choice, without its full stop."""
    return (wild_words(places) or _("It is a wild card: choose the value it plays as")
            ).rstrip(".")


def choose_jolly(found: list[Json], ask: Ask, say: Say, places: Places = FORACCIO
                 ) -> list[Json]:
    """Ask how a wild card is used: as a sweep or given a value (docs/rules.md §8.4), in
    the game's words; raise :class:`Quit` on ``q``."""
    card = found[0]["card"]
    values = sorted({move["jolly"] for move in found if move["jolly"] != "sweep"})
    sweeps = [move for move in found if move["jolly"] == "sweep"]
    if sweeps:
        say(_("{card}: {wild}. Sweep: s, takes {cards}; or give it a value: {values}.").format(
            card=shown(card, places), wild=wild_choice(places),
            cards=the_cards(sweeps[0]["take"], places), values=", ".join(map(str, values))))
    else:
        say(_("{card}: {wild}. Give it a value: {values}.").format(
            card=shown(card, places), wild=wild_choice(places),
            values=", ".join(map(str, values))))
    while True:
        text = ask(_("Sweep or which value for {card}? (s or a number, Enter to go back, q "
                     "quits): ").format(card=card) if sweeps else _(
            "Which value for {card}? (a number, Enter to go back, q quits): ").format(
            card=card)).strip().lower()
        if not text:
            return []
        if text in QUIT:
            raise Quit
        if text in ("s", "sweep", "*") and sweeps:
            return sweeps
        if text.isdigit() and int(text) in values:
            return [move for move in found if move["jolly"] == int(text)]
        say(_("Type s, or one of {values}.").format(values=", ".join(map(str, values)))
            if sweeps else _("Type one of {values}.").format(values=", ".join(map(str, values))))


def choose_take(found: list[Json], ask: Ask, say: Say, places: Places = FORACCIO
                ) -> Json | None:
    """Ask which of several captures the card makes; raise :class:`Quit` on ``q``."""
    card = found[0]["card"]
    say(_.plural("{card} can be played in {count} way:", "{card} can be played in {count} "
                   "ways:", len(found)).format(card=shown(card, places), count=len(found)))
    for number, move in enumerate(found, start=1):
        say(f"  {number}) {move_words(move, places)}")
    while True:
        text = ask(_("Which way? (1-{last}, Enter to go back, q quits): ").format(
            last=len(found))).strip()
        if not text:
            return None
        if text.lower() in QUIT:
            raise Quit
        if text.isdigit() and 1 <= int(text) <= len(found):
            return found[int(text) - 1]
        say(_("Type a number from 1 to {last}.").format(last=len(found)))
