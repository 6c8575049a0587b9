"""Reading the person's move: a key or a card code, then, when the card can be played in
several ways, which.

At the prompt the person types the key of a card (``3``: the third card of the hand),
its code (``7c``), or a whole move in the notation of the record
(:mod:`foraccio.core.notation`: ``5d+2d3b``, ``13s=8+6d2c``, ``13s=*+``). A card with several
captures asks which; a Zobelon re asks "sweep or which value" first, then which
cards when that value takes in several ways.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from foraccio.cli.table.base import Json
from foraccio.cli.table.words import cards, is_lay, move_words
from foraccio.core.cards import is_card
from foraccio.core.notation import read

HELP = ("Type a card's key (1 for your first card) or its code (7c); Enter plays it. "
        "When it can take in several ways you are asked which. A whole move works too: "
        "5d+2d3b takes 2d and 3b with 5d, 13s=* plays a re as a sweep, 13s=8 as an 8. "
        "q quits.")

Ask = Callable[[str], str]
Say = Callable[[str], None]


class Quit(Exception):
    """The person asked to leave the table."""


def read_move(ask: Ask, say: Say, hand: Sequence[str], moves: Sequence[Json]) -> Json:
    """Ask until the person names one of ``moves``; raise :class:`Quit` on ``q``."""
    while True:
        text = ask("Your play (key or code, ? for help, q to quit): ").strip()
        if text.lower() in ("q", "quit"):
            raise Quit
        if text in ("?", "h", "help", ""):
            say(HELP)
            continue
        try:
            found = matching(text, hand, moves)
        except ValueError as error:
            say(str(error))
            continue
        move = narrow(found, ask, say)
        if move is not None:
            return move


def matching(text: str, hand: Sequence[str], moves: Sequence[Json]) -> list[Json]:
    """The moves ``text`` may mean; ValueError, in plain words, when it means none."""
    if text.isdigit():
        key = int(text)
        if not 1 <= key <= len(hand):
            raise ValueError(f"There is no card {key}: your keys go from 1 to {len(hand)}.")
        text = hand[key - 1]
    if is_card(text):
        if text not in hand:
            raise ValueError(f"You do not hold {text}.")
        found = [move for move in moves if move["card"] == text]
        if not found:
            raise ValueError(f"{text} cannot be played now.")
        return found
    if "=" in text and "+" not in text:
        text += "+"  # a re given a use always captures: 13s=8 is 13s=8+
    try:
        written = read(text)
    except ValueError:
        raise ValueError(f"{text[:20]!r} is neither a key, a card nor a move; ? for help."
                         ) from None
    found = [move for move in moves if move["card"] == written.card
             and (written.jolly is None or move.get("jolly") == written.jolly)
             and (not written.captured) == is_lay(move)
             and (written.take is None or not written.captured
                  or sorted(move.get("take") or ()) == sorted(written.take))]
    if not found:
        raise ValueError(f"{text} is not a legal move now.")
    return found


def narrow(found: list[Json], ask: Ask, say: Say) -> Json | None:
    """The one move the person means among ``found`` (asking when there are several), or
    None to choose another card; raise :class:`Quit` on ``q`` at either question."""
    if len(found) > 1 and any(move.get("jolly") is not None for move in found):
        found = choose_jolly(found, ask, say)
    if len(found) <= 1:
        return found[0] if found else None
    return choose_take(found, ask, say)


def choose_jolly(found: list[Json], ask: Ask, say: Say) -> list[Json]:
    """Ask how a re is used: as a sweep or given a value (docs/rules.md §8.4)."""
    card = found[0]["card"]
    values = sorted({move["jolly"] for move in found if move["jolly"] != "sweep"})
    sweeps = [move for move in found if move["jolly"] == "sweep"]
    say(f"{card} is a jolly re. Sweep: s, takes {cards(sweeps[0]['take']) if sweeps else '-'}"
        f"; or give it a value: {', '.join(map(str, values))}.")
    while True:
        text = ask(f"Sweep or which value for {card}? (s or a number, Enter to go back): "
                   ).strip().lower()
        if not text:
            return []
        if text in ("q", "quit"):
            raise Quit
        if text in ("s", "sweep", "*") and sweeps:
            return sweeps
        if text.isdigit() and int(text) in values:
            return [move for move in found if move["jolly"] == int(text)]
        say(f"Type s, or one of {', '.join(map(str, values))}.")


def choose_take(found: list[Json], ask: Ask, say: Say) -> Json | None:
    """Ask which of several captures the card makes."""
    card = found[0]["card"]
    say(f"{card} can be played in {len(found)} ways:")
    for number, move in enumerate(found, start=1):
        say(f"  {number}) {move_words(move)}")
    while True:
        text = ask(f"Which way? (1-{len(found)}, Enter to go back): ").strip()
        if not text:
            return None
        if text.lower() in ("q", "quit"):
            raise Quit
        if text.isdigit() and 1 <= int(text) <= len(found):
            return found[int(text) - 1]
        say(f"Type a number from 1 to {len(found)}.")
